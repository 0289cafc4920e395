import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct WatchSessionTests {
    /// What a session printed, collected; waits are bounded.
    final class Printed: Sendable {
        private let lines = NSLockedList()

        var all: [ToolResult] { lines.all }

        func append(_ result: ToolResult) { lines.append(result) }

        func wait(count: Int) -> [ToolResult] {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline, all.count < count { Thread.sleep(forTimeInterval: 0.005) }
            return all
        }
    }

    final class NSLockedList: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [ToolResult] = []
        var all: [ToolResult] { lock.withLock { items } }
        func append(_ item: ToolResult) { lock.withLock { items.append(item) } }
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try Data(#"{"Card": [{"title": {"width": 1}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        return url
    }

    @Test func onlyCommandsAskedToBeWatchedAreWatched() throws {
        #expect(WatchSession.folder(of: try ToolCommand(parsing: ["lint", "Here", "--watch"])) == "Here")
        #expect(WatchSession.folder(of: try ToolCommand(parsing: ["lint", "Here"])) == nil)
        #expect(
            WatchSession.folder(of: try ToolCommand(parsing: ["show", "Card", "Here", "--device", "iPad", "--watch"]))
                == "Here")
    }

    @Test(.timeLimit(.minutes(1)))
    func lintWatchPrintsWhatChangedInTheProblemList() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let printed = Printed()
        let session = WatchSession(try ToolCommand(parsing: ["lint", url.path, "--watch"])) { printed.append($0) }
        let watcher = try session.start()
        defer { watcher.cancel() }
        #expect(printed.wait(count: 1).first?.output == "No problems in 1 file.\n")

        try Data(#"{"Card": [{"title": {"width": "wide"}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let second = try #require(printed.wait(count: 2).dropFirst().first)
        let lines = second.output.split(separator: "\n").map(String.init)
        #expect(lines.first == "— changed: Card.json —")
        #expect(lines.dropFirst().first?.hasPrefix("+ ") == true)
        #expect(lines.dropFirst().first?.contains(#"Card.json:1:31: error: "width" must be a number"#) == true)
        #expect(second.exitCode == .failure)

        try Data(#"{"Card": [{"title": {"width": 2}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let third = try #require(printed.wait(count: 3).dropFirst(2).first)
        #expect(third.output.split(separator: "\n").dropFirst().first?.hasPrefix("- ") == true)
        #expect(third.output.hasSuffix("No problems in 1 file.\n"))
    }

    @Test(.timeLimit(.minutes(1)))
    func showWatchPrintsTheRecordsAgain() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let printed = Printed()
        let command = try ToolCommand(parsing: ["show", "Card", url.path, "--device", "iPhone6", "--watch"])
        let watcher = try WatchSession(command) { printed.append($0) }.start()
        defer { watcher.cancel() }
        #expect(printed.wait(count: 1).first?.output.contains("1.0") == true)
        try Data(#"{"Card": [{"title": {"width": 7}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let second = try #require(printed.wait(count: 2).dropFirst().first)
        #expect(second.output.hasPrefix("\n— changed: Card.json —\n"))
        #expect(second.output.contains("7.0"))
    }
}
