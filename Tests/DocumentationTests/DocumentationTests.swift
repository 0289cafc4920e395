import DeviceConstraintsTooling
import Foundation
import Testing

/// The documentation's code, checked in every test run: the markers, the tool's output the docs show, the
/// Apple-only code against the stand-in frameworks, the links, and the names of the articles the design comes from.
/// (Building and running the platform-neutral code takes nested builds: BuiltDocumentationTests.) The rules for
/// marking code are at the top of MarkdownSnippets.swift.
struct DocumentationTests {
    private var documents: [Document] {
        get throws { try Repository.documents.get() }
    }

    // MARK: - Markers

    @Test func everyCodeBlockIsClosedAndEveryMarkerIsKnown() throws {
        let documents = try documents
        #expect(documents.contains { $0.path == "README.md" })
        #expect(documents.contains { $0.path.hasSuffix(".docc/ConstraintFiles.md") })
        for document in documents {
            for problem in document.problems { Issue.record(Comment(rawValue: problem)) }
            for problem in SnippetProgram.programs(of: document).problems { Issue.record(Comment(rawValue: problem)) }
            for block in document.blocks {
                if block.language == "console", let package = block.package {
                    let known = Set(
                        document.blocks.compactMap { $0.file?.split(separator: "/").first.map(String.init) })
                    let folder = document.url.deletingLastPathComponent().appendingPathComponent(package)
                    #expect(
                        known.contains(package) || FileManager.default.fileExists(atPath: folder.path),
                        "\(block.location): <!-- in: \(package) --> names no package of the document and no folder")
                }
                if block.isOutput {
                    #expect(block.language == "text", "\(block.location): <!-- output --> marks a ```text block")
                }
            }
        }
    }

    @Test func theMarkersAreReadAsDocumented() throws {
        let text = """
            Text.

            <!-- hidden
            let folder = "Constraints"
            -->
            <!-- new-program -->
            ```swift
            import DeviceConstraints
            print(folder)   // prints: Constraints
            ```

            <!-- output -->
            ```text
            …
            ```

            <!-- apple-only -->
            ```swift
            import UIKit
            ```

            <!-- apple-only, new-program -->
            ```swift
            import SwiftUI
            ```

            <!-- bogus -->
            ```json
            {}
            ```
            """
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("markers-\(UUID()).md")
        try text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let document = try Document(path: url.lastPathComponent, root: url.deletingLastPathComponent())
        #expect(document.blocks.map(\.language) == ["swift", "text", "swift", "swift", "json"])
        #expect(document.blocks[3].markers == [.appleOnly, .newProgram])
        #expect(document.blocks[0].markers == [.newProgram])
        #expect(document.blocks[0].hidden?.code == [#"let folder = "Constraints""#])
        #expect(document.blocks[0].hidden?.line == 4)
        #expect(document.blocks[0].line == 8)
        #expect(
            document.problems == [
                "\(url.lastPathComponent):27: unknown marker <!-- bogus -->; see MarkdownSnippets.swift"
            ])
        let (programs, problems) = SnippetProgram.programs(of: document)
        #expect(problems.isEmpty)
        #expect(programs.map(\.kind) == [.neutral, .appleOnly, .appleOnly])
        #expect(programs[0].expected == [.text("Constraints"), .any])
        #expect(programs[0].imports == ["DeviceConstraints"])
        #expect(programs[1].imports == ["UIKit"])
        #expect(programs[2].imports == ["SwiftUI"])
        #expect(programs[0].source.contains("#sourceLocation(file: \"\(url.path)\", line: 4)\nlet folder"))
    }

    @Test func expectedOutputMatchesWithAnEllipsisForAnyLines() {
        typealias Line = SnippetProgram.ExpectedLine
        #expect(Line.match([.text("a"), .any, .text("d")], ["a", "b", "c", "d"]))
        #expect(Line.match([.text("a"), .any, .text("d")], ["a", "d"]))
        #expect(!Line.match([.text("a"), .any, .text("d")], ["a", "b"]))
        #expect(!Line.match([.text("a")], ["a", "b"]))
        #expect(Line.match([], []))
    }

    // MARK: - The tool's output

    /// Every ```console block that runs `swift run device-constraints …` in the repository's folder shows what the
    /// tool prints there, line for line.
    @Test func theToolsOutputIsWhatTheDocsShow() async throws {
        let tool = try Repository.binFolder.appendingPathComponent("device-constraints")
        var checked = 0
        for document in try documents {
            for block in document.blocks where block.language == "console" && block.package == nil {
                for command in ConsoleCommand.commands(in: block) {
                    let commandWords = words(of: command.line)
                    guard commandWords.starts(with: ["swift", "run", "device-constraints"]) else {
                        let advice =
                            "only `swift run device-constraints …` can (or `swift run` after <!-- in: <package> -->); "
                            + "show output no test can reproduce as ```text"
                        Issue.record("\(command.location): `\(command.line)` cannot be checked here: \(advice)")
                        continue
                    }
                    let result = try await ChildProcess.run(
                        tool, Array(commandWords.dropFirst(3)), in: Repository.root, timeout: 120)
                    #expect(
                        SnippetProgram.ExpectedLine.match(command.expected, result.lines),
                        "\(command.location): `\(command.line)` printed\n\(result.lines.joined(separator: "\n"))")
                    checked += 1
                }
            }
        }
        #expect(checked >= 3, "README shows lint on the bundled files, a failing lint and a wrong command line")
    }

    /// The build plugin's article shows the file the plugin writes for the bundled `Constraints/`: the one the
    /// plugin's own tests expect.
    @Test func theBuildPluginArticleShowsTheFileThePluginWrites() throws {
        let article = try #require(
            try documents.first { $0.path.hasSuffix("DeviceConstraintsTooling.docc/BuildPlugin.md") })
        let shown = try #require(article.blocks.first { $0.code.first?.hasPrefix("// Generated by") == true })
        let expected = try String(
            contentsOf: Repository.root.appendingPathComponent(
                "Tests/DeviceConstraintsToolingTests/Fixtures/Generate/BundledConstraintIDs.swift.expected"),
            encoding: .utf8)
        #expect(shown.code.joined(separator: "\n") + "\n" == expected, "\(shown.location)")
    }

    // MARK: - Apple-only code

    /// Every Apple-only program of the documents, and every example with no Package.swift (an app's files), type-
    /// checks against the stand-in frameworks and the package's built modules, as a user's app imports them.
    @Test(.longTier, .timeLimit(.minutes(10))) func theAppleOnlyCodeTypeChecksAgainstTheStandIns() async throws {
        let checker = try await StandInChecker()
        defer { checker.remove() }
        var checked = 0
        for document in try documents {
            for program in SnippetProgram.programs(of: document).programs where program.kind == .appleOnly {
                let file = checker.folder.appendingPathComponent("\(program.name).swift")
                try program.source.write(to: file, atomically: true, encoding: .utf8)
                let result = try await checker.typeCheck([file])
                #expect(result.isEmpty, "\(program.blocks[0].location):\n\(result)")
                checked += 1
            }
        }
        for example in try AppleExample.all() {
            let result = try await checker.typeCheck(example.files)
            #expect(result.isEmpty, "\(example.name):\n\(result)")
            checked += 1
        }
        #expect(checked > 0)
    }

    // MARK: - Adopting the package

    /// The licence a company's lawyers look for: the Apache License 2.0, whole, under the authors' copyright line.
    @Test func theLicenseIsTheApacheLicenseWhole() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.first == "Copyright 2026 The DeviceConstraints authors")
        let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for phrase in [
            "Apache License Version 2.0, January 2004", "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION",
            "9. Accepting Warranty or Additional Liability.", "END OF TERMS AND CONDITIONS",
            "APPENDIX: How to apply the Apache License to your work.",
        ] {
            #expect(words.contains(phrase), "LICENSE lacks \(phrase)")
        }
        #expect(lines.count > 200, "the licence's whole text: \(lines.count) lines")
    }

    /// The changelog's newest version is the one the tool prints (`device-constraints --version`).
    @Test func theChangelogsNewestVersionIsTheToolsVersion() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let versions = text.components(separatedBy: "\n").compactMap { line in
            line.firstMatch(of: /^## \[([0-9]+\.[0-9]+\.[0-9]+)\]/).map { String($0.1) }
        }
        #expect(versions.first == DeviceConstraintsTool.version, "CHANGELOG.md's versions: \(versions)")
    }

    /// README's installation line resolves as a new user's manifest gives it: a package whose manifest holds the
    /// lines of README's block, with only the URL made the path of a clone of this repository (committed work, its
    /// checked-out commit as the clone's `main`, as in CI's clean clone of main), and `swift package resolve` picks
    /// that commit. (`from: "0.1.0"` found no version: the repository has no tags.) No build:
    /// resolving takes seconds.
    @Test(.longTier, .enabled(if: Repository.isGitCheckout, "clones the repository"), .timeLimit(.minutes(10)))
    func readmesInstallationLineResolvesAgainstAClone() async throws {
        let readme = try Document(path: "README.md", root: Repository.root)
        let block = try #require(
            readme.blocks.first { $0.language == "swift" && $0.code.contains { $0.contains(".package(url: ") } },
            "README has a ```swift block with the installation line, `.package(url: …)`")
        let lines = block.code.joined(separator: "\n")
        let url = try #require(lines.firstMatch(of: /\.package\(url: "([^"]*)"/)?.1, "the line gives a URL")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "installation-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clone = folder.appendingPathComponent("DeviceConstraints", isDirectory: true)
        let git = URL(fileURLWithPath: "/usr/bin/env")
        let cloned = try await ChildProcess.run(
            git, ["git", "clone", "--quiet", Repository.root.path, clone.path], in: folder)
        try #require(cloned.status == 0, "git clone: \(cloned)")
        let main = try await ChildProcess.run(git, ["git", "checkout", "--quiet", "-B", "main"], in: clone)
        try #require(main.status == 0, "git checkout -B main: \(main)")
        let head = try await ChildProcess.run(git, ["git", "rev-parse", "HEAD"], in: clone)
        let commit = head.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let app = folder.appendingPathComponent("App", isDirectory: true)
        try write(
            """
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "App",
            \(lines.replacingOccurrences(of: "\"\(url)\"", with: "\"\(clone.path)\""))
            )

            """, to: app.appendingPathComponent("Package.swift"))
        try write("import DeviceConstraints\n", to: app.appendingPathComponent("Sources/App/App.swift"))
        // No shared cache: nothing of the clone is left behind in the user's.
        let resolve = try await swift(["package", "--disable-dependency-cache", "resolve"], in: app, timeout: 600)
        #expect(resolve.status == 0, "README's installation line does not resolve:\n\(lines)\n\(resolve)")
        let resolved = try? String(contentsOf: app.appendingPathComponent("Package.resolved"), encoding: .utf8)
        #expect(resolved?.contains("\"revision\" : \"\(commit)\"") == true, "resolved to \(commit):\n\(resolved ?? "")")
    }

    /// No tracked text file names a folder of one machine (a notes file, a checkout, a home or temporary folder):
    /// another contributor has none of them. The rule is in ``MachinePath``.
    @Test(.enabled(if: Repository.isGitCheckout, "lists the tracked files with git"))
    func noTrackedFileNamesAFolderOfOneMachine() async throws {
        let listed = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["git", "ls-files", "-z"], in: Repository.root)
        try #require(listed.status == 0, "git ls-files: \(listed)")
        let paths = listed.output.split(separator: "\0").map(String.init)
        try #require(paths.count > 100)
        var hits: [String] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: Repository.root.appendingPathComponent(path).path),
                !data.contains(0), let text = String(data: data, encoding: .utf8)
            else { continue }  // not text (a picture), or a link to a folder
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                for found in try MachinePath.find(in: line) { hits.append("\(path):\(number + 1): \(found)") }
            }
        }
        #expect(hits.isEmpty, "paths of one machine; say what the path is instead:\n\(hits.joined(separator: "\n"))")
    }

    /// The rule finds a machine's folders and leaves the system's paths and the docs' illustrations alone.
    @Test func theMachinePathRuleFindsFoldersOfOneMachineOnly() throws {
        // Built from parts, so that this file holds no such path itself.
        let notes = "/" + "work/notes/sdk-check.md"
        for line in [
            "cite \(notes) here", "(\(notes), out of git)", "\"/" + "Users/alice/App\"", "/" + "home/ci/checkout/x",
            "at /" + "tmp/build/x", "file:///" + "private/var/x", "/" + "var/folders/xy/T/x", "C:" + #"\Users\bob\x"#,
        ] {
            #expect(try !MachinePath.find(in: line).isEmpty, "not found in \(line)")
        }
        for line in [
            "/dev/stdin", "/usr/bin/env swift", "/proc/self/task", "Sources/DeviceConstraints/Platform/x.swift",
            "https://example.com/" + "home/x", "../" + "tmp/x", ".build/" + "tmp/x", "/" + "Users/me/App/Constraints",
            "/path/to/App", "~/Library/Developer", "/Applications/Xcode.app/Contents",
        ] {
            #expect(try MachinePath.find(in: line).isEmpty, "found in \(line)")
        }
    }

    // MARK: - Links and words

    /// README's links (and the examples' READMEs') that lead into the repository lead to a file that exists.
    @Test func everyRelativeLinkOfAReadmeLeadsToAFile() throws {
        let link = try NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        for document in try documents where document.path.hasSuffix("README.md") {
            let text = try String(contentsOf: document.url, encoding: .utf8)
            let range = NSRange(text.startIndex..., in: text)
            for match in link.matches(in: text, range: range) {
                guard let target = Range(match.range(at: 1), in: text).map({ String(text[$0]) }) else { continue }
                if target.contains("://") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
                let path = String(target.prefix { $0 != "#" })
                let url = document.url.deletingLastPathComponent().appendingPathComponent(path)
                #expect(FileManager.default.fileExists(atPath: url.path), "\(document.path): no file \(target)")
            }
        }
    }

    /// The design comes from five articles; a reader has never seen the folder that numbered them, so nothing names
    /// them by number ("seed 000") or as "the seed".
    @Test func noTextNamesTheDesignsArticlesByNumber() throws {
        let pattern = try NSRegularExpression(pattern: #"seeds? ?0[0-9]{2}|seed's"#, options: .caseInsensitive)
        let files = FileManager.default
        var hits: [String] = []
        for folder in ["README.md", "Sources", "Tests", "Examples", "Benchmarks", "Scripts", "Fuzz", "Plugins"] {
            let url = Repository.root.appendingPathComponent(folder)
            var paths = [url.path]
            if let enumerator = files.enumerator(atPath: url.path) {
                paths = enumerator.compactMap { $0 as? String }
                    .filter { !$0.hasPrefix(".build") && !$0.contains("/.build") }
                    .map { url.appendingPathComponent($0).path }
            }
            for path in paths where !path.hasSuffix("DocumentationTests/DocumentationTests.swift") {
                guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                for (number, line) in lines.enumerated() {
                    let line = String(line)
                    if pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                        hits.append("\(path.dropFirst(Repository.root.path.count + 1)):\(number + 1): \(line)")
                    }
                }
            }
        }
        #expect(
            hits.isEmpty,
            "name the article by its title (Documentation: DesignOrigins):\n\(hits.joined(separator: "\n"))")
    }
}

/// A command of a ```console block and the lines shown after it.
struct ConsoleCommand {
    /// The command, without `$ `.
    let line: String
    let expected: [SnippetProgram.ExpectedLine]
    /// `README.md:14`.
    let location: String

    static func commands(in block: CodeBlock) -> [ConsoleCommand] {
        var commands: [ConsoleCommand] = []
        for (offset, line) in block.code.enumerated() {
            if line.hasPrefix("$ ") {
                commands.append(
                    ConsoleCommand(
                        line: String(line.dropFirst(2)), expected: [],
                        location: "\(block.document):\(block.line + offset)"))
            } else if let last = commands.popLast() {
                commands.append(
                    ConsoleCommand(
                        line: last.line, expected: last.expected + [line == "…" ? .any : .text(line)],
                        location: last.location))
            }
        }
        // A blank line between a command's output and the next command only separates them.
        return commands.map { command in
            var expected = command.expected
            while expected.last == .text("") { expected.removeLast() }
            return ConsoleCommand(line: command.line, expected: expected, location: command.location)
        }
    }
}

/// An example that is an app's files rather than a package (no Package.swift): its Swift files are type-checked
/// against the stand-ins.
struct AppleExample {
    let name: String
    let files: [URL]

    static func all() throws -> [AppleExample] {
        let examples = Repository.root.appendingPathComponent("Examples")
        let files = FileManager.default
        var found: [AppleExample] = []
        for name in (try? files.contentsOfDirectory(atPath: examples.path))?.sorted() ?? [] {
            let folder = examples.appendingPathComponent(name)
            guard !files.fileExists(atPath: folder.appendingPathComponent("Package.swift").path),
                let enumerator = files.enumerator(atPath: folder.path)
            else { continue }
            let swiftFiles = enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
                .map { folder.appendingPathComponent($0) }
            if !swiftFiles.isEmpty { found.append(AppleExample(name: "Examples/\(name)", files: swiftFiles)) }
        }
        return found
    }
}

/// Absolute paths of one machine: under the folders at the root where a machine keeps its users' files, its
/// checkouts and its temporary files (`roots`: work, Users, home, tmp, private, var/folders and the like), or a
/// Windows drive's Users folder. The system's own paths, the same on every machine (`/dev/stdin`, `/usr/bin/env`,
/// `/proc/self`), are not; nor is a path that plainly stands for the reader's own: `/path/to/…`, or a
/// user named `me` (`/Users/me/App`). A path inside a URL (`https://host/home/…`) or after a relative folder
/// (`../tmp/`, `.build/tmp/`) is not absolute.
enum MachinePath {
    private static let roots = [
        "work", "Users", "home", "tmp", "private", "var/folders", "root", "Volumes", "mnt", "opt", "srv",
    ]
    private static let pattern = Result {
        try NSRegularExpression(
            pattern: #"(?<![\w.~/\\-])/(?:"# + roots.joined(separator: "|") + #")/[^\s"'`)\]]*|\b[A-Za-z]:\\Users\\\S*"#
        )
    }

    /// The machine paths in `line`.
    static func find(in line: String) throws -> [String] {
        let line = line.replacingOccurrences(of: "file://", with: " ")
        return try pattern.get().matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap {
            Range($0.range, in: line).map { String(line[$0]) }
        }.filter { !$0.hasPrefix("/Users/me/") && !$0.hasPrefix("/home/me/") }
    }
}
