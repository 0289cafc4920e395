/// A node's DSL under the names SnapKit gives them: `node.makeConstraints { … }`, `container.left`. The same as
/// ``LayoutItem/dc`` (`node.dc.left`), which every other item, views and layout guides included, uses instead, so that
/// an app's own `left` or `width` on its views never meets these.
extension LayoutNode {
    /// Makes constraints for this node: ``LayoutItemDSL/makeConstraints(_:)``.
    ///
    /// ```swift
    /// let constraints = dayButton.makeConstraints { make in
    ///     make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
    /// }
    /// ```
    ///
    /// - Parameter build: Describes the constraints, one statement each, with the ``ConstraintMaker`` it is given.
    /// - Returns: The constraints, one per attribute, in the order they were described.
    public func makeConstraints(_ build: (ConstraintMaker) -> Void) -> ConstraintGroup {
        dc.makeConstraints(build)
    }
    /// The left edge.
    ///
    /// ```swift
    /// make.left.equalTo(container.left).offset(12)
    /// ```
    public var left: LayoutAnchor<LayoutAxis.Horizontal> { dc.left }
    /// The right edge.
    ///
    /// ```swift
    /// make.left.equalTo(previousDay.right)
    /// ```
    public var right: LayoutAnchor<LayoutAxis.Horizontal> { dc.right }
    /// The leading edge: left in a left-to-right layout.
    ///
    /// ```swift
    /// make.leading.equalTo(title.leading)
    /// ```
    public var leading: LayoutAnchor<LayoutAxis.Horizontal> { dc.leading }
    /// The trailing edge: right in a left-to-right layout.
    ///
    /// ```swift
    /// make.trailing.lessThanOrEqualTo(container.trailing).inset(16)
    /// ```
    public var trailing: LayoutAnchor<LayoutAxis.Horizontal> { dc.trailing }
    /// The horizontal center.
    ///
    /// ```swift
    /// make.centerX.equalTo(container.centerX)
    /// ```
    public var centerX: LayoutAnchor<LayoutAxis.Horizontal> { dc.centerX }
    /// The top edge.
    ///
    /// ```swift
    /// make.top.equalTo(header.bottom).offset(8)
    /// ```
    public var top: LayoutAnchor<LayoutAxis.Vertical> { dc.top }
    /// The bottom edge.
    ///
    /// ```swift
    /// make.bottom.equalTo(container.bottom).inset(20)
    /// ```
    public var bottom: LayoutAnchor<LayoutAxis.Vertical> { dc.bottom }
    /// The vertical center.
    ///
    /// ```swift
    /// make.centerY.equalTo(icon.centerY)
    /// ```
    public var centerY: LayoutAnchor<LayoutAxis.Vertical> { dc.centerY }
    /// The width.
    ///
    /// ```swift
    /// make.width.equalTo(container.width).multipliedBy(0.5)
    /// ```
    public var width: LayoutAnchor<LayoutAxis.Dimension> { dc.width }
    /// The height.
    ///
    /// ```swift
    /// make.width.equalTo(avatar.height)
    /// ```
    public var height: LayoutAnchor<LayoutAxis.Dimension> { dc.height }
}
