/// The kinds of attribute sets a step of the constraint chain can hold, as types, so that relating a size to a
/// position, or a horizontal edge to a vertical one, is a compile error rather than a crash at run time.
///
/// The DSL picks the kind for you; it shows in the types of the chain:
///
/// ```swift
/// make.left                 // ConstraintMakerExtendable<LayoutAxis.Horizontal>
/// make.width.height         // ConstraintMakerExtendable<LayoutAxis.Dimension>
/// make.top.left             // ConstraintMakerExtendable<LayoutAxis.Mixed>
/// make.width.equalTo(container.left)   // error: cannot convert 'LayoutAnchor<LayoutAxis.Horizontal>'
///                                      //        to 'LayoutAnchor<LayoutAxis.Dimension>'
/// ```
///
/// Like `NSLayoutAnchor`'s X axis, ``Horizontal`` holds both `left`/`right` and `leading`/`trailing`; relating
/// one pair to the other is reported when the constraints are resolved.
public enum LayoutAxis: Sendable {
    /// Left, right, leading, trailing and centerX: related to another horizontal anchor, or to a number
    /// (taken from the superitem's same edge, as SnapKit does).
    public enum Horizontal: SingleAxisKind, Sendable {
        /// Adding left, right, leading, trailing or centerX stays horizontal.
        public typealias AddingHorizontal = Horizontal
    }

    /// Top, bottom and centerY: related to another vertical anchor, or to a number (taken from the
    /// superitem's same edge).
    public enum Vertical: SingleAxisKind, Sendable {
        /// Adding top, bottom or centerY stays vertical.
        public typealias AddingVertical = Vertical
    }

    /// Width and height: related to another dimension, or equal to a number.
    public enum Dimension: SingleAxisKind, Sendable {
        /// Adding width or height stays a dimension.
        public typealias AddingDimension = Dimension
    }

    /// Attributes of more than one axis (`edges`, `center`, `make.top.left`): related only to an item's same
    /// attributes (`equalTo(container)`, `equalToSuperview()`).
    public enum Mixed: LayoutAxisKind, Sendable {}
}

/// A kind of attribute set (see ``LayoutAxis``), and the kind it becomes when an attribute of each axis is added:
/// ``LayoutAxis/Mixed`` unless a kind says otherwise.
///
/// ```swift
/// LayoutAxis.Horizontal.AddingVertical.self   // LayoutAxis.Mixed
/// ```
public protocol LayoutAxisKind {
    /// The kind after a horizontal attribute is added.
    associatedtype AddingHorizontal: LayoutAxisKind = LayoutAxis.Mixed
    /// The kind after a vertical attribute is added.
    associatedtype AddingVertical: LayoutAxisKind = LayoutAxis.Mixed
    /// The kind after a width or height is added.
    associatedtype AddingDimension: LayoutAxisKind = LayoutAxis.Mixed
}

/// A kind whose attributes all lie on one axis, so they can be related to a single ``LayoutAnchor`` of that axis
/// and to a number.
///
/// ```swift
/// make.left.right.equalTo(container.centerX)   // Horizontal is a SingleAxisKind: anchors and numbers allowed
/// make.edges.equalTo(container)                // Mixed is not: only items and the superitem
/// ```
public protocol SingleAxisKind: LayoutAxisKind {}
