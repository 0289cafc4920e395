public import DeviceConstraints

/// Distances inward from the four edges, as `UIEdgeInsets`, for `inset(_:)` on ``ConstraintMakerEditable``.
///
/// Each attribute takes the constant SnapKit gives it, so that the constrained item ends up *inside* the target
/// by these distances: `left`/`leading` and `top` add the inset, `right`/`trailing` and `bottom` subtract it,
/// `width` shrinks by `left + right`, `height` by `top + bottom`, and the centers move by half the difference.
/// Leading is taken as left (a left-to-right layout).
///
/// ```swift
/// make.edges.equalToSuperview().inset(LayoutInsets(top: 8, left: 16, bottom: 8, right: 16))
/// ```
public struct LayoutInsets: Hashable, Sendable, CustomStringConvertible {
    /// The distance from the top edge.
    public var top: Double
    /// The distance from the left (leading) edge.
    public var left: Double
    /// The distance from the bottom edge.
    public var bottom: Double
    /// The distance from the right (trailing) edge.
    public var right: Double

    /// Creates insets.
    ///
    /// ```swift
    /// let insets = LayoutInsets(top: 8, left: 16, bottom: 8, right: 16)
    /// ```
    ///
    /// - Parameters:
    ///   - top: The distance from the top edge.
    ///   - left: The distance from the left edge.
    ///   - bottom: The distance from the bottom edge.
    ///   - right: The distance from the right edge.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same distance from every edge.
    ///
    /// ```swift
    /// let insets = LayoutInsets(all: 12)
    /// ```
    ///
    /// - Parameter all: The distance from each edge.
    public init(all: Double) {
        self.init(top: all, left: all, bottom: all, right: all)
    }

    /// The four margins of a record: `marginTop`, `marginLeft`, `marginBottom`, `marginRight`.
    ///
    /// ```swift
    /// let spec = try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
    /// make.edges.equalToSuperview().inset(LayoutInsets(margins: spec))
    /// ```
    ///
    /// - Parameter record: The record whose margins become the insets.
    public init(margins record: ConstraintRecord) {
        self.init(
            top: record.marginTop, left: record.marginLeft, bottom: record.marginBottom, right: record.marginRight)
    }

    /// The constant that places `attribute` inside its target by these insets.
    ///
    /// ```swift
    /// LayoutInsets(all: 10).constant(for: .right)   // -10.0
    /// LayoutInsets(all: 10).constant(for: .width)   // -20.0
    /// ```
    ///
    /// - Parameter attribute: The attribute of the constrained item.
    /// - Returns: The constant of its constraint.
    public func constant(for attribute: LayoutAttribute) -> Double {
        switch attribute {
        case .left, .leading: left
        case .top: top
        case .right, .trailing: -right
        case .bottom: -bottom
        case .centerX: (left - right) / 2
        case .centerY: (top - bottom) / 2
        case .width: -(left + right)
        case .height: -(top + bottom)
        }
    }

    /// `(top: 8.0, left: 16.0, bottom: 8.0, right: 16.0)`.
    public var description: String {
        "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))"
    }
}
