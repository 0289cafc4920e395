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

        /// How long a wait may last: long enough for a machine whose cores are all busy with other builds, and only
        /// spent when something is wrong, since a wait ends as soon as what it waits for is printed. Below the tests'
        /// ten-minute time limits, so that a test that waits in vain says for what.
        static let patience = 300.0

        func wait(count: Int) -> [ToolResult] {
            let deadline = Date().addingTimeInterval(Self.patience)
            while Date() < deadline, all.count < count { Thread.sleep(forTimeInterval: 0.005) }
            return all
        }

        /// The first result printed after the first `count` that `matches`. A write is a truncation and then the
        /// bytes: when this thread is held up between the two, the watcher reports the empty file first, and the
        /// session prints it; the result to look at is the one for the file as written.
        func first(after count: Int, where matches: (ToolResult) -> Bool) -> ToolResult? {
            let deadline = Date().addingTimeInterval(Self.patience)
            while Date() < deadline {
                if let result = all.dropFirst(count).first(where: matches) { return result }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return nil
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
        let cases: [(arguments: [String], folder: String?)] = [
            (["lint", "Here", "--watch"], "Here"),
            (["lint", "Here"], nil),
            (["show", "Card", "Here", "--device", "iPad", "--watch"], "Here"),
            (["preview", "Card", "Here", "--html", "g.html", "--watch"], "Here"),
            (["preview", "Card", "Here", "--html", "g.html"], nil),
        ]
        for (arguments, folder) in cases {
            #expect(WatchSession.folder(of: try ToolCommand(parsing: arguments)) == folder, "\(arguments)")
        }
    }

    /// The generation a gallery page says it is, and the one its marker file says the newest page is.
    private func generations(of page: URL) throws -> (page: String, marker: String) {
        let html = try String(contentsOf: page, encoding: .utf8)
        let attribute = try #require(html.range(of: #"data-generation=""#))
        let generation = String(html[attribute.upperBound...].prefix { $0 != "\"" })
        let marker = try String(
            contentsOf: page.deletingLastPathComponent().appendingPathComponent("gallery.generation.js"),
            encoding: .utf8)
        return (generation, marker)
    }

    @Test(.timeLimit(.minutes(10)))
    func previewWatchRewritesTheGalleryAndItsMarkerNamesTheNewPage() throws {
        let url = try folder()
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("Pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: url)
            try? FileManager.default.removeItem(at: pages)
        }
        let page = pages.appendingPathComponent("gallery.html")
        let printed = Printed()
        let command = try ToolCommand(parsing: [
            "preview", "Card", url.path, "--devices", "iPhone6", "--html", page.path, "--watch",
        ])
        let watcher = try WatchSession(command) { printed.append($0) }.start()
        defer { watcher.cancel() }
        #expect(printed.wait(count: 1).first?.output.hasPrefix("wrote \(page.path): 1 device") == true)
        let first = try generations(of: page)
        #expect(first.marker == "deviceConstraintsGalleryGeneration(\"\(first.page)\");\n")
        // The page polls the marker beside it and reloads when it names another generation.
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"data-file="gallery.generation.js""#) && html.contains("location.reload()"))
        try Data(#"{"Card": [{"title": {"width": 7}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        #expect(printed.first(after: 1) { $0.output.contains("changed: Card.json") } != nil)
        let second = try generations(of: page)
        #expect(
            (
                second.page != first.page, second.marker,
                try String(contentsOf: page, encoding: .utf8).contains("title.width = 7.0 ← Card.json:1:22")
            ) == (true, "deviceConstraintsGalleryGeneration(\"\(second.page)\");\n", true), "\(first), \(second)")
    }

    @Test(.timeLimit(.minutes(10)))
    func lintWatchPrintsWhatChangedInTheProblemList() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let printed = Printed()
        let session = WatchSession(try ToolCommand(parsing: ["lint", url.path, "--watch"])) { printed.append($0) }
        let watcher = try session.start()
        defer { watcher.cancel() }
        #expect(printed.wait(count: 1).first?.output == "No problems in 1 file.\n")

        try Data(#"{"Card": [{"title": {"width": "wide"}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let second = try #require(printed.first(after: 1) { $0.output.contains("must be a number") })
        let lines = second.output.split(separator: "\n").map(String.init)
        #expect(
            (
                lines.first, lines.dropFirst().first?.hasPrefix("+ "),
                lines.dropFirst().first?.contains(#"Card.json:1:31: error: "width" must be a number"#), second.exitCode
            ) == ("— changed: Card.json —", true, true, .failure), "\(second.output)")

        let count = printed.all.count
        try Data(#"{"Card": [{"title": {"width": 2}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let third = try #require(printed.first(after: count) { $0.output.hasSuffix("No problems in 1 file.\n") })
        #expect(
            (
                third.output.split(separator: "\n").dropFirst().first?.hasPrefix("- "),
                third.output.hasSuffix("No problems in 1 file.\n")
            ) == (true, true), "\(third.output)")
    }

    /// Each line of `result`'s output parsed as a JSON object: it fails unless every line is one.
    private func jsonLines(_ result: ToolResult) throws -> [[String: Any]] {
        #expect(result.output.hasSuffix("\n"))
        return try result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func lintWatchWithJSONPrintsOneObjectALineWithTheChangedNamesInside() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let printed = Printed()
        let session = WatchSession(try ToolCommand(parsing: ["lint", url.path, "--watch", "--json"])) {
            printed.append($0)
        }
        let watcher = try session.start()
        defer { watcher.cancel() }
        let first = try jsonLines(try #require(printed.wait(count: 1).first))
        #expect(
            (first.count, first.first?["changed"] is NSNull, first.first?["errors"] as? Int) == (1, true, 0), "\(first)"
        )

        try Data(#"{"Card": [{"title": {"width": "wide"}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let second = try #require(printed.first(after: 1) { $0.output.contains("must be a number") })
        #expect(!second.output.contains("—"))
        let objects = try jsonLines(second)
        #expect(
            (
                objects.count, objects.first?["changed"] as? [String], objects.first?["errors"] as? Int,
                second.exitCode
            ) == (1, ["Card.json"], 1, .failure), "\(objects)")
    }

    @Test(.timeLimit(.minutes(10)))
    func showWatchWithJSONPrintsOneObjectALine() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let printed = Printed()
        let command = try ToolCommand(parsing: ["show", "Card", url.path, "--device", "iPhone6", "--watch", "--json"])
        let watcher = try WatchSession(command) { printed.append($0) }.start()
        defer { watcher.cancel() }
        #expect(try jsonLines(try #require(printed.wait(count: 1).first)).first?["container"] as? String == "Card")
        try Data(#"{"Card": [{"title": {"width": 7}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let second = try jsonLines(try #require(printed.first(after: 1) { $0.output.contains("7") }))
        #expect((second.count, second.first?["changed"] as? [String]) == (1, ["Card.json"]), "\(second)")
    }

    @Test(.timeLimit(.minutes(10)))
    func showWatchPrintsTheRecordsAgain() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let printed = Printed()
        let command = try ToolCommand(parsing: ["show", "Card", url.path, "--device", "iPhone6", "--watch"])
        let watcher = try WatchSession(command) { printed.append($0) }.start()
        defer { watcher.cancel() }
        #expect(printed.wait(count: 1).first?.output.contains("1.0") == true)
        try Data(#"{"Card": [{"title": {"width": 7}}]}"#.utf8).write(to: url.appendingPathComponent("Card.json"))
        let second = try #require(printed.first(after: 1) { $0.output.contains("7.0") })
        #expect(
            (second.output.hasPrefix("\n— changed: Card.json —\n"), second.output.contains("7.0")) == (true, true),
            "\(second.output)")
    }

    /// The names of changed files are printed escaped, as everything else is, and with `--json` each run is still one
    /// line of valid JSON that holds them whole.
    @Test func aChangedFileNameWithAnEscapeIsPrintedEscapedAndTheJSONLineStaysValid() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let name = "Card\u{1B}[2J\u{202E}.json"
        let json = Printed()
        WatchSession(try ToolCommand(parsing: ["lint", url.path, "--watch", "--json"])) { json.append($0) }
            .runOnce(changed: [name])
        let line = try #require(json.all.first?.output)
        #expect(
            (
                oneLine: line.hasSuffix("\n") && !line.dropLast().contains("\n"),
                unsafe: line.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" }
            ) == (true, false), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["changed"] as? [String] == [name])

        let text = Printed()
        let session = WatchSession(try ToolCommand(parsing: ["lint", url.path, "--watch"])) { text.append($0) }
        session.runOnce(changed: nil)
        session.runOnce(changed: [name])
        #expect(text.all.last?.output.hasPrefix("\n— changed: Card\\u001B[2J\\u202E.json —\n") == true)
    }
}

// MARK: - Issue 27: only constraint files count

extension WatchSessionTests {
    @Test func anEditorsTemporaryFileIsNotNamedAndAloneRunsNothing() throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let text = Printed()
        let session = WatchSession(try ToolCommand(parsing: ["lint", url.path, "--watch"])) { text.append($0) }
        session.runOnce(changed: nil)
        session.runOnce(changed: ["Card.json", "sedhNtAr7"])
        #expect(text.all.last?.output.hasPrefix("\n— changed: Card.json —\n") == true, "\(text.all.last?.output ?? "")")
        session.runOnce(changed: ["sedhNtAr7"])
        #expect(text.all.count == 2)
    }
}
