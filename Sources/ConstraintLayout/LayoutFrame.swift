/// A rectangle in points: where a solved layout puts an item.
///
/// ```swift
/// print(layout.frame(of: measureTopView)!)  // (12.0, 0.0, 296.0, 105.0)
/// ```
public struct LayoutFrame: Hashable, Sendable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a frame.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// `(x, y, width, height)`, as `CGRect` prints: `(12.0, 0.0, 296.0, 105.0)`.
    public var description: String {
        "(\(x), \(y), \(width), \(height))"
    }
}
