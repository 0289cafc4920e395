/// The start of a statement: attributes that can still be extended with more (`make.left.right`,
/// `make.width.height`) before they are related.
///
/// Extending keeps the axis when the new attribute is on it, and otherwise becomes ``LayoutAxis/Mixed``, which
/// can only be related to an item's same attributes:
///
/// ```swift
/// make.left.right.equalTo(container.centerX)   // Horizontal: an anchor is fine
/// make.width.height.equalTo(44)                // Dimension: a number is fine
/// make.top.left.equalToSuperview().offset(8)   // Mixed: items and the superitem only
/// ```
///
/// An attribute given twice is kept once.
public final class ConstraintMakerExtendable<Kind: LayoutAxisKind>: ConstraintMakerRelatable<Kind> {
    private func adding<Next>(_ attribute: LayoutAttribute) -> ConstraintMakerExtendable<Next> {
        let attributes = self.attributes.contains(attribute) ? self.attributes : self.attributes + [attribute]
        return ConstraintMakerExtendable<Next>(maker: maker, attributes: attributes)
    }

    /// Adds the left edge: `make.top.left.equalToSuperview()`.
    public var left: ConstraintMakerExtendable<Kind.AddingHorizontal> { adding(.left) }
    /// Adds the right edge: `make.left.right.equalToSuperview().inset(12)`.
    public var right: ConstraintMakerExtendable<Kind.AddingHorizontal> { adding(.right) }
    /// Adds the leading edge: `make.top.leading.equalToSuperview()`.
    public var leading: ConstraintMakerExtendable<Kind.AddingHorizontal> { adding(.leading) }
    /// Adds the trailing edge: `make.leading.trailing.equalToSuperview().inset(16)`.
    public var trailing: ConstraintMakerExtendable<Kind.AddingHorizontal> { adding(.trailing) }
    /// Adds the horizontal center: `make.centerY.centerX.equalToSuperview()`.
    public var centerX: ConstraintMakerExtendable<Kind.AddingHorizontal> { adding(.centerX) }
    /// Adds the top edge: `make.left.top.equalToSuperview()`.
    public var top: ConstraintMakerExtendable<Kind.AddingVertical> { adding(.top) }
    /// Adds the bottom edge: `make.top.bottom.equalTo(container)`.
    public var bottom: ConstraintMakerExtendable<Kind.AddingVertical> { adding(.bottom) }
    /// Adds the vertical center: `make.centerX.centerY.equalTo(icon)`.
    public var centerY: ConstraintMakerExtendable<Kind.AddingVertical> { adding(.centerY) }
    /// Adds the width: `make.height.width.equalTo(44)`.
    public var width: ConstraintMakerExtendable<Kind.AddingDimension> { adding(.width) }
    /// Adds the height: `make.width.height.equalTo(avatar.width)`.
    public var height: ConstraintMakerExtendable<Kind.AddingDimension> { adding(.height) }
}
