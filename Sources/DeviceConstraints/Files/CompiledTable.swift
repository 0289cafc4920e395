public import Foundation

/// Constraint files compiled into one binary table: what the parser makes of each file, read back with no JSON
/// parse.
///
/// ```swift
/// let table = try CompiledTable.compile([(name: "Card_iPhone6.json", data: json)])
/// let compiled = try CompiledTable(data: table, name: "Constraints.dctable")
/// compiled.file(named: "Card_iPhone6.json")?["title"]   // the record, as the parser gives it
/// ```
///
/// The table is validated once, whole, when it is opened (in time linear in its size): a wrong magic number or
/// version, a checksum that does not match, a count or a length that runs past the end, a string that is not UTF-8
/// or a record the parser could not have made is refused with ``ConstraintError/Code/invalidCompiledTable``, the
/// byte offset and what was expected. The same files give the same bytes. The format is described in the
/// documentation's "Compiled tables" article.
public struct CompiledTable: Sendable {
    /// The first four bytes of every table: `DCTB`.
    static let magic: [UInt8] = Array("DCTB".utf8)
    /// The format this version writes and reads.
    public static let formatVersion: UInt32 = 1
    /// The size of the header: magic, version, checksum of the inputs, total size, checksum of the bytes.
    static let headerSize = 4 + 4 + 8 + 8 + 8

    /// One file of the table.
    struct Entry: Sendable {
        let file: ContainerConstraints
        /// The 1-based line and column of each view id's key in the JSON file, in the order of the file's views.
        let locations: [(line: Int, column: Int)]
    }

    /// The name the table was opened under, used in errors.
    public let name: String
    /// The checksum of the files the table was compiled from (64-bit FNV-1a over each name and its bytes, in name
    /// order).
    public let inputChecksum: UInt64
    private let entries: [String: Entry]

    /// The names of the files the table holds, sorted.
    public let fileNames: [String]

    /// The records of the file `name` as the parser read them, or nil when the table does not hold it.
    public func file(named name: String) -> ContainerConstraints? {
        entries[name]?.file
    }

    /// The 1-based line and column of `viewId`'s key in the JSON file `fileName` the table was compiled from.
    package func location(ofView viewId: String, inFile fileName: String) -> (line: Int, column: Int)? {
        guard let entry = entries[fileName], let index = entry.file.table.index(of: viewId) else { return nil }
        return entry.locations[index]
    }

    /// The file `name` in the form the parsed-file stage keeps, with no warnings (lint ran when it was compiled).
    func parsedFile(named name: String) -> ParsedFile? {
        guard let file = entries[name]?.file else { return nil }
        return ParsedFile(fileName: name, table: file.table, warnings: [])
    }

    // MARK: - Opening

    /// Opens the table file at `url`, mapped read-only, and validates it.
    ///
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the file cannot be read, `.invalidCompiledTable` when it
    ///   is not a valid table.
    public init(contentsOf url: URL) throws(ConstraintError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw ConstraintError(
                code: .unreadableFile, message: "cannot read the compiled table: \(error.localizedDescription)",
                file: url.lastPathComponent)
        }
        try self.init(data: data, name: url.lastPathComponent)
    }

    /// Reads and validates a table made by ``compile(_:parser:)``.
    ///
    /// - Parameters:
    ///   - data: the table's bytes (mapped or in memory).
    ///   - name: the table's file name, for errors.
    /// - Throws: ``ConstraintError`` `.invalidCompiledTable`, with the byte offset and what was expected.
    public init(data: Data, name: String) throws(ConstraintError) {
        self.name = name
        // The one unsafe place: the bytes are read only inside this closure, through `TableReader`, which checks
        // every offset against the buffer's count before it reads.
        let result = data.withUnsafeBytes { bytes -> Result<(UInt64, [String: Entry]), ConstraintError> in
            var reader = TableReader(bytes: bytes, tableName: name)
            do throws(ConstraintError) {
                return .success(try reader.readTable())
            } catch {
                return .failure(error)
            }
        }
        let (checksum, entries) = try result.get()
        inputChecksum = checksum
        self.entries = entries
        fileNames = entries.keys.sorted()
    }

    // MARK: - Compiling

    /// Compiles constraint files into a table: each file is parsed as a load would parse it, and its records,
    /// window- and text-dependent values, design width and each view's line and column are written.
    ///
    /// - Parameters:
    ///   - files: each file's name (`Card_iPhone6.json`) and bytes; the order does not matter.
    ///   - parser: the parser, with its limits.
    /// - Returns: the table's bytes; the same files give the same bytes.
    /// - Throws: ``ConstraintError`` from the parser for a file it refuses, or `.invalidCompiledTable` for two files
    ///   of the same name.
    public static func compile(
        _ files: [(name: String, data: Data)], parser: ConstraintFileParser = ConstraintFileParser()
    ) throws(ConstraintError) -> Data {
        let sorted = files.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        var writer = TableWriter()
        var checksum = FNV1a()
        for (i, file) in sorted.enumerated() {
            if i > 0, sorted[i - 1].name == file.name {
                throw ConstraintError(
                    code: .invalidCompiledTable, message: "two files named \(file.name); give each file once",
                    file: file.name)
            }
            checksum.add(Array(file.name.utf8))
            checksum.add([0])
            checksum.add(file.data)
        }
        writer.u32(UInt32(sorted.count))
        for file in sorted {
            let parsed = try parser.parse(file.data, fileName: file.name)
            let lines = LineTable([UInt8](file.data))
            writer.file(parsed, locations: parsed.viewOffsets.map { lines.location(ofOffset: $0) })
        }
        return writer.finish(inputChecksum: checksum.value)
    }
}

/// 64-bit FNV-1a: the inputs' checksum and the body's.
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
    }
}

// MARK: - Format

// Every number is little-endian; a double is its IEEE 754 bits as a u64; a string is a u32 index into the pool.
//
//   header:  "DCTB", u32 version, u64 input checksum, u64 total size, u64 checksum of every other byte (the header
//            before it, then the rest)
//   pool:    u32 count, then each string as u32 length and UTF-8 bytes
//   files:   u32 count, then each file, in name order:
//            str name, str container, u8 has design width, f64 design width, u32 view count, then each view:
//              str view id, u32 byte offset, u32 line, u32 column, u32 attribute count, then each attribute:
//                str name, u8 kind (0 number: f64, 1 string: str, 2 bool: u8)
//            u32 adaptive count, then each: u32 view entry, str name, u8 has design width, f64 design width,
//              u8 kind: 0 scaled (f64 value, bounds), 1 columns (f64 width, u32 columns, f64 scale, spacing, insets),
//                       2 text (f64 value, u8 style, u8 follows width, bounds), 3 fixed
//              bounds: u8 has minimum, f64 minimum, u8 has maximum, f64 maximum

private enum Kind {
    static let number: UInt8 = 0
    static let string: UInt8 = 1
    static let bool: UInt8 = 2
    static let scaled: UInt8 = 0
    static let columns: UInt8 = 1
    static let text: UInt8 = 2
    static let fixed: UInt8 = 3
}

/// Writes a table: strings go to the pool as they are first met, so the bytes depend on the inputs only.
private struct TableWriter {
    private var strings: [String] = []
    private var stringIndex: [String: UInt32] = [:]
    private var body: [UInt8] = []

    mutating func u8(_ value: UInt8) { body.append(value) }
    mutating func u32(_ value: UInt32) { for i in 0..<4 { body.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
    mutating func u64(_ value: UInt64) { for i in 0..<8 { body.append(UInt8(truncatingIfNeeded: value >> (8 * i))) } }
    mutating func f64(_ value: Double) { u64(value.bitPattern) }
    mutating func optional(_ value: Double?) {
        u8(value == nil ? 0 : 1)
        f64(value ?? 0)
    }
    mutating func string(_ value: String) {
        if let index = stringIndex[value] { return u32(index) }
        let index = UInt32(strings.count)
        strings.append(value)
        stringIndex[value] = index
        u32(index)
    }

    mutating func file(_ file: ContainerConstraints, locations: [(line: Int, column: Int)]) {
        string(file.fileName)
        string(file.container)
        optional(file.designWidth)
        let table = file.table
        u32(UInt32(table.count))
        for i in 0..<table.count {
            string(table.viewId(at: i))
            u32(UInt32(clamping: file.viewOffsets.indices.contains(i) ? file.viewOffsets[i] : 0))
            let location = locations.indices.contains(i) ? locations[i] : (line: 0, column: 0)
            u32(UInt32(clamping: location.line))
            u32(UInt32(clamping: location.column))
            let record = table.record(at: i)
            let names = record.attributeNames
            u32(UInt32(names.count))
            for name in names {
                string(name)
                switch record[attribute: name] ?? .number(0) {
                case .number(let number):
                    u8(Kind.number)
                    f64(number)
                case .string(let text):
                    u8(Kind.string)
                    string(text)
                case .bool(let bool):
                    u8(Kind.bool)
                    u8(bool ? 1 : 0)
                }
            }
        }
        u32(UInt32(table.adaptiveValues.count))
        for adaptive in table.adaptiveValues {
            u32(UInt32(adaptive.entry))
            string(adaptive.name)
            optional(adaptive.designWidth)
            switch adaptive.value {
            case .scaled(let value):
                u8(Kind.scaled)
                f64(value.value)
                optional(value.minimum)
                optional(value.maximum)
            case .columns(let rule):
                u8(Kind.columns)
                f64(rule.standardWidth)
                u32(UInt32(clamping: rule.standardColumns))
                f64(rule.scale)
                f64(rule.spacing)
                f64(rule.insets)
            case .text(let value):
                u8(Kind.text)
                f64(value.value)
                u8(UInt8(TextStyle.allCases.firstIndex(of: value.style) ?? 0))
                u8(value.followsWidth ? 1 : 0)
                optional(value.minimum)
                optional(value.maximum)
            case .fixed:
                u8(Kind.fixed)
            }
        }
    }

    /// The whole table: header, pool, then the files written so far.
    consuming func finish(inputChecksum: UInt64) -> Data {
        var rest = TableWriter()
        rest.u32(UInt32(strings.count))
        for text in strings {
            let bytes = Array(text.utf8)
            rest.u32(UInt32(bytes.count))
            rest.body += bytes
        }
        rest.body += body
        var header = TableWriter()
        header.body = CompiledTable.magic
        header.u32(CompiledTable.formatVersion)
        header.u64(inputChecksum)
        header.u64(UInt64(CompiledTable.headerSize + rest.body.count))
        var checksum = FNV1a()
        checksum.add(header.body)
        checksum.add(rest.body)
        header.u64(checksum.value)
        return Data(header.body + rest.body)
    }
}

/// Reads a table from bytes it does not own, checking every read against their count: a table that runs short or
/// holds a count past its end throws, never reads outside the buffer.
private struct TableReader {
    let bytes: UnsafeRawBufferPointer
    let tableName: String
    private var offset = 0
    private var strings: [String] = []

    init(bytes: UnsafeRawBufferPointer, tableName: String) {
        self.bytes = bytes
        self.tableName = tableName
    }

    func failure(_ expected: String, at position: Int? = nil) -> ConstraintError {
        ConstraintError(
            code: .invalidCompiledTable,
            message:
                "byte \(position ?? offset): expected \(expected); the table is corrupt or from another version, "
                + "and the JSON files are read instead (compile the table again)",
            file: tableName)
    }

    mutating func take(_ count: Int, _ what: String) throws(ConstraintError) -> Int {
        guard count >= 0, count <= bytes.count - offset else {
            throw failure("\(what) (\(count) bytes), but the table has \(bytes.count - offset) left")
        }
        defer { offset += count }
        return offset
    }

    mutating func u8(_ what: String) throws(ConstraintError) -> UInt8 {
        bytes[try take(1, what)]
    }

    mutating func u32(_ what: String) throws(ConstraintError) -> Int {
        let start = try take(4, what)
        var value = 0
        for i in 0..<4 { value |= Int(bytes[start + i]) << (8 * i) }
        return value
    }

    mutating func u64(_ what: String) throws(ConstraintError) -> UInt64 {
        let start = try take(8, what)
        var value: UInt64 = 0
        for i in 0..<8 { value |= UInt64(bytes[start + i]) << (8 * i) }
        return value
    }

    mutating func f64(_ what: String) throws(ConstraintError) -> Double {
        let start = offset
        let value = Double(bitPattern: try u64(what))
        guard value.isFinite else { throw failure("a finite number for \(what)", at: start) }
        return value
    }

    mutating func optional(_ what: String) throws(ConstraintError) -> Double? {
        let flag = try flag(what)
        let value = try f64(what)
        return flag ? value : nil
    }

    mutating func flag(_ what: String) throws(ConstraintError) -> Bool {
        let start = offset
        switch try u8(what) {
        case 0: return false
        case 1: return true
        default: throw failure("0 or 1 for \(what)", at: start)
        }
    }

    /// A count of items each at least `minimumSize` bytes long: no larger than what the bytes left can hold.
    mutating func count(_ what: String, minimumSize: Int) throws(ConstraintError) -> Int {
        let start = offset
        let count = try u32(what)
        guard count <= (bytes.count - offset) / minimumSize else {
            throw failure("\(what) of at most \((bytes.count - offset) / minimumSize), found \(count)", at: start)
        }
        return count
    }

    mutating func string(_ what: String) throws(ConstraintError) -> String {
        let start = offset
        let index = try u32(what)
        guard index < strings.count else {
            throw failure("a string of the pool (0..<\(strings.count)) for \(what), found \(index)", at: start)
        }
        return strings[index]
    }

    mutating func readTable() throws(ConstraintError) -> (UInt64, [String: CompiledTable.Entry]) {
        let magicStart = try take(4, "the magic number DCTB")
        guard Array(bytes[magicStart..<magicStart + 4]) == CompiledTable.magic else {
            throw failure("the magic number DCTB", at: magicStart)
        }
        let versionStart = offset
        let version = try u32("the format version")
        guard version == Int(CompiledTable.formatVersion) else {
            throw failure("format version \(CompiledTable.formatVersion), found \(version)", at: versionStart)
        }
        let inputChecksum = try u64("the checksum of the inputs")
        let sizeStart = offset
        let size = try u64("the table's size")
        guard size == UInt64(bytes.count) else {
            throw failure("a table of \(size) bytes as its header says, found \(bytes.count)", at: sizeStart)
        }
        let checksumStart = offset
        let checksum = try u64("the checksum of the table")
        var actual = FNV1a()
        actual.add(UnsafeRawBufferPointer(rebasing: bytes[..<checksumStart]))
        actual.add(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
        guard actual.value == checksum else {
            throw failure("the checksum the header gives, but the table's bytes differ", at: checksumStart)
        }
        let stringCount = try count("a count of strings", minimumSize: 4)
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            let length = try u32("a string's length")
            let start = try take(length, "a string's bytes")
            let slice = bytes[start..<start + length]
            let text = String(decoding: slice, as: UTF8.self)
            guard text.utf8.elementsEqual(slice) else {
                throw failure("a string in UTF-8", at: start)
            }
            strings.append(text)
        }
        let fileCount = try count("a count of files", minimumSize: 25)
        var entries: [String: CompiledTable.Entry] = [:]
        entries.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            let start = offset
            let entry = try readFile()
            guard entries.updateValue(entry, forKey: entry.file.fileName) == nil else {
                throw failure("each file once, found \(entry.file.fileName) again", at: start)
            }
        }
        guard offset == bytes.count else { throw failure("the end of the table") }
        return (inputChecksum, entries)
    }

    private mutating func readFile() throws(ConstraintError) -> CompiledTable.Entry {
        let fileName = try string("the file's name")
        let container = try string("the file's container")
        let designWidth = try optional("the file's design width")
        let viewCount = try count("a count of views", minimumSize: 20)
        var views = ViewTable.Builder()
        views.reserveCapacity(viewCount)
        var offsets: [Int] = []
        var locations: [(line: Int, column: Int)] = []
        offsets.reserveCapacity(viewCount)
        locations.reserveCapacity(viewCount)
        for _ in 0..<viewCount {
            let start = offset
            let viewId = try string("a view id")
            offsets.append(try u32("the view's byte offset"))
            let line = try u32("the view's line")
            locations.append((line, try u32("the view's column")))
            let record = try readRecord()
            let added = Array(viewId.utf8).withUnsafeBufferPointer { key -> Bool in
                guard case .new(let hash) = views.claim(key) else { return false }
                views.add(key, hash: hash, record: record)
                return true
            }
            guard added else { throw failure("each view once in \(fileName), found \(viewId) again", at: start) }
        }
        let adaptiveCount = try count("a count of adaptive values", minimumSize: 18)
        views.adaptiveValues.reserveCapacity(adaptiveCount)
        for _ in 0..<adaptiveCount {
            let start = offset
            let entry = try u32("an adaptive value's view")
            guard entry < viewCount else {
                throw failure("a view of the file (0..<\(viewCount)), found \(entry)", at: start)
            }
            let name = try string("an adaptive value's attribute")
            let designWidth = try optional("an adaptive value's design width")
            views.adaptiveValues.append(
                AdaptiveAttribute(entry: entry, name: name, value: try readAdaptive(), designWidth: designWidth))
        }
        let file = ContainerConstraints(
            container: container, fileName: fileName, table: views.build(files: [fileName]), viewOffsets: offsets,
            designWidth: designWidth)
        return CompiledTable.Entry(file: file, locations: locations)
    }

    private mutating func readRecord() throws(ConstraintError) -> ConstraintRecord {
        var record = ConstraintRecord()
        let attributeCount = try count("a count of attributes", minimumSize: 6)
        var extensions: [ConstraintRecord.Extension] = []
        for _ in 0..<attributeCount {
            let start = offset
            let name = try string("an attribute's name")
            let value: ConstraintValue
            let kindStart = offset
            switch try u8("an attribute's kind") {
            case Kind.number: value = .number(try f64("a number"))
            case Kind.string: value = .string(try string("a string value"))
            case Kind.bool: value = .bool(try flag("a bool"))
            default: throw failure("an attribute's kind: 0, 1 or 2", at: kindStart)
            }
            if let known = ConstraintAttribute(rawValue: name) {
                let fits =
                    switch value {
                    case .string: known.expectsString
                    case .number: !known.expectsString
                    case .bool: false
                    }
                guard fits, !record.contains(known) else {
                    throw failure("\(name) once, with a value of its type", at: start)
                }
                record.set(known, value)
            } else {
                // Extension names come sorted and each once, as a record stores them.
                if let last = extensions.last?.name {
                    let ascii = last.utf8.allSatisfy { $0 < 0x80 } && name.utf8.allSatisfy { $0 < 0x80 }
                    guard ascii ? last < name : last != name else {
                        throw failure("extension names sorted, each once; \(name) after \(last)", at: start)
                    }
                }
                extensions.append(ConstraintRecord.Extension(name, value))
            }
        }
        if !extensions.isEmpty { record.setExtras(imageName: record.imageName, sortedExtensions: extensions) }
        return record
    }

    private mutating func readAdaptive() throws(ConstraintError) -> AdaptiveValue {
        let kindStart = offset
        switch try u8("an adaptive value's kind") {
        case Kind.scaled:
            let value = try f64("a scaled value")
            return .scaled(ScaledValue(value, minimum: try optional("a minimum"), maximum: try optional("a maximum")))
        case Kind.columns:
            let width = try f64("a column rule's standard width")
            let columns = try u32("a column rule's columns")
            return .columns(
                ColumnRule(
                    standardWidth: width, standardColumns: columns, scale: try f64("a column rule's scale"),
                    spacing: try f64("a column rule's spacing"), insets: try f64("a column rule's insets")))
        case Kind.text:
            let value = try f64("a text-scaled value")
            let styleStart = offset
            let style = Int(try u8("a text style"))
            guard style < TextStyle.allCases.count else {
                throw failure("a text style (0..<\(TextStyle.allCases.count))", at: styleStart)
            }
            let followsWidth = try flag("whether the value follows the width")
            return .text(
                TextScaledValue(
                    value, relativeTo: TextStyle.allCases[style], followsWidth: followsWidth,
                    minimum: try optional("a minimum"), maximum: try optional("a maximum")))
        case Kind.fixed:
            return .fixed
        default:
            throw failure("an adaptive value's kind: 0, 1, 2 or 3", at: kindStart)
        }
    }
}
