package import DeviceConstraints

/// The problems found while reading tokens: each an error placed at the token file's line and column, with the
/// token's path as its key path. Reading goes on after a problem, so that one run reports them all.
package struct TokenProblems: Sendable {
    /// No problems yet.
    package init() {}

    /// The code of every problem found in a token file.
    static let code = ConstraintDiagnostic.Code(rawValue: "invalidToken")

    package private(set) var diagnostics: [ConstraintDiagnostic] = []

    package var isEmpty: Bool { diagnostics.isEmpty }

    /// An error at the value `at` of `document`.
    mutating func error(_ message: String, document: JSONDocument, at index: Int, file: String, path: [String]?) {
        let location = document.location(of: index)
        error(message, file: file, line: location.line, column: location.column, path: path?.joined(separator: "."))
    }

    /// An error at `line`:`column` of `file` (both nil: the file as a whole).
    mutating func error(_ message: String, file: String?, line: Int? = nil, column: Int? = nil, path: String?) {
        diagnostics.append(
            ConstraintDiagnostic(
                severity: .error, code: Self.code, message: message, file: file, line: line, column: column,
                keyPath: path))
    }

    /// An error at `origin`.
    mutating func error(_ message: String, at origin: TokenOrigin) {
        error(message, file: origin.file, line: origin.line, column: origin.column, path: origin.path)
    }

    mutating func append(_ diagnostic: ConstraintDiagnostic) {
        diagnostics.append(diagnostic)
    }
}

/// What a name of a token, a group, a view id or a container may hold, in every format the tool reads or writes.
enum TokenName {
    /// Why `name` cannot name a token, a view or a container, or nil when it can: the design tokens format forbids
    /// `{`, `}` and `.` in names (they write aliases) and reserves a leading `$`; Figma separates groups with `/`; and
    /// a control character (a terminal escape, a bidirectional override) in a name is refused wherever it would go.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "is empty; give every group and token a name" }
        // Every token's name is checked: a short ASCII name of letters, digits, `-` and `_` (the usual) is fine
        // without walking its characters, which costs more than the rest of reading a token.
        if name.utf8.count <= ConstraintFileName.maximumNameLength, name.utf8.allSatisfy(Self.isPlain) { return nil }
        if name.unicodeScalars.contains(where: ControlCharacters.isUnsafe) {
            return "holds a control character, which no id may hold; rename it"
        }
        if name.count > ConstraintFileName.maximumNameLength {
            return "is longer than \(ConstraintFileName.maximumNameLength) characters; shorten it"
        }
        if let bad = name.first(where: { "{}./".contains($0) }) {
            return "holds \"\(bad)\", which token names cannot (\"{\", \"}\" and \".\" write aliases, \"/\" "
                + "separates Figma's groups); rename it"
        }
        if name.hasPrefix("$") { return "starts with \"$\", which the design tokens format reserves; rename it" }
        return nil
    }

    /// An ASCII letter or digit, `-` or `_`: a byte no check above refuses.
    private static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
