import Dispatch
import Foundation
import Testing

@testable import DeviceConstraints

/// Lookups racing installs, rollbacks, resets and hot reloads never see a container mixed from two versions. CI also
/// runs this under ThreadSanitizer (`swift test --sanitize=thread`), which is what makes it a test of the locking.
struct ConstraintStoreStressTests {
    /// Version k sets the title's `marginLeft` to k in Card_iPad.json and its `height` and `width` to k in Card.json:
    /// a record whose numbers differ was merged from two versions. The app's own files give the pad (24, 60) and the
    /// phone (0, 44).
    static func update(_ version: Int) -> ConstraintUpdate {
        textUpdate(
            String(version),
            [
                "Card_iPad.json": #"{"Card": [{"title": {"marginLeft": \#(version)}}]}"#,
                "Card.json": #"{"Card": [{"title": {"height": \#(version), "width": \#(version)}}, {"icon": {}}]}"#,
            ])
    }

    @Test(.timeLimit(.minutes(10)))
    func lookupsRacingInstallsRollbacksAndHotReloadsNeverSeeAMixedContainer() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        let phone = ConstraintInterpreter(source: store, environment: Windows.phone)
        let wrong = LockedList<String>()
        let lookups = ConditionLocked(0)
        let running = ConditionLocked(true)

        // Readers on threads of their own, as layout reads; a hot-reload thread that reads Card's files again and
        // forgets it now and then, as a watcher and an invalidation would.
        let threads = DispatchGroup()
        for reader in 0..<5 {
            threads.enter()
            Thread {
                defer { threads.leave() }
                var count = 0
                while running.withLock({ $0 }) {
                    count += 1
                    do {
                        if reader % 2 == 0 {
                            let record = try pad.record(viewId: "title", container: "Card")
                            let pair = (record.marginLeft, record.height)
                            if pair != (24, 60), record.marginLeft != record.height || record.height != record.width {
                                wrong.append("pad \(pair), width \(record.width)")
                            }
                        } else {
                            let record = try phone.record(viewId: "title", container: "Card")
                            if (record.height, record.width) != (44, 0), record.height != record.width {
                                wrong.append("phone \(record.height), \(record.width)")
                            }
                        }
                    } catch {
                        wrong.append("\(error)")
                    }
                }
                lookups.withLock { $0 += count }
            }.start()
        }
        threads.enter()
        Thread {
            defer { threads.leave() }
            var round = 0
            while running.withLock({ $0 }) {
                round += 1
                pad.reload(files: ["Card_iPad.json", "Card.json"])
                if round % 7 == 0 { phone.invalidate(container: "Card") }
                if round % 11 == 0 { pad.invalidateAll() }
            }
        }.start()

        // Installs, rollbacks and resets, one after another as the app would make them.
        var version = 1
        for step in 0..<40 {
            switch step % 10 {
            case 4: try await store.rollback()
            case 9: try await store.reset()
            default:
                version += 1
                try await store.install(Self.update(version), verify: acceptEverything)
                if let record = pad.cachedRecord(viewId: "title", container: "Card") {
                    // Published before install returned (unless a reload thread just forgot it).
                    #expect(record.marginLeft == Double(version))
                }
            }
        }
        running.withLock { $0 = false }
        threads.wait()
        let wrongRecords = wrong.all
        #expect(wrongRecords.count == 0, "wrong records, such as \(wrongRecords.prefix(3))")
        #expect(lookups.withLock { $0 } > 1_000)
        #expect(sandbox.updateFolders.count <= 2)
    }
}
