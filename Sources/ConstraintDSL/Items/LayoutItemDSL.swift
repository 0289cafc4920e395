/// The DSL for one item, behind one property: `view.dc.makeConstraints { … }`, `container.dc.left`. On Apple platforms
/// views and layout guides get nothing else from the DSL, so the `left`, `width` or `top` of an app's own view
/// category (`UIView+Frame`'s `view.width` as a `CGFloat`, common in the Objective-C world) never meets an anchor of
/// the same name: `view.width` stays the app's number and `view.dc.width` is the anchor. SnapKit does the same with
/// `view.snp`; `dc` is short for DeviceConstraints, and a name no UIKit or AppKit class uses. ``LayoutNode``, which no
/// app extends, also keeps the anchors under their own names (`node.left`).
///
/// ```swift
/// let constraints = dayButton.dc.makeConstraints { make in
///     make.top.equalToSuperview()
///     make.left.equalTo(container.dc.left).offset(114).offset(105, on: .iPhone5)
///     make.width.equalTo(container.dc.width).multipliedBy(0.5)
/// }
/// ```
///
/// There are no composite anchors (`edges`, `size`, `center`): relate to the item itself instead,
/// `make.edges.equalTo(container)`, which takes each attribute from the item.
public struct LayoutItemDSL<Item: LayoutItem> {
    /// The item the constraints and anchors are for.
    public let item: Item

    init(_ item: Item) { self.item = item }

    /// Makes constraints for the item, in SnapKit's words, with constants that may differ per device.
    ///
    /// ```swift
    /// let constraints = dayButton.dc.makeConstraints { make in
    ///     make.top.equalToSuperview()
    ///     make.left.equalTo(container.dc.left).offset(114).offset(105, on: .iPhone5)
    ///     make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
    /// }
    /// let live = try constraints.resolved(for: interpreter.device)
    /// ```
    ///
    /// Nothing is activated: the result is a ``ConstraintGroup`` to resolve for a device (or, on Apple
    /// platforms, to activate). A statement that never relates (`make.left` alone) makes no constraint.
    ///
    /// - Parameter build: Describes the constraints, one statement each, with the ``ConstraintMaker`` it is given.
    /// - Returns: The constraints, one per attribute, in the order they were described.
    public func makeConstraints(_ build: (ConstraintMaker) -> Void) -> ConstraintGroup {
        let maker = ConstraintMaker(item: item)
        build(maker)
        return ConstraintGroup(maker.constraints)
    }

    /// The left edge.
    ///
    /// ```swift
    /// make.left.equalTo(container.dc.left).offset(12)
    /// ```
    public var left: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(item, .left) }
    /// The right edge.
    ///
    /// ```swift
    /// make.left.equalTo(previousDay.dc.right)
    /// ```
    public var right: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(item, .right) }
    /// The leading edge: left in a left-to-right layout.
    ///
    /// ```swift
    /// make.leading.equalTo(title.dc.leading)
    /// ```
    public var leading: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(item, .leading) }
    /// The trailing edge: right in a left-to-right layout.
    ///
    /// ```swift
    /// make.trailing.lessThanOrEqualTo(container.dc.trailing).inset(16)
    /// ```
    public var trailing: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(item, .trailing) }
    /// The horizontal center.
    ///
    /// ```swift
    /// make.centerX.equalTo(container.dc.centerX)
    /// ```
    public var centerX: LayoutAnchor<LayoutAxis.Horizontal> { LayoutAnchor(item, .centerX) }
    /// The top edge.
    ///
    /// ```swift
    /// make.top.equalTo(header.dc.bottom).offset(8)
    /// ```
    public var top: LayoutAnchor<LayoutAxis.Vertical> { LayoutAnchor(item, .top) }
    /// The bottom edge.
    ///
    /// ```swift
    /// make.bottom.equalTo(container.dc.bottom).inset(20)
    /// ```
    public var bottom: LayoutAnchor<LayoutAxis.Vertical> { LayoutAnchor(item, .bottom) }
    /// The vertical center.
    ///
    /// ```swift
    /// make.centerY.equalTo(icon.dc.centerY)
    /// ```
    public var centerY: LayoutAnchor<LayoutAxis.Vertical> { LayoutAnchor(item, .centerY) }
    /// The width.
    ///
    /// ```swift
    /// make.width.equalTo(container.dc.width).multipliedBy(0.5)
    /// ```
    public var width: LayoutAnchor<LayoutAxis.Dimension> { LayoutAnchor(item, .width) }
    /// The height.
    ///
    /// ```swift
    /// make.width.equalTo(avatar.dc.height)
    /// ```
    public var height: LayoutAnchor<LayoutAxis.Dimension> { LayoutAnchor(item, .height) }
}

extension LayoutItem {
    /// The DSL for this item: its ``LayoutItemDSL/makeConstraints(_:)`` and its anchors, all behind one name.
    ///
    /// ```swift
    /// let constraints = avatar.dc.makeConstraints { make in
    ///     make.left.equalTo(card.dc.left).offset(16)
    ///     make.width.equalTo(card.dc.height)
    /// }
    /// ```
    public var dc: LayoutItemDSL<Self> { LayoutItemDSL(self) }
}

// It refers to its item: a layout node or view, used on one thread.
@available(*, unavailable)
extension LayoutItemDSL: Sendable {}
