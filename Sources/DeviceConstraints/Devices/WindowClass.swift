/// Android's window size classes of a window's width in points (dp): what Youku's responsive layout SDK and
/// Material's layout grids switch on.
public enum WindowClass: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// Narrower than 600 points: phones in portrait, narrow Split View windows.
    case compact
    /// 600 to 839 points.
    case medium
    /// 840 to 1199 points.
    case expanded
    /// 1200 to 1599 points.
    case large
    /// 1600 points and wider.
    case extraLarge

    /// The class of a width in points.
    public init(width: Double) {
        switch width {
        case ..<600: self = .compact
        case ..<840: self = .medium
        case ..<1200: self = .expanded
        case ..<1600: self = .large
        default: self = .extraLarge
        }
    }

    /// The narrowest width of the class.
    public var minimumWidth: Double {
        switch self {
        case .compact: 0
        case .medium: 600
        case .expanded: 840
        case .large: 1200
        case .extraLarge: 1600
        }
    }

    public static func < (lhs: WindowClass, rhs: WindowClass) -> Bool {
        lhs.minimumWidth < rhs.minimumWidth
    }

    /// The raw value.
    public var description: String { rawValue }
}
