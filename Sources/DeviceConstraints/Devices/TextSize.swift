/// The user's preferred text size (Dynamic Type): SwiftUI's `DynamicTypeSize`, in its order and with its names.
///
/// A ``LayoutEnvironment`` carries one (``LayoutEnvironment/textSize``, `.large` unless given). Font sizes in
/// constraint files follow it as `UIFontMetrics` does, and any number written `{"size": 44}` follows it as
/// `@ScaledMetric` does; at `.large` every such value is the file's own number.
///
/// ```swift
/// let window = LayoutEnvironment(width: 393, height: 852, idiom: .phone, textSize: .accessibility1)
/// TextStyle.body.pointSize(at: window.textSize)   // 28
/// ```
public enum TextSize: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// The smallest size.
    case xSmall
    /// A small size.
    case small
    /// A medium size.
    case medium
    /// The default size.
    case large
    /// A large size.
    case xLarge
    /// An extra large size.
    case xxLarge
    /// The largest size that is not an accessibility size.
    case xxxLarge
    /// The first accessibility size.
    case accessibility1
    /// The second accessibility size.
    case accessibility2
    /// The third accessibility size.
    case accessibility3
    /// The fourth accessibility size.
    case accessibility4
    /// The largest accessibility size.
    case accessibility5

    /// Whether this is one of the five accessibility sizes, as `DynamicTypeSize.isAccessibilitySize` says.
    public var isAccessibilitySize: Bool { self >= .accessibility1 }

    /// The sizes' order: from `.xSmall` to `.accessibility5`.
    public static func < (lhs: TextSize, rhs: TextSize) -> Bool { lhs.index < rhs.index }

    /// The case's place in ``allCases``, and its column in the table of point sizes.
    var index: Int {
        switch self {
        case .xSmall: 0
        case .small: 1
        case .medium: 2
        case .large: 3
        case .xLarge: 4
        case .xxLarge: 5
        case .xxxLarge: 6
        case .accessibility1: 7
        case .accessibility2: 8
        case .accessibility3: 9
        case .accessibility4: 10
        case .accessibility5: 11
        }
    }

    /// The case's name: `xLarge`, `accessibility3`.
    public var description: String { rawValue }
}
