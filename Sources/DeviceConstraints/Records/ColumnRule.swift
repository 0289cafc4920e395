/// How many columns a grid gets at a window width, and how wide each item is: the column rule of Youku's responsive
/// layout SDK.
///
/// A rule names the width the design was drawn at (`standardWidth`), how many columns it had there
/// (`standardColumns`), and how much larger an item may grow before another column fits (`scale`). At a width
/// `w` the grid has `max(standardColumns, ⌊w ÷ (standardWidth ÷ standardColumns × scale)⌋)` columns, and each
/// item is `(w − 2·insets − (columns − 1)·spacing) ÷ columns` wide, rounded down to the pixel so the items fit.
///
/// Youku's rule, the documented example: a 440-point design with 2 columns and a scale of 1.2.
///
/// ```swift
/// let rule = ColumnRule(standardWidth: 440, standardColumns: 2, scale: 1.2, spacing: 8, insets: 16)
/// rule.columns(forWidth: 375)      // 2
/// rule.columns(forWidth: 1024)     // 3  (1024 ÷ 264 = 3.9)
/// rule.columns(forWidth: 1366)     // 5
/// rule.itemWidth(forWidth: 1024)   // 325: (1024 − 2·16 − 2·8) ÷ 3 = 325.33, floored to a 2× pixel
/// ```
///
/// In a constraint file, a view's `columns` attribute:
///
/// ```json
/// "columns": { "standardWidth": 440, "standardColumns": 2, "scale": 1.2, "spacing": 8, "insets": 16 }
/// ```
///
/// ``ConstraintRecord/columnLayout`` gives the rule evaluated for the interpreter's current window.
public struct ColumnRule: Hashable, Sendable, CustomStringConvertible {
    /// The key of a view's column rule in a constraint file.
    static let key = "columns"

    /// Whether the UTF-8 `name` is ``key``.
    static func isKey(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        name.count == 7 && name[0] == 0x63 && name[1] == 0x6F && name[2] == 0x6C && name[3] == 0x75
            && name[4] == 0x6D && name[5] == 0x6E && name[6] == 0x73  // columns
    }

    /// The window width the design was drawn at, in points (positive).
    public let standardWidth: Double
    /// The number of columns at ``standardWidth`` (at least 1); never fewer at any width.
    public let standardColumns: Int
    /// How much an item may grow beyond its standard width before another column is added (positive).
    public let scale: Double
    /// The space between two columns, in points.
    public let spacing: Double
    /// The space before the first and after the last column, in points.
    public let insets: Double

    /// A rule. Values out of range are clamped so that no width can divide by zero: a width, scale or column
    /// count below its minimum takes the minimum (1 point, 0.01, 1 column), negative spacing or insets read as
    /// 0. Constraint files are checked strictly instead: the parser reports such values as errors.
    ///
    /// - Parameters:
    ///   - standardWidth: the window width the design was drawn at.
    ///   - standardColumns: the number of columns there.
    ///   - scale: how much an item may grow before another column fits (default 1).
    ///   - spacing: the space between columns.
    ///   - insets: the space before the first and after the last column.
    public init(standardWidth: Double, standardColumns: Int, scale: Double = 1, spacing: Double = 0, insets: Double = 0)
    {
        self.standardWidth = standardWidth.isFinite && standardWidth >= 1 ? standardWidth : 1
        self.standardColumns = max(1, standardColumns)
        self.scale = scale.isFinite && scale >= 0.01 ? scale : (scale.isFinite ? 0.01 : 1)
        self.spacing = spacing.isFinite && spacing > 0 ? spacing : 0
        self.insets = insets.isFinite && insets > 0 ? insets : 0
    }

    /// The number of columns at `width` points.
    public func columns(forWidth width: Double) -> Int {
        let standardItem = standardWidth / Double(standardColumns) * scale
        let fitting = (width.isFinite ? max(0, width) : 0) / standardItem
        // Bounded so that an absurd width cannot overflow Int.
        return max(standardColumns, Int(min(fitting, 100_000).rounded(.down)))
    }

    /// The width of one item at `width` points, rounded down to a pixel of `1 ÷ displayScale` (never negative).
    public func itemWidth(forWidth width: Double, displayScale: Double = 2) -> Double {
        let columns = columns(forWidth: width)
        let available = width - 2 * insets - Double(columns - 1) * spacing
        let item = max(0, available / Double(columns))
        let scale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        return (item * scale + 1e-9).rounded(.down) / scale
    }

    /// The rule evaluated for a window.
    public func layout(for environment: LayoutEnvironment) -> ColumnLayout {
        ColumnLayout(
            count: columns(forWidth: environment.width),
            itemWidth: itemWidth(forWidth: environment.width, displayScale: environment.displayScale),
            spacing: spacing, insets: insets)
    }

    /// `2 columns at 440 pt × 1.2, spacing 8, insets 16`.
    public var description: String {
        "\(standardColumns) columns at \(standardWidth.compactDescription) pt × \(scale.compactDescription), "
            + "spacing \(spacing.compactDescription), insets \(insets.compactDescription)"
    }
}
