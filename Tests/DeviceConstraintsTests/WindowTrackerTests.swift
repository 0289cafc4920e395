import Foundation
import Testing

@testable import DeviceConstraints

/// What `.deviceConstraints(_:)` does for each window of a SwiftUI app, without SwiftUI: the environment of a
/// measured window, which interpreter each window gets and when it is given back, and how a window moves (at once
/// when no file is read, else off the main thread).
@MainActor
struct WindowTrackerTests {
    static let phone = WindowTraits(idiom: .phone, displayScale: 3)
    static let pad = WindowTraits(idiom: .pad, displayScale: 2)

    /// `Card` has a plain view, a view whose width scales with the window, and a pad class of its own.
    static let files = [
        "Card.json": #"{"Card": [{"plain": {"width": 10, "height": 20}}, {"wide": {"width": {"scaled": 300}}}]}"#,
        "Card_iPad.json": #"{"Card": [{"plain": {"width": 40}}]}"#,
    ]

    static let iPhone6 = LayoutEnvironment(width: 375, height: 667, idiom: .phone)

    // MARK: - The environment of a measured window

    @Test func aWindowsEnvironmentTakesTheSizeClassesReportedAndDerivesTheOthers() {
        let reported = WindowTraits(
            idiom: .pad, displayScale: 2, horizontalSizeClass: .compact, verticalSizeClass: .regular,
            layoutDirection: .rightToLeft
        ).environment(width: 694, height: 768)
        // A 694-point pad window is regular by the size alone; the framework's word wins.
        #expect((reported.horizontalSizeClass, reported.verticalSizeClass) == (.compact, .regular))
        #expect(reported.idiom == .pad && reported.idiomIsKnown)
        #expect((reported.displayScale, reported.layoutDirection) == (2, .rightToLeft))

        let unreported = WindowTraits(idiom: .phone, displayScale: 3).environment(width: 844, height: 390)
        #expect(unreported == LayoutEnvironment(width: 844, height: 390, idiom: .phone, displayScale: 3))
        #expect(unreported.horizontalSizeClass == .compact && unreported.verticalSizeClass == .compact)

        // No idiom (a Mac window): inferred from the size, as LayoutEnvironment infers it.
        let mac = WindowTraits(displayScale: 2).environment(width: 1200, height: 800)
        #expect(mac.idiom == .pad && !mac.idiomIsKnown)
        #expect(mac.horizontalSizeClass == .regular)
    }

    @Test func aWindowMeasuredAtNoSizeOrAnImpossibleScaleStillHasAUsableEnvironment() {
        let environment = WindowTraits(displayScale: 0).environment(width: 0, height: .nan)
        #expect(environment.width == 1 && environment.height == 1)
        #expect(environment.displayScale == 1)
    }

    // MARK: - One interpreter per window

    @Test func theFirstWindowUsesTheAppsInterpreterAndTheOthersShareItsFiles() async throws {
        let source = CountingSource(InMemorySource(Self.files))
        let app = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let first = WindowTracker(for: app)
        #expect(first.usesAppInterpreter && first.interpreter === app)
        #expect(first.live[viewId: "plain", container: "Card"].width == 10)
        let reads = source.totalReads

        let second = WindowTracker(for: app)
        let third = WindowTracker(for: app)
        #expect(!second.usesAppInterpreter && second.interpreter !== app)
        #expect(!third.usesAppInterpreter && third.interpreter !== second.interpreter)
        // They share the files: the class the first window loaded is read again by none of them.
        #expect(
            (
                second.live[viewId: "plain", container: "Card"].width,
                third.live[viewId: "plain", container: "Card"].width, source.totalReads
            ) == (10, 10, reads))
    }

    @Test func aClosedWindowGivesTheAppsInterpreterBackAndReleasesItsOwn() {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        var first: WindowTracker? = WindowTracker(for: app)
        var second: WindowTracker? = WindowTracker(for: app)
        weak let secondsInterpreter = second?.interpreter
        #expect(first?.usesAppInterpreter == true && second?.usesAppInterpreter == false)

        second = nil
        #expect(secondsInterpreter == nil, "a window's own interpreter is released with the window")
        first = nil
        let next = WindowTracker(for: app)
        #expect(next.usesAppInterpreter, "the next window made claims the app's interpreter again")
        #expect(WindowTracker(for: app).usesAppInterpreter == false)
    }

    @Test func aWindowThatDoesNotClaimStartsInTheEnvironmentItIsGiven() {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        let first = WindowTracker(for: app)
        let pinned = LayoutEnvironment(width: 320, height: 568, idiom: .phone)
        let second = WindowTracker(for: app, environment: pinned)
        #expect((first.interpreter.environment, second.interpreter.environment) == (Self.iPhone6, pinned))
    }

    // MARK: - Moving a window

    @Test func nothingMovesBeforeTheWindowIsMeasured() {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.pad)
        #expect((window.target, app.environment) == (nil, Self.iPhone6))
    }

    @Test func aResizeWithinAClassMovesTheWindowAtOnceAndReadsNoFile() throws {
        let source = CountingSource(InMemorySource(Self.files))
        let app = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.phone)
        #expect(window.live[viewId: "wide", container: "Card"].width == 300)
        let reads = source.totalReads

        // Still the iPhone 6 class (375 to 389 points wide), whose scaled values follow the width.
        window.measured(width: 380, height: 667)
        let expected = Self.phone.environment(width: 380, height: 667)
        #expect(window.catchingUp == nil)
        #expect(
            (
                app.environment, window.live.environment, window.live[viewId: "wide", container: "Card"].width,
                source.totalReads
            ) == (expected, expected, 304, reads))
    }

    @Test func aClassAnotherWindowLoadedIsTakenAtOnceWithoutReadingAFile() throws {
        let source = CountingSource(InMemorySource(Self.files))
        let app = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let phoneWindow = WindowTracker(for: app)
        let padWindow = WindowTracker(for: app)
        padWindow.traitsChanged(Self.pad)
        #expect(phoneWindow.live[viewId: "plain", container: "Card"].width == 10)
        padWindow.measured(width: 1024, height: 1366)
        // The pad window had loaded nothing: it moves at once, and loads the pad class on its first read.
        #expect((padWindow.catchingUp, padWindow.live[viewId: "plain", container: "Card"].width) == (nil, 40))
        let reads = source.totalReads

        // Now the phone window becomes a pad window: the pad class's files are parsed already.
        phoneWindow.traitsChanged(Self.pad)
        phoneWindow.measured(width: 1366, height: 1024)
        #expect(phoneWindow.catchingUp == nil)
        #expect(
            (
                phoneWindow.interpreter.device.idiom, phoneWindow.live[viewId: "plain", container: "Card"].width,
                source.totalReads
            ) == (.pad, 40, reads))
    }

    // A held read would block a thread of the cooperative pool, which on Linux also runs the main actor's jobs:
    // the reads of these are slow instead, and what they check holds whatever the machine's speed.

    @Test func aClassNotLoadedYetIsReadInATaskWhileTheOldNumbersStay() async throws {
        let source = CountingSource(InMemorySource(Self.files), delay: 0.05)
        let app = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.pad)
        #expect(window.live[viewId: "plain", container: "Card"].width == 10)
        let reads = source.totalReads

        window.measured(width: 1024, height: 1366)
        // No file was read here: the pad class is read by a task, and until it is ready the window stays.
        let catchingUp = try #require(window.catchingUp)
        #expect(
            (source.totalReads, app.environment, window.live[viewId: "plain", container: "Card"].width) == (
                reads, Self.iPhone6, 10
            ))

        await catchingUp.value
        #expect(source.totalReads > reads)
        #expect(window.catchingUp == nil)
        #expect(
            (app.environment, window.live[viewId: "plain", container: "Card"].width) == (
                Self.pad.environment(width: 1024, height: 1366), 40
            ))
    }

    @Test func aWindowMeasuredAgainWhileAClassIsReadEndsAtItsLastMeasurement() async throws {
        let source = CountingSource(InMemorySource(Self.files), delay: 0.3)
        let app = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.pad)
        _ = window.live[viewId: "plain", container: "Card"]
        let reads = source.totalReads

        window.measured(width: 1024, height: 1366)
        let catchingUp = try #require(window.catchingUp)
        // Measured again before the pad class is ready: a phone-sized window again, whose class is loaded. (If this
        // machine is so slow that the pad class is ready before the wait ends, the window moves at once instead.)
        for _ in 0..<10_000 where source.totalReads == reads {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        window.traitsChanged(Self.phone)
        window.measured(width: 375, height: 600)

        await catchingUp.value
        #expect(window.catchingUp == nil)
        #expect(
            (app.environment, window.live[viewId: "plain", container: "Card"].width) == (
                Self.phone.environment(width: 375, height: 600), 10
            ))
    }

    @Test func aMeasurementMadeBeforeAnUpdateStartsIsFollowedByIt() async throws {
        let source = CountingSource(InMemorySource(Self.files), delay: 0.05)
        let app = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.pad)
        _ = window.live[viewId: "plain", container: "Card"]

        window.measured(width: 1024, height: 1366)
        let catchingUp = try #require(window.catchingUp)
        window.traitsChanged(Self.phone)
        window.measured(width: 375, height: 600)
        #expect(app.environment == Self.iPhone6, "a move under way is not overtaken by one made at once")

        await catchingUp.value
        #expect(app.environment == Self.phone.environment(width: 375, height: 600))
    }

    /// Fifteen sizes across classes, as a window dragged across them measures: every other one a phone. Each class
    /// looks for files of its own, so moving there reads (a catch-up round, not a move at once).
    static let dragged: [(traits: WindowTraits, width: Double, height: Double)] = [
        (pad, 1024, 1366), (phone, 428, 926), (pad, 1032, 1376), (phone, 390, 844), (pad, 834, 1194),
        (phone, 414, 896), (pad, 1180, 820), (phone, 375, 667), (pad, 1366, 1024), (phone, 320, 568),
        (pad, 1112, 834), (phone, 393, 852), (pad, 744, 1133), (phone, 430, 932), (pad, 1032, 1376),
    ]

    @Test(.timeLimit(.minutes(10)))
    func aWindowMeasuredDuringEveryRoundOfACatchUpEndsOnItsLastMeasurement() async throws {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        _ = window.live[viewId: "plain", container: "Card"]
        var next = 0
        var rounds: [LayoutEnvironment] = []
        let measureNext = {
            let (traits, width, height) = Self.dragged[next]
            next += 1
            window.traitsChanged(traits)
            window.measured(width: width, height: height)
        }
        // Each round of the catch-up finds the window measured again while it moves: the deterministic form of a
        // window dragged across classes while each class's files take long to read.
        window.roundStarted = { target in
            rounds.append(target)
            if next < Self.dragged.count { measureNext() }
        }
        measureNext()
        await window.catchingUp?.value
        let last = try #require(Self.dragged.last)
        #expect(
            (next, app.environment) == (
                Self.dragged.count, last.traits.environment(width: last.width, height: last.height)
            ))
        #expect(window.catchingUp == nil)
        #expect(rounds.count <= Self.dragged.count, "one round per measurement at most")
    }

    @Test(.timeLimit(.minutes(10)))
    func measurementsMadeDuringOneRoundAreCoalescedIntoTheLast() async throws {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        _ = window.live[viewId: "plain", container: "Card"]
        var rounds: [LayoutEnvironment] = []
        window.roundStarted = { target in
            rounds.append(target)
            guard rounds.count == 1 else { return }
            for (traits, width, height) in Self.dragged {
                window.traitsChanged(traits)
                window.measured(width: width, height: height)
            }
        }
        window.traitsChanged(Self.pad)
        window.measured(width: 1366, height: 1024)
        await window.catchingUp?.value
        let last = try #require(Self.dragged.last)
        let expected = last.traits.environment(width: last.width, height: last.height)
        #expect((rounds, app.environment) == ([Self.pad.environment(width: 1366, height: 1024), expected], expected))
    }

    @Test func aPinnedEnvironmentOverridesTheMeasuredWindowUntilUnpinned() async {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        let iPhoneSE = LayoutEnvironment(width: 320, height: 568, idiom: .phone)
        window.pin(iPhoneSE)
        #expect((app.environment, window.live.device.name) == (iPhoneSE, .iPhone5))

        window.traitsChanged(Self.phone)
        window.measured(width: 380, height: 667)
        #expect(app.environment == iPhoneSE)

        window.pin(nil)
        await window.catchingUp?.value
        #expect(
            (app.environment, window.live.device.name) == (Self.phone.environment(width: 380, height: 667), .iPhone6))
    }

    @Test func aTraitChangeAloneMovesAMeasuredWindow() {
        let app = ConstraintInterpreter(source: InMemorySource(Self.files), environment: Self.iPhone6)
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.phone)
        window.measured(width: 375, height: 667)
        var rightToLeft = Self.phone
        rightToLeft.layoutDirection = .rightToLeft
        window.traitsChanged(rightToLeft)
        #expect((window.live.environment.layoutDirection, window.live.environment.displayScale) == (.rightToLeft, 3))
    }

    // MARK: - Switching without reading

    @Test func aSwitchReadsNoFileExactlyWhenEveryLoadedContainersFilesAreParsed() async throws {
        let source = CountingSource(InMemorySource(Self.files))
        let phone = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let pad = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)
        #expect(phone.canSwitchWithoutReading(to: pad), "nothing loaded: nothing to read")
        _ = try phone.record(viewId: "plain", container: "Card")
        #expect(phone.canSwitchWithoutReading(to: LayoutEnvironment(width: 380, height: 700, idiom: .phone)))
        // Another phone class looks for files of its own (Card_iPhoneXR.json, Card_iPhone6Plus.json), even if none exists.
        #expect(
            (
                phone.canSwitchWithoutReading(to: LayoutEnvironment(width: 414, height: 896, idiom: .phone)),
                phone.canSwitchWithoutReading(to: pad)
            ) == (false, false))

        let other = ConstraintInterpreter(sharingFilesWith: phone, environment: pad)
        _ = try other.record(viewId: "plain", container: "Card")
        let reads = source.totalReads
        #expect(phone.canSwitchWithoutReading(to: pad))
        #expect(phone.updateNow(to: pad) != nil)
        #expect((phone.isLoaded(container: "Card"), source.totalReads) == (true, reads))
    }
}
