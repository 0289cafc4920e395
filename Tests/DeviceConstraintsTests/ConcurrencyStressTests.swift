import Dispatch
import Foundation
import Testing

@testable import DeviceConstraints

// Types named like the stress containers, for lookups by type.
private struct C0 {}
private struct C1 {}
private struct C2 {}
private struct C3 {}
private struct C4 {}

/// Hammers the interpreter from many threads at once. CI also runs this under ThreadSanitizer
/// (`swift test --sanitize=thread`), which is what makes it a test of the locking and not only of the results.
struct ConcurrencyStressTests {
    static let containers = 40
    static let views = 30
    /// The rounds of the resize races, and the lookups of the readers, are a fifth in the quick tier (``TestTier``).
    static let rounds = TestTier.size(quick: 4, long: 20)
    static let lookups = TestTier.size(quick: 20_000, long: 100_000)

    /// Each container `C<i>` has a device file that sets `width = i` and a base file that sets `height = view`.
    static func source() -> InMemorySource {
        InMemorySource(files())
    }

    /// The files of ``source()``, by name.
    static func files() -> [String: String] {
        var files: [String: String] = [:]
        for container in 0..<containers {
            let device = (0..<views).map { #"{"v\#($0)": {"width": \#(container)}}"# }.joined(separator: ",")
            let base = (0..<views).map { #"{"v\#($0)": {"height": \#($0), "width": -1}}"# }.joined(separator: ",")
            files["C\(container)_iPhone6.json"] = #"{"C\#(container)": [\#(device)]}"#
            files["C\(container).json"] = #"{"C\#(container)": [\#(base)]}"#
        }
        return files
    }

    /// Looks view `v<view>` of container `C<container>` up, adding to `wrong` what is not the record ``source()``
    /// gives it (`width = container`, `height = view`) or the error.
    private static func lookUp(
        _ view: Int, in container: Int, of interpreter: ConstraintInterpreter, wrong: LockedList<String>
    ) {
        do {
            let record = try interpreter.record(viewId: "v\(view)", container: "C\(container)")
            if record.width != Double(container) || record.height != Double(view) {
                wrong.append("C\(container).v\(view): \(record)")
            }
        } catch {
            wrong.append("C\(container).v\(view): \(error)")
        }
    }

    /// First lookups from a compiled table read the view in place and load the container in the background; with
    /// containers invalidated all the while, so that lookups keep meeting containers not loaded, every record is
    /// right, whichever of the in-place read, the background load or a hit gave it.
    @Test(.timeLimit(.minutes(10)))
    func firstLookupsReadInPlaceFromManyThreadsAmidInvalidationsGiveTheRightRecords() throws {
        let interpreter = try Self.compiledInterpreter(device: DeviceCatalog.profile(.iPhone14Pro))
        let wrong = Self.fiveReadersAndAChanger(of: interpreter) { index, container in
            if index % 500 == 0 {
                interpreter.invalidateAll()
            } else {
                interpreter.invalidate(container: "C\(container)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Lookups in containers preloaded from a compiled table (unread: each record read where it lies on its first
    /// lookup and kept), with the containers preloaded again, invalidated, and switched to another text size (each
    /// unread container then starts over, unread) all the while: every record is right, whichever of a record kept,
    /// an in-place read or a load gave it.
    @Test(.timeLimit(.minutes(10)))
    func lookupsInContainersPreloadedFromATableFromManyThreadsAmidPreloadsInvalidationsAndSwitchesGiveTheRightRecords()
        throws
    {
        let device = try DeviceCatalog.profile(.iPhone6)
        let interpreter = try Self.compiledInterpreter(device: device)
        for container in 0..<Self.containers { #expect(interpreter.publishUnread(["C\(container)"]).isEmpty) }
        let wrong = Self.fiveReadersAndAChanger(of: interpreter) { index, container in
            switch index % 40 {
            case 0: interpreter.invalidate(container: "C\(container)")
            case 10:
                interpreter.updateNow(
                    to: LayoutEnvironment(
                        width: device.width, height: device.height, idiom: device.idiom,
                        textSize: index % 80 == 10 ? .accessibility2 : .large))
            default: _ = interpreter.publishUnread(["C\(container)"])
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// An interpreter for `device` over a table compiled from ``files()``, with ``source()`` as its JSON.
    private static func compiledInterpreter(device: DeviceProfile) throws -> ConstraintInterpreter {
        let files = files().map { (name: $0.key, data: Data($0.value.utf8)) }
        let table = try CompiledTable(data: try CompiledTable.compile(files), name: "T.dctable")
        return ConstraintInterpreter(source: CompiledTableSource(table: table, fallback: source()), device: device)
    }

    /// Six threads: five look views up (a quarter of ``lookups`` each, spread over the containers), the sixth calls
    /// `change` with the index and a container at every tenth step instead. Returns what the lookups found wrong.
    private static func fiveReadersAndAChanger(
        of interpreter: ConstraintInterpreter, change: @Sendable (_ index: Int, _ container: Int) -> Void
    ) -> [String] {
        let wrong = LockedList<String>()
        let lookupsPerReader = lookups / 4
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            for index in 0..<lookupsPerReader {
                let container = (index * 7 + worker) % containers
                let view = (index + worker) % views
                if worker == 5, index % 10 == 0 {
                    change(index, container)
                    continue
                }
                lookUp(view, in: container, of: interpreter, wrong: wrong)
            }
        }
        return wrong.all
    }

    @Test(.timeLimit(.minutes(10)))
    func eightReadersKeepGettingTheRightRecordsWhileOtherThreadsLoadAndPreload() async throws {
        let source = CountingSource(Self.source())
        let interpreter = ConstraintInterpreter(source: source, device: try DeviceCatalog.profile(.iPhone14Pro))
        try await interpreter.preload(containers: (0..<10).map { "C\($0)" })

        let wrong = LockedList<String>()
        let lookupsPerReader = Self.lookups
        let preloaded = ConditionLocked(false)
        DispatchQueue.concurrentPerform(iterations: 10) { worker in
            switch worker {
            case 8:
                // New containers loading synchronously, as a cache miss on the layout path would.
                for container in 10..<25 { _ = try? interpreter.records(container: "C\(container)") }
            case 9:
                // The completion-handler preload, racing the readers and the loader above. Not waited for here: its
                // task needs a thread of the pool these iterations run on.
                interpreter.preload(containers: (20..<40).map { "C\($0)" }) { _ in preloaded.withLock { $0 = true } }
            default:
                for index in 0..<lookupsPerReader {
                    // Mostly hits in preloaded containers; every 997th lookup may meet a cold container.
                    let container = index % 997 == 0 ? 10 + (index / 997) % 30 : (index + worker) % 10
                    Self.lookUp(index % Self.views, in: container, of: interpreter, wrong: wrong)
                }
            }
        }
        #expect(await waitUntil { preloaded.withLock { $0 } }, "the completion-handler preload did not finish")
        #expect(wrong.all.isEmpty, "\(wrong.all.prefix(3))")
        #expect(interpreter.loadedContainers.count == Self.containers)
        for container in 0..<Self.containers {
            #expect(source.reads(of: "C\(container)_iPhone6.json") == 1, "C\(container) was read more than once")
        }
    }

    @Test func invalidatingWhileReadingByNameAndByTypeNeverReturnsAWrongRecord() throws {
        let interpreter = ConstraintInterpreter(source: Self.source(), device: try DeviceCatalog.profile(.iPhone6))
        let wrong = LockedList<String>()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<Self.lookups / 5 {
                if worker == 0, index % 100 == 0 {
                    interpreter.invalidate(container: "C\(index % 5)")
                    continue
                }
                let container = index % 5
                let viewId = "v\(index % Self.views)"
                let types: [Any.Type] = [C0.self, C1.self, C2.self, C3.self, C4.self]
                // Half the lookups go by type, through the cache's per-type tables.
                let record =
                    worker % 2 == 0
                    ? try? interpreter.record(viewId: viewId, container: "C\(container)")
                    : try? interpreter.record(viewId: viewId, in: types[container])
                if record?.width != Double(container) { wrong.append("C\(container): \(String(describing: record))") }
            }
        }
        #expect(wrong.all.isEmpty, "\(wrong.all.prefix(3))")
    }

    /// A container of many scaled views, so that a resize spends milliseconds resolving it: long enough for
    /// another thread to load, or invalidate, a container meanwhile.
    private static func resizeRaceFiles() -> MutableSource {
        let views = (0..<20_000).map { #""v\#($0)": {"width": {"scaled": 100}}"# }.joined(separator: ", ")
        return MutableSource([
            "Big.json": #"{"Big": {\#(views)}}"#,
            "Small.json": #"{"Small": {"v": {"width": {"scaled": 100}}}}"#,
        ])
    }

    /// Both resolve to iPhone6 (design width 375): a scaled 100 reads 100 at 375 points, and 100 × 385 ÷ 375
    /// rounded to the pixel at 2×, 102.5, at 385.
    private static let narrow = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
    private static let wide = LayoutEnvironment(width: 385, height: 667, idiom: .phone)

    /// A load that began for the old window and publishes while a resize resolves the other containers must not
    /// stay behind with the old window's values (the audit of the staged caches found such records).
    @Test(.timeLimit(.minutes(10)))
    func aContainerLoadedWhileAResizeResolvesIsNotLeftWithTheOldWindowsValues() throws {
        let interpreter = ConstraintInterpreter(source: Self.resizeRaceFiles(), environment: Self.narrow)
        _ = try interpreter.record(viewId: "v0", container: "Big")
        for round in 0..<Self.rounds {
            interpreter.invalidate(container: "Small")
            let started = DispatchSemaphore(value: 0)
            let loaded = DispatchSemaphore(value: 0)
            Thread {
                started.signal()
                _ = try? interpreter.record(viewId: "v", container: "Small")
                loaded.signal()
            }.start()
            started.wait()
            let target = round % 2 == 0 ? Self.wide : Self.narrow
            _ = interpreter.updateNow(to: target)
            loaded.wait()
            let expected = target == Self.wide ? 102.5 : 100
            let cached = interpreter.cachedRecord(viewId: "v", container: "Small")
            #expect(cached == nil || cached?.width == expected, "round \(round): \(String(describing: cached))")
            #expect(
                try (
                    interpreter.record(viewId: "v", container: "Small").width,
                    interpreter.record(viewId: "v19999", container: "Big").width
                ) == (expected, expected))
        }
    }

    /// An invalidation while a resize resolves the container it invalidates must not be undone by the resize
    /// publishing the container's old table (a lost invalidation: the edited file would never be read).
    @Test(.timeLimit(.minutes(10)))
    func anInvalidationWhileAResizeResolvesTheContainerIsNotLost() throws {
        let source = Self.resizeRaceFiles()
        let interpreter = ConstraintInterpreter(source: source, environment: Self.narrow)
        for round in 0..<Self.rounds {
            source["Small.json"] = #"{"Small": {"v": {"height": \#(round)}}}"#
            _ = try interpreter.record(viewId: "v0", container: "Big")
            let started = DispatchSemaphore(value: 0)
            let invalidated = DispatchSemaphore(value: 0)
            Thread {
                started.signal()
                // Most of the time this lands while the resize below resolves Big.
                Thread.sleep(forTimeInterval: 0.001)
                source["Big.json"] = #"{"Big": {"v0": {"height": \#(round)}}}"#
                interpreter.invalidate(container: "Big")
                invalidated.signal()
            }.start()
            started.wait()
            _ = interpreter.updateNow(to: round % 2 == 0 ? Self.wide : Self.narrow)
            invalidated.wait()
            let record = try interpreter.record(viewId: "v0", container: "Big")
            #expect(record.height == Double(round), "round \(round): \(record)")
            source["Big.json"] = Self.resizeRaceFiles()["Big.json"]
            interpreter.invalidate(container: "Big")
        }
    }

    /// Lookups on eight threads racing environment updates between two classes: every record, and every whole
    /// container, comes from one class, never a mix; after the last update every lookup answers for it.
    @Test(.timeLimit(.minutes(10)))
    func lookupsRacingUpdatesNeverSeeAContainerMixedFromTwoClasses() async throws {
        var files: [String: String] = [:]
        for container in 0..<10 {
            let phone = (0..<Self.views).map { #"{"v\#($0)": {"width": \#(container), "height": 1}}"# }
            let pad = (0..<Self.views).map { #"{"v\#($0)": {"width": \#(container + 100), "height": 2}}"# }
            files["U\(container)_iPhone6.json"] = #"{"U\#(container)": [\#(phone.joined(separator: ","))]}"#
            files["U\(container)_iPad.json"] = #"{"U\#(container)": [\#(pad.joined(separator: ","))]}"#
            files["U\(container).json"] = #"{"U\#(container)": {"scaled": {"width": {"scaled": 100}}}}"#
        }
        let phone = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
        let pad = LayoutEnvironment(width: 768, height: 1024, idiom: .pad)
        let interpreter = ConstraintInterpreter(source: InMemorySource(files), environment: phone)
        try await interpreter.preload(containers: (0..<10).map { "U\($0)" })

        let wrong = LockedList<String>()
        let stop = ConditionLocked(false)
        let lookups = ConditionLocked(0)
        // Readers on threads of their own: this test's task must never block a thread of the cooperative pool,
        // which the updates below (and other tests) need.
        let readers = DispatchGroup()
        for worker in 0..<8 {
            readers.enter()
            Thread {
                var index = 0
                while !stop.withLock({ $0 }) {
                    index += 1
                    if index % 1_000 == 0 { lookups.withLock { $0 += 1_000 } }
                    let container = (index + worker) % 10
                    if index % 50 == 0 {
                        guard let records = try? interpreter.records(container: "U\(container)") else { continue }
                        let classes = Set(records.values.filter { $0.height != 0 }.map(\.height))
                        if classes.count != 1 { wrong.append("U\(container) mixed: \(classes)") }
                        continue
                    }
                    do {
                        let record = try interpreter.record(
                            viewId: "v\(index % Self.views)", container: "U\(container)")
                        let expected = record.height == 1 ? Double(container) : Double(container + 100)
                        if record.width != expected { wrong.append("U\(container): \(record)") }
                    } catch {
                        wrong.append("U\(container): \(error)")
                    }
                }
                readers.leave()
            }.start()
        }
        // Updates until the readers have made 400,000 lookups between them (80,000 in the quick tier), and at least
        // 200 of them (40).
        let clock = ContinuousClock()
        let start = clock.now
        var round = 0
        while round < 10 * Self.rounds
            || (lookups.withLock({ $0 }) < 4 * Self.lookups && clock.now - start < .seconds(60))
        {
            round += 1
            let target = round % 2 == 0 ? pad : phone
            if round % 4 < 2 {
                _ = interpreter.updateNow(to: target)
            } else {
                _ = try? await interpreter.update(to: target)
            }
            // A resize within the pad class re-resolves the scaled containers only.
            if target == pad { _ = interpreter.updateNow(to: LayoutEnvironment(width: 1024, height: 768, idiom: .pad)) }
        }
        try await interpreter.update(to: phone)
        stop.withLock { $0 = true }
        await withCheckedContinuation { continuation in readers.notify(queue: .global()) { continuation.resume() } }
        #expect(wrong.all.isEmpty, "\(wrong.all.prefix(3))")
        #expect(interpreter.device.name == .iPhone6)
        for container in 0..<10 {
            #expect(
                try (
                    interpreter.record(viewId: "v0", container: "U\(container)").height,
                    interpreter.record(viewId: "scaled", container: "U\(container)").width
                ) == (1, 100))
        }
    }
}
