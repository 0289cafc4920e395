// How a view id or a container name becomes a Swift name. The rules, in the order they apply:
//
// 1. Words: the name is cut into words at every character a Swift identifier cannot hold (`_`, `-`, `.`,
//    spaces, `$`, punctuation, invisible format characters); a camelCase hump does not cut, so
//    `bmt_reportCalendarDayButtonId_Selected` is `bmt`, `reportCalendarDayButtonId`, `Selected`.
// 2. Case: a member is lowerCamelCase (the first word's leading capitals lowered, as `URLTitle` → `urlTitle`;
//    each later word capitalised), a type UpperCamelCase (every word capitalised). Only a letter whose other
//    case is one character changes.
// 3. A member name that is a keyword is escaped with backticks (`default` → `` `default` ``). After a dot only
//    `init` and `self` need them (`Card.init` is the initializer): the generated comments say so.
// 4. What the rules cannot turn into a name is an error: no letters or digits at all, a digit first, a type
//    named `Type` or `Protocol`.
//
// The ranges of identifier characters are the compiler's lexer's (`isValidIdentifierContinuationCodePoint` in
// swift/lib/Parse/Lexer.cpp), which end at U+FFF8 where the Swift book's grammar says U+FFFD: U+FFFC and U+FFFD in
// a name made code that did not compile. A test parses every BMP scalar and samples of the planes above with the
// toolchain's `swiftc` and compares.

/// A Swift name made from a name in a constraint file, or why none can be made.
package enum SwiftName {
    /// The words of `text`: its runs of identifier characters, without the `_` between them.
    package static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar != "_", isIdentifierCharacter(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// `words` as a member name: the first word's leading capitals lowered (a run of capitals keeps its last
    /// one when a lowercase letter follows, as `URLTitle` → `urlTitle`), each later word capitalised.
    package static func lowerCamelCase(_ words: some Sequence<String>) -> String {
        var name = ""
        for (index, word) in words.enumerated() {
            name += index == 0 ? loweringLeadingCapitals(word) : capitalizingFirst(word)
        }
        return name
    }

    /// `words` as a type name: every word capitalised.
    package static func upperCamelCase(_ words: some Sequence<String>) -> String {
        words.map(capitalizingFirst).joined()
    }

    /// Why `name` cannot be a Swift identifier, or nil when it can: `"has no letters or digits"`, `"starts
    /// with a digit"`, `"starts with a combining mark"`.
    package static func problem(with name: String) -> String? {
        guard let first = name.unicodeScalars.first else { return "has no letters or digits" }
        if ("0"..."9").contains(first) { return "starts with a digit" }
        if let other = name.unicodeScalars.first(where: { !isIdentifierCharacter($0) }) {
            return "contains U+\(String(other.value, radix: 16, uppercase: true)), which a Swift name cannot"
        }
        if !isIdentifierHead(first) { return "starts with a combining mark" }
        return nil
    }

    /// The member names of a container's view ids, in the order of `viewIds`: each id's words in
    /// lowerCamelCase, without the leading words that every id shares when what remains is unique and valid
    /// (`bmt_reportCalendarDayButtonId_Selected` and `…_Normal` → `selected` and `normal`). Each id keeps at
    /// least its last word, so a container's only id keeps its last word (`bmt_reportMeasureViewId_TopView` →
    /// `topView`). When no shorter names are unique and valid the full names are returned, for the caller to
    /// report what is wrong with them. The names are not escaped.
    package static func memberNames(for viewIds: [String], droppingSharedPrefix: Bool = true) -> [String] {
        let words = viewIds.map(words(of:))
        let full = words.map { lowerCamelCase($0) }
        guard droppingSharedPrefix, let first = words.first, words.allSatisfy({ !$0.isEmpty }) else { return full }
        var shared = words.map { $0.count - 1 }.min() ?? 0
        for other in words.dropFirst() {
            shared = min(shared, zip(first, other).prefix { $0 == $1 }.count)
        }
        guard shared > 0 else { return full }
        let dropped = words.map { lowerCamelCase($0.dropFirst(shared)) }
        if isAcceptable(dropped) { return dropped }
        // Dropping fewer words leaves every name starting with the same shared word, so the names are unique
        // for every shorter drop or for none: only the validity of that first word differs. Two more tries at
        // most, which keeps this linear in the length of the ids.
        guard let drop = (0..<shared).reversed().first(where: { problem(with: lowerCamelCase([first[$0]])) == nil }),
            drop > 0
        else { return full }
        let shorter = words.map { lowerCamelCase($0.dropFirst(drop)) }
        return isAcceptable(shorter) ? shorter : full
    }

    private static func isAcceptable(_ names: [String]) -> Bool {
        Set(names).count == names.count && names.allSatisfy { problem(with: $0) == nil }
    }

    /// Why a type may not be called `name` even with backticks, or nil: `Type` and `Protocol` name the
    /// metatype after a dot, and a type `DeviceConstraints` would hide the module the generated code names.
    package static func typeProblem(with name: String) -> String? {
        if let problem = problem(with: name) { return problem }
        switch name {
        case "Type", "Protocol": return "'\(name)' after a dot names a metatype, not a nested type"
        case "DeviceConstraints": return "a type 'DeviceConstraints' would hide the module of the same name"
        default: return nil
        }
    }

    /// `name` as it is written in a declaration: in backticks when it is a keyword.
    package static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Member names that after a dot mean something else unless written in backticks: `Card.init` is the type's
    /// initializer and `Card.self` the type itself, so a member `init` or `self` is written in backticks after the
    /// dot too. Every other keyword is reached plainly after a dot (`Card.default`, `Card.deinit`, `Card.subscript`).
    package static let namesInBackticksAfterADot: Set<String> = ["init", "self"]

    /// `name` as it is written after a dot to reach the member: in backticks for ``namesInBackticksAfterADot``.
    package static func afterADot(_ name: String) -> String {
        namesInBackticksAfterADot.contains(name) ? "`\(name)`" : name
    }

    /// Why a member may not be called `name`, or nil: `Type` and `Protocol` after a dot name the metatype even in
    /// backticks. (A member name is lowerCamelCase, so it cannot be either; this keeps the generator from writing
    /// one if that ever changes.)
    package static func memberProblem(with name: String) -> String? {
        if let problem = problem(with: name) { return problem }
        switch name {
        case "Type", "Protocol": return "'\(name)' after a dot names a metatype, not a member"
        default: return nil
        }
    }

    /// Words that must be escaped to be declared as names; contextual keywords are escaped too, which is
    /// harmless and keeps generated code readable in every context.
    package static let keywords: Set<String> = [
        // Declarations.
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "package", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements.
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard", "if",
        "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types.
        "Any", "any", "as", "async", "await", "false", "is", "nil", "self", "Self", "some", "super", "throws", "true",
        "try", "_",
    ]

    // MARK: - Characters

    /// Whether `scalar` may start an identifier: a letter, `_`, or one of the Unicode ranges of the grammar.
    /// Invisible format characters (zero-width and bidirectional controls) are refused although the grammar
    /// allows some of them: a name made of what nobody can see cannot be typed.
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
        }
        if scalar.properties.generalCategory == .format { return false }
        return headRanges.contains { $0.contains(value) }
    }

    /// Whether `scalar` may continue an identifier: a head, a digit, or a combining mark of the grammar.
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if ("0"..."9").contains(scalar) { return true }
        if isIdentifierHead(scalar) { return true }
        return combiningRanges.contains { $0.contains(scalar.value) }
    }

    /// identifier-head beyond ASCII: the compiler's ranges (not the book's, which adds U+FFF9–U+FFFD).
    private static let headRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
        0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF,
        0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
        0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFF8, 0x10000...0x1FFFD, 0x20000...0x2FFFD,
        0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD, 0x70000...0x7FFFD,
        0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    /// identifier-character that may not start an identifier: combining marks.
    private static let combiningRanges: [ClosedRange<UInt32>] = [
        0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F,
    ]

    // MARK: - Case

    private static func capitalizingFirst(_ word: String) -> String {
        guard let first = word.first else { return word }
        return changingCase(of: first, upper: true) + word.dropFirst()
    }

    private static func loweringLeadingCapitals(_ word: String) -> String {
        let characters = Array(word)
        var capitals = 0
        while capitals < characters.count, characters[capitals].isUppercase { capitals += 1 }
        // `URLTitle`: the `T` begins the next hump and stays; `URL` and `Selected` lower entirely.
        if capitals > 1, capitals < characters.count, characters[capitals].isLowercase { capitals -= 1 }
        var lowered = ""
        for (index, character) in characters.enumerated() {
            lowered += index < capitals ? changingCase(of: character, upper: false) : String(character)
        }
        return lowered
    }

    /// `character` in the other case, when that is one character (`ß` stays `ß`, not `SS`).
    private static func changingCase(of character: Character, upper: Bool) -> String {
        let changed = upper ? character.uppercased() : character.lowercased()
        return changed.count == 1 ? changed : String(character)
    }
}
