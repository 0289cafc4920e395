/// The size a node's content wants (a label's text, an image), with how hard the node resists growing beyond it
/// (content hugging) and shrinking below it (compression resistance), as UIKit applies them.
///
/// ```swift
/// let title = LayoutNode("title", in: header)
/// title.intrinsicContentSize = IntrinsicContentSize(width: 120, height: 21)
/// title.intrinsicContentSize?.horizontalHugging = 251    // stretches after a neighbour at 250
/// ```
///
/// A layout engine turns each given dimension into two constraints: `width <= intrinsic` at the hugging
/// priority and `width >= intrinsic` at the compression resistance priority.
public struct IntrinsicContentSize: Hashable, Sendable {
    /// The width the content wants, or nil when it has none (`UIView.noIntrinsicMetric`).
    public var width: Double?
    /// The height the content wants, or nil when it has none.
    public var height: Double?
    /// How hard the width resists growing: 250 (`defaultLow`) unless set.
    public var horizontalHugging: ConstraintPriority
    /// How hard the height resists growing: 250 unless set.
    public var verticalHugging: ConstraintPriority
    /// How hard the width resists shrinking: 750 (`defaultHigh`) unless set.
    public var horizontalCompressionResistance: ConstraintPriority
    /// How hard the height resists shrinking: 750 unless set.
    public var verticalCompressionResistance: ConstraintPriority

    /// Creates an intrinsic content size with UIKit's default priorities.
    ///
    /// - Parameters:
    ///   - width: The width the content wants, or nil for none.
    ///   - height: The height the content wants, or nil for none.
    ///   - hugging: Both hugging priorities; 250 unless given.
    ///   - compressionResistance: Both compression resistance priorities; 750 unless given.
    public init(
        width: Double? = nil, height: Double? = nil, hugging: ConstraintPriority = .low,
        compressionResistance: ConstraintPriority = .high
    ) {
        self.width = width
        self.height = height
        self.horizontalHugging = hugging
        self.verticalHugging = hugging
        self.horizontalCompressionResistance = compressionResistance
        self.verticalCompressionResistance = compressionResistance
    }
}
