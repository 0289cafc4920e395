/// Whether a window is taller than wide.
public enum LayoutOrientation: String, Sendable, Hashable, CaseIterable {
    /// No wider than tall.
    case portrait
    /// Wider than tall.
    case landscape
}
