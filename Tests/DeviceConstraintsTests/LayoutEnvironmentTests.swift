import DeviceConstraints
import Testing

struct LayoutEnvironmentTests {
    /// One window of UIKit's Split View table: the iPad, the arrangement, the window's size and the horizontal
    /// size class UIKit reports for it.
    struct SplitViewWindow: Sendable, CustomTestStringConvertible {
        let iPad: String
        let arrangement: String
        let width: Double
        let height: Double
        let sizeClass: SizeClass

        var testDescription: String { "\(iPad) \(arrangement) \(Int(width))×\(Int(height))" }
    }

    /// The table: landscape ⅓ / ½ / ⅔, then portrait ⅓ / ⅔, per iPad (C compact, R regular width).
    static let splitViewTable: [SplitViewWindow] = [
        .init(iPad: "9.7″", arrangement: "landscape ⅓", width: 320, height: 768, sizeClass: .compact),
        .init(iPad: "9.7″", arrangement: "landscape ½", width: 507, height: 768, sizeClass: .compact),
        .init(iPad: "9.7″", arrangement: "landscape ⅔", width: 694, height: 768, sizeClass: .regular),
        .init(iPad: "9.7″", arrangement: "portrait ⅓", width: 320, height: 1024, sizeClass: .compact),
        .init(iPad: "9.7″", arrangement: "portrait ⅔", width: 438, height: 1024, sizeClass: .compact),
        .init(iPad: "10.5″", arrangement: "landscape ⅓", width: 320, height: 834, sizeClass: .compact),
        .init(iPad: "10.5″", arrangement: "landscape ½", width: 551, height: 834, sizeClass: .compact),
        .init(iPad: "10.5″", arrangement: "landscape ⅔", width: 782, height: 834, sizeClass: .regular),
        .init(iPad: "10.5″", arrangement: "portrait ⅓", width: 320, height: 1112, sizeClass: .compact),
        .init(iPad: "10.5″", arrangement: "portrait ⅔", width: 504, height: 1112, sizeClass: .compact),
        .init(iPad: "11″", arrangement: "landscape ⅓", width: 375, height: 834, sizeClass: .compact),
        .init(iPad: "11″", arrangement: "landscape ½", width: 592, height: 834, sizeClass: .compact),
        .init(iPad: "11″", arrangement: "landscape ⅔", width: 809, height: 834, sizeClass: .regular),
        .init(iPad: "11″", arrangement: "portrait ⅓", width: 320, height: 1194, sizeClass: .compact),
        .init(iPad: "11″", arrangement: "portrait ⅔", width: 504, height: 1194, sizeClass: .compact),
        .init(iPad: "12.9″", arrangement: "landscape ⅓", width: 375, height: 1024, sizeClass: .compact),
        .init(iPad: "12.9″", arrangement: "landscape ½", width: 678, height: 1024, sizeClass: .regular),
        .init(iPad: "12.9″", arrangement: "landscape ⅔", width: 981, height: 1024, sizeClass: .regular),
        .init(iPad: "12.9″", arrangement: "portrait ⅓", width: 375, height: 1366, sizeClass: .compact),
        .init(iPad: "12.9″", arrangement: "portrait ⅔", width: 639, height: 1366, sizeClass: .compact),
    ]

    // MARK: - Size classes

    @Test(arguments: splitViewTable)
    func everySplitViewWindowHasTheSizeClassesUIKitReports(_ window: SplitViewWindow) {
        let environment = LayoutEnvironment(width: window.width, height: window.height, idiom: .pad)
        #expect((environment.horizontalSizeClass, environment.verticalSizeClass) == (window.sizeClass, .regular))
    }

    @Test(arguments: splitViewTable)
    func everySplitViewWindowResolvesToAClassNoWiderThanItselfAndRegularOnesToAPad(_ window: SplitViewWindow) {
        let environment = LayoutEnvironment(width: window.width, height: window.height, idiom: .pad)
        let profile = DeviceCatalog.standard.resolve(environment)
        #expect(profile.width <= window.width, "\(profile)")
        #expect(profile.idiom == (window.sizeClass == .regular ? .pad : .phone), "\(profile)")
    }

    @Test func fullScreenIPadsAreRegularInBothOrientations() {
        for (width, height) in [(768.0, 1024.0), (1024, 768), (1366, 1024), (834, 1194), (1194, 834)] {
            let environment = LayoutEnvironment(width: width, height: height, idiom: .pad)
            #expect((environment.horizontalSizeClass, environment.verticalSizeClass) == (.regular, .regular))
        }
    }

    @Test func phonesAreCompactInWidthExceptPlusAndMaxPhonesInLandscape() {
        // Portrait: compact width, regular height.
        for (width, height) in [(320.0, 568.0), (375, 667), (414, 896), (440, 956)] {
            let environment = LayoutEnvironment(width: width, height: height, idiom: .phone)
            #expect((environment.horizontalSizeClass, environment.verticalSizeClass) == (.compact, .regular))
        }
        // Landscape: compact height; regular width only for the Plus/Max class.
        for (width, height, horizontal) in [
            (568.0, 320.0, SizeClass.compact), (667, 375, .compact), (874, 402, .compact), (736, 414, .regular),
            (896, 414, .regular), (932, 430, .regular), (956, 440, .regular),
        ] {
            let environment = LayoutEnvironment(width: width, height: height, idiom: .phone)
            #expect(environment.horizontalSizeClass == horizontal, "\(environment)")
            #expect(environment.verticalSizeClass == .compact)
        }
    }

    @Test func givenSizeClassesAreKeptAsTheTraitCollectionSaysThem() {
        let environment = LayoutEnvironment(
            width: 700, height: 1000, idiom: .pad, displayScale: 2, horizontalSizeClass: .compact,
            verticalSizeClass: .regular)
        #expect(environment.horizontalSizeClass == .compact)
    }

    // MARK: - Orientation and window classes

    @Test func aWindowIsPortraitWhenNoWiderThanTall() {
        #expect(
            (
                LayoutEnvironment(width: 500, height: 500).orientation,
                LayoutEnvironment(width: 500, height: 499).orientation
            ) == (.portrait, .landscape))
    }

    @Test(arguments: [
        (599.0, WindowClass.compact), (600, .medium), (839, .medium), (840, .expanded), (1199, .expanded),
        (1200, .large), (1599, .large), (1600, .extraLarge),
    ])
    func theWindowClassFollowsAndroidsBreakpoints(width: Double, expected: WindowClass) {
        #expect(LayoutEnvironment(width: width, height: 2000).windowClass == expected)
        #expect(WindowClass.compact < .medium && .large < .extraLarge)
    }

    @Test func theIdiomIsInferredFromTheShorterSideWhenNotGiven() {
        #expect(
            (
                LayoutEnvironment(width: 1024, height: 768).idiom, LayoutEnvironment(width: 896, height: 414).idiom,
                LayoutEnvironment(width: 896, height: 414).idiomIsKnown,
                LayoutEnvironment(width: 320, height: 1024, idiom: .pad).idiomIsKnown
            ) == (.pad, .phone, false, true))
    }

    // MARK: - Bad input

    @Test func sizesThatAreNotAFiniteNumberOfAtLeastOnePointAreClampedToOnePoint() {
        for bad in [0.0, -5, .nan, .infinity, -.infinity, 0.5] {
            let environment = LayoutEnvironment(width: bad, height: bad, displayScale: bad)
            #expect((environment.width, environment.height, environment.displayScale) == (1, 1, (bad == 0.5 ? 0.5 : 1)))
        }
    }

    // MARK: - Pixels

    @Test func valuesRoundToTheDevicePixelGrid() {
        let threeX = LayoutEnvironment(width: 375, height: 667, displayScale: 3)
        let thirtyOneThirds: Double = 31.0 / 3
        #expect((threeX.roundedToPixel(10.2), threeX.flooredToPixel(1.0)) == (thirtyOneThirds, 1.0))
        let twoX = LayoutEnvironment(width: 375, height: 667)
        #expect((twoX.roundedToPixel(10.3), twoX.flooredToPixel(10.9)) == (10.5, 10.5))
    }

    /// A solver's -1e-12 for an edge at 0 rounds to 0, not -0: frames print `0.0`, as UIKit's do.
    @Test func aTinyNegativeRoundsToZeroNotMinusZero() {
        let environment = LayoutEnvironment(width: 375, height: 667)
        #expect(
            (
                environment.roundedToPixel(-1e-12).sign, "\(environment.roundedToPixel(-1e-12))",
                environment.flooredToPixel(-1e-12).sign,
                ScaledValue(-1e-12).resolved(width: 375, designWidth: 375, displayScale: 2).sign
            ) == (.plus, "0.0", .plus, .plus))
    }

    @Test func anEnvironmentDescribesItself() {
        let environment = LayoutEnvironment(width: 694, height: 768, idiom: .pad)
        #expect(environment.description == "694×768 pad @2x, portrait, w:regular h:regular, medium")
    }
}
