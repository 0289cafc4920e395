import Dispatch
import Foundation
import Observation
import Testing

@testable import DeviceConstraints

/// `LiveConstraints`: records as Observation values, for SwiftUI. The tracking fires exactly when what a read
/// returned changes.
struct LiveConstraintsTests {
    static let iPhone6 = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
    /// Wider, but still the iPhone 6 class.
    static let iPhone6Wider = LayoutEnvironment(width: 380, height: 667, idiom: .phone)
    static let pad = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)

    /// `Card` has a plain view and a view whose width scales with the window; `Other` is never read.
    static let files = [
        "Card.json": #"{"Card": [{"plain": {"width": 10, "height": 20}}, {"wide": {"width": {"scaled": 300}}}]}"#,
        "Card_iPad.json": #"{"Card": [{"plain": {"width": 40}}]}"#,
        "Other.json": #"{"Other": [{"view": {"width": 1}}]}"#,
    ]

    private func live(_ source: MutableSource, log: DiagnosticLog = DiagnosticLog()) -> LiveConstraints {
        LiveConstraints(ConstraintInterpreter(source: source, environment: Self.iPhone6, diagnostics: log.handler))
    }

    /// Whether `change` fires the tracking of what `read` reads.
    private func fires(_ read: () -> Void, when change: () throws -> Void) rethrows -> Bool {
        let fired = ConditionLocked(false)
        withObservationTracking(read) { fired.withLock { $0 = true } }
        try change()
        return fired.withLock { $0 }
    }

    private func fires(_ read: () -> Void, when change: () async throws -> Void) async rethrows -> Bool {
        let fired = ConditionLocked(false)
        withObservationTracking(read) { fired.withLock { $0 = true } }
        try await change()
        return fired.withLock { $0 }
    }

    // MARK: - Reading

    @Test func aRecordReadsAsTheInterpretersLookupDoes() throws {
        let live = live(MutableSource(Self.files))
        let id = ViewID(container: "Card", viewId: "plain")
        #expect(
            (
                live[id], live[viewId: "plain", container: "Card"].height,
                live[viewId: "wide", container: "Card"].width, live.environment
            ) == ((try live.interpreter.record(id)), 20, 300, Self.iPhone6))
        #expect(live.device.name == .iPhone6)
    }

    @Test func aFailedLookupReadsAsTheEmptyRecordAndIsReportedOncePerViewAndCause() throws {
        let log = DiagnosticLog()
        let live = live(MutableSource(Self.files), log: log)
        for _ in 0..<100 {
            #expect(
                (live[viewId: "tilte", container: "Card"], live[viewId: "title", container: "Missing"]) == (
                    ConstraintRecord(), ConstraintRecord()
                ))
        }
        let reports = log.all
        #expect(
            (
                reports.count, reports.allSatisfy { $0.code == .lookupFailed && $0.severity == .warning },
                reports.contains { $0.message.contains("Card.tilte") && $0.message.contains("no view \"tilte\"") },
                reports.contains { $0.message.contains("Missing.title") && $0.message.contains("Missing.json") }
            ) == (2, true, true, true))
    }

    @Test func outsideEveryWindowEveryRecordIsEmptyAndTheWarningSaysWhatToAdd() throws {
        let log = DiagnosticLog()
        let placeholder = LiveConstraints(placeholderReportingTo: log.handler)
        for _ in 0..<10 {
            #expect(placeholder[viewId: "title", container: "Card"] == ConstraintRecord())
        }
        #expect(placeholder.isPlaceholder && LiveConstraints.placeholder.isPlaceholder)
        #expect(
            (
                live(MutableSource(Self.files)).isPlaceholder,
                LiveConstraints.placeholder[viewId: "title", container: "Card"]
            ) == (false, ConstraintRecord()))
        let reports = log.all
        try #require(reports.count == 1)
        #expect(reports[0].code == .lookupFailed && reports[0].keyPath == "Card.title")
        #expect(
            (
                reports[0].message.contains("no .deviceConstraints(_:) encloses"),
                reports[0].message.contains("apply .deviceConstraints(interpreter) to the window's root view")
            ) == (true, true))
    }

    // MARK: - What fires the tracking

    @Test func anUpdateToAnotherClassFiresTheRecordsItChanges() async throws {
        let live = live(MutableSource(Self.files))
        let fired = try await fires(
            { _ = live[viewId: "plain", container: "Card"] },
            when: {
                try await live.update(to: Self.pad)
            })
        #expect((fired, live[viewId: "plain", container: "Card"].width) == (true, 40))
    }

    @Test func aResizeFiresAScaledValueItReadButNotAPlainOneOfTheSameContainer() throws {
        let live = live(MutableSource(Self.files))
        _ = live[viewId: "wide", container: "Card"]
        let plainFired = fires(
            { _ = live[viewId: "plain", container: "Card"] },
            when: {
                live.updateNow(to: Self.iPhone6Wider)
            })
        #expect(!plainFired)
        let scaledFired = fires(
            { _ = live[viewId: "wide", container: "Card"] },
            when: {
                live.updateNow(to: Self.iPhone6)
            })
        #expect((scaledFired, live[viewId: "wide", container: "Card"].width) == (true, 300))
    }

    @Test func aResizeWithinAClassFiresTheEnvironmentButNotTheDevice() throws {
        let live = live(MutableSource(Self.files))
        #expect(
            (
                fires({ _ = live.environment }, when: { live.updateNow(to: Self.iPhone6Wider) }),
                fires({ _ = live.device }, when: { live.updateNow(to: Self.iPhone6) }), live.environment,
                fires({ _ = live.device }, when: { live.updateNow(to: Self.pad) })
            ) == (true, false, Self.iPhone6, true))
        #expect(live.device.name == .iPadPro12Inch)
    }

    @Test func aHotReloadFiresTheContainerItChangesAndNoOther() throws {
        let source = MutableSource(Self.files)
        let live = live(source)
        _ = live[viewId: "view", container: "Other"]
        _ = live[viewId: "plain", container: "Card"]
        source["Card.json"] = #"{"Card": [{"plain": {"width": 11, "height": 20}}, {"wide": {"width": 1}}]}"#
        let otherFired = fires(
            { _ = live[viewId: "view", container: "Other"] },
            when: {
                live.interpreter.reload(files: ["Card.json"])
            })
        #expect(!otherFired)

        source["Card.json"] = #"{"Card": [{"plain": {"width": 12, "height": 20}}, {"wide": {"width": 1}}]}"#
        let cardFired = fires(
            { _ = live[viewId: "plain", container: "Card"] },
            when: {
                live.interpreter.reload(files: ["Card.json"])
            })
        #expect((cardFired, live[viewId: "plain", container: "Card"].width) == (true, 12))
    }

    /// From a compiled table, a read of a container not loaded is answered in place and the container loads in the
    /// background: the read is the lookup's record, and once the container is published an edited file fires it.
    @Test(.timeLimit(.minutes(10)))
    func aReadFromACompiledTableIsAnsweredInPlaceAndTrackedOnceItsContainerLoads() async throws {
        let (interpreter, source) = try Self.compiledInterpreter()
        let live = LiveConstraints(interpreter)
        let plain = live[viewId: "plain", container: "Card"]
        #expect((plain.width, plain.height, live[viewId: "wide", container: "Card"].width) == (10, 20, 300))
        while !interpreter.isLoaded(container: "Card") { try await Task.sleep(nanoseconds: 1_000_000) }
        #expect(live[viewId: "plain", container: "Card"] == plain)
        source["Card.json"] = #"{"Card": [{"plain": {"width": 12, "height": 20}}, {"wide": {"width": 1}}]}"#
        let fired = fires(
            { _ = live[viewId: "plain", container: "Card"] }, when: { interpreter.reload(files: ["Card.json"]) })
        #expect((fired, live[viewId: "plain", container: "Card"].width) == (true, 12))
    }

    /// A container preloaded from a compiled table is unread (its records read where they lie, one by one): a read
    /// of it is answered in place, loads it whole in the background, and is tracked once it has.
    @Test(.timeLimit(.minutes(10)))
    func aReadOfAContainerPreloadedFromACompiledTableIsTrackedOnceItLoadsWhole() async throws {
        let (interpreter, source) = try Self.compiledInterpreter()
        try await interpreter.preload(containers: ["Card"])
        #expect(interpreter.cache.isUnread("Card"))
        let live = LiveConstraints(interpreter)
        let plain = live[viewId: "plain", container: "Card"]
        #expect((plain.width, plain.height) == (10, 20))
        #expect(await waitUntil { !interpreter.cache.isUnread("Card") }, "not loaded whole")
        #expect(live[viewId: "plain", container: "Card"] == plain)
        source["Card.json"] = #"{"Card": [{"plain": {"width": 12, "height": 20}}, {"wide": {"width": 1}}]}"#
        let fired = fires(
            { _ = live[viewId: "plain", container: "Card"] }, when: { interpreter.reload(files: ["Card.json"]) })
        #expect((fired, live[viewId: "plain", container: "Card"].width) == (true, 12))
    }

    /// An interpreter for `iPhone6` over a table compiled from ``files``, and its JSON (changeable).
    private static func compiledInterpreter() throws -> (ConstraintInterpreter, MutableSource) {
        let source = MutableSource(files)
        let compiled = files.map { (name: $0.key, data: Data($0.value.utf8)) }
        let table = try CompiledTable(data: try CompiledTable.compile(compiled), name: "T.dctable")
        let interpreter = ConstraintInterpreter(
            source: CompiledTableSource(table: table, fallback: source), environment: iPhone6, diagnostics: nil)
        return (interpreter, source)
    }

    @Test func anInvalidationFiresItsContainerAndTheNextReadHasTheNewFiles() throws {
        let source = MutableSource(Self.files)
        let live = live(source)
        source["Card.json"] = #"{"Card": [{"plain": {"width": 13}}]}"#
        let fired = fires(
            { _ = live[viewId: "plain", container: "Card"] },
            when: {
                live.interpreter.invalidate(container: "Card")
            })
        #expect((fired, live[viewId: "plain", container: "Card"].width) == (true, 13))
    }

    @Test func aContainerWhoseFileArrivesLaterIsReadAfterItsInvalidation() throws {
        let source = MutableSource(Self.files)
        let live = live(source)
        #expect(live[viewId: "banner", container: "Promo"] == ConstraintRecord())
        // A resize within the class does not retry a container that could not load.
        #expect(
            !fires({ _ = live[viewId: "banner", container: "Promo"] }, when: { live.updateNow(to: Self.iPhone6Wider) }))

        source["Promo.json"] = #"{"Promo": [{"banner": {"height": 80}}]}"#
        #expect(
            fires(
                { _ = live[viewId: "banner", container: "Promo"] },
                when: {
                    live.interpreter.invalidate(container: "Promo")
                }))
        #expect(live[viewId: "banner", container: "Promo"].height == 80)
    }

    // A failed read is observed like any other: the change that makes it succeed reaches the view (issue 27).

    /// A container with no file yet (nil), or whose file does not parse (a trailing comma).
    @Test(arguments: [nil, #"{"Promo": [{"banner": {"height": 7,}}]}"#])
    func aContainerWhoseFileAHotReloadAddsOrMendsFiresAndReadsTheNewRecord(before: String?) throws {
        let source = MutableSource(Self.files)
        if let before { source["Promo.json"] = before }
        let live = live(source)
        #expect(live[viewId: "banner", container: "Promo"] == ConstraintRecord())
        source["Promo.json"] = #"{"Promo": [{"banner": {"height": 7}}]}"#
        #expect(
            fires(
                { _ = live[viewId: "banner", container: "Promo"] },
                when: { live.interpreter.reload(files: ["Promo.json"]) }))
        #expect(live[viewId: "banner", container: "Promo"].height == 7)
    }

    @Test func aChangeToAnotherContainersFileDoesNotFireAFailedRead() throws {
        let source = MutableSource(Self.files)
        let live = live(source)
        #expect(live[viewId: "banner", container: "Promo"] == ConstraintRecord())
        source["Other.json"] = #"{"Other": [{"view": {"width": 2}}]}"#
        #expect(
            !fires(
                { _ = live[viewId: "banner", container: "Promo"] },
                when: { live.interpreter.reload(files: ["Other.json"]) }))
    }

    @Test func aContainerAnInstallAddsFiresAgainAfterARollbackAndAnotherInstall() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let live = LiveConstraints(ConstraintInterpreter(source: store, environment: Windows.phone))
        let read = { _ = live[viewId: "banner", container: "Promo"] }
        #expect(live[viewId: "banner", container: "Promo"] == ConstraintRecord())
        let promo = ["Promo.json": #"{"Promo": [{"banner": {"height": 7}}]}"#]
        #expect(
            try await fires(read) {
                try await store.install(textUpdate("2", promo), verify: acceptEverything)
            })
        #expect(
            try await (
                live[viewId: "banner", container: "Promo"].height, fires(read) { try await store.rollback() },
                live[viewId: "banner", container: "Promo"]
            ) == (7, true, ConstraintRecord()))
        #expect(
            try await fires(read) {
                try await store.install(textUpdate("3", promo), verify: acceptEverything)
            })
        #expect(live[viewId: "banner", container: "Promo"].height == 7)
    }

    @Test func aContainerTheNewFolderOfAWatchHoldsFiresAndReadsTheNewRecord() throws {
        let folder = try TemporaryFolder()
        try Data(#"{"Promo": [{"banner": {"height": 7}}]}"#.utf8).write(
            to: folder.url.appendingPathComponent("Promo.json"))
        let live = live(MutableSource(Self.files))
        #expect(live[viewId: "banner", container: "Promo"] == ConstraintRecord())
        let watcher = ConditionLocked<DirectoryWatcher?>(nil)
        #expect(
            try fires(
                { _ = live[viewId: "banner", container: "Promo"] },
                when: {
                    let started = try live.interpreter.watch(DirectorySource(folder.url), mode: .polling(interval: 60))
                    watcher.withLock { $0 = started }
                }))
        watcher.withLock { $0?.cancel() }
        #expect(live[viewId: "banner", container: "Promo"].height == 7)
    }

    @Test func aChangeOfAnotherWindowDoesNotFireButASharedReloadDoes() throws {
        let source = MutableSource(Self.files)
        let live = live(source)
        let other = ConstraintInterpreter(sharingFilesWith: live.interpreter, environment: Self.iPhone6)
        _ = try other.record(viewId: "plain", container: "Card")
        #expect(!fires({ _ = live[viewId: "plain", container: "Card"] }, when: { _ = other.updateNow(to: Self.pad) }))

        source["Card.json"] = #"{"Card": [{"plain": {"width": 14}}]}"#
        #expect(
            (
                fires({ _ = live[viewId: "plain", container: "Card"] }, when: { other.reload(files: ["Card.json"]) }),
                live[viewId: "plain", container: "Card"].width
            ) == (true, 14))
    }

    // MARK: - Racing

    @Test func readersRacingUpdatesReloadsAndInvalidationsEndOnTheLastValues() throws {
        let source = MutableSource(["Live.json": SharedFilesTests.live(0), "Live_iPad.json": SharedFilesTests.live(0)])
        let live = LiveConstraints(ConstraintInterpreter(source: source, environment: Self.iPhone6))
        let stop = ConditionLocked(false)
        let wrong = LockedList<String>()
        let readers = DispatchGroup()
        for reader in 0..<4 {
            readers.enter()
            Thread {
                var random = SeededRandom(seed: UInt64(reader))
                while !stop.withLock({ $0 }) {
                    switch random.next(below: 16) {
                    case 0, 1:
                        live.updateNow(to: [Self.iPhone6, Self.iPhone6Wider, Self.pad][random.next(below: 3)])
                        continue
                    case 2:
                        live.interpreter.invalidate(container: "Live")
                        continue
                    default:
                        break
                    }
                    let record = live[viewId: "v\(random.next(below: 20))", container: "Live"]
                    if record.width != record.height { wrong.append("\(record)") }
                }
                readers.leave()
            }.start()
        }
        for edit in 1...800 {
            source["Live.json"] = SharedFilesTests.live(edit)
            source["Live_iPad.json"] = SharedFilesTests.live(edit)
            live.interpreter.reload(files: ["Live.json", "Live_iPad.json"])
        }
        stop.withLock { $0 = true }
        readers.wait()
        #expect(wrong.all.isEmpty, "\(wrong.all.prefix(3))")
        for view in 0..<20 { #expect(live[viewId: "v\(view)", container: "Live"].width == 800) }
    }

    @Test func aTextSizeChangeFiresAFontItReadButNotAPlainRecordOfTheSameContainer() throws {
        let source = MutableSource([
            "Card.json": #"{"Card": [{"title": {"fontSize": 17}}, {"line": {"height": 1}}]}"#
        ])
        let live = live(source)
        _ = live[viewId: "title", container: "Card"]
        let plainFired = fires(
            { _ = live[viewId: "line", container: "Card"] },
            when: { live.interpreter.updateNow(to: Self.iPhone6.withTextSize(.xxLarge)) })
        #expect(!plainFired)
        let fontFired = fires(
            { _ = live[viewId: "title", container: "Card"] },
            when: { live.interpreter.updateNow(to: Self.iPhone6) })
        #expect((fontFired, live[viewId: "title", container: "Card"].fontSize) == (true, 17))
    }
}
