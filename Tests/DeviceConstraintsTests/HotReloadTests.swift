import Dispatch
import Foundation
import Testing

@testable import DeviceConstraints

/// Hot reload on real files in temporary folders, through every way an editor saves.
struct HotReloadTests {
    /// A temporary folder of constraint files, removed at the end.
    final class Project: @unchecked Sendable {
        let url: URL

        init(_ files: [String: String]) throws {
            url = FileManager.default.temporaryDirectory
                .appendingPathComponent("HotReload-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for (name, text) in files { try write(name, text) }
        }

        deinit { try? FileManager.default.removeItem(at: url) }

        func path(_ name: String) -> String { url.appendingPathComponent(name).path }

        func write(_ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: url.appendingPathComponent(name))
        }

        /// Xcode and most editors: write a temporary file, rename it over the original.
        func renameSave(_ name: String, _ text: String) throws {
            try write(".\(name).tmp", text)
            #expect(rename(path(".\(name).tmp"), path(name)) == 0)
        }

        /// vim: rename the original to a backup, write the new file, delete the backup.
        func vimSave(_ name: String, _ text: String) throws {
            #expect(rename(path(name), path("\(name)~")) == 0)
            try write(name, text)
            try FileManager.default.removeItem(atPath: path("\(name)~"))
        }

        func delete(_ name: String) throws {
            try FileManager.default.removeItem(atPath: path(name))
        }
    }

    /// Reload events, collected; waits are bounded.
    final class Events: Sendable {
        private let list: ConditionLocked<[ReloadEvent]>
        private let observation: ConstraintObservation

        init(_ interpreter: ConstraintInterpreter) {
            let list = ConditionLocked<[ReloadEvent]>([])
            self.list = list
            observation = interpreter.onReload { event in list.withLock { $0.append(event) } }
        }

        var all: [ReloadEvent] { list.withLock { $0 } }

        /// Waits for an event that `matches`, at most ``patience`` seconds (it returns as soon as one comes).
        func wait(for matches: (ReloadEvent) -> Bool) -> ReloadEvent? {
            let deadline = MonotonicClock.now() + patience
            while MonotonicClock.now() < deadline {
                if let event = all.first(where: matches) { return event }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return nil
        }

        func waitForReload(of container: String) -> Bool {
            wait { if case .reloaded(let containers) = $0 { containers.contains(container) } else { false } } != nil
        }

        /// Waits for reloads of `container` until `settled` holds right after one, or the patience runs out: a save
        /// in several steps (vim's, a delete and a recreate) may reach the watcher in two reports when this thread is
        /// held up between its steps, and the first reload then sees the file half saved.
        func waitForReload(of container: String, until settled: () -> Bool) -> Bool {
            var seen = 0
            let deadline = MonotonicClock.now() + patience
            while MonotonicClock.now() < deadline {
                let reloads = all.filter {
                    if case .reloaded(let containers) = $0 { containers.contains(container) } else { false }
                }.count
                if reloads > seen {
                    seen = reloads
                    if settled() { return true }
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return false
        }

        func clear() { list.withLock { $0 = [] } }
    }

    static func card(width: Double) -> String { #"{"Card": [{"title": {"width": \#(width), "height": 20}}]}"# }
    static let phone = LayoutEnvironment(width: 375, height: 667, idiom: .phone)

    private func watched(_ project: Project) throws -> (ConstraintInterpreter, Events, DirectoryWatcher) {
        let interpreter = ConstraintInterpreter(source: InMemorySource([:]), environment: Self.phone)
        let events = Events(interpreter)
        let watcher = try interpreter.watch(DirectorySource(project.url))
        return (interpreter, events, watcher)
    }

    // MARK: - Every way an editor saves

    @Test(.timeLimit(.minutes(10)), arguments: ["in place", "rename over", "vim", "delete and recreate"])
    func everyWayOfSavingIsSeenAndTheNewValuesAnswerAtOnce(_ way: String) throws {
        let project = try Project(["Card_iPhone6.json": Self.card(width: 1)])
        let (interpreter, events, watcher) = try watched(project)
        defer { watcher.cancel() }
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 1)
        switch way {
        case "in place": try project.write("Card_iPhone6.json", Self.card(width: 2))
        case "rename over": try project.renameSave("Card_iPhone6.json", Self.card(width: 2))
        case "vim": try project.vimSave("Card_iPhone6.json", Self.card(width: 2))
        default:
            try project.delete("Card_iPhone6.json")
            Thread.sleep(forTimeInterval: 0.01)
            try project.write("Card_iPhone6.json", Self.card(width: 2))
        }
        // Right after a reload, the new values answer.
        #expect(
            events.waitForReload(of: "Card") {
                (try? interpreter.record(viewId: "title", container: "Card"))?.width == 2
            })
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 2)
    }

    @Test(.timeLimit(.minutes(10)))
    func aNewFileAndADeletedFileMoveTheContainerAlongItsChain() throws {
        let project = try Project(["Card.json": Self.card(width: 1)])
        let (interpreter, events, watcher) = try watched(project)
        defer { watcher.cancel() }
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 1)
        try project.write("Card_iPhone6.json", #"{"Card": [{"title": {"width": 5}}]}"#)
        #expect(events.waitForReload(of: "Card"))
        let record = try interpreter.record(viewId: "title", container: "Card")
        #expect(record.width == 5 && record.height == 20)  // merged with the base file
        events.clear()
        try project.delete("Card_iPhone6.json")
        #expect(events.waitForReload(of: "Card"))
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 1)  // back to the base file
    }

    // MARK: - A bad edit never loses anything

    @Test(.timeLimit(.minutes(10)))
    func aBadEditIsRejectedWithItsPlaceAndTheLastGoodValuesStayUntilItIsFixed() throws {
        let project = try Project(["Card_iPhone6.json": Self.card(width: 1)])
        let (interpreter, events, watcher) = try watched(project)
        defer { watcher.cancel() }
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 1)
        try project.renameSave("Card_iPhone6.json", #"{"Card": [{"title": {"width": "wide"}}]}"#)
        let rejected = events.wait { if case .rejected = $0 { true } else { false } }
        guard case .rejected(let error)? = rejected else {
            Issue.record("no rejection: \(events.all)")
            return
        }
        #expect(
            try (
                error.description.hasPrefix(#"Card_iPhone6.json:1:31: error: "width" must be a number"#),
                interpreter.record(viewId: "title", container: "Card").width
            ) == (true, 1))
        try project.renameSave("Card_iPhone6.json", Self.card(width: 3))
        #expect(
            try (events.waitForReload(of: "Card"), interpreter.record(viewId: "title", container: "Card").width) == (
                true, 3
            ))
    }

    // MARK: - Only what changed

    @Test(.timeLimit(.minutes(10)))
    func anEditReloadsOnlyTheContainersWhoseChainReadsItAndLoadsNothingNew() throws {
        let project = try Project([
            "Card_iPhone6.json": Self.card(width: 1),
            "Feed.json": #"{"Feed": {"grid": {"width": 7}}}"#,
            "Cold.json": #"{"Cold": {"a": {"width": 1}}}"#,
        ])
        let (interpreter, events, watcher) = try watched(project)
        defer { watcher.cancel() }
        _ = try interpreter.record(viewId: "title", container: "Card")
        _ = try interpreter.record(viewId: "grid", container: "Feed")
        let feed = try #require(interpreter.cache.table(of: "Feed"))
        try project.renameSave("Card_iPhone6.json", Self.card(width: 2))
        try project.write("Cold.json", #"{"Cold": {"a": {"width": 2}}}"#)
        try project.write("Card_iPad.json", #"{"Card": {"title": {"width": 9}}}"#)  // not on the phone's chain
        #expect(events.waitForReload(of: "Card"))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(events.all == [.reloaded(["Card"])])
        #expect(interpreter.cache.table(of: "Feed") === feed)
        #expect(
            try (interpreter.isLoaded(container: "Cold"), interpreter.record(viewId: "title", container: "Card").width)
                == (false, 2))
    }

    // MARK: - Consistency under load

    /// Lookups on eight threads racing 1,000 edits (each read through the reload path; 200 in the quick tier, see
    /// ``TestTier``) never see a container mixed from two edits, and after the last edit every lookup answers with it.
    @Test(.timeLimit(.minutes(10)))
    func lookupsRacingAThousandEditsNeverSeeAMixAndEndOnTheLastEdit() throws {
        func file(_ edit: Int) -> String {
            let views = (0..<20).map { #"{"v\#($0)": {"width": \#(edit), "height": \#(edit)}}"# }
            return #"{"Live": [\#(views.joined(separator: ","))]}"#
        }
        let project = try Project(["Live_iPhone6.json": file(0)])
        let interpreter = ConstraintInterpreter(source: DirectorySource(project.url), environment: Self.phone)
        _ = try interpreter.records(container: "Live")
        let stop = ConditionLocked(false)
        let wrong = ConditionLocked<[String]>([])
        let readers = DispatchGroup()
        for worker in 0..<8 {
            readers.enter()
            Thread {
                var index = worker
                while !stop.withLock({ $0 }) {
                    index += 1
                    // A breath now and then, as layout passes have: readers that never pause starve the writer.
                    if index % 200 == 0 { usleep(20) }
                    if index % 20 == 0, let records = try? interpreter.records(container: "Live") {
                        let edits = Set(records.values.map(\.width))
                        if edits.count != 1 { wrong.withLock { $0.append("mixed: \(edits.sorted())") } }
                    } else if let record = try? interpreter.record(viewId: "v\(index % 20)", container: "Live"),
                        record.width != record.height
                    {
                        wrong.withLock { $0.append("\(record)") }
                    }
                }
                readers.leave()
            }.start()
        }
        let edits = TestTier.size(quick: 200, long: 1_000)
        for edit in 1...edits {
            try project.write("Live_iPhone6.json", file(edit))
            interpreter.reload(files: ["Live_iPhone6.json"])
        }
        stop.withLock { $0 = true }
        readers.wait()
        #expect(wrong.withLock { $0 }.isEmpty, "\(wrong.withLock { $0.prefix(3) })")
        #expect(try interpreter.record(viewId: "v7", container: "Live").width == Double(edits))
    }

    // MARK: - Quiet and tidy

    @Test(.timeLimit(.minutes(10)))
    func theWatchEndsWhenTheInterpreterIsReleasedOrTheWatcherCancelled() throws {
        let project = try Project(["Card_iPhone6.json": Self.card(width: 1)])
        var interpreter: ConstraintInterpreter? = ConstraintInterpreter(
            source: InMemorySource([:]), environment: Self.phone)
        let watcher = try #require(try interpreter?.watch(DirectorySource(project.url)))
        #expect(!watcher.isCancelled)
        weak let weakInterpreter = interpreter
        interpreter = nil
        #expect(weakInterpreter == nil && watcher.isCancelled)

        let second = ConstraintInterpreter(source: InMemorySource([:]), environment: Self.phone)
        let first = try second.watch(DirectorySource(project.url))
        let replacement = try second.watch(DirectorySource(project.url))
        #expect(first.isCancelled)  // watching again ends the earlier watch
        replacement.cancel()
        #expect(replacement.isCancelled)
    }

    @Test func watchingAMissingFolderSaysSo() {
        let interpreter = ConstraintInterpreter(source: InMemorySource([:]), environment: Self.phone)
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        expectConstraintError { try interpreter.watch(DirectorySource(missing)) }
    }
}
