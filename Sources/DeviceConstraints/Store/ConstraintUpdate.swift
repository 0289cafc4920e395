public import struct Foundation.Data

/// A set of constraint files with a version, to install in a ``ConstraintStore`` over the files the app ships.
///
/// An update carries the files it changes or adds (`Card_iPhone6.json`, `Card.json`, a new container's files);
/// whatever it does not carry is read from the app's own files. How it reaches the app (a CDN, the app's backend,
/// URLSession) is the app's business: as a single-file bundle it is one download.
///
/// ```swift
/// // On the server (or with `device-constraints bundle Constraints --bundle-version 14 --output update.json`):
/// let update = ConstraintUpdate(version: "14", files: ["Card_iPad.json": cardForPad])
/// let bundle = update.data()
///
/// // In the app:
/// let downloaded = try ConstraintUpdate(data: bundle)
/// try await store.install(downloaded) { update in try verifySignature(of: update.data()) }
/// ```
///
/// ## The bundle
///
/// ``data()`` writes one JSON object: the version, then each file's name and text, in name order:
///
/// ```json
/// {
///   "version": "14",
///   "files": [
///     {"name": "Card.json", "text": "{\"Card\": [{\"title\": {\"height\": 44}}]}"},
///     {"name": "Card_iPad.json", "text": "{\"Card\": [{\"title\": {\"height\": 60}}]}"}
///   ]
/// }
/// ```
///
/// `version` is dot-separated non-negative integers, compared component by component (`"10"` is newer than `"9"`,
/// `"1.10"` than `"1.9"`); `files` lists each file once, its `text` the file's whole content as a JSON string. Any
/// other key, a file listed twice, or a value of another type makes ``init(data:)`` throw.
public struct ConstraintUpdate: Sendable, Hashable {
    /// The largest bundle ``init(data:)`` reads by default: 64 MiB, checked before a byte is parsed.
    public static let defaultMaximumSize = 64 << 20

    /// The version: dot-separated non-negative integers such as `"14"` or `"1.4.2"`.
    public let version: String
    /// The files, by name (`Card_iPhone6.json`) → contents.
    public let files: [String: Data]
    /// The installations it is for: every condition must hold (``UpdateCondition``); none: every installation.
    public let conditions: [UpdateCondition]
    /// The share of installations that get it, and the holdback that never does; nil: every installation whose
    /// conditions hold.
    public let rollout: UpdateRollout?
    /// How many layout problems in the containers it changes one launch may see while it is pending before the
    /// store rolls it back at once (see ``ConstraintStore/reportLayoutProblem(_:container:)``). Default 0: the first
    /// problem rolls it back.
    public let maximumLayoutProblems: Int
    /// The bytes the update was read from, kept so that ``data()`` returns exactly what was signed.
    private let bundle: Data?

    /// An update of `files` (file name → contents) at `version`.
    ///
    /// Nothing is checked here: ``ConstraintStore/install(_:allowDowngrade:verify:)`` checks the version, the names,
    /// the sizes and every file before it writes anything.
    public init(version: String, files: [String: Data]) {
        self.init(version: version, files: files, conditions: [], rollout: nil, maximumLayoutProblems: 0)
    }

    /// An update of `files` at `version`, for the installations `conditions` and `rollout` choose, rolled back when a
    /// launch sees more than `maximumLayoutProblems` layout problems in its containers while it is pending.
    ///
    /// ```swift
    /// let update = try ConstraintUpdate(
    ///     version: "15", files: files, conditions: [UpdateCondition("appVersion>=3.2")],
    ///     rollout: UpdateRollout(key: "checkout", percent: "5", holdback: "10"))
    /// ```
    public init(
        version: String, files: [String: Data], conditions: [UpdateCondition], rollout: UpdateRollout?,
        maximumLayoutProblems: Int = 0
    ) {
        self.version = version
        self.files = files
        self.conditions = conditions
        self.rollout = rollout
        self.maximumLayoutProblems = max(0, maximumLayoutProblems)
        self.bundle = nil
    }

    /// Reads an update from a bundle that ``data()`` wrote, of at most ``defaultMaximumSize`` bytes.
    ///
    /// - Throws: ``ConstraintError`` `.fileTooLarge` for a larger bundle (before it is parsed),
    ///   `.malformedJSON` or `.invalidUpdate` for one that is not a bundle (with its line and column),
    ///   `.invalidVersion` for a version that is not dot-separated numbers.
    public init(data: Data) throws(ConstraintError) {
        try self.init(data: data, maximumSize: Self.defaultMaximumSize)
    }

    /// Reads an update from a bundle that ``data()`` wrote, of at most `maximumSize` bytes.
    ///
    /// - Throws: what ``init(data:)`` throws.
    public init(data: Data, maximumSize: Int) throws(ConstraintError) {
        guard data.count <= maximumSize else {
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "the update bundle is \(data.count) bytes, over the limit of \(maximumSize) bytes; split the "
                    + "update, or read it with ConstraintUpdate(data:maximumSize:)",
                file: Self.bundleName)
        }
        let document: JSONDocument
        do throws(ConstraintError) {
            // An object of a version and an array of objects: three levels, no deeper.
            document = try JSONDocument(data: data, maximumDepth: 3)
        } catch {
            throw error.inFile(Self.bundleName)
        }
        let read = try Self.read(document)
        _ = try UpdateVersion(read.version)
        self.version = read.version
        self.files = read.files
        self.conditions = read.conditions
        self.rollout = read.rollout
        self.maximumLayoutProblems = read.maximumLayoutProblems
        self.bundle = data
    }

    /// The update as a single-file bundle (the format above): the bytes it was read from when it came from
    /// ``init(data:)``, so that a signature made over the downloaded bundle can be checked against them.
    ///
    /// A file that is not UTF-8 is written with its invalid bytes replaced (U+FFFD); an install would refuse it
    /// anyway, as the parser does.
    public func data() -> Data {
        if let bundle { return bundle }
        var out: [UInt8] = []
        out.reserveCapacity(files.values.reduce(64 + version.utf8.count) { $0 + $1.count + $1.count / 8 + 32 })
        out += Array("{\n  \"version\": ".utf8)
        Self.appendQuoted(version, to: &out)
        if !conditions.isEmpty {
            out += Array(",\n  \"conditions\": [".utf8)
            for (index, condition) in conditions.enumerated() {
                if index > 0 { out += Array(", ".utf8) }
                Self.appendQuoted(condition.description, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if let rollout {
            out += Array(",\n  \"rollout\": {\"key\": ".utf8)
            Self.appendQuoted(rollout.key, to: &out)
            out += Array(", \"percent\": \(UpdateRollout.percent(rollout.basisPoints))".utf8)
            out += Array(", \"holdback\": \(UpdateRollout.percent(rollout.holdbackBasisPoints))}".utf8)
        }
        if maximumLayoutProblems > 0 {
            out += Array(",\n  \"maxLayoutProblems\": \(maximumLayoutProblems)".utf8)
        }
        out += Array(",\n  \"files\": [".utf8)
        for (index, name) in files.keys.sorted().enumerated() {
            out += Array((index == 0 ? "\n    {\"name\": " : ",\n    {\"name\": ").utf8)
            Self.appendQuoted(name, to: &out)
            out += Array(", \"text\": ".utf8)
            Self.appendQuoted(String(decoding: files[name] ?? Data(), as: UTF8.self), to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out += Array((files.isEmpty ? "]\n}\n" : "\n  ]\n}\n").utf8)
        return Data(out)
    }

    /// Equal when the versions and the files are equal, however each was made.
    public static func == (lhs: ConstraintUpdate, rhs: ConstraintUpdate) -> Bool {
        lhs.version == rhs.version && lhs.files == rhs.files && lhs.conditions == rhs.conditions
            && lhs.rollout == rhs.rollout && lhs.maximumLayoutProblems == rhs.maximumLayoutProblems
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(files)
        hasher.combine(conditions)
        hasher.combine(rollout)
        hasher.combine(maximumLayoutProblems)
    }

    /// Throws `.invalidVersion` unless `version` is dot-separated non-negative integers: what the tool checks before
    /// it writes a bundle.
    package static func checkVersion(_ version: String) throws(ConstraintError) {
        _ = try UpdateVersion(version)
    }

    /// What makes `name` unfit to be a file of an update (a path, a hidden file, a control character, not `.json`),
    /// or nil: the rule ``ConstraintStore/install(_:allowDowngrade:verify:)`` applies.
    package static func problem(withFileName name: String) -> String? {
        ConstraintFileName.nameProblem(name)
    }

    /// The total size of the files, in bytes.
    var byteCount: Int {
        files.values.reduce(0) { $0 + $1.count }
    }

    // MARK: - Reading and writing the bundle

    /// What errors in a bundle name as their file.
    static let bundleName = "update bundle"

    /// What a bundle holds.
    private struct Read {
        var version: String
        var files: [String: Data]
        var conditions: [UpdateCondition] = []
        var rollout: UpdateRollout?
        var maximumLayoutProblems = 0
    }

    /// The most conditions an update carries.
    static let maximumConditions = 64

    private static func read(_ document: JSONDocument) throws(ConstraintError) -> Read {
        func failure(_ message: String, at index: JSONDocument.Index, keyPath: String? = nil) -> ConstraintError {
            let location = document.location(of: index)
            return ConstraintError(
                code: .invalidUpdate, message: message + "; see ConstraintUpdate for the bundle's format",
                file: bundleName, line: location.line, column: location.column, keyPath: keyPath)
        }
        let root = document.root
        guard document.kind(root) == .object else {
            throw failure("an update bundle is an object with a \"version\" and \"files\"", at: root)
        }
        var version: String?
        var files: [String: Data]?
        var conditions: [UpdateCondition]?
        var rollout: UpdateRollout??
        var maximumLayoutProblems: Int?
        for (key, value) in document.members(root) {
            let name = document.string(key)
            switch name {
            case "version" where version == nil:
                guard document.kind(value) == .string else {
                    throw failure("\"version\" must be a string, such as \"14\" or \"1.4.2\"", at: value, keyPath: name)
                }
                version = document.string(value)
            case "files" where files == nil:
                files = try readFiles(document, at: value, failure: failure)
            case "conditions" where conditions == nil:
                conditions = try readConditions(document, at: value, failure: failure)
            case "rollout" where rollout == nil:
                rollout = .some(try readRollout(document, at: value, failure: failure))
            case "maxLayoutProblems" where maximumLayoutProblems == nil:
                guard document.kind(value) == .number, document.isInteger(value), document.number(value) >= 0,
                    document.number(value) < 1e9
                else {
                    throw failure("\"maxLayoutProblems\" must be a whole number from 0", at: value, keyPath: name)
                }
                maximumLayoutProblems = Int(document.number(value))
            case "version", "files", "conditions", "rollout", "maxLayoutProblems":
                throw failure("\"\(name)\" is given twice", at: key, keyPath: name)
            default:
                throw failure(
                    "unknown key \"\(name.debugDescriptionContent)\"; a bundle holds \"version\", \"files\" and "
                        + "optionally \"conditions\", \"rollout\" and \"maxLayoutProblems\"",
                    at: key, keyPath: name.debugDescriptionContent)
            }
        }
        guard let version else { throw failure("the bundle has no \"version\"", at: root) }
        guard let files else { throw failure("the bundle has no \"files\"", at: root) }
        return Read(
            version: version, files: files, conditions: conditions ?? [], rollout: rollout ?? nil,
            maximumLayoutProblems: maximumLayoutProblems ?? 0)
    }

    private static func readConditions(
        _ document: JSONDocument, at array: JSONDocument.Index,
        failure: (String, JSONDocument.Index, String?) -> ConstraintError
    ) throws(ConstraintError) -> [UpdateCondition] {
        guard document.kind(array) == .array else {
            throw failure("\"conditions\" must be an array of strings such as \"appVersion>=3.2\"", array, "conditions")
        }
        var conditions: [UpdateCondition] = []
        for (position, element) in document.elements(array).enumerated() {
            let keyPath = "conditions[\(position)]"
            guard position < maximumConditions else {
                throw failure("an update carries at most \(maximumConditions) conditions", element, keyPath)
            }
            guard document.kind(element) == .string else {
                throw failure("each condition must be a string such as \"appVersion>=3.2\"", element, keyPath)
            }
            do throws(ConstraintError) {
                conditions.append(try UpdateCondition(document.string(element)))
            } catch {
                var placed = failure(error.message, element, keyPath)
                placed.code = .invalidCondition
                throw placed
            }
        }
        return conditions
    }

    private static func readRollout(
        _ document: JSONDocument, at object: JSONDocument.Index,
        failure: (String, JSONDocument.Index, String?) -> ConstraintError
    ) throws(ConstraintError) -> UpdateRollout {
        let shape = "\"rollout\" must be an object {\"key\": \"checkout\", \"percent\": 25, \"holdback\": 5}"
        guard document.kind(object) == .object else { throw failure(shape, object, "rollout") }
        var key: String?
        var shares: [String: Int] = [:]
        for (name, value) in document.members(object) {
            let field = document.string(name)
            let keyPath = "rollout.\(field.debugDescriptionContent)"
            switch (field, document.kind(value)) {
            case ("key", .string) where key == nil:
                key = document.string(value)
            case ("percent", .number), ("holdback", .number):
                let hundredths = document.number(value) * 100
                guard shares[field] == nil, hundredths >= 0, hundredths <= 10_000,
                    abs(hundredths - hundredths.rounded()) < 1e-6
                else {
                    throw failure(
                        "\"\(field)\" must be given once, a percentage from 0 to 100 with at most two decimals", value,
                        keyPath)
                }
                shares[field] = Int(hundredths.rounded())
            default:
                throw failure(shape, name, keyPath)
            }
        }
        guard let key, let percent = shares["percent"] else { throw failure(shape, object, "rollout") }
        do throws(ConstraintError) {
            return try UpdateRollout(key: key, basisPoints: percent, holdbackBasisPoints: shares["holdback"] ?? 0)
        } catch {
            var placed = failure(error.message, object, "rollout")
            placed.code = .invalidCondition
            throw placed
        }
    }

    private static func readFiles(
        _ document: JSONDocument, at array: JSONDocument.Index,
        failure: (String, JSONDocument.Index, String?) -> ConstraintError
    ) throws(ConstraintError) -> [String: Data] {
        guard document.kind(array) == .array else {
            throw failure("\"files\" must be an array of {\"name\": …, \"text\": …}", array, "files")
        }
        var files: [String: Data] = [:]
        for (position, element) in document.elements(array).enumerated() {
            let keyPath = "files[\(position)]"
            guard document.kind(element) == .object else {
                throw failure("each file must be an object {\"name\": …, \"text\": …}", element, keyPath)
            }
            var name: String?
            var text: Data?
            for (key, value) in document.members(element) {
                let field = document.string(key)
                guard field == "name" || field == "text" else {
                    throw failure(
                        "unknown key \"\(field.debugDescriptionContent)\"; a file has a \"name\" and a \"text\"", key,
                        keyPath)
                }
                guard field == "name" ? name == nil : text == nil else {
                    throw failure("\"\(field)\" is given twice", key, keyPath)
                }
                guard document.kind(value) == .string else {
                    throw failure("\"\(field)\" must be a string", value, "\(keyPath).\(field)")
                }
                if field == "name" { name = document.string(value) } else { text = document.stringData(value) }
            }
            guard let name, let text else {
                throw failure("each file has a \"name\" and a \"text\"", element, keyPath)
            }
            guard files.updateValue(text, forKey: name) == nil else {
                throw failure("the file \"\(name.debugDescriptionContent)\" is listed twice", element, keyPath)
            }
        }
        return files
    }

    /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped.
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                out += Array("\\u00".utf8)
                out += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension JSONDocument {
    /// The decoded UTF-8 bytes of the string at `i` (escapes resolved), as `Data`.
    fileprivate func stringData(_ i: Index) -> Data {
        if let plain = withUnescapedUTF8(i, { Data($0) }) { return plain }
        let token = tape[i]
        return bytes.withUnsafeBufferPointer { buffer in
            let content = UnsafeBufferPointer(
                rebasing: buffer[Int(token.start) + 1..<Int(token.start) + Int(token.length) - 1])
            var data = Data(count: content.count)
            // Unescaping never makes a string longer.
            let length = data.withUnsafeMutableBytes { raw in
                JSONDocument.unescape(content, into: raw.bindMemory(to: UInt8.self))
            }
            data.count = length
            return data
        }
    }
}
