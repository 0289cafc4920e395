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

    /// Each container `C<i>` has a device file that sets `width = i` and a base file that sets `height = view`.
    static func source() -> InMemorySource {
        var files: [String: String] = [:]
        for container in 0..<containers {
            let device = (0..<views).map { #"{"v\#($0)": {"width": \#(container)}}"# }.joined(separator: ",")
            let base = (0..<views).map { #"{"v\#($0)": {"height": \#($0), "width": -1}}"# }.joined(separator: ",")
            files["C\(container)_iPhone6.json"] = #"{"C\#(container)": [\#(device)]}"#
            files["C\(container).json"] = #"{"C\#(container)": [\#(base)]}"#
        }
        return InMemorySource(files)
    }

    @Test(.timeLimit(.minutes(5)))
    func eightReadersKeepGettingTheRightRecordsWhileOtherThreadsLoadAndPreload() async throws {
        let source = CountingSource(Self.source())
        let interpreter = ConstraintInterpreter(source: source, device: try DeviceCatalog.profile(.iPhone14Pro))
        try await interpreter.preload(containers: (0..<10).map { "C\($0)" })

        let wrong = LockedList<String>()
        let lookupsPerReader = 100_000
        DispatchQueue.concurrentPerform(iterations: 10) { worker in
            switch worker {
            case 8:
                // New containers loading synchronously, as a cache miss on the layout path would.
                for container in 10..<25 { _ = try? interpreter.records(container: "C\(container)") }
            case 9:
                // The completion-handler preload, racing the readers and the loader above.
                let done = DispatchSemaphore(value: 0)
                interpreter.preload(containers: (20..<40).map { "C\($0)" }) { _ in done.signal() }
                done.wait()
            default:
                for index in 0..<lookupsPerReader {
                    // Mostly hits in preloaded containers; every 997th lookup may meet a cold container.
                    let container = index % 997 == 0 ? 10 + (index / 997) % 30 : (index + worker) % 10
                    let view = index % Self.views
                    do {
                        let record = try interpreter.record(viewId: "v\(view)", container: "C\(container)")
                        if record.width != Double(container) || record.height != Double(view) {
                            wrong.append("C\(container).v\(view): \(record)")
                        }
                    } catch {
                        wrong.append("C\(container).v\(view): \(error)")
                    }
                }
            }
        }
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
            for index in 0..<20_000 {
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
}
