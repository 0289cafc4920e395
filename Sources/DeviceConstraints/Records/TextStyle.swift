/// One of the eleven text styles of iOS (`UIFont.TextStyle`, SwiftUI's `Font.TextStyle`), whose point size at each
/// ``TextSize`` a text-scaled value follows.
///
/// ```swift
/// TextStyle.body.pointSize(at: .large)            // 17
/// TextStyle.title1.scale(at: .accessibility2)     // 43 / 28
/// ```
public enum TextStyle: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Large Title: 34 points at `.large`.
    case largeTitle
    /// Title 1 (SwiftUI's `.title`): 28 points at `.large`.
    case title1
    /// Title 2: 22 points at `.large`.
    case title2
    /// Title 3: 20 points at `.large`.
    case title3
    /// Headline: 17 points at `.large`.
    case headline
    /// Body: 17 points at `.large`; what a plain `fontSize` follows.
    case body
    /// Callout: 16 points at `.large`.
    case callout
    /// Subheadline (the HIG's "Subhead"): 15 points at `.large`.
    case subheadline
    /// Footnote: 13 points at `.large`.
    case footnote
    /// Caption 1 (SwiftUI's `.caption`): 12 points at `.large`.
    case caption1
    /// Caption 2: 11 points at `.large`.
    case caption2

    /// The style's point size at `size`, from Apple's published table.
    public func pointSize(at size: TextSize) -> Double {
        Self.pointSizes[index][size.index]
    }

    /// How much a value relative to this style grows at `size`: its point size there ÷ at `.large` (exactly 1 at
    /// `.large`), what `UIFontMetrics(forTextStyle:)` and `@ScaledMetric(relativeTo:)` multiply by.
    public func scale(at size: TextSize) -> Double {
        size == .large ? 1 : pointSize(at: size) / pointSize(at: .large)
    }

    /// The style's name as files write it: `title1`, `caption2`.
    public var description: String { rawValue }

    private var index: Int {
        switch self {
        case .largeTitle: 0
        case .title1: 1
        case .title2: 2
        case .title3: 3
        case .headline: 4
        case .body: 5
        case .callout: 6
        case .subheadline: 7
        case .footnote: 8
        case .caption1: 9
        case .caption2: 10
        }
    }

    /// Apple's table of Dynamic Type sizes for iOS, in points: Human Interface Guidelines, Typography,
    /// "Dynamic Type sizes" (iOS, iPadOS), https://developer.apple.com/design/human-interface-guidelines/typography
    /// — a row per style in the order of the cases, a column per ``TextSize`` from xSmall to AX5. The tests
    /// compare every entry with a copy of the published table kept as a fixture.
    private static let pointSizes: [[Double]] = [
        // xS  S   M   L   xL  xxL xxxL AX1 AX2 AX3 AX4 AX5
        [31, 32, 33, 34, 36, 38, 40, 44, 48, 52, 56, 60],  // Large Title
        [25, 26, 27, 28, 30, 32, 34, 38, 43, 48, 53, 58],  // Title 1
        [19, 20, 21, 22, 24, 26, 28, 34, 39, 44, 50, 56],  // Title 2
        [17, 18, 19, 20, 22, 24, 26, 31, 37, 43, 49, 55],  // Title 3
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // Headline
        [14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53],  // Body
        [13, 14, 15, 16, 18, 20, 22, 26, 32, 38, 44, 51],  // Callout
        [12, 13, 14, 15, 17, 19, 21, 25, 30, 36, 42, 49],  // Subhead
        [12, 12, 12, 13, 15, 17, 19, 23, 27, 33, 38, 44],  // Footnote
        [11, 11, 11, 12, 14, 16, 18, 22, 26, 32, 37, 43],  // Caption 1
        [11, 11, 11, 11, 13, 15, 17, 20, 24, 29, 34, 40],  // Caption 2
    ]
}
