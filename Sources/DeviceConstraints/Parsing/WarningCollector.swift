/// The warnings of one file, kept until the caller can deliver them outside every lock, at most `limit` of them
/// plus one that counts the rest; a class so that the reader's non-mutating methods can add to it.
final class WarningCollector {
    private(set) var warnings: [ConstraintDiagnostic] = []
    private var dropped = 0
    private let limit: Int
    private let fileName: String

    init(limit: Int, fileName: String) {
        self.limit = max(0, limit)
        self.fileName = fileName
    }

    /// Whether another warning would be kept: when not, the caller need not work out its location.
    var isFull: Bool { warnings.count >= limit }

    func add(_ make: () -> ConstraintDiagnostic) {
        if isFull { dropped += 1 } else { warnings.append(make()) }
    }

    /// Where the last warning kept is.
    private var lastPlace = TextPosition()

    /// The line and column of the byte at `offset` of the file `bytes`. Both readers warn in file order, so lines
    /// are counted once for all the warnings kept, and only up to the last of them (a ``LineTable`` would count the
    /// whole file).
    func location(ofOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        JSONDocument.advance(&lastPlace, to: offset, in: bytes)
        return (lastPlace.line, lastPlace.column)
    }

    /// Where the readers are: what ``rollBack(to:)`` returns to.
    struct Mark {
        fileprivate let kept: Int
        fileprivate let dropped: Int
    }

    var mark: Mark { Mark(kept: warnings.count, dropped: dropped) }

    /// Forgets every warning added since `mark`: the one-pass reader gave up, and the general reader reads the
    /// file again.
    func rollBack(to mark: Mark) {
        warnings.removeSubrange(mark.kept...)
        dropped = mark.dropped
        lastPlace = TextPosition()
    }

    /// Warns that a record gives attribute `name` twice. The location and key path are worked out only for a
    /// warning that is kept.
    func repeatedAttribute(
        _ name: String, at location: () -> (line: Int, column: Int), keyPath: () -> String
    ) {
        add(
            .duplicateKey, "attribute \"\(name)\" is given twice in this record; the last value is used", location,
            keyPath)
    }

    /// Warns that a scaled value or column rule (`noun`) gives `key` a second time.
    func repeatedKey(
        _ key: String, in noun: String, at location: () -> (line: Int, column: Int), keyPath: () -> String
    ) {
        add(.duplicateKey, "\"\(key)\" is given twice in this \(noun); the last value is used", location, keyPath)
    }

    /// Warns that the unknown attribute `name` is probably a misspelling of `suggestion`.
    func possibleTypo(
        _ name: String, suggestion: String, at location: () -> (line: Int, column: Int), keyPath: () -> String
    ) {
        add(
            .possibleTypo,
            "unknown attribute \"\(name)\"; did you mean \"\(suggestion)\"? It is kept as an extension attribute",
            location, keyPath, attribute: name)
    }

    /// Warns that `relativeTo` gives `name`, which is no text style; the value follows `body`.
    func unknownTextStyle(
        _ name: String, at location: () -> (line: Int, column: Int), keyPath: () -> String
    ) {
        let suggestion = EditDistance.closest(to: name, among: TextStyle.allCases.map(\.rawValue), maximum: 3)
        add(
            .unknownTextStyle,
            "\"\(name)\" is not a text style; "
                + (suggestion.map { "did you mean \"\($0)\"? " } ?? "")
                + "expected one of \(TextStyle.allCases.map(\.rawValue).joined(separator: ", ")); the value follows body",
            location, keyPath)
    }

    /// Warns that a fixed font size is under 11 points.
    func smallFixedFont(
        _ size: Double, at location: () -> (line: Int, column: Int), keyPath: () -> String
    ) {
        add(
            .smallFixedFont,
            "a fixed font size of \(size.compactDescription) points is under 11, the smallest Apple recommends on iOS, "
                + "and never grows with the text size; use 11 or more, or a plain number that follows the text size",
            location, keyPath)
    }

    private func add(
        _ code: ConstraintDiagnostic.Code, _ message: @autoclosure () -> String,
        _ location: () -> (line: Int, column: Int), _ keyPath: () -> String, attribute: String? = nil
    ) {
        // Past the cap the warning is only counted: its location is never worked out.
        add {
            let (line, column) = location()
            var warning = ConstraintDiagnostic(
                severity: .warning, code: code, message: message(), file: fileName, line: line, column: column,
                keyPath: keyPath())
            warning.attribute = attribute
            return warning
        }
    }

    /// The warnings kept, then a note saying how many were not, if any.
    var all: [ConstraintDiagnostic] {
        guard dropped > 0 else { return warnings }
        var note = ConstraintDiagnostic(
            severity: .note, code: .tooManyWarnings,
            message:
                "\(dropped) more warning\(dropped == 1 ? "" : "s") in this file not shown (at most \(limit) per file; ConstraintFileParser.Limits.maximumWarningsPerFile)",
            file: fileName)
        note.omittedWarningCount = dropped
        return warnings + [note]
    }

    func deliver(to handler: ConstraintDiagnosticHandler?) {
        guard let handler else { return }
        for warning in all { handler(warning) }
    }
}
