/// The anchors of an item, to relate another item's attribute to: `make.left.equalTo(container.left)`.
///
/// There are no composite anchors (`edges`, `size`, `center`): relate to the item itself instead,
/// `make.edges.equalTo(container)`, which takes each attribute from the item. (`UIView` has a `center` of its
/// own, which would hide one.)
extension LayoutItem {
    /// The left edge.
    ///
    /// ```swift
    /// make.left.equalTo(container.left).offset(12)
    /// ```
    public var left: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(self, .left) }
    /// The right edge.
    ///
    /// ```swift
    /// make.left.equalTo(previousDay.right)
    /// ```
    public var right: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(self, .right) }
    /// The leading edge: left in a left-to-right layout.
    ///
    /// ```swift
    /// make.leading.equalTo(title.leading)
    /// ```
    public var leading: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(self, .leading) }
    /// The trailing edge: right in a left-to-right layout.
    ///
    /// ```swift
    /// make.trailing.lessThanOrEqualTo(container.trailing).inset(16)
    /// ```
    public var trailing: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(self, .trailing) }
    /// The horizontal center.
    ///
    /// ```swift
    /// make.centerX.equalTo(container.centerX)
    /// ```
    public var centerX: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(self, .centerX) }
    /// The top edge.
    ///
    /// ```swift
    /// make.top.equalTo(header.bottom).offset(8)
    /// ```
    public var top: LayoutAnchor<LayoutAxis.Vertical> { LayoutAnchor(self, .top) }
    /// The bottom edge.
    ///
    /// ```swift
    /// make.bottom.equalTo(container.bottom).inset(20)
    /// ```
    public var bottom: LayoutAnchor<LayoutAxis.Vertical> { LayoutAnchor(self, .bottom) }
    /// The vertical center.
    ///
    /// ```swift
    /// make.centerY.equalTo(icon.centerY)
    /// ```
    public var centerY: LayoutAnchor<LayoutAxis.Vertical> { LayoutAnchor(self, .centerY) }
    /// The width.
    ///
    /// ```swift
    /// make.width.equalTo(container.width).multipliedBy(0.5)
    /// ```
    public var width: LayoutAnchor<LayoutAxis.Dimension> { LayoutAnchor(self, .width) }
    /// The height.
    ///
    /// ```swift
    /// make.width.equalTo(avatar.height)
    /// ```
    public var height: LayoutAnchor<LayoutAxis.Dimension> { LayoutAnchor(self, .height) }
}
