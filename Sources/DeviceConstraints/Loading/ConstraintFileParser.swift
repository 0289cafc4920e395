public import Foundation

/// Reads one constraint file into a ``ContainerConstraints``, checking everything a file can get wrong.
///
/// The format is the original design's: the top-level key is the container and must match the file name;
/// its value is an array of one-key objects (view id → record), or one object mapping view ids to records.
///
/// ```swift
/// let parser = ConstraintFileParser()
/// let file = try parser.parse(data, fileName: "Calendar_iPhone6.json") { warning in print(warning) }
/// ```
///
/// The parser knows nothing of devices: it checks the top-level key against the file name (the whole
/// stem, or the part before the last underscore) and leaves the device to its caller.
public struct ConstraintFileParser: Sendable {
    /// Bounds on what the parser accepts, so that a broken or hostile file cannot exhaust memory or stack.
    public struct Limits: Sendable, Hashable {
        /// The largest file accepted, in bytes. Default: 8 MiB, a hundred times a large real file.
        public var maximumFileSize: Int
        /// The deepest nesting of arrays and objects accepted. A constraint file needs 5; default: 32.
        public var maximumDepth: Int
        /// The most warnings reported for one file; past it, one last warning (code
        /// ``ConstraintDiagnostic/Code/tooManyWarnings``) says how many more there were. Default: 100.
        public var maximumWarningsPerFile: Int

        /// Limits with the given bounds.
        public init(maximumFileSize: Int = 8 << 20, maximumDepth: Int = 32, maximumWarningsPerFile: Int = 100) {
            self.maximumFileSize = maximumFileSize
            self.maximumDepth = maximumDepth
            self.maximumWarningsPerFile = maximumWarningsPerFile
        }

        /// 8 MiB, 32 levels, 100 warnings per file.
        public static let `default` = Limits()
    }

    /// The bounds this parser enforces.
    public var limits: Limits

    /// Whether plain files are read by ``PlainFileReader``; tests turn it off to check that the general reader
    /// gives the same records.
    var readsPlainFilesFast = true

    /// A parser that enforces `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses one constraint file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 JSON).
    ///   - fileName: the file's name, used to check the top-level key and to place errors.
    ///   - container: the container the file must hold; when nil, the top-level key must equal the file
    ///     name's stem or the part of it before the last underscore.
    ///   - diagnostics: receives warnings (a misspelt attribute name, a key given twice), at most
    ///     ``Limits/maximumWarningsPerFile`` of them, after the file is read.
    /// - Returns: the file's records, not merged with any other file. A scaled value reads as its number at the
    ///   design width; a column rule is not a record attribute (the interpreter evaluates both per window).
    /// - Throws: ``ConstraintError`` with code `.fileTooLarge`, `.malformedJSON`, `.nestingTooDeep`,
    ///   `.invalidFormat` or `.duplicateView`, placed at the file, line, column and key path.
    public func parse(
        _ data: Data, fileName: String, container: String? = nil,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) throws(ConstraintError) -> ContainerConstraints {
        let warnings = diagnostics.map { _ in WarningCollector(limit: limits.maximumWarningsPerFile, fileName: fileName)
        }
        defer { warnings?.deliver(to: diagnostics) }
        let read = try read(data, fileName: fileName, container: container, warnings: warnings, recovered: nil)
        return ContainerConstraints(
            container: read.container, fileName: fileName, table: read.views.build(files: [fileName]),
            viewOffsets: read.viewOffsets)
    }

    /// Parses one constraint file like ``parse(_:fileName:container:diagnostics:)``, but goes on after an
    /// error that spoils one view or one attribute (a wrong type, a record that is not an object, a view id
    /// given twice), so that a linter can report every such error of a file in one run.
    ///
    /// - Returns: the records that could be read (a spoilt attribute is left out; a spoilt record is
    ///   empty; a repeated view id keeps its first record), or nil when the file could not be read at all
    ///   (too large, malformed JSON, wrong top-level shape or key); and every error, in document order.
    package func parseCollectingErrors(
        _ data: Data, fileName: String, container: String? = nil,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) -> (file: ContainerConstraints?, errors: [ConstraintError]) {
        let recovered = RecoveredErrors()
        let warnings = diagnostics.map { _ in WarningCollector(limit: limits.maximumWarningsPerFile, fileName: fileName)
        }
        defer { warnings?.deliver(to: diagnostics) }
        do throws(ConstraintError) {
            let read = try read(
                data, fileName: fileName, container: container, warnings: warnings, recovered: recovered)
            let file = ContainerConstraints(
                container: read.container, fileName: fileName, table: read.views.build(files: [fileName]),
                viewOffsets: read.viewOffsets)
            return (file, recovered.errors)
        } catch {
            return (nil, recovered.errors + [error])
        }
    }

    /// Reads one file of `container` into a table of its own: the parsed-file stage of a load, which knows
    /// nothing of devices.
    ///
    /// - Parameter collectingWarnings: whether to collect warnings (someone listens for them); they come back in
    ///   the result, for the caller to deliver once the load is published and no lock is held.
    func parsedFile(
        _ data: Data, fileName: String, container: String, collectingWarnings: Bool
    ) throws(ConstraintError) -> ParsedFile {
        let warnings =
            collectingWarnings ? WarningCollector(limit: limits.maximumWarningsPerFile, fileName: fileName) : nil
        let read = try read(
            data, fileName: fileName, container: container, warnings: warnings, recovered: nil, offsets: false)
        return ParsedFile(
            fileName: fileName, table: read.views.build(files: [fileName]), warnings: warnings?.all ?? [])
    }

    /// Reads one file: a plain file in one pass (``PlainFileReader``), any other through a ``JSONDocument`` and
    /// the general reader, which reports every problem.
    private func read(
        _ data: Data, fileName: String, container: String?, warnings: WarningCollector?,
        recovered: RecoveredErrors?, offsets: Bool = true
    ) throws(ConstraintError) -> (container: String, viewOffsets: [Int], views: ViewTable.Builder) {
        guard data.count <= limits.maximumFileSize else {
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(data.count) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: fileName)
        }
        // The one-pass reader reads files that nest 5 deep (a scaled value in a record in an array); under a lower
        // limit the general reader reports the nesting.
        if readsPlainFilesFast, limits.maximumDepth >= 5 {
            let containers = container.map { [$0] } ?? ConstraintFileName.containerCandidates(ofFile: fileName)
            let plain = data.withUnsafeBytes { bytes in
                PlainFileReader.read(bytes, containers: containers, warnings: warnings, offsets: offsets)
            }
            if let plain { return plain }
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, maximumDepth: limits.maximumDepth)
        } catch {
            throw error.inFile(fileName)
        }
        let reader = FileReader(document: document, fileName: fileName, warnings: warnings, recovered: recovered)
        var views = ViewTable.Builder()
        let read = try reader.read(expectedContainer: container, into: &views)
        return (read.container, read.viewOffsets, views)
    }
}

/// One file as the parsed-file stage keeps it: its records (scaled values at their design-width number, window-
/// dependent attributes listed in the table's `dynamics`) and the warnings found while reading it.
struct ParsedFile: Sendable {
    let fileName: String
    let table: ViewTable
    let warnings: [ConstraintDiagnostic]
}

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

    /// Warns that the unknown attribute `name` is probably a misspelling of `suggestion`.
    func possibleTypo(
        _ name: String, suggestion: String, at location: () -> (line: Int, column: Int), keyPath: () -> String
    ) {
        add(
            .possibleTypo,
            "unknown attribute \"\(name)\"; did you mean \"\(suggestion)\"? It is kept as an extension attribute",
            location, keyPath)
    }

    private func add(
        _ code: ConstraintDiagnostic.Code, _ message: @autoclosure () -> String,
        _ location: () -> (line: Int, column: Int), _ keyPath: () -> String
    ) {
        // Past the cap the warning is only counted: its location is never worked out.
        add {
            let (line, column) = location()
            return ConstraintDiagnostic(
                severity: .warning, code: code, message: message(), file: fileName, line: line, column: column,
                keyPath: keyPath())
        }
    }

    /// The warnings kept, then one saying how many were not, if any.
    var all: [ConstraintDiagnostic] {
        guard dropped > 0 else { return warnings }
        return warnings + [
            ConstraintDiagnostic(
                severity: .warning, code: .tooManyWarnings,
                message:
                    "\(dropped) more warning\(dropped == 1 ? "" : "s") in this file not shown (at most \(limit) per file; ConstraintFileParser.Limits.maximumWarningsPerFile)",
                file: fileName)
        ]
    }

    func deliver(to handler: ConstraintDiagnosticHandler?) {
        guard let handler else { return }
        for warning in all { handler(warning) }
    }
}

/// The errors a reader went on after; a class so that the reader's non-mutating methods can add to it.
private final class RecoveredErrors {
    var errors: [ConstraintError] = []
}

/// One pass over a parsed document, building records and reporting problems with their locations.
private struct FileReader {
    let document: JSONDocument
    let fileName: String
    /// Where warnings go; nil when nobody listens (then typo checks are skipped).
    let warnings: WarningCollector?
    /// Where errors go that spoil only one view or attribute; nil throws the first one.
    let recovered: RecoveredErrors?

    init(document: JSONDocument, fileName: String, warnings: WarningCollector?, recovered: RecoveredErrors?) {
        self.document = document
        self.fileName = fileName
        self.warnings = warnings
        self.recovered = recovered
    }

    /// Reads the file's views into `views`, a builder of this file's own.
    ///
    /// - Returns: the container, and the byte offset of each view id this file gives, in file order.
    func read(expectedContainer: String?, into views: inout ViewTable.Builder) throws(ConstraintError) -> (
        container: String, viewOffsets: [Int]
    ) {
        let root = document.root
        guard document.kind(root) == .object, document.count(root) == 1,
            let member = document.members(root).first(where: { _ in true })
        else {
            throw error(
                .invalidFormat,
                "a constraint file is an object with one key, the container name, such as {\"\(expectedStem)\": [...]}; found \(found(root))",
                at: root, keyPath: nil)
        }
        let container = document.string(member.key)
        try checkContainer(container, expected: expectedContainer, at: member.key)

        var viewOffsets: [Int] = []
        var extensions = ExtensionCollector()
        let list = member.value

        func duplicate(key: Int, path: RecordPath) -> ConstraintError {
            // Only on this error: find where this file first defined the view.
            let viewId = document.string(key)
            var keys: [Int] = []
            if document.kind(list) == .array {
                for element in document.elements(list) where document.kind(element) == .object {
                    if let member = document.members(element).first(where: { _ in true }) { keys.append(member.key) }
                }
            } else {
                keys = document.members(list).map(\.key)
            }
            let first = keys.first { document.string($0) == viewId } ?? key
            let line = document.location(ofOffset: document.offset(first)).line
            return error(
                .duplicateView,
                "view id \"\(viewId)\" is defined twice in this file (first on line \(line)); remove one, or give the views different ids",
                at: key, keyPath: path.string)
        }

        func add(key: Int, value: Int, path: RecordPath) throws(ConstraintError) {
            // One hash per view. A duplicate id is reported before any error inside its record, as a key
            // comes first; a repeated id keeps its first record.
            let claim = withKeyBytes(key) { views.claim($0) }
            if case .again = claim {
                try recover(duplicate(key: key, path: path))
                // Errors inside the repeated record are still reported.
                _ = try record(value, path: path, extensions: &extensions)
                return
            }
            let (parsed, dynamics) = try record(value, path: path, extensions: &extensions)
            switch claim {
            case .new(let hash):
                withKeyBytes(key) { views.add($0, hash: hash, record: parsed) }
                let entry = views.records.count - 1
                for (name, value) in dynamics.sorted(by: { $0.key < $1.key }) {
                    views.dynamics.append(DynamicAttribute(entry: entry, name: name, value: value, device: nil))
                }
            case .again: break
            }
            viewOffsets.append(document.offset(key))
        }

        switch document.kind(list) {
        case .array:
            views.reserveCapacity(document.count(list))
            viewOffsets.reserveCapacity(document.count(list))
            for (index, element) in document.elements(list).enumerated() {
                guard document.kind(element) == .object, document.count(element) == 1,
                    let entry = document.members(element).first(where: { _ in true })
                else {
                    try recover(
                        error(
                            .invalidFormat,
                            "each element of the container's array must be an object with one key, the view id, such as {\"titleLabel\": {\"width\": 60}}; found \(found(element))",
                            at: element, keyPath: KeyPath.element(index, of: container)))
                    continue
                }
                try add(
                    key: entry.key, value: entry.value,
                    path: RecordPath(document: document, container: container, index: index, key: entry.key))
            }
        case .object:
            views.reserveCapacity(document.count(list))
            viewOffsets.reserveCapacity(document.count(list))
            for entry in document.members(list) {
                try add(
                    key: entry.key, value: entry.value,
                    path: RecordPath(document: document, container: container, index: nil, key: entry.key))
            }
        default:
            throw error(
                .invalidFormat,
                "the value of \"\(container)\" must be an array of {\"viewId\": {attributes}} objects, or an object of view ids; found \(found(list))",
                at: list, keyPath: KeyPath.segment(container))
        }
        return (container, viewOffsets)
    }

    /// Calls `body` with the decoded UTF-8 of the string at `key`, without making a `String` when it has no
    /// escapes.
    private func withKeyBytes<Result>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = document.withUnescapedUTF8(key, body) { return result }
        var decoded = document.string(key)
        return decoded.withUTF8(body)
    }

    // MARK: - Records

    /// A view's record, and its window-dependent attributes (scaled values, a column rule) by name.
    ///
    /// Linear in the record's size however many extensions it has: `extensions` (one for the file) collects them
    /// and finds repeated names (``ExtensionCollector``), and a scaled value sets its design-width number in place.
    private func record(_ value: Int, path: RecordPath, extensions: inout ExtensionCollector) throws(ConstraintError)
        -> (ConstraintRecord, [String: DynamicValue])
    {
        guard document.kind(value) == .object else {
            try recover(
                error(
                    .invalidFormat,
                    "a view's record must be an object of attributes, such as {\"width\": 60, \"height\": 60}; found \(found(value))",
                    at: value, keyPath: path.string))
            return (ConstraintRecord(), [:])
        }
        var record = ConstraintRecord()
        var imageName: String?
        extensions.startRecord()
        var dynamics: [String: DynamicValue] = [:]
        for member in document.members(value) {
            // Known attributes are matched on the key's bytes, without making a String.
            let known: ConstraintAttribute?
            var name: String?
            if let match = document.withUnescapedUTF8(member.key, ConstraintAttribute.init(utf8:)) {
                known = match
            } else {
                name = document.string(member.key)
                known = name.flatMap(ConstraintAttribute.init(rawValue:))
            }
            // The record started empty, so an attribute it already holds was given earlier in this object.
            do throws(ConstraintError) {
                if let known {
                    let name = known.rawValue
                    if record.contains(known) || (known == .imageName && imageName != nil) {
                        warnDuplicate(name, at: member.key, path: path)
                    }
                    if !dynamics.isEmpty { dynamics[name] = nil }
                    if known == .imageName {
                        imageName = try string(name, member.value, path: path)
                    } else if document.kind(member.value) == .object {
                        let scaled = try scaledValue(name, member.value, path: path)
                        record.set(known, number: scaled.value)
                        dynamics[name] = .scaled(scaled)
                    } else {
                        record.set(known, number: try finiteNumber(name, member.value, path: path))
                    }
                    continue
                }
                if name == nil, document.withUnescapedUTF8(member.key, { ColumnRule.isKey($0) }) == true {
                    name = ColumnRule.key
                }
                if name == ColumnRule.key {
                    if dynamics[ColumnRule.key] != nil { warnDuplicate(ColumnRule.key, at: member.key, path: path) }
                    dynamics[ColumnRule.key] = .columns(try columnRule(member.value, path: path))
                    continue
                }
                // One hash per name, on its bytes; its String is made once per file.
                let claim = withKeyBytes(member.key) { extensions.claim($0) }
                let name = extensions.name(claim.name)
                if claim.repeated { warnDuplicate(name, at: member.key, path: path) }
                if !dynamics.isEmpty { dynamics[name] = nil }
                if let warnings, let suggestion = extensions.suggestion(for: claim.name) {
                    warnings.possibleTypo(
                        name, suggestion: suggestion, at: { warningLocation(of: member.key) },
                        keyPath: { path.appending(name) })
                }
                // A name whose value is not read is not set.
                extensions.set(
                    claim.name,
                    to: try extensionValue(name, member.value, path: path, dynamics: &dynamics))
            } catch {
                try recover(error)
            }
        }
        if imageName != nil || !extensions.isEmpty {
            extensions.finish(&record, imageName: imageName)
        }
        return (record, dynamics)
    }

    private func warnDuplicate(_ name: String, at key: Int, path: RecordPath) {
        warnings?.repeatedAttribute(name, at: { warningLocation(of: key) }, keyPath: { path.appending(name) })
    }

    /// Where the value at `i` starts, for a warning: counted on from the last warning's place.
    private func warningLocation(of i: Int) -> (line: Int, column: Int) {
        guard let warnings else { return document.location(of: i) }
        return document.bytes.withUnsafeBufferPointer { warnings.location(ofOffset: document.offset(i), in: $0) }
    }

    private func string(_ name: String, _ value: Int, path: RecordPath) throws(ConstraintError) -> String {
        guard document.kind(value) == .string else {
            throw error(
                .invalidFormat, "\"\(name)\" must be a string, found \(found(value))", at: value,
                keyPath: path.appending(name))
        }
        return document.string(value)
    }

    private func extensionValue(
        _ name: String, _ value: Int, path: RecordPath, dynamics: inout [String: DynamicValue]
    ) throws(ConstraintError) -> ConstraintValue {
        switch document.kind(value) {
        case .number: return .number(try finiteNumber(name, value, path: path))
        case .string: return .string(document.string(value))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .object:
            let scaled = try scaledValue(name, value, path: path)
            dynamics[name] = .scaled(scaled)
            return .number(scaled.value)
        case .null, .array:
            throw error(
                .invalidFormat,
                "extension attribute \"\(name)\" must be a number, a string, a bool or a scaled value {\"scaled\": n}, found \(found(value))",
                at: value, keyPath: path.appending(name))
        }
    }

    // MARK: - Window-dependent values

    /// `{"scaled": 60, "min": 40, "max": 80}`.
    private func scaledValue(_ name: String, _ value: Int, path: RecordPath) throws(ConstraintError) -> ScaledValue {
        let keyPath = path.appending(name)
        let fields = try fields(
            of: value, allowed: ["scaled", "min", "max"], what: "a scaled value such as {\"scaled\": 60, \"min\": 40}",
            keyPath: keyPath)
        guard let base = fields["scaled"] else {
            throw error(
                .invalidFormat,
                "a scaled value needs \"scaled\", its number at the class's design width, such as {\"scaled\": 60}",
                at: value, keyPath: keyPath)
        }
        let number = try finiteNumber("scaled", base, path: path, keyPath: keyPath + ".scaled")
        let minimum = try fields["min"].map { (token: Int) throws(ConstraintError) -> Double in
            try finiteNumber("min", token, path: path, keyPath: keyPath + ".min")
        }
        let maximum = try fields["max"].map { (token: Int) throws(ConstraintError) -> Double in
            try finiteNumber("max", token, path: path, keyPath: keyPath + ".max")
        }
        if let minimum, let maximum, minimum > maximum, let token = fields["min"] {
            throw error(
                .invalidFormat,
                "\"min\" (\(minimum.compactDescription)) is greater than \"max\" (\(maximum.compactDescription))",
                at: token, keyPath: keyPath + ".min")
        }
        return ScaledValue(number, minimum: minimum, maximum: maximum)
    }

    /// `{"standardWidth": 440, "standardColumns": 2, "scale": 1.2, "spacing": 8, "insets": 16}`.
    private func columnRule(_ value: Int, path: RecordPath) throws(ConstraintError) -> ColumnRule {
        let keyPath = path.appending(ColumnRule.key)
        let example = "{\"standardWidth\": 440, \"standardColumns\": 2, \"scale\": 1.2, \"spacing\": 8, \"insets\": 16}"
        let fields = try fields(
            of: value, allowed: ["standardWidth", "standardColumns", "scale", "spacing", "insets"],
            what: "a column rule such as \(example)", keyPath: keyPath)
        func number(_ key: String, required: Bool, positive: Bool, default fallback: Double) throws(ConstraintError)
            -> Double
        {
            guard let token = fields[key] else {
                if required {
                    throw error(
                        .invalidFormat, "a column rule needs \"\(key)\"; write it as \(example)", at: value,
                        keyPath: keyPath)
                }
                return fallback
            }
            let number = try finiteNumber(key, token, path: path, keyPath: "\(keyPath).\(key)")
            guard positive ? number > 0 : number >= 0 else {
                throw error(
                    .invalidFormat,
                    "\"\(key)\" must be \(positive ? "greater than 0" : "0 or more"), found \(number.compactDescription)",
                    at: token, keyPath: "\(keyPath).\(key)")
            }
            return number
        }
        let standardWidth = try number("standardWidth", required: true, positive: true, default: 0)
        let columns = try number("standardColumns", required: true, positive: true, default: 0)
        guard columns == columns.rounded(), columns <= 10_000, let token = fields["standardColumns"] else {
            throw error(
                .invalidFormat,
                "\"standardColumns\" must be a whole number of columns from 1 to 10000, found \(columns.compactDescription)",
                at: fields["standardColumns"] ?? value, keyPath: "\(keyPath).standardColumns")
        }
        _ = token
        return ColumnRule(
            standardWidth: standardWidth, standardColumns: Int(columns),
            scale: try number("scale", required: false, positive: true, default: 1),
            spacing: try number("spacing", required: false, positive: false, default: 0),
            insets: try number("insets", required: false, positive: false, default: 0))
    }

    /// The members of an object by key, each key once and among `allowed`.
    private func fields(of value: Int, allowed: [String], what: String, keyPath: String) throws(ConstraintError)
        -> [String: Int]
    {
        guard document.kind(value) == .object else {
            throw error(.invalidFormat, "expected \(what), found \(found(value))", at: value, keyPath: keyPath)
        }
        var result: [String: Int] = [:]
        for member in document.members(value) {
            let key = document.string(member.key)
            guard allowed.contains(key) else {
                let hint = EditDistance.closest(to: key, among: allowed, maximum: 2).map { "; did you mean \"\($0)\"?" }
                throw error(
                    .invalidFormat,
                    "unknown key \"\(key)\" in \(what)\(hint ?? "; expected only " + allowed.map { "\"\($0)\"" }.joined(separator: ", "))",
                    at: member.key, keyPath: "\(keyPath).\(key)")
            }
            result[key] = member.value
        }
        return result
    }

    private func finiteNumber(_ name: String, _ value: Int, path: RecordPath, keyPath: String? = nil)
        throws(ConstraintError) -> Double
    {
        guard document.kind(value) == .number else {
            throw error(
                .invalidFormat, "\"\(name)\" must be a number, found \(found(value))", at: value,
                keyPath: keyPath ?? path.appending(name))
        }
        let number = document.number(value)
        guard number.isFinite else {
            throw error(
                .invalidFormat, "\"\(name)\" is \(document.rawText(value)), too large for a Double", at: value,
                keyPath: keyPath ?? path.appending(name))
        }
        return number
    }

    // MARK: - The container key

    private var expectedStem: String {
        fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    }

    private func checkContainer(_ container: String, expected: String?, at key: Int) throws(ConstraintError) {
        if let expected {
            guard container == expected else {
                throw error(
                    .invalidFormat,
                    "the top-level key \"\(container)\" does not match the container \"\(expected)\" of the file name; rename the key or the file",
                    at: key, keyPath: nil)
            }
            return
        }
        let candidates = ConstraintFileName.containerCandidates(ofFile: fileName)
        if candidates.contains(container) { return }
        let expectedKey = candidates.last ?? expectedStem
        throw error(
            .invalidFormat,
            "the top-level key \"\(container)\" does not match the file name; expected \"\(expectedKey)\" (files are named Container_Device.json or Container.json)",
            at: key, keyPath: nil)
    }

    // MARK: - Reporting

    /// Throws `error`, or records it and returns when the reader goes on after errors.
    private func recover(_ error: ConstraintError) throws(ConstraintError) {
        guard let recovered else { throw error }
        recovered.errors.append(error)
    }

    private func found(_ value: Int) -> String {
        switch document.kind(value) {
        case .object: "an object"
        case .array: "an array"
        case .string: "string (\(Self.abbreviated(document.rawText(value))))"
        case .number: "number (\(Self.abbreviated(document.rawText(value))))"
        case .true: "bool (true)"
        case .false: "bool (false)"
        case .null: "null"
        }
    }

    private static func abbreviated(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }

    private func error(_ code: ConstraintError.Code, _ message: String, at value: Int, keyPath: String?)
        -> ConstraintError
    {
        let location = document.location(of: value)
        return ConstraintError(
            code: code, message: message, file: fileName, line: location.line, column: location.column,
            keyPath: keyPath)
    }

}

/// Where a view's record is in its file. It is cheap to make; the key path string is only built when a
/// problem is reported, so a file that reads cleanly builds none.
private struct RecordPath {
    let document: JSONDocument
    let container: String
    /// The element of the container's array that holds the view; nil when the container's value is an object.
    let index: Int?
    /// The view id's key on the document's tape.
    let key: Int

    /// `Calendar[0].dayButton` (array form) or `Calendar.dayButton` (object form).
    var string: String {
        KeyPath.view(document.string(key), element: index, of: container)
    }

    /// The path of one of the record's attributes: `Calendar[0].dayButton.width`.
    func appending(_ attribute: String) -> String {
        string + KeyPath.member(attribute)
    }
}

/// Key paths as the diagnostics print them: `Calendar[0].dayButton.width`, `Calendar["odd key"]`.
enum KeyPath {
    /// `Calendar[0].dayButton` (the view is element `element` of the container's array) or `Calendar.dayButton`
    /// (`element` nil: the container's value is an object).
    static func view(_ viewId: String, element: Int?, of container: String) -> String {
        (element.map { Self.element($0, of: container) } ?? segment(container)) + member(viewId)
    }

    /// `Calendar[0]`: an element of the container's array.
    static func element(_ index: Int, of container: String) -> String {
        "\(segment(container))[\(index)]"
    }

    static func segment(_ name: String) -> String {
        isPlain(name) ? name : "[\(name.debugDescription)]"
    }

    static func member(_ name: String) -> String {
        isPlain(name) ? ".\(name)" : "[\(name.debugDescription)]"
    }

    private static func isPlain(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D
            }
    }
}

extension ConstraintFileParser {
    /// The contents of the file `name`, nil when the source has no such file.
    ///
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the source cannot read it, `.folderNotFound` or
    ///   `.emptyFolder` when the source's folder is the reason it has no such file.
    func readFile(_ name: String, from source: any ConstraintSource) throws(ConstraintError) -> Data? {
        do {
            return try source.data(forFile: name, maximumSize: limits.maximumFileSize)
        } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
            let size = error.sizeIsExact ? "\(error.size)" : "more than \(error.maximumSize)"
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(size) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: name)
        } catch let error as ConstraintSourceError where error.code == .folderNotFound || error.code == .emptyFolder {
            // About the folder, not this file.
            throw ConstraintError(code: .init(rawValue: error.code.rawValue), message: "\(error)")
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
        }
    }
}
