import Foundation

// Finds uses of APIs newer than the package's floors (``NewerAPI/all``) that are not inside an availability check,
// in Swift source text. Linux has no availability, so the compiler there accepts what a Mac at the floors rejects:
// this is the check Linux CI can run. It reads the text, not the types: comments and string literals are blanked
// first, `#if` regions are followed to know which Apple platforms compile a line, and braces are followed to know
// which `@available`/`#available`/`guard #available` covers it. It is a guard, not a compiler: what it cannot see
// (a regex literal written bare outside an argument list; an `@available` on a braceless declaration that also
// covers the next one; an API reached through a variable's type, such as `contains` on a `String` variable) is left
// to the real-SDK check, and the `contains` case to DeploymentFloorTests' type-check without the implicit
// `_StringProcessing` import.

/// An Apple platform the package builds for.
enum ApplePlatform: String, CaseIterable, Sendable {
    case iOS, macOS, tvOS, watchOS

    /// The platform of an availability or `os(…)` name; nil for a platform the package declares no floor for.
    init?(name: String) {
        switch name {
        case "iOS": self = .iOS
        case "macOS", "OSX": self = .macOS
        case "tvOS": self = .tvOS
        case "watchOS": self = .watchOS
        default: return nil
        }
    }
}

/// An OS version: `13`, `10.15`, `16.4`.
struct OSVersion: Comparable, Sendable, CustomStringConvertible {
    var major: Int
    var minor: Int

    /// A platform the code is never compiled for (`@available(macOS, unavailable)`): above every version.
    static let never = OSVersion(major: .max, minor: 0)

    init(major: Int, minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".")
        guard let first = parts.first, let major = Int(first) else { return nil }
        self.major = major
        self.minor = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
    }

    static func < (a: OSVersion, b: OSVersion) -> Bool { (a.major, a.minor) < (b.major, b.minor) }

    var description: String { minor == 0 ? "\(major)" : "\(major).\(minor)" }
}

/// The OS versions code can count on, per platform: the floors, raised by availability checks.
struct Availability: Sendable, CustomStringConvertible {
    var versions: [ApplePlatform: OSVersion]

    /// The package's floors (Package.swift's `platforms`).
    static let floors = Availability(
        iOS: OSVersion(major: 13), macOS: OSVersion(major: 10, minor: 15), tvOS: OSVersion(major: 13),
        watchOS: OSVersion(major: 6))

    init(iOS: OSVersion, macOS: OSVersion, tvOS: OSVersion, watchOS: OSVersion) {
        versions = [.iOS: iOS, .macOS: macOS, .tvOS: tvOS, .watchOS: watchOS]
    }

    private init(versions: [ApplePlatform: OSVersion]) { self.versions = versions }

    /// The higher version of the two on each platform.
    func raised(by other: [ApplePlatform: OSVersion]) -> Availability {
        Availability(versions: versions.merging(other, uniquingKeysWith: max))
    }

    /// Whether code that can count on these versions may call an API of availability `required` on `platforms`.
    func covers(_ required: Availability, on platforms: Set<ApplePlatform>) -> Bool {
        platforms.allSatisfy { (versions[$0] ?? .never) >= (required.versions[$0] ?? .never) }
    }

    var description: String {
        ApplePlatform.allCases.map { "\($0.rawValue) \(versions[$0] ?? .never)" }.joined(separator: ", ")
    }

    /// The versions an availability attribute or condition states: `iOS 16, macOS 13.0, *` (each platform with a
    /// version), `macOS, introduced: 13.0` or `macOS, unavailable` (one platform).
    static func stated(in arguments: String) -> [ApplePlatform: OSVersion] {
        let items = arguments.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard let first = items.first else { return [:] }
        if let platform = ApplePlatform(name: first) {
            // The long form: one platform, then labelled arguments.
            for item in items.dropFirst() {
                if item == "unavailable" { return [platform: .never] }
                if item.hasPrefix("introduced:"),
                    let version = OSVersion(item.dropFirst("introduced:".count).trimmingCharacters(in: .whitespaces))
                {
                    return [platform: version]
                }
            }
            return [:]
        }
        var stated: [ApplePlatform: OSVersion] = [:]
        for item in items {
            let words = item.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count == 2, let platform = ApplePlatform(name: String(words[0])),
                let version = OSVersion(words[1])
            else { continue }
            stated[platform] = version
        }
        return stated
    }
}

/// Swift source with its comments and the contents of its string literals blanked, so that patterns match code
/// only. Blanked bytes become spaces (line breaks stay), other non-ASCII bytes `_`, so a byte offset is also a
/// UTF-16 offset for `NSRegularExpression`. A string literal keeps its quotes; its contents are kept aside.
struct BlankedSource {
    /// The code, one byte per byte of the source.
    let code: String
    /// The contents of each string literal by the offset of its opening quote (interpolations left out), and
    /// whether it was interpolated.
    let literals: [Int: (text: String, interpolated: Bool)]
    /// The offset at which each line starts.
    let lineStarts: [Int]

    init(_ source: String) {
        let bytes = Array(source.utf8)
        var code = bytes.map { $0 < 0x80 ? $0 : UInt8(ascii: "_") }
        var literals: [Int: (text: String, interpolated: Bool)] = [:]
        enum Context {
            /// Code; inside an interpolation, the parentheses open in it.
            case code(parentheses: Int?)
            /// A string literal whose opening quote is at `start`, with `hashes` `#`s.
            case string(start: Int, hashes: Int, multiline: Bool)
        }
        var stack: [Context] = [.code(parentheses: nil)]
        var contents: [Int: [UInt8]] = [:]
        var interpolated: Set<Int> = []
        var i = 0
        func blank(_ range: Range<Int>) {
            for j in range where j < bytes.count && bytes[j] != UInt8(ascii: "\n") { code[j] = UInt8(ascii: " ") }
        }
        /// Whether `bytes` at `j` are `count` times `byte`, then `hashes` `#`s.
        func starts(_ byte: UInt8, _ count: Int, hashes: Int, at j: Int) -> Bool {
            guard j + count + hashes <= bytes.count else { return false }
            for k in 0..<count + hashes where bytes[j + k] != (k < count ? byte : UInt8(ascii: "#")) { return false }
            return true
        }
        func starts(_ text: StaticString, at j: Int) -> Bool {
            text.withUTF8Buffer { pattern in
                guard j + pattern.count <= bytes.count else { return false }
                for k in 0..<pattern.count where bytes[j + k] != pattern[k] { return false }
                return true
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch stack[stack.count - 1] {
            case .code(let parentheses):
                if starts("//", at: i) {
                    let end = bytes[i...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                    blank(i..<end)
                    i = end
                } else if starts("/*", at: i) {
                    var depth = 0
                    var j = i
                    while j < bytes.count {
                        if starts("/*", at: j) {
                            depth += 1
                            j += 2
                        } else if starts("*/", at: j) {
                            depth -= 1
                            j += 2
                            if depth == 0 { break }
                        } else {
                            j += 1
                        }
                    }
                    blank(i..<j)
                    i = j
                } else if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\"") {
                    var hashes = 0
                    while i + hashes < bytes.count && bytes[i + hashes] == UInt8(ascii: "#") { hashes += 1 }
                    let quote = i + hashes
                    if quote < bytes.count && bytes[quote] == UInt8(ascii: "\"") {
                        let multiline = starts("\"\"\"", at: quote)
                        blank(i..<quote)
                        stack.append(.string(start: quote, hashes: hashes, multiline: multiline))
                        contents[quote] = []
                        i = quote + (multiline ? 3 : 1)
                    } else if hashes == 1 && quote < bytes.count && bytes[quote] == UInt8(ascii: "/") {
                        // An extended regex literal, #/…/#: blanked like a string, its delimiters kept.
                        let end = (quote + 1..<bytes.count).first { starts("/#", at: $0) } ?? bytes.count
                        blank(quote + 1..<end)
                        i = min(end + 2, bytes.count)
                    } else {
                        i += max(hashes, 1)
                    }
                } else if let open = parentheses, byte == UInt8(ascii: "(") {
                    stack[stack.count - 1] = .code(parentheses: open + 1)
                    i += 1
                } else if let open = parentheses, byte == UInt8(ascii: ")") {
                    if open == 0 {
                        blank(i..<i + 1)
                        stack.removeLast()
                    } else {
                        stack[stack.count - 1] = .code(parentheses: open - 1)
                    }
                    i += 1
                } else {
                    i += 1
                }
            case .string(let start, let hashes, let multiline):
                if starts(UInt8(ascii: "\\"), 1, hashes: hashes, at: i) {
                    let after = i + 1 + hashes
                    if after < bytes.count && bytes[after] == UInt8(ascii: "(") {
                        blank(i..<after + 1)
                        interpolated.insert(start)
                        stack.append(.code(parentheses: 0))
                        i = after + 1
                    } else {
                        let end = min(after + 1, bytes.count)
                        contents[start, default: []] += bytes[i..<end]
                        blank(i..<end)
                        i = end
                    }
                } else if byte == UInt8(ascii: "\""), starts(byte, multiline ? 3 : 1, hashes: hashes, at: i) {
                    let close = (multiline ? 3 : 1) + hashes
                    blank(i + (multiline ? 3 : 1)..<i + close)
                    literals[start] = (
                        String(decoding: contents[start] ?? [], as: UTF8.self), interpolated.contains(start)
                    )
                    contents[start] = nil
                    stack.removeLast()
                    i += close
                } else if !multiline && byte == UInt8(ascii: "\n") {
                    // An unterminated literal ends at the line's end (the compiler rejects it anyway).
                    contents[start] = nil
                    stack.removeLast()
                    i += 1
                } else {
                    contents[start, default: []].append(byte)
                    blank(i..<i + 1)
                    i += 1
                }
            }
        }
        self.code = String(decoding: code, as: UTF8.self)
        self.literals = literals
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        self.lineStarts = lineStarts
    }

    /// The 1-based line and column (in bytes, as compilers count) of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }
}

/// A use of an API above the floors where nothing guarantees its availability: `file:line:column: error: …`.
struct FloorFinding: CustomStringConvertible, Sendable {
    var file: String
    var line: Int
    var column: Int
    var api: NewerAPI
    /// The platforms on which the use is compiled without the versions it needs.
    var platforms: [ApplePlatform]

    var description: String {
        "\(file):\(line):\(column): error: \(api.name) needs \(api.availability) (\(api.readIn)), but this line "
            + "builds for \(platforms.map(\.rawValue).joined(separator: ", ")) at the package's floors; "
            + "put it inside `if #available(\(api.availability.condition), *)` or an `@available` declaration, or "
            + api.instead
    }
}

extension Availability {
    /// `iOS 18, macOS 15, tvOS 18, watchOS 11`, as an `#available` condition lists them.
    var condition: String { description }
}

/// Scans source text for ``NewerAPI``s outside the availability checks that cover them.
struct FloorScanner {
    private let apis: [(api: NewerAPI, expression: NSRegularExpression)]

    /// A scanner for `apis` (the table, unless a test gives others); throws if a pattern is not a regular expression.
    init(apis: [NewerAPI] = NewerAPI.all) throws {
        self.apis = try apis.compactMap { api in
            try api.pattern.map { (api, try NSRegularExpression(pattern: $0)) }
        }
    }

    /// The findings in one file's `source`, for code compiled on `platforms` (a plugin's: only macOS).
    func findings(in source: String, file: String, platforms: Set<ApplePlatform> = Set(ApplePlatform.allCases))
        -> [FloorFinding]
    {
        let blanked = BlankedSource(source)
        let code = blanked.code
        var candidates: [(offset: Int, api: NewerAPI)] = []
        for (api, expression) in apis where !api.isBackDeployed {
            for match in expression.matches(in: code, range: NSRange(location: 0, length: code.utf16.count)) {
                if let accepts = api.accepts, !accepts(blanked, match.range) { continue }
                candidates.append((match.range.location, api))
            }
        }
        guard !candidates.isEmpty else { return [] }
        candidates.sort { $0.offset < $1.offset }
        let regions = ConditionalRegions(code, lineStarts: blanked.lineStarts, platforms: platforms)
        var findings: [FloorFinding] = []
        var scopes = ScopeWalker(code)
        for candidate in candidates {
            let available = scopes.availability(at: candidate.offset)
            let (line, column) = blanked.location(of: candidate.offset)
            let compiledOn = regions.platforms(onLine: line)
            let missing = ApplePlatform.allCases.filter {
                compiledOn.contains($0) && !available.covers(candidate.api.availability, on: [$0])
            }
            if !missing.isEmpty {
                findings.append(
                    FloorFinding(file: file, line: line, column: column, api: candidate.api, platforms: missing))
            }
        }
        return findings
    }
}

/// Which Apple platforms compile each line, from the `#if` blocks around it.
struct ConditionalRegions {
    private var lines: [Set<ApplePlatform>] = []

    init(_ code: String, lineStarts: [Int], platforms: Set<ApplePlatform>) {
        struct Block {
            var outer: Set<ApplePlatform>
            /// Where every earlier branch's condition may be false.
            var othersFalse: Set<ApplePlatform>
            var current: Set<ApplePlatform>
        }
        var blocks: [Block] = []
        var current = platforms
        for text in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = text.drop { $0 == " " || $0 == "\t" }
            func condition(after keyword: String) -> PlatformCondition {
                PlatformCondition.parse(String(line.dropFirst(keyword.count)))
            }
            if line.hasPrefix("#if ") || line.hasPrefix("#if(") {
                let value = condition(after: "#if")
                blocks.append(
                    Block(outer: current, othersFalse: value.mayBeFalse, current: current.intersection(value.mayBeTrue))
                )
                current = blocks[blocks.count - 1].current
                lines.append(current)
            } else if line.hasPrefix("#elseif"), var block = blocks.popLast() {
                let value = condition(after: "#elseif")
                block.current = block.outer.intersection(block.othersFalse).intersection(value.mayBeTrue)
                block.othersFalse.formIntersection(value.mayBeFalse)
                blocks.append(block)
                current = block.current
                lines.append(current)
            } else if line.hasPrefix("#else"), var block = blocks.popLast() {
                block.current = block.outer.intersection(block.othersFalse)
                blocks.append(block)
                current = block.current
                lines.append(current)
            } else if line.hasPrefix("#endif"), let block = blocks.popLast() {
                current = block.outer
                lines.append(current)
            } else {
                lines.append(current)
            }
        }
    }

    /// The platforms that compile the 1-based `line`.
    func platforms(onLine line: Int) -> Set<ApplePlatform> {
        line - 1 < lines.count ? lines[line - 1] : []
    }
}

/// A `#if` condition, evaluated to where it may be true and where it may be false: `os(iOS)` is true exactly on
/// iOS; `DEBUG` or `compiler(>=6.2)` may be either anywhere.
struct PlatformCondition {
    var mayBeTrue: Set<ApplePlatform>
    var mayBeFalse: Set<ApplePlatform>

    static let all = Set(ApplePlatform.allCases)
    static let unknown = PlatformCondition(mayBeTrue: all, mayBeFalse: all)

    static func exactly(_ platforms: Set<ApplePlatform>) -> PlatformCondition {
        PlatformCondition(mayBeTrue: platforms, mayBeFalse: all.subtracting(platforms))
    }

    /// The modules whose presence tells the platform; any other `canImport` may be either.
    static let modules: [String: Set<ApplePlatform>] = [
        "UIKit": [.iOS, .tvOS, .watchOS], "AppKit": [.macOS], "WatchKit": [.watchOS],
        "XcodeProjectPlugin": [.macOS], "Darwin": all, "Foundation": all, "Glibc": [], "Musl": [], "WinSDK": [],
        "Android": [], "WASILibc": [],
    ]

    static func parse(_ text: String) -> PlatformCondition {
        var parser = Parser(tokens: tokenize(text))
        return parser.expression()
    }

    private static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var word = ""
        var characters = text.makeIterator()
        var pending: Character? = characters.next()
        func flush() {
            if !word.isEmpty { tokens.append(word) }
            word = ""
        }
        while let character = pending {
            pending = characters.next()
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                word.append(character)
            } else if (character == "&" || character == "|") && pending == character {
                flush()
                tokens.append(String([character, character]))
                pending = characters.next()
            } else if "()!,".contains(character) {
                flush()
                tokens.append(String(character))
            } else {
                flush()
                if !character.isWhitespace { tokens.append(String(character)) }
            }
        }
        flush()
        return tokens
    }

    private struct Parser {
        var tokens: [String]
        var index = 0

        var next: String? { index < tokens.count ? tokens[index] : nil }

        mutating func expression() -> PlatformCondition {
            var value = conjunction()
            while next == "||" {
                index += 1
                let other = conjunction()
                value = PlatformCondition(
                    mayBeTrue: value.mayBeTrue.union(other.mayBeTrue),
                    mayBeFalse: value.mayBeFalse.intersection(other.mayBeFalse))
            }
            return value
        }

        mutating func conjunction() -> PlatformCondition {
            var value = unary()
            while next == "&&" {
                index += 1
                let other = unary()
                value = PlatformCondition(
                    mayBeTrue: value.mayBeTrue.intersection(other.mayBeTrue),
                    mayBeFalse: value.mayBeFalse.union(other.mayBeFalse))
            }
            return value
        }

        mutating func unary() -> PlatformCondition {
            if next == "!" {
                index += 1
                let value = unary()
                return PlatformCondition(mayBeTrue: value.mayBeFalse, mayBeFalse: value.mayBeTrue)
            }
            if next == "(" {
                index += 1
                let value = expression()
                if next == ")" { index += 1 }
                return value
            }
            guard let name = next else { return .unknown }
            index += 1
            guard next == "(" else {
                return name == "true" ? .exactly(all) : name == "false" ? .exactly([]) : .unknown
            }
            index += 1
            var arguments: [String] = []
            var depth = 1
            while let token = next, depth > 0 {
                index += 1
                if token == "(" { depth += 1 } else if token == ")" { depth -= 1 }
                if depth > 0 { arguments.append(token) }
            }
            let argument = arguments.first ?? ""
            switch name {
            case "os":
                return .exactly(ApplePlatform(name: argument).map { [$0] } ?? [])
            case "canImport":
                return modules[argument].map { .exactly($0) } ?? .unknown
            case "targetEnvironment":
                return argument == "macCatalyst" ? .exactly([.iOS]) : .unknown
            default:
                return .unknown
            }
        }
    }
}

/// Follows braces through code, keeping what each scope can count on: the availability its header's
/// `@available` or `#available` states, and after a `guard #available(…) else { … }`, the rest of the scope.
struct ScopeWalker {
    private let code: [UInt8]
    private var position = 0
    /// Each open scope: what it can count on, and what its end makes the enclosing scope count on (the guard's).
    private var scopes: [(available: Availability, onClose: [ApplePlatform: OSVersion])] = [(.floors, [:])]
    private var headerStart = 0

    init(_ code: String) { self.code = Array(code.utf8) }

    /// What code at `offset` (at or after the previous offset asked for) can count on.
    mutating func availability(at offset: Int) -> Availability {
        while position < offset {
            let byte = code[position]
            if byte == UInt8(ascii: "{") {
                let header = text(headerStart..<position)
                let parent = scopes[scopes.count - 1].available
                if header.contains("#available"), Self.isGuard(header) {
                    scopes.append((parent.raised(by: Self.attributes(in: header)), Self.conditions(in: header)))
                } else {
                    let stated = Self.attributes(in: header).merging(Self.conditions(in: header), uniquingKeysWith: max)
                    scopes.append((parent.raised(by: stated), [:]))
                }
                headerStart = position + 1
            } else if byte == UInt8(ascii: "}") {
                if scopes.count > 1 {
                    let closed = scopes.removeLast()
                    scopes[scopes.count - 1].available = scopes[scopes.count - 1].available.raised(by: closed.onClose)
                }
                headerStart = position + 1
            } else if byte == UInt8(ascii: ";") {
                headerStart = position + 1
            }
            position += 1
        }
        let pending = text(headerStart..<max(headerStart, offset))
        let stated = Self.attributes(in: pending).merging(Self.conditions(in: pending), uniquingKeysWith: max)
        return scopes[scopes.count - 1].available.raised(by: stated)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: code[range.clamped(to: 0..<code.count)], as: UTF8.self)
    }

    /// Whether a header is a `guard`'s: its brace opens the `else` block, which runs when the check failed.
    private static func isGuard(_ header: String) -> Bool {
        header.range(of: #"\bguard\b"#, options: .regularExpression) != nil
    }

    /// What the `@available(…)` attributes in `text` state.
    static func attributes(in text: String) -> [ApplePlatform: OSVersion] {
        stated(after: "@available(", in: text)
    }

    /// What the `#available(…)` conditions in `text` state (`#unavailable` states nothing here).
    static func conditions(in text: String) -> [ApplePlatform: OSVersion] {
        stated(after: "#available(", in: text)
    }

    private static func stated(after opening: String, in text: String) -> [ApplePlatform: OSVersion] {
        var stated: [ApplePlatform: OSVersion] = [:]
        var rest = text[...]
        while let open = rest.range(of: opening) {
            let arguments = rest[open.upperBound...].prefix { $0 != ")" }
            stated.merge(Availability.stated(in: String(arguments)), uniquingKeysWith: max)
            rest = rest[open.upperBound...]
        }
        return stated
    }
}
