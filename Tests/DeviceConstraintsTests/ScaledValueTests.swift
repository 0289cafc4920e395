import Testing

@testable import DeviceConstraints

struct ScaledValueTests {
    @Test func aValueScalesWithTheWindowAgainstItsDesignWidthAndIsRoundedToThePixel() {
        let value = ScaledValue(1366)
        #expect(
            (
                value.resolved(width: 1024, designWidth: 1366, displayScale: 2),
                value.resolved(width: 507, designWidth: 1366, displayScale: 2)
            ) == (1024, 507))
        // 100 × 385 ÷ 375 = 102.67, to the nearest half point at 2×, the nearest third at 3×.
        #expect(ScaledValue(100).resolved(width: 385, designWidth: 375, displayScale: 2) == 102.5)
        let threeHundredEightThirds: Double = 308.0 / 3
        #expect(ScaledValue(100).resolved(width: 385, designWidth: 375, displayScale: 3) == threeHundredEightThirds)
    }

    @Test func minimumAndMaximumClampTheScaledNumber() {
        let value = ScaledValue(60, minimum: 40, maximum: 70)
        #expect(
            (
                value.resolved(width: 507, designWidth: 1366, displayScale: 2),
                value.resolved(width: 2000, designWidth: 1366, displayScale: 2),
                ScaledValue(1, minimum: 9, maximum: 3).minimum
            ) == (40, 70, 3))
    }

    /// A huge but finite number in a file (which the parser accepts) must not become infinity in a wide window: an
    /// infinite frame would break the layout engine.
    @Test(arguments: [1e306, 1.7e308, -1.7e308, Double.greatestFiniteMagnitude])
    func aHugeValueStaysFiniteInAWideWindow(_ number: Double) {
        let value = ScaledValue(number)
        for width in [375.0, 1366, 1e300] {
            for scale in [1.0, 2, 3] {
                let resolved = value.resolved(width: width, designWidth: 320, displayScale: scale)
                #expect(resolved.isFinite, "\(number) at \(width), \(scale)×: \(resolved)")
                #expect(resolved.sign == number.sign)
            }
        }
    }

    @Test func widthsAndScalesThatAreNotPositiveFiniteNumbersGiveAFiniteValue() {
        for width in [0.0, -1, .nan, .infinity] {
            for designWidth in [0.0, -5, .nan, .infinity, 1e-300] {
                for scale in [0.0, -2, .nan, .infinity] {
                    let resolved = ScaledValue(60).resolved(width: width, designWidth: designWidth, displayScale: scale)
                    #expect(resolved.isFinite, "\(width), \(designWidth), \(scale): \(resolved)")
                }
            }
        }
        #expect(
            (
                ScaledValue(.infinity).resolved(width: 375, designWidth: 375, displayScale: 2).isFinite,
                ScaledValue(.nan).resolved(width: 375, designWidth: 375, displayScale: 2)
            ) == (true, 0))
    }

    @Test func itDescribesItsRule() {
        #expect(
            ("\(ScaledValue(60, minimum: 40, maximum: 80))", "\(ScaledValue(1366))") == (
                "scaled 60 (min 40, max 80)", "scaled 1366"
            ))
    }
}
