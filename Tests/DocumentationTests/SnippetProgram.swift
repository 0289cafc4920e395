import Foundation

/// A program made of a document's ```swift blocks (see MarkdownSnippets.swift for the rules).
struct SnippetProgram {
    enum Kind {
        /// Built on Linux, in a scratch package, and run when it says what it prints.
        case neutral
        /// Type-checked against the stand-in frameworks.
        case appleOnly
    }

    /// A line the program must print.
    enum ExpectedLine: Equatable, CustomStringConvertible {
        case text(String)
        /// `…`: any number of lines.
        case any

        var description: String {
            switch self {
            case .text(let text): text
            case .any: "…"
            }
        }
    }

    let kind: Kind
    let document: Document
    /// The target's name: the document's name and the program's number, `README_1`.
    let name: String
    var blocks: [CodeBlock] = []
    /// What the program must print, in order; empty when the document shows no output for it.
    var expected: [ExpectedLine] = []
    /// Where the expected output was shown, for messages.
    var expectedAt: [String] = []

    /// The modules the blocks import, sorted.
    var imports: [String] {
        Set(blocks.flatMap { block in (block.hidden?.code ?? []) + block.code }.compactMap(Self.importedModule))
            .sorted()
    }

    /// The program's source: the imports, then each block (and its hidden lines) behind a `#sourceLocation`, so a
    /// compiler error names the document's line.
    var source: String {
        let path = document.url.path.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
        var lines = ["// Generated from \(document.path) by DocumentationTests: edit the document, not this file."]
        lines += imports.map { "import \($0)" }
        for block in blocks {
            var parts: [(line: Int, code: [String])] = []
            if let hidden = block.hidden { parts.append(hidden) }
            parts.append((block.line, block.code))
            for part in parts {
                lines.append("#sourceLocation(file: \"\(path)\", line: \(part.line))")
                lines += part.code.map { Self.importedModule($0) == nil ? $0 : "" }
                lines.append("#sourceLocation()")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The module a line imports (`import Foundation`, `@testable import X`), or nil.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        while let first = words.first, first.hasPrefix("@") || ["public", "internal", "package"].contains(first) {
            words.removeFirst()
        }
        guard words.count == 2, words[0] == "import" else { return nil }
        return words[1]
    }

    /// The programs of `document`'s ```swift blocks, and the problems found while gathering them (output shown
    /// with no program to print it, a `// prints:` in an Apple-only block).
    static func programs(of document: Document) -> (programs: [SnippetProgram], problems: [String]) {
        var programs: [SnippetProgram] = []
        var problems: [String] = []
        var current: [Kind: Int] = [:]  // the index in `programs` of each kind's current program
        var lastNeutral: Int?
        let stem = Self.stem(of: document.path)
        for block in document.blocks {
            if block.language == "text", block.isOutput {
                guard let index = lastNeutral else {
                    problems.append("\(block.location): output shown before any platform-neutral ```swift block")
                    continue
                }
                programs[index].expected += block.code.map { $0 == "…" ? .any : .text($0) }
                programs[index].expectedAt.append(block.location)
                continue
            }
            guard block.language == "swift", block.file == nil, block.notCompiledReason == nil else { continue }
            let kind: Kind = block.isAppleOnly ? .appleOnly : .neutral
            if current[kind] == nil || block.startsProgram {
                let number = programs.filter { $0.kind == kind }.count + 1
                let name = "\(stem)\(kind == .appleOnly ? "_Apple" : "")_\(number)"
                programs.append(SnippetProgram(kind: kind, document: document, name: name))
                current[kind] = programs.count - 1
            }
            guard let index = current[kind] else { continue }
            programs[index].blocks.append(block)
            let printed = block.code.enumerated().compactMap { offset, line in
                line.range(of: "// prints: ").map { (offset, String(line[$0.upperBound...])) }
            }
            if kind == .appleOnly, let (offset, _) = printed.first {
                problems.append(
                    "\(document.path):\(block.line + offset): an Apple-only block cannot be run here: "
                        + "show the value without `// prints:`")
            }
            if kind == .neutral {
                programs[index].expected += printed.map { .text($0.1.trimmingCharacters(in: .whitespaces)) }
                if !printed.isEmpty { programs[index].expectedAt.append(block.location) }
                lastNeutral = index
            }
        }
        return (programs, problems)
    }

    /// A target name from a document's path: `README`, `ConstraintDSL_WritingConstraints`,
    /// `Examples_SplitViewColumns`.
    private static func stem(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        if parts.last == "README.md", parts.count > 1 { parts.removeLast() }
        if parts.first == "Sources", parts.count == 4 { parts = [parts[1], parts[3]] }
        let joined = parts.joined(separator: "_")
        let name = joined.hasSuffix(".md") ? String(joined.dropLast(3)) : joined
        return String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}

extension SnippetProgram.ExpectedLine {
    /// Whether `lines` are what `expected` shows, `…` standing for any number of lines.
    static func match(_ expected: [Self], _ lines: [String]) -> Bool {
        // reachable[j]: the expected lines so far can produce exactly the first j lines.
        var reachable = [true] + Array(repeating: false, count: lines.count)
        for line in expected {
            var next = Array(repeating: false, count: lines.count + 1)
            switch line {
            case .any:
                var seen = false
                for j in 0...lines.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            case .text(let text):
                for j in 0..<lines.count where reachable[j] && lines[j] == text { next[j + 1] = true }
            }
            reachable = next
        }
        return reachable[lines.count]
    }
}
