import Foundation
import Testing

@testable import DeviceConstraints

struct TextSizeTests {
    // MARK: - The sizes and Apple's table

    @Test func theTextSizesAreSwiftUIsInItsOrderWithLargeAsTheDefault() {
        #expect(
            TextSize.allCases.map(\.rawValue) == [
                "xSmall", "small", "medium", "large", "xLarge", "xxLarge", "xxxLarge", "accessibility1",
                "accessibility2", "accessibility3", "accessibility4", "accessibility5",
            ])
        #expect(
            (
                TextSize.allCases, LayoutEnvironment(width: 375, height: 667).textSize,
                TextSize.allCases.filter(\.isAccessibilitySize).count
            ) == (TextSize.allCases.sorted(), .large, 5))
        #expect(
            LayoutEnvironment(width: 375, height: 667, idiom: .phone, textSize: .xLarge).textSize == .xLarge)
    }

    /// The fixture is Apple's published table (Human Interface Guidelines, Typography, Dynamic Type sizes, iOS).
    @Test func everyStyleAtEverySizeIsApplesPublishedPointSize() throws {
        let text = String(decoding: try Fixtures.data("TextSize", "DynamicTypeSizes-iOS.csv"), as: UTF8.self)
        let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: ",") }
        let sizes = try rows[0].dropFirst().map { try #require(TextSize(rawValue: String($0))) }
        #expect(sizes == TextSize.allCases)
        var styles: [TextStyle] = []
        for row in rows.dropFirst() {
            let style = try #require(TextStyle(rawValue: String(row[0])))
            styles.append(style)
            for (size, points) in zip(sizes, row.dropFirst()) {
                #expect(style.pointSize(at: size) == Double(points), "\(style) at \(size)")
            }
        }
        #expect(styles == TextStyle.allCases)
    }

    @Test func aStylesScaleIsItsSizeOverItsSizeAtLarge() {
        for style in TextStyle.allCases { #expect(style.scale(at: .large) == 1) }
        // The ratios typed: as literals inside `#expect`, each took 0.3 s to type-check.
        let bodyAtAccessibility1: Double = 28.0 / 17
        let title1AtXSmall: Double = 25.0 / 28
        #expect(
            (TextStyle.body.scale(at: .accessibility1), TextStyle.title1.scale(at: .xSmall)) == (
                bodyAtAccessibility1, title1AtXSmall
            ))
    }

    // MARK: - Text-scaled values

    @Test func aTextScaledValueIsTheFilesNumberAtLargeAndScaledAndPixelRoundedElsewhere() {
        let large = LayoutEnvironment(width: 375, height: 667, idiom: .phone, displayScale: 3)
        #expect(TextScaledValue(17.5).resolved(for: large, designWidth: 375) == 17.5)
        // 17.5 × 19/17 = 19.56, to the nearest third of a point.
        let xLarge: Double = 59.0 / 3
        #expect(TextScaledValue(17.5).resolved(for: large.withTextSize(.xLarge), designWidth: 375) == xLarge)
        // 28 × 43/28 = 43, capped at 40.
        let capped = TextScaledValue(28, relativeTo: .title1, maximum: 40)
        #expect(
            (
                capped.resolved(for: large.withTextSize(.accessibility2), designWidth: 375),
                capped.resolved(for: large.withTextSize(.xSmall), designWidth: 375)
            ) == (40, 25))
    }

    /// `{"scaled": 44, "relativeTo": "body"}`: the width's factor and the text size's, then the bounds, then the
    /// pixel.
    @Test func aValueThatFollowsTheWidthAndTheTextSizeMultipliesBoth() {
        let value = TextScaledValue(44, relativeTo: .body, followsWidth: true)
        let window = LayoutEnvironment(width: 750, height: 1000, idiom: .pad, textSize: .accessibility1)
        // 44 × 750/375 × 28/17 = 144.94 → 145 at 2×.
        #expect(
            (
                value.resolved(for: window, designWidth: 375),
                value.resolved(for: window.withTextSize(.large), designWidth: 375)
            ) == (145, 88))
    }

    @Test func aHugeTextScaledValueStaysFinite() {
        let window = LayoutEnvironment(width: 1e300, height: 10, textSize: .accessibility5)
        for number in [Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude] {
            #expect(
                (
                    TextScaledValue(number).resolved(for: window, designWidth: 320).isFinite,
                    TextScaledValue(number, followsWidth: true).resolved(for: window, designWidth: 1e-300).isFinite
                ) == (true, true))
        }
    }
}
