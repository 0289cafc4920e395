/// One attribute of one item, typed by its axis: what `container.left` or `previousDay.right` returns.
///
/// ```swift
/// make.left.equalTo(previousDay.right).offset(spec.marginLeft)
/// make.width.equalTo(container.width).multipliedBy(0.5)
/// ```
///
/// The axis makes a mismatch a compile error: `make.width.equalTo(container.left)` does not type-check.
/// An anchor refers to its item weakly, as `NSLayoutConstraint` does.
public struct LayoutAnchor<Axis: SingleAxisKind>: CustomStringConvertible {
    /// The item the attribute belongs to.
    let reference: ItemReference
    /// The attribute.
    public let attribute: LayoutAttribute

    init(_ item: any LayoutItem, _ attribute: LayoutAttribute) {
        self.reference = ItemReference(item)
        self.attribute = attribute
    }

    /// The item's identity and name.
    public var item: LayoutItemIdentity { reference.identity }

    /// `container.left`.
    public var description: String { "\(item.name).\(attribute)" }
}

// An anchor refers to its item: a layout node, a mutable class used on one thread.
@available(*, unavailable)
extension LayoutAnchor: Sendable {}
