/// An edge, center or dimension of a layout item: the attributes of `NSLayoutConstraint` that the DSL offers.
///
/// ```swift
/// LayoutAttribute.left.isPosition      // true
/// LayoutAttribute.width.isDimension    // true
/// print(LayoutAttribute.centerX)       // centerX
/// ```
public enum LayoutAttribute: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge: left in a left-to-right layout, right in a right-to-left one.
    case leading
    /// The trailing edge: right in a left-to-right layout, left in a right-to-left one.
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal center.
    case centerX
    /// The vertical center.
    case centerY

    /// The axis an attribute lies on, which decides what it can be related to.
    public enum Axis: String, Hashable, Sendable {
        /// Left, right, leading, trailing, centerX.
        case horizontal
        /// Top, bottom, centerY.
        case vertical
        /// Width and height.
        case dimension
    }

    /// The axis of this attribute.
    public var axis: Axis {
        switch self {
        case .left, .right, .leading, .trailing, .centerX: .horizontal
        case .top, .bottom, .centerY: .vertical
        case .width, .height: .dimension
        }
    }

    /// Whether this is a width or height, which can equal a plain number.
    public var isDimension: Bool { axis == .dimension }

    /// Whether this is an edge or a center, which can only be related to another item's edge or center.
    public var isPosition: Bool { axis != .dimension }

    /// Whether this is `leading` or `trailing`, which follow the layout direction.
    public var isDirectional: Bool { self == .leading || self == .trailing }

    /// Whether this is `left` or `right`, which ignore the layout direction.
    var isAbsolute: Bool { self == .left || self == .right }

    /// Whether Auto Layout accepts a constraint between this attribute and `other`: both on the same axis,
    /// and not `left`/`right` against `leading`/`trailing`.
    ///
    /// ```swift
    /// LayoutAttribute.left.canRelate(to: .centerX)   // true
    /// LayoutAttribute.left.canRelate(to: .leading)   // false
    /// LayoutAttribute.top.canRelate(to: .width)      // false
    /// ```
    ///
    /// - Parameter other: The attribute of the second item.
    public func canRelate(to other: LayoutAttribute) -> Bool {
        axis == other.axis && !(isAbsolute && other.isDirectional) && !(isDirectional && other.isAbsolute)
    }

    /// The name, as in descriptions: `left`, `centerX`.
    public var description: String { rawValue }
}
