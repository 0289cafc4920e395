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
        /// The deepest nesting of arrays and objects accepted. A constraint file needs 4; default: 32.
        public var maximumDepth: Int

        /// Limits with the given bounds.
        public init(maximumFileSize: Int = 8 << 20, maximumDepth: Int = 32) {
            self.maximumFileSize = maximumFileSize
            self.maximumDepth = maximumDepth
        }

        /// 8 MiB and 32 levels.
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
    ///   - diagnostics: receives warnings: a misspelt attribute name, a key given twice.
    /// - Returns: the file's records, not merged with any other file.
    /// - Throws: ``ConstraintError`` with code `.fileTooLarge`, `.malformedJSON`, `.nestingTooDeep`,
    ///   `.invalidFormat` or `.duplicateView`, placed at the file, line, column and key path.
    public func parse(
        _ data: Data, fileName: String, container: String? = nil,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) throws(ConstraintError) -> ContainerConstraints {
        try read(data, fileName: fileName, container: container, diagnostics: diagnostics, recovered: nil)
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
        do throws(ConstraintError) {
            let file = try read(
                data, fileName: fileName, container: container, diagnostics: diagnostics, recovered: recovered)
            return (file, recovered.errors)
        } catch {
            return (nil, recovered.errors + [error])
        }
    }

    private func read(
        _ data: Data, fileName: String, container: String?, diagnostics: ConstraintDiagnosticHandler?,
        recovered: RecoveredErrors?
    ) throws(ConstraintError) -> ContainerConstraints {
        var views = ViewTable.Builder()
        let (container, viewOffsets) = try read(
            data, fileName: fileName, container: container, into: &views, diagnostics: diagnostics,
            recovered: recovered)
        return ContainerConstraints(
            container: container, fileName: fileName, table: views.build(files: [fileName]), viewOffsets: viewOffsets)
    }

    /// Reads one file into `views` as the next file of a lookup chain; an id an earlier file gave takes this
    /// file's attributes as fallbacks.
    func read(
        _ data: Data, fileName: String, container: String, into views: inout ViewTable.Builder,
        diagnostics: ConstraintDiagnosticHandler?
    ) throws(ConstraintError) {
        _ = try read(
            data, fileName: fileName, container: container, into: &views, diagnostics: diagnostics, recovered: nil,
            offsets: false)
    }

    /// Reads one file into `views`: a plain file in one pass (``PlainFileReader``), any other through a
    /// ``JSONDocument`` and the general reader, which reports every problem.
    private func read(
        _ data: Data, fileName: String, container: String?, into views: inout ViewTable.Builder,
        diagnostics: ConstraintDiagnosticHandler?, recovered: RecoveredErrors?, offsets: Bool = true
    ) throws(ConstraintError) -> (container: String, viewOffsets: [Int]) {
        guard data.count <= limits.maximumFileSize else {
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(data.count) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: fileName)
        }
        // A plain file nests 4 deep; under a lower limit the general reader reports the nesting.
        if readsPlainFilesFast, limits.maximumDepth >= 4,
            let read = readPlain(
                data, fileName: fileName, container: container, into: &views, diagnostics: diagnostics,
                offsets: offsets)
        {
            return read
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, maximumDepth: limits.maximumDepth)
        } catch {
            throw error.inFile(fileName)
        }
        let reader = FileReader(
            document: document, fileName: fileName, diagnostics: diagnostics, recovered: recovered)
        return try reader.read(expectedContainer: container, into: &views)
    }

    /// Reads a plain file into `views`; nil, with `views` untouched, when the file is not plain.
    private func readPlain(
        _ data: Data, fileName: String, container: String?, into views: inout ViewTable.Builder,
        diagnostics: ConstraintDiagnosticHandler?, offsets: Bool
    ) -> (container: String, viewOffsets: [Int])? {
        let containers = container.map { [$0] } ?? ConstraintFileName.containerCandidates(ofFile: fileName)
        return data.withUnsafeBytes { bytes in
            PlainFileReader.read(
                bytes, containers: containers, readsExtensions: diagnostics == nil, into: &views, offsets: offsets)
        }
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
    let diagnostics: ConstraintDiagnosticHandler?
    /// Where errors go that spoil only one view or attribute; nil throws the first one.
    let recovered: RecoveredErrors?

    init(
        document: JSONDocument, fileName: String, diagnostics: ConstraintDiagnosticHandler?,
        recovered: RecoveredErrors?
    ) {
        self.document = document
        self.fileName = fileName
        self.diagnostics = diagnostics
        self.recovered = recovered
    }

    /// Reads the file's views into `views`, as the next file of a lookup chain: an id an earlier file gave
    /// takes this file's attributes as fallbacks.
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
        let list = member.value
        views.beginFile()

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
                _ = try record(value, path: path)  // errors inside the repeated record are still reported
                return
            }
            let parsed = try record(value, path: path)
            switch claim {
            case .new(let hash): withKeyBytes(key) { views.add($0, hash: hash, record: parsed) }
            case .earlier(let entry): views.merge(parsed, into: entry)
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
                            at: element, keyPath: RecordPath.element(index, of: container)))
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

    private func record(_ value: Int, path: RecordPath) throws(ConstraintError) -> ConstraintRecord {
        guard document.kind(value) == .object else {
            try recover(
                error(
                    .invalidFormat,
                    "a view's record must be an object of attributes, such as {\"width\": 60, \"height\": 60}; found \(found(value))",
                    at: value, keyPath: path.string))
            return ConstraintRecord()
        }
        var record = ConstraintRecord()
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
                    if record.contains(known) { warnDuplicate(known.rawValue, at: member.key, path: path) }
                    try set(known, member.value, in: &record, path: path)
                } else {
                    let name = name ?? document.string(member.key)
                    if record.extensions[name] != nil { warnDuplicate(name, at: member.key, path: path) }
                    try setExtension(name, member.value, in: &record, key: member.key, path: path)
                }
            } catch {
                try recover(error)
            }
        }
        return record
    }

    private func warnDuplicate(_ name: String, at key: Int, path: RecordPath) {
        warn(
            .duplicateKey, "attribute \"\(name)\" is given twice in this record; the last value is used",
            at: key, keyPath: path.appending(name))
    }

    private func set(
        _ attribute: ConstraintAttribute, _ value: Int, in record: inout ConstraintRecord, path: RecordPath
    ) throws(ConstraintError) {
        let name = attribute.rawValue
        if attribute.expectsString {
            guard document.kind(value) == .string else {
                throw error(
                    .invalidFormat, "\"\(name)\" must be a string, found \(found(value))", at: value,
                    keyPath: path.appending(name))
            }
            record.set(attribute, string: document.string(value))
        } else {
            record.set(attribute, number: try finiteNumber(name, value, path: path))
        }
    }

    private func setExtension(
        _ name: String, _ value: Int, in record: inout ConstraintRecord, key: Int, path: RecordPath
    ) throws(ConstraintError) {
        // The edit-distance search only runs when someone listens for the warning.
        if diagnostics != nil, let suggestion = ConstraintAttribute.suggestion(for: name) {
            warn(
                .possibleTypo,
                "unknown attribute \"\(name)\"; did you mean \"\(suggestion.rawValue)\"? It is kept as an extension attribute",
                at: key, keyPath: path.appending(name))
        }
        switch document.kind(value) {
        case .number: record.set(name, .number(try finiteNumber(name, value, path: path)))
        case .string: record.set(name, .string(document.string(value)))
        case .true: record.set(name, .bool(true))
        case .false: record.set(name, .bool(false))
        case .null, .array, .object:
            throw error(
                .invalidFormat,
                "extension attribute \"\(name)\" must be a number, a string or a bool, found \(found(value))",
                at: value, keyPath: path.appending(name))
        }
    }

    private func finiteNumber(_ name: String, _ value: Int, path: RecordPath) throws(ConstraintError) -> Double {
        guard document.kind(value) == .number else {
            throw error(
                .invalidFormat, "\"\(name)\" must be a number, found \(found(value))", at: value,
                keyPath: path.appending(name))
        }
        let number = document.number(value)
        guard number.isFinite else {
            throw error(
                .invalidFormat, "\"\(name)\" is \(document.rawText(value)), too large for a Double", at: value,
                keyPath: path.appending(name))
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

    private func warn(_ code: ConstraintDiagnostic.Code, _ message: String, at value: Int, keyPath: String) {
        guard let diagnostics else { return }
        let location = document.location(of: value)
        diagnostics(
            ConstraintDiagnostic(
                severity: .warning, code: code, message: message, file: fileName, line: location.line,
                column: location.column, keyPath: keyPath))
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
        (index.map { Self.element($0, of: container) } ?? KeyPath.segment(container))
            + KeyPath.member(document.string(key))
    }

    /// The path of one of the record's attributes: `Calendar[0].dayButton.width`.
    func appending(_ attribute: String) -> String {
        string + KeyPath.member(attribute)
    }

    /// `Calendar[0]`: an element of the container's array.
    static func element(_ index: Int, of container: String) -> String {
        "\(KeyPath.segment(container))[\(index)]"
    }
}

/// Key paths as the diagnostics print them: `Calendar[0].dayButton.width`, `Calendar["odd key"]`.
enum KeyPath {
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
