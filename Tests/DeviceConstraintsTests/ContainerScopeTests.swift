import Foundation
import Testing

@testable import DeviceConstraints

/// What `.deviceConstraints(_:)` does for a container inside a window (a column, a sheet, a popover), without
/// SwiftUI: the container's environment, its interpreter sharing the window's files, the nearest container winning,
/// and the interpreter released with the container. Over `Fixtures/Containers`: `Split.json` (phones) and
/// `Split_iPad.json` (iPads).
@MainActor
struct ContainerScopeTests {
    static let padTraits = WindowTraits(idiom: .pad, displayScale: 2, layoutDirection: .rightToLeft)

    /// A 1024 × 1366 iPad window, measured.
    private func padWindow(source: (any ConstraintSource)? = nil) throws -> WindowTracker {
        let app = ConstraintInterpreter(
            source: try source ?? DirectorySource(Fixtures.folder("Containers")),
            environment: LayoutEnvironment(width: 375, height: 667, idiom: .phone))
        let window = WindowTracker(for: app)
        window.traitsChanged(Self.padTraits)
        window.measured(width: 1024, height: 1366)
        return window
    }

    @Test(.timeLimit(.minutes(10)))
    func aSidebarAndADetailColumnOfOneIPadWindowGetDifferentClasses() async throws {
        let window = try padWindow()
        await window.catchingUp?.value
        let sidebar = ContainerScope(in: window.live)
        sidebar.measured(width: 320, height: 1366)
        await sidebar.tracker.catchingUp?.value
        let detail = ContainerScope(in: window.live)
        detail.measured(width: 700, height: 1366)
        await detail.tracker.catchingUp?.value

        #expect(
            (
                window.live.device.name, sidebar.live.device.name, detail.live.device.name,
                window.live[viewId: "row", container: "Split"].height
            ) == (.iPadPro12Inch, .iPhone5, .iPadSplitView694, 60))
        #expect(
            (
                sidebar.live[viewId: "row", container: "Split"].height,
                detail.live[viewId: "row", container: "Split"].height
            ) == (44, 60))
        #expect(sidebar.live.environment.width == 320 && detail.live.environment.width == 700)
    }

    @Test func aContainerTakesTheWindowsIdiomScaleAndDirectionAndDerivesItsSizeClasses() throws {
        let window = try padWindow()
        let sidebar = ContainerScope(in: window.live)
        sidebar.measured(width: 320, height: 1366)
        let environment = sidebar.live.environment
        #expect(environment.idiom == .pad && environment.idiomIsKnown)
        #expect(
            (
                environment.displayScale, environment.layoutDirection, environment.horizontalSizeClass,
                window.live.environment.horizontalSizeClass
            ) == (2, .rightToLeft, .compact, .regular))

        // The window's traits change: the container takes them again, keeping its own size.
        var left = Self.padTraits
        left.layoutDirection = .leftToRight
        left.displayScale = 3
        window.traitsChanged(left)
        sidebar.enclosingChanged(window.live.environment)
        #expect(
            (
                sidebar.live.environment.layoutDirection, sidebar.live.environment.displayScale,
                sidebar.live.environment.width
            ) == (.leftToRight, 3, 320))
    }

    @Test func aContainerTakesTheWindowsTextSizeAndFollowsItsChanges() throws {
        let window = try padWindow()
        var traits = Self.padTraits
        traits.textSize = .accessibility2
        window.traitsChanged(traits)
        let sidebar = ContainerScope(in: window.live)
        sidebar.measured(width: 320, height: 1366)
        #expect(
            (sidebar.live.environment.textSize, window.live.environment.container(width: 320, height: 1366).textSize)
                == (.accessibility2, .accessibility2))

        traits.textSize = .xSmall
        window.traitsChanged(traits)
        sidebar.enclosingChanged(window.live.environment)
        #expect((sidebar.live.environment.textSize, sidebar.live.environment.width) == (.xSmall, 320))
    }

    @Test func aContainerWhoseOwnTextSizeDiffersFromTheWindowsFollowsItsOwn() throws {
        // SwiftUI's `.dynamicTypeSize(.accessibility3)` on a column: the column's text is at that size, and so are
        // its records; the window's stay at its own.
        let window = try padWindow()
        let detail = ContainerScope(in: window.live)
        detail.measured(width: 700, height: 1366)
        detail.enclosingChanged(window.live.environment, textSize: .accessibility3)
        #expect((detail.live.environment.textSize, window.live.environment.textSize) == (.accessibility3, .large))
        // Without a size of its own, it takes the window's again.
        detail.enclosingChanged(window.live.environment)
        #expect(detail.live.environment.textSize == .large)
    }

    @Test(.timeLimit(.minutes(10)))
    func theNearestContainerWinsAndTakesItsTraitsFromTheOneAroundIt() async throws {
        let window = try padWindow()
        await window.catchingUp?.value
        let detail = ContainerScope(in: window.live)
        detail.measured(width: 700, height: 1366)
        await detail.tracker.catchingUp?.value
        // A popover inside the detail column: measured 320 wide, its views read its records, not the column's.
        let popover = ContainerScope(in: detail.live)
        popover.measured(width: 320, height: 480)
        await popover.tracker.catchingUp?.value
        #expect(popover.enclosing === detail.interpreter)
        #expect(popover.live.environment.idiom == .pad && popover.live.environment.displayScale == 2)
        #expect(
            (
                popover.live[viewId: "row", container: "Split"].height,
                detail.live[viewId: "row", container: "Split"].height
            ) == (44, 60))
    }

    @Test(.timeLimit(.minutes(10)))
    func aContainerSharesTheWindowsFilesAndReadsNoneTheWindowHasRead() async throws {
        let source = CountingSource(try DirectorySource(Fixtures.folder("Containers")))
        let window = try padWindow(source: source)
        await window.catchingUp?.value
        _ = window.live[viewId: "row", container: "Split"]
        let reads = (pad: source.reads(of: "Split_iPad.json"), base: source.reads(of: "Split.json"))

        let detail = ContainerScope(in: window.live)
        #expect(detail.interpreter !== window.interpreter)
        #expect(!detail.tracker.usesAppInterpreter)
        detail.measured(width: 700, height: 1366)
        await detail.tracker.catchingUp?.value
        #expect(detail.live[viewId: "row", container: "Split"].height == 60)
        // The container's own class asks for its file (absent here); the files the window parsed are not read again.
        #expect(source.reads(of: "Split_iPad.json") == reads.pad, "Split_iPad.json was parsed for the window")
        #expect(source.reads(of: "Split.json") == reads.base, "Split.json was parsed for the window")

        // A hot reload of the shared files reaches the container.
        let folder = try TemporaryFolder()
        try Data(#"{"Split": [{"row": {"height": 61}}]}"#.utf8).write(
            to: folder.url.appendingPathComponent("Split_iPad.json"))
        try Data(#"{"Split": [{"row": {"height": 45}}]}"#.utf8).write(
            to: folder.url.appendingPathComponent("Split.json"))
        let watcher = try window.interpreter.watch(DirectorySource(folder.url), mode: .polling(interval: 60))
        defer { watcher.cancel() }
        #expect(detail.live[viewId: "row", container: "Split"].height == 61)
    }

    @Test func aContainerNeverClaimsTheAppsInterpreterEvenWhenNoWindowHas() throws {
        let app = ConstraintInterpreter(
            source: try DirectorySource(Fixtures.folder("Containers")),
            environment: LayoutEnvironment(width: 1024, height: 1366, idiom: .pad))
        let scope = ContainerScope(in: LiveConstraints(app))
        #expect(scope.interpreter !== app)
        #expect(WindowTracker(for: app).usesAppInterpreter, "the container left the app's interpreter to a window")
    }

    @Test(.timeLimit(.minutes(10)))
    func aContainersInterpreterIsReleasedWithTheContainer() async throws {
        let window = try padWindow()
        var sidebar: ContainerScope? = ContainerScope(in: window.live)
        sidebar?.measured(width: 320, height: 1366)
        await sidebar?.tracker.catchingUp?.value
        #expect(sidebar?.live[viewId: "row", container: "Split"].height == 44)
        weak let interpreter = sidebar?.interpreter
        weak let live = sidebar?.live
        #expect(interpreter != nil)
        sidebar = nil
        #expect(interpreter == nil, "the container's interpreter goes with the container")
        #expect(live == nil)
        #expect(window.live[viewId: "row", container: "Split"].height == 60)
    }
}
