import Dispatch
import Foundation
import Testing

@testable import DeviceConstraints

/// Several windows at once: interpreters made `sharingFilesWith:` another share the source and the file stages, and
/// keep their own environments, records and observers.
struct SharedFilesTests {
    static let iPhone6 = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
    static let iPhone6Landscape = LayoutEnvironment(width: 667, height: 375, idiom: .phone)
    static let pad = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)
    static let slideOver = LayoutEnvironment(width: 320, height: 1024, idiom: .pad)

    static let measureView = "BMTReportMeasureView"
    static let dayButton = "BMTReportCalendarDayButton"
    static let topView = "bmt_reportMeasureViewId_TopView"

    /// The bundled `Constraints/`, counted, with a first window on an iPhone 6.
    private func firstWindow() -> (CountingSource, ConstraintInterpreter) {
        let source = CountingSource(DirectorySource(Fixtures.bundledConstraints))
        return (source, ConstraintInterpreter(source: source, environment: Self.iPhone6))
    }

    static func live(_ edit: Int) -> String {
        // Every record of an edit has width == height == edit: a record mixed from two edits shows at once.
        let records = (0..<20).map { #"{"v\#($0)": {"width": \#(edit), "height": \#(edit)}}"# }
        return #"{"Live": [\#(records.joined(separator: ", "))]}"#
    }

    // MARK: - Sharing the files

    @Test func aSecondWindowOfAClassAlreadyLoadedReadsNoFileAndAnswersAtOnce() async throws {
        let (source, first) = firstWindow()
        try await first.preloadAll()
        let reads = source.totalReads

        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.iPhone6Landscape)
        #expect(
            (
                second.device.name, second.loadedContainers,
                second.cachedRecord(viewId: Self.topView, container: Self.measureView)?.height
            ) == (first.device.name, first.loadedContainers, 105))
        _ = try second.records(container: Self.dayButton)
        #expect(source.totalReads == reads)
    }

    @Test func aWindowOfAClassAlreadyLoadedPublishesEachContainerOnlyWhenItIsFirstAskedFor() async throws {
        let (source, first) = firstWindow()
        try await first.preloadAll()
        let reads = source.totalReads

        // Opening costs nothing per container: none is published until asked for, and none reads a file.
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.iPhone6)
        #expect(second.cache.table(of: Self.measureView) == nil && second.cache.table(of: Self.dayButton) == nil)
        #expect(second.cachedRecord(viewId: Self.topView, container: Self.measureView)?.height == 105)
        #expect(second.cache.table(of: Self.measureView) != nil)
        #expect(second.cache.table(of: Self.dayButton) == nil)
        #expect((second.isLoaded(container: Self.dayButton), source.totalReads) == (true, reads))
    }

    @Test func aReloadReachesAContainerAWindowHadNotAskedForSinceItWasOpened() throws {
        let source = MutableSource(["Live.json": Self.live(1)])
        let first = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        #expect(try first.record(viewId: "v1", container: "Live").width == 1)
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.iPhone6)
        let events = LockedList<ReloadEvent>()
        let observation = second.onReload { events.append($0) }

        source["Live.json"] = Self.live(2)
        first.reload(files: ["Live.json"])
        #expect((events.all, second.cache.table(of: "Live")?.record("v1")?.width) == ([.reloaded(["Live"])], 2))
        withExtendedLifetime(observation) {}
    }

    @Test func aSecondWindowOfAnotherClassReadsOnlyTheFilesTheFirstHasNotAndTheFirstThenReadsNone() async throws {
        let (source, first) = firstWindow()
        try await first.preload(containers: [Self.measureView])
        // The base file BMTReportMeasureView.json is read once, by the first window.
        #expect(source.reads(of: "BMTReportMeasureView.json") == 1)

        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
        #expect(
            try (
                second.device.name, second.isLoaded(container: Self.measureView),
                second.record(viewId: Self.topView, container: Self.measureView).height,
                source.reads(of: "BMTReportMeasureView.json")
            ) == (.iPadPro12Inch, false, 114, 1))
        #expect(source.reads(of: "BMTReportMeasureView_iPad.json") == 1)

        // In the other direction: the first window moving to the pad class finds the second's merge.
        let reads = source.totalReads
        try await first.update(to: Self.pad)
        #expect(
            try (first.record(viewId: Self.topView, container: Self.measureView).height, source.totalReads) == (
                114, reads
            ))
    }

    @Test func eachWindowKeepsItsOwnEnvironmentRecordsAndObservers() async throws {
        let (_, first) = firstWindow()
        try await first.preloadAll()
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.iPhone6)
        let firstChanges = LockedList<EnvironmentChange>()
        let secondChanges = LockedList<EnvironmentChange>()
        let observations = [
            first.onChange { firstChanges.append($0) }, second.onChange { secondChanges.append($0) },
        ]

        try await second.update(to: Self.slideOver)
        #expect(
            (first.environment, second.environment, first.device.name, second.device.name) == (
                Self.iPhone6, Self.slideOver, .iPhone6, .iPhone5
            ))
        #expect(
            try (
                first.record(viewId: Self.topView, container: Self.measureView).marginLeft,
                second.record(viewId: Self.topView, container: Self.measureView).marginLeft, firstChanges.all.isEmpty,
                secondChanges.all.map(\.new)
            ) == (15, 12, true, [Self.slideOver]))
        withExtendedLifetime(observations) {}
    }

    @Test func windowsMadeFromEitherShareTheSameFiles() async throws {
        let (source, first) = firstWindow()
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
        let third = ConstraintInterpreter(sharingFilesWith: second, environment: Self.iPhone6Landscape)
        try await second.preload(containers: [Self.measureView])
        _ = try third.record(viewId: Self.topView, container: Self.measureView)
        _ = try first.record(viewId: Self.topView, container: Self.measureView)
        #expect(
            (source.reads(of: "BMTReportMeasureView.json"), source.reads(of: "BMTReportMeasureView_iPhone6.json")) == (
                1, 1
            ))
    }

    // MARK: - Changes reach every window

    @Test func aReloadSeenByEitherWindowReachesBoth() throws {
        let source = MutableSource(["Live.json": Self.live(1)])
        let first = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
        #expect(
            try (
                first.record(viewId: "v1", container: "Live").width,
                second.record(viewId: "v1", container: "Live").width
            ) == (1, 1))
        let firstEvents = LockedList<ReloadEvent>()
        let secondEvents = LockedList<ReloadEvent>()
        let observations = [
            first.onReload { firstEvents.append($0) }, second.onReload { secondEvents.append($0) },
        ]

        source["Live.json"] = Self.live(2)
        second.reload(files: ["Live.json"])
        #expect(
            (
                first.cachedRecord(viewId: "v1", container: "Live")?.width,
                second.cachedRecord(viewId: "v1", container: "Live")?.width, firstEvents.all, secondEvents.all
            ) == (2, 2, [.reloaded(["Live"])], [.reloaded(["Live"])]))

        source["Live.json"] = Self.live(3)
        first.reload(files: ["Live.json"])
        #expect(second.cachedRecord(viewId: "v1", container: "Live")?.width == 3)
        withExtendedLifetime(observations) {}
    }

    @Test func aWatchOnOneWindowReachesTheOtherAndOutlivesTheWindowThatStartedIt() throws {
        let project = try HotReloadTests.Project(["Card.json": HotReloadTests.card(width: 10)])
        var first: ConstraintInterpreter? = ConstraintInterpreter(
            source: DirectorySource(project.url), environment: Self.iPhone6)
        let second = ConstraintInterpreter(sharingFilesWith: try #require(first), environment: Self.pad)
        let events = HotReloadTests.Events(second)
        let watcher = try #require(first).watch(DirectorySource(project.url), debounce: 0.02)
        #expect(try second.record(viewId: "title", container: "Card").width == 10)

        first = nil
        try project.renameSave("Card.json", HotReloadTests.card(width: 20))
        #expect(
            try (events.waitForReload(of: "Card"), second.record(viewId: "title", container: "Card").width) == (
                true, 20
            ))
        watcher.cancel()
    }

    @Test func anInvalidationInOneWindowReachesTheOther() throws {
        let source = MutableSource(["Live.json": Self.live(1)])
        let first = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
        _ = try first.record(viewId: "v1", container: "Live")
        _ = try second.record(viewId: "v1", container: "Live")

        source["Live.json"] = Self.live(2)
        first.invalidate(container: "Live")
        #expect(
            try (
                second.isLoaded(container: "Live"), second.record(viewId: "v1", container: "Live").width,
                first.record(viewId: "v1", container: "Live").width
            ) == (false, 2, 2))

        source["Live.json"] = Self.live(3)
        second.invalidateAll()
        #expect(try (first.loadedContainers.isEmpty, first.record(viewId: "v1", container: "Live").width) == (true, 3))
    }

    @Test func aLoadInOneWindowBegunBeforeAnInvalidationInTheOtherDoesNotPublish() throws {
        let source = GatedSource(["Live.json": Self.live(1)])
        let first = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
        source.holdNextRead()
        // On a thread of its own: a held read must not block a thread of the tests' cooperative pool.
        let loaded = DispatchSemaphore(value: 0)
        Thread {
            _ = try? second.record(viewId: "v1", container: "Live")
            loaded.signal()
        }.start()
        source.waitUntilHeld()

        source["Live.json"] = Self.live(2)
        first.invalidate(container: "Live")
        source.release()
        loaded.wait()
        // The held load began in the container's generation before the invalidation: whatever it read, it must not
        // publish (a load of the next generation reads the files again).
        #expect(second.cachedRecord(viewId: "v1", container: "Live") == nil)
        #expect(
            try (
                second.record(viewId: "v1", container: "Live").width,
                first.record(viewId: "v1", container: "Live").width
            ) == (2, 2))
    }

    // MARK: - Racing

    @Test func windowsRacingReloadsUpdatesAndInvalidationsNeverSeeAMixAndEndOnTheLastEdit() throws {
        let source = MutableSource(["Live.json": Self.live(0), "Live_iPad.json": Self.live(0)])
        let first = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
        let windows = [first, second]
        let stop = ConditionLocked(false)
        let wrong = LockedList<String>()
        let workers = DispatchGroup()
        for worker in 0..<6 {
            workers.enter()
            Thread {
                var random = SeededRandom(seed: UInt64(worker))
                while !stop.withLock({ $0 }) {
                    let window = windows[random.next(below: 2)]
                    switch random.next(below: 10) {
                    case 0:
                        _ = window.updateNow(to: [Self.iPhone6, Self.pad, Self.slideOver][random.next(below: 3)])
                    case 1:
                        window.invalidate(container: "Live")
                    default:
                        if let record = try? window.record(viewId: "v\(random.next(below: 20))", container: "Live"),
                            record.width != record.height
                        {
                            wrong.append("\(record)")
                        }
                    }
                }
                workers.leave()
            }.start()
        }
        for edit in 1...300 {
            source["Live.json"] = Self.live(edit)
            source["Live_iPad.json"] = Self.live(edit)
            windows[edit % 2].reload(files: ["Live.json", "Live_iPad.json"])
        }
        stop.withLock { $0 = true }
        workers.wait()
        #expect(wrong.all.isEmpty, "\(wrong.all.prefix(3))")
        for window in windows {
            #expect(try window.record(viewId: "v7", container: "Live").width == 300)
        }
    }

    // MARK: - File names in the wrong case

    @Test func aFileWhoseNameDiffersOnlyInCaseIsWarnedAboutOnceWhenItsContainerLoads() throws {
        let log = DiagnosticLog()
        let source = MutableSource([
            "Card.json": #"{"Card": [{"title": {"width": 1}}]}"#,
            "Card_iphone6.json": #"{"Card": [{"title": {"width": 2}}]}"#,
            "header.json": #"{"Header": [{"title": {"width": 3}}]}"#,
        ])
        let interpreter = ConstraintInterpreter(source: source, environment: Self.iPhone6, diagnostics: log.handler)
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 1)
        _ = try interpreter.record(viewId: "title", container: "Card")
        let warnings = log.all.filter { $0.code == .fileNameCase }
        #expect(warnings.map(\.file) == ["Card_iphone6.json"])
        #expect(
            warnings.first?.message.contains("\"Card_iPhone6.json\", the name container \"Card\" is read from") == true)
        #expect(warnings.allSatisfy { $0.severity == .warning })

        // A container none of whose files is found says why in its error, handler or not.
        let error = expectConstraintError {
            try interpreter.record(viewId: "title", container: "Header")
        }
        #expect(
            (error?.code, error?.message.contains("\"header.json\" differs only in case from \"Header.json\"")) == (
                .fileNotFound, true
            ))
    }

    @Test func filesInTheRightCaseAreNotWarnedAbout() async throws {
        let log = DiagnosticLog()
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Fixtures.bundledConstraints), environment: Self.pad, diagnostics: log.handler)
        try await interpreter.preloadAll()
        #expect(log.all.filter { $0.code == .fileNameCase }.isEmpty)
    }

    // MARK: - Versions of a changing source

    /// Between a change of a store's files and its announcement, the stages still hold files of the version before.
    /// A load then (here a hot reload of one file, as a watcher or the app makes it) must not merge what it reads of
    /// the new version with what the stages hold of the old: under ThreadSanitizer's slower scheduling, racing
    /// lookups saw `marginLeft` 7 from one update and `width` 8 from the next.
    @Test func aLoadBetweenAChangeAndItsAnnouncementNeverMergesTwoVersions() throws {
        func files(_ version: Int) -> [String: String] {
            [
                "Card_iPad.json": #"{"Card": [{"title": {"marginLeft": \#(version)}}]}"#,
                "Card.json": #"{"Card": [{"title": {"height": \#(version), "width": \#(version)}}]}"#,
            ]
        }
        let source = VersionedSource(files(1))
        let pad = ConstraintInterpreter(source: source, environment: Self.pad)
        #expect(try pad.record(viewId: "title", container: "Card").marginLeft == 1)

        source.change(files(2))  // made, not yet announced
        pad.reload(files: ["Card.json"])
        let record = try pad.record(viewId: "title", container: "Card")
        #expect([record.marginLeft, record.width] == [2, 2])

        source.announce(["Card_iPad.json", "Card.json"])
        let announced = try pad.record(viewId: "title", container: "Card")
        #expect([announced.marginLeft, announced.height, announced.width] == [2, 2, 2])
    }

    // MARK: - Lifetimes

    @Test func windowsComeAndGoWithoutKeepingEachOtherAlive() async throws {
        let (_, first) = firstWindow()
        try await first.preloadAll()
        weak var gone: ConstraintInterpreter?
        do {
            let second = ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
            _ = try second.record(viewId: Self.topView, container: Self.measureView)
            gone = second
        }
        #expect(gone == nil)
        #expect(
            try (first.files.interpreters.count, first.record(viewId: Self.topView, container: Self.measureView).height)
                == (1, 105))
    }

    /// Break: each interpreter made `sharingFilesWith:` another swept every member for gone ones as it joined, so
    /// opening n windows that all stay took time in n squared (16,000: 8.7 s in a release build).
    @Test(.longTier, .timeLimit(.minutes(10)))
    func manyWindowsSharingOnesFilesOpenInLinearTime() async throws {
        let members = try await LinearTime.expectLinear(
            from: 4_000, "n interpreters sharing one's files, all kept",
            prepare: { count in
                (count, ConstraintInterpreter(source: InMemorySource([:]), environment: Self.iPhone6))
            },
            { count, first in
                let windows = (0..<count).map { _ in
                    ConstraintInterpreter(sharingFilesWith: first, environment: Self.pad)
                }
                return withExtendedLifetime(windows) { first.files.interpreters.count }
            })
        #expect(members == 16_001)
    }
}
