import Foundation

// How the code in the documentation is marked, read by DocumentationTests and ExampleTests.
//
// The documents are README.md, every Markdown file of a DocC catalog (Sources/<Module>/<Module>.docc/) and the
// README.md of every example (Examples/<Name>/README.md). Markers are HTML comments on the lines just above a fenced
// code block (GitHub and DocC show neither):
//
// - A ```swift block with no marker is platform-neutral: it is built on Linux. A document's neutral blocks are one
//   program, in order (`import` lines gather at the top), so a block may use what the blocks above it declared;
//   `<!-- new-program -->` starts another program. Each program becomes an executable target of a scratch package
//   that depends on this checkout by path, and is built.
// - What a program prints is checked when the document says what it prints: a code line ending in
//   `// prints: <text>` expects the line <text>, and a ```text block marked `<!-- output -->` expects its lines
//   (a line `…` stands for any number of lines). A program that expects output is run, in the repository's folder,
//   and what it prints must be exactly that, in document order.
// - `<!-- apple-only -->`: the block needs UIKit, AppKit or SwiftUI. A document's Apple-only blocks are one program
//   (declarations only, as in an app: it is compiled with `-parse-as-library`), type-checked against the stand-in
//   frameworks of Tests/ConstraintDSLTests/Fixtures/StandIns and the package's modules.
// - `<!-- not-compiled: <why> -->`: shown, never compiled (a piece of a manifest); the reason is required.
// - One comment may hold several markers, separated by commas: `<!-- apple-only, new-program -->`.
// - `<!-- hidden` … `-->`: Swift lines a reader does not need (a folder's URL, a stub) that go into the program
//   just before the next ```swift block; they belong to that block's program.
// - `<!-- file: <package>/<path> -->`: the block (of any language) is a file of a package the document shows whole,
//   as a reader pastes it. The package is written out next to a link named `DeviceConstraints` to this checkout
//   (so `.package(name: "DeviceConstraints", path: "../DeviceConstraints")` finds it), built and run.
// - A ```console block shows commands (`$ …`) and what they print (standard output, then standard error), and is
//   checked: `$ swift run device-constraints <arguments>` runs the tool built by `swift test`, in the repository's
//   folder; after `<!-- in: <package> -->` (a package of `file:` blocks, or a folder relative to the document),
//   `$ swift run [<product>]` runs that package's executable. Any other command is an error: show such output as
//   ```text instead. Build output is left out of the expected lines; `…` stands for any number of lines.

/// A Markdown document of the repository.
struct Document: CustomStringConvertible, Sendable {
    /// The path from the repository's folder: `README.md`, `Sources/ConstraintDSL/ConstraintDSL.docc/…`.
    let path: String
    /// The document's file.
    let url: URL
    /// The fenced code blocks, in order.
    let blocks: [CodeBlock]
    /// Problems with the markers (an unknown marker, a block never closed), as `path:line: message`.
    let problems: [String]

    var description: String { path }

    /// Reads the document at `path` in `root`.
    init(path: String, root: URL) throws {
        self.path = path
        self.url = root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        (blocks, problems) = MarkdownReader(path: path, text: text).read()
    }

    /// Every document of the repository at `root`: README.md, the DocC articles and the examples' READMEs.
    static func all(in root: URL) throws -> [Document] {
        var paths = ["README.md"]
        let files = FileManager.default
        for module in try files.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path).sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            guard let enumerator = files.enumerator(atPath: root.appendingPathComponent(catalog).path) else {
                continue
            }
            paths += enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
                .map { "\(catalog)/\($0)" }
        }
        let examples = root.appendingPathComponent("Examples")
        for example in (try? files.contentsOfDirectory(atPath: examples.path))?.sorted() ?? []
        where files.fileExists(atPath: examples.appendingPathComponent("\(example)/README.md").path) {
            paths.append("Examples/\(example)/README.md")
        }
        return try paths.map { try Document(path: $0, root: root) }
    }
}

/// A fenced code block and the markers above it.
struct CodeBlock: Sendable {
    /// The document's path.
    let document: String
    /// The first word of the info string: `swift`, `json`, `console`, `text`…; empty when there is none.
    let language: String
    /// The markers just above the block.
    let markers: [Marker]
    /// The line of the block's first line of code (1-based).
    let line: Int
    /// The lines of code.
    let code: [String]
    /// The hidden lines attached to this block, and the line of the first of them.
    let hidden: (line: Int, code: [String])?

    /// `README.md:12`.
    var location: String { "\(document):\(line)" }

    var isAppleOnly: Bool { markers.contains(.appleOnly) }
    var isOutput: Bool { markers.contains(.output) }
    var startsProgram: Bool { markers.contains(.newProgram) }
    var notCompiledReason: String? {
        for case .notCompiled(let reason) in markers { return reason }
        return nil
    }
    var file: String? {
        for case .file(let path) in markers { return path }
        return nil
    }
    var package: String? {
        for case .inPackage(let path) in markers { return path }
        return nil
    }
}

/// What an HTML comment just above a code block says about it.
enum Marker: Equatable, Sendable {
    case appleOnly
    case newProgram
    case output
    case notCompiled(String)
    case file(String)
    case inPackage(String)

    /// Whether this is `not-compiled: <why>`.
    var isNotCompiled: Bool {
        if case .notCompiled = self { return true }
        return false
    }

    /// The marker a comment's text (between `<!--` and `-->`, trimmed) names, or nil.
    init?(_ text: String) {
        func value(after prefix: String) -> String? {
            guard text.hasPrefix(prefix) else { return nil }
            let rest = text.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            return rest.isEmpty ? nil : rest
        }
        switch text {
        case "apple-only": self = .appleOnly
        case "new-program": self = .newProgram
        case "output": self = .output
        default:
            if let reason = value(after: "not-compiled:") {
                self = .notCompiled(reason)
            } else if let path = value(after: "file:") {
                self = .file(path)
            } else if let path = value(after: "in:") {
                self = .inPackage(path)
            } else {
                return nil
            }
        }
    }
}

/// Reads a document's fenced code blocks and their markers, line by line.
private struct MarkdownReader {
    let path: String
    let lines: [String]

    init(path: String, text: String) {
        self.path = path
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    func read() -> ([CodeBlock], [String]) {
        var blocks: [CodeBlock] = []
        var problems: [String] = []
        var markers: [(line: Int, text: String)] = []  // the comments on the lines just above
        var hidden: (line: Int, code: [String])?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<!--") {
                // A comment, on one line or several.
                var end = index
                while end < lines.count, !lines[end].contains("-->") { end += 1 }
                guard end < lines.count else {
                    problems.append("\(path):\(index + 1): an HTML comment is never closed with -->")
                    break
                }
                if trimmed == "<!-- hidden" || trimmed == "<!--hidden" {
                    if hidden != nil {
                        problems.append("\(path):\(index + 1): a second hidden block before the same code block")
                    }
                    hidden = (index + 2, Array(lines[(index + 1)..<end]))
                    markers = []
                } else if end == index {
                    let text = trimmed.dropFirst(4)
                    let inner = text[..<(text.range(of: "-->")?.lowerBound ?? text.endIndex)]
                    markers.append((index + 1, inner.trimmingCharacters(in: .whitespaces)))
                } else {
                    markers = []  // a comment of several lines that is not hidden code: not a marker
                }
                index = end + 1
                continue
            }
            if let fence = Self.fence(trimmed) {
                var end = index + 1
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != fence.marks {
                    end += 1
                }
                if end == lines.count {
                    problems.append("\(path):\(index + 1): a code block is never closed")
                }
                var parsed: [Marker] = []
                // One comment may hold several markers, separated by commas (`apple-only, new-program`).
                let texts: [(line: Int, text: String)] = markers.flatMap { marker in
                    Marker(marker.text) != nil || !marker.text.contains(",")
                        ? [marker]
                        : marker.text.split(separator: ",").map {
                            (marker.line, $0.trimmingCharacters(in: .whitespaces))
                        }
                }
                for marker in texts {
                    if let known = Marker(marker.text) {
                        parsed.append(known)
                    } else {
                        problems.append(
                            "\(path):\(marker.line): unknown marker <!-- \(marker.text) -->; see MarkdownSnippets.swift"
                        )
                    }
                }
                let code = Array(lines[(index + 1)..<min(end, lines.count)])
                // A block built on Linux cannot import an Apple framework: say so here, not in the minutes-long build.
                if fence.language == "swift", !parsed.contains(.appleOnly), !parsed.contains(where: \.isNotCompiled),
                    let framework = code.lazy.compactMap(Self.appleFramework(imported:)).first
                {
                    problems.append(
                        "\(path):\(index + 1): the block imports \(framework) but is not marked <!-- apple-only -->")
                }
                let attached = fence.language == "swift" ? hidden : nil
                if fence.language == "swift" { hidden = nil }
                blocks.append(
                    CodeBlock(
                        document: path, language: fence.language, markers: parsed, line: index + 2, code: code,
                        hidden: attached))
                markers = []
                index = end + 1
                continue
            }
            markers = []
            index += 1
        }
        if let hidden {
            problems.append("\(path):\(hidden.line - 1): hidden code with no ```swift block after it")
        }
        return (blocks, problems)
    }

    /// The Apple-only framework a line of code imports (`import UIKit`, `@testable import SwiftUI`), if any.
    static func appleFramework(imported line: String) -> String? {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        guard words.count == 2, words[0] == "import" else { return nil }
        let module = String(words[1])
        return ["UIKit", "AppKit", "SwiftUI", "XcodeProjectPlugin", "os", "CryptoKit"].contains(module) ? module : nil
    }

    /// The fence that opens a code block on `line`, and its language, or nil.
    private static func fence(_ line: String) -> (marks: String, language: String)? {
        for marks in ["```", "~~~"] where line.hasPrefix(marks) {
            let run = String(line.prefix { $0 == marks.first })
            let info = line.dropFirst(run.count).trimmingCharacters(in: .whitespaces)
            let language = String(info.prefix { !$0.isWhitespace && $0 != "{" })
            return (run, language)
        }
        return nil
    }
}
