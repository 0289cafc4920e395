/// Whether leading edges are on the left or on the right.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    /// Leading is left (English).
    case leftToRight
    /// Leading is right (Arabic, Hebrew).
    case rightToLeft
}
