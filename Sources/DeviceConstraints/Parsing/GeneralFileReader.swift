/// One pass over a parsed document, building records and reporting problems with their locations.
struct GeneralFileReader {
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
    /// - Returns: the container, the byte offset of each view id this file gives, in file order, and the width the
    ///   file says it was drawn for (`"designWidth": 375` beside the container key), if it says one.
    func read(expectedContainer: String?, into views: inout ViewTable.Builder) throws(ConstraintError) -> (
        container: String, viewOffsets: [Int], designWidth: Double?
    ) {
        let root = document.root
        let shape =
            "a constraint file is an object with one key, the container name, and optionally \"designWidth\" beside "
            + "it, such as {\"\(expectedStem)\": [...], \"designWidth\": 375}"
        guard document.kind(root) == .object else {
            throw error(.invalidFormat, "\(shape); found \(found(root))", at: root, keyPath: nil)
        }
        // In a file of one key, the key is the container whatever its name; beside another key, "designWidth" is
        // the width the file was drawn for.
        let stated = document.count(root) > 1
        var containerMember: (key: Int, value: Int)?
        var widths: [(key: Int, value: Int)] = []
        for member in document.members(root) {
            if stated, document.stringEquals(member.key, ConstraintFileParser.designWidthKey) {
                widths.append(member)
            } else if containerMember == nil {
                containerMember = member
            } else {
                throw error(.invalidFormat, "\(shape); found \(found(root))", at: root, keyPath: nil)
            }
        }
        guard let member = containerMember else {
            throw error(.invalidFormat, "\(shape); found \(found(root))", at: root, keyPath: nil)
        }
        // The widths are checked in document order, around the container, so that errors come in that order.
        var designWidth: Double?
        func readWidth(_ index: Int) throws(ConstraintError) {
            let width = widths[index]
            guard index == 0 else {
                let line = document.location(ofOffset: document.offset(widths[0].key)).line
                try recover(
                    error(
                        .invalidFormat,
                        "\"designWidth\" is given twice (first on line \(line)); a file is drawn for one width, keep one",
                        at: width.key, keyPath: ConstraintFileParser.designWidthKey))
                return
            }
            do throws(ConstraintError) {
                designWidth = try statedDesignWidth(width.value)
            } catch {
                try recover(error)
            }
        }
        let containerOffset = document.offset(member.key)
        for index in widths.indices where document.offset(widths[index].key) < containerOffset {
            try readWidth(index)
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
            let (parsed, adaptiveValues) = try record(value, path: path, extensions: &extensions)
            switch claim {
            case .new(let hash):
                withKeyBytes(key) { views.add($0, hash: hash, record: parsed) }
                let entry = views.records.count - 1
                for (name, value) in adaptiveValues.sorted(by: { $0.key < $1.key }) {
                    views.adaptiveValues.append(AdaptiveAttribute(entry: entry, name: name, value: value, device: nil))
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
                            at: element, keyPath: KeyPathText.element(index, of: container)))
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
                at: list, keyPath: KeyPathText.segment(container))
        }
        for index in widths.indices where document.offset(widths[index].key) > containerOffset {
            try readWidth(index)
        }
        return (container, viewOffsets, designWidth)
    }

    /// The value of `"designWidth"`: a number greater than 0 (and finite), the width in points the file was drawn
    /// for.
    private func statedDesignWidth(_ value: Int) throws(ConstraintError) -> Double {
        let key = ConstraintFileParser.designWidthKey
        let what = "the width in points the file was drawn for, such as \"designWidth\": 375"
        guard document.kind(value) == .number else {
            throw error(
                .invalidFormat, "\"designWidth\" must be a number, \(what); found \(found(value))", at: value,
                keyPath: key)
        }
        let width = document.number(value)
        guard width.isFinite, width > 0 else {
            throw error(
                .invalidFormat,
                "\"designWidth\" must be a number greater than 0, \(what); found \(document.rawText(value))",
                at: value, keyPath: key)
        }
        return width
    }

    /// Calls `body` with the decoded UTF-8 of the string at `key`, without making a `String` when it has no
    /// escapes.
    private func withKeyBytes<Result>(_ key: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = document.withUnescapedUTF8(key, body) { return result }
        var decoded = document.string(key)
        return decoded.withUTF8(body)
    }

    // MARK: - Records

    /// A view's record, and its adaptive attributes (scaled values, a column rule) by name.
    ///
    /// Linear in the record's size however many extensions it has: `extensions` (one for the file) collects them
    /// and finds repeated names (``ExtensionCollector``), and a scaled value sets its design-width number in place.
    private func record(_ value: Int, path: RecordPath, extensions: inout ExtensionCollector) throws(ConstraintError)
        -> (ConstraintRecord, [String: AdaptiveValue])
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
        var adaptiveValues: [String: AdaptiveValue] = [:]
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
                    if !adaptiveValues.isEmpty { adaptiveValues[name] = nil }
                    if known == .imageName {
                        imageName = try string(name, member.value, path: path)
                    } else if document.kind(member.value) == .object {
                        let adaptive = try adaptiveNumber(name, member.value, path: path)
                        record.set(known, number: adaptive.number)
                        // A fixed number is a plain one, except that a font written so does not follow body.
                        switch adaptive.value {
                        case .fixed where known != .fontSize: break
                        default: adaptiveValues[name] = adaptive.value
                        }
                    } else {
                        record.set(known, number: try finiteNumber(name, member.value, path: path))
                    }
                    continue
                }
                if name == nil, document.withUnescapedUTF8(member.key, { ColumnRule.isKey($0) }) == true {
                    name = ColumnRule.key
                }
                if name == ColumnRule.key {
                    if adaptiveValues[ColumnRule.key] != nil {
                        warnDuplicate(ColumnRule.key, at: member.key, path: path)
                    }
                    adaptiveValues[ColumnRule.key] = .columns(try columnRule(member.value, path: path))
                    continue
                }
                // One hash per name, on its bytes; its String is made once per file.
                let claim = withKeyBytes(member.key) { extensions.claim($0) }
                let name = extensions.name(claim.name)
                if claim.repeated { warnDuplicate(name, at: member.key, path: path) }
                if !adaptiveValues.isEmpty { adaptiveValues[name] = nil }
                if let warnings, let suggestion = extensions.suggestion(for: claim.name) {
                    warnings.possibleTypo(
                        name, suggestion: suggestion, at: { warningLocation(of: member.key) },
                        keyPath: { path.appending(name) })
                }
                // A name whose value is not read is not set.
                extensions.set(
                    claim.name,
                    to: try extensionValue(name, member.value, path: path, adaptiveValues: &adaptiveValues))
            } catch {
                try recover(error)
            }
        }
        if imageName != nil || !extensions.isEmpty {
            extensions.finish(&record, imageName: imageName)
        }
        return (record, adaptiveValues)
    }

    private func warnDuplicate(_ name: String, at key: Int, path: RecordPath) {
        warnings?.repeatedAttribute(name, at: { warningLocation(of: key) }, keyPath: { path.appending(name) })
    }

    /// Where the value at `i` starts, for a warning: counted on from the last warning's place.
    func warningLocation(of i: Int) -> (line: Int, column: Int) {
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
        _ name: String, _ value: Int, path: RecordPath, adaptiveValues: inout [String: AdaptiveValue]
    ) throws(ConstraintError) -> ConstraintValue {
        switch document.kind(value) {
        case .number: return .number(try finiteNumber(name, value, path: path))
        case .string: return .string(document.string(value))
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .object:
            let adaptive = try adaptiveNumber(name, value, path: path)
            if case .fixed = adaptive.value {} else { adaptiveValues[name] = adaptive.value }
            return .number(adaptive.number)
        case .null, .array:
            throw error(
                .invalidFormat,
                "extension attribute \"\(name)\" must be a number, a string, a bool or a scaled value {\"scaled\": n}, found \(found(value))",
                at: value, keyPath: path.appending(name))
        }
    }

    // MARK: - The container key

    private var expectedStem: String {
        ConstraintFileName.stem(ofFile: fileName) ?? fileName
    }

    private func checkContainer(_ container: String, expected: String?, at key: Int) throws(ConstraintError) {
        let candidates = expected.map { [$0] } ?? ConstraintFileName.containerCandidates(ofFile: fileName)
        if container == ConstraintFileParser.designWidthKey, !candidates.contains(container) {
            let name = candidates.last ?? expectedStem
            throw error(
                .invalidFormat,
                "the file gives \"designWidth\" but no container; write its records beside it, such as "
                    + "{\"\(name)\": [...], \"designWidth\": 375}",
                at: key, keyPath: nil)
        }
        if let expected {
            guard container == expected else {
                throw error(
                    .invalidFormat,
                    "the top-level key \"\(container)\" does not match the container \"\(expected)\" of the file name; rename the key or the file",
                    at: key, keyPath: nil)
            }
            return
        }
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

    func found(_ value: Int) -> String {
        switch document.kind(value) {
        case .object: describeObject(value)
        case .array: "an array"
        case .string: "string (\(Self.abbreviated(document.rawText(value))))"
        case .number: "number (\(Self.abbreviated(document.rawText(value))))"
        case .true: "bool (true)"
        case .false: "bool (false)"
        case .null: "null"
        }
    }

    /// `an empty object`, `an object with one key ("a")`, `an object with 5 keys ("a", "b", "c", …)`.
    private func describeObject(_ value: Int) -> String {
        let count = document.count(value)
        guard count > 0 else { return "an empty object" }
        let keys = document.members(value).prefix(3).map { "\"\(Self.abbreviated(document.string($0.key)))\"" }
        return "an object with \(count == 1 ? "one key" : "\(count) keys") (\(keys.joined(separator: ", "))"
            + (count > 3 ? ", …)" : ")")
    }

    private static func abbreviated(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }

    func error(_ code: ConstraintError.Code, _ message: String, at value: Int, keyPath: String?)
        -> ConstraintError
    {
        let location = document.location(of: value)
        return ConstraintError(
            code: code, message: message, file: fileName, line: location.line, column: location.column,
            keyPath: keyPath)
    }

}
