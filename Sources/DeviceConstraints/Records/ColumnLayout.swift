/// A ``ColumnRule`` evaluated for one window: what a collection view's layout needs.
///
/// ```swift
/// let grid = try interpreter.record(viewId: "grid", container: "Feed").columnLayout
/// layout.itemSize.width = grid?.itemWidth ?? 160
/// ```
public struct ColumnLayout: Hashable, Sendable, CustomStringConvertible {
    /// The number of columns.
    public let count: Int
    /// The width of one item in points, rounded down to the pixel.
    public let itemWidth: Double
    /// The space between two columns.
    public let spacing: Double
    /// The space before the first and after the last column.
    public let insets: Double

    /// A layout with the given values.
    public init(count: Int, itemWidth: Double, spacing: Double, insets: Double) {
        self.count = count
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.insets = insets
    }

    /// `3 × 325.5 (spacing 8, insets 16)`.
    public var description: String {
        "\(count) × \(itemWidth.compactDescription) (spacing \(spacing.compactDescription), "
            + "insets \(insets.compactDescription))"
    }
}
