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
/// Opening a table reads its header and its directory only (in time linear in the directory): a wrong magic number
/// or version, a header or directory whose checksum does not match, a size or a section that runs past the end is
/// refused with ``ConstraintError/Code/invalidCompiledTable``, the byte offset and what was expected. Each file's
/// section is read in place when it is first asked for, and validated as it is read: its checksum, then every
/// count, offset and string; a section that fails is refused with the same error and its file is not given.
/// ``validate()`` reads every section now. The same files give the same bytes. The format is described in the
/// documentation's "Compiled tables" article.
public struct CompiledTable: Sendable {
    /// The first four bytes of every table: `DCTB`.
    static let magic: [UInt8] = Array("DCTB".utf8)
    /// The format this version writes and reads.
    public static let formatVersion: UInt32 = 3
    /// The size of the header: magic, version, checksum of the inputs, total size, checksum of the header and the
    /// directory.
    static let headerSize = 4 + 4 + 8 + 8 + 8

    /// Where one file's section lies, and what it must hold.
    struct Section: Sendable {
        let container: String
        let range: Range<Int>
        let checksum: UInt64
        /// The section's place in the directory (and in ``CompiledTable/fileNames``): its place in `checked`. Names
        /// equal as strings but not as bytes share a key of the dictionary, never a number.
        let number: Int
    }

    /// The name the table was opened under, used in errors.
    public let name: String
    /// The checksum of the files the table was compiled from (64-bit FNV-1a over each name and its bytes, in name
    /// order).
    public let inputChecksum: UInt64
    /// The names of the files the table holds, sorted.
    public let fileNames: [String]
    /// The table's bytes, mapped when it was opened from a file.
    private let bytes: Data
    private let sections: [String: Section]
    /// Whether each section's checksum has been checked: once per table, not at every load of its file (the bytes
    /// are mapped read-only and do not change; the table's copies share this record).
    private let checked: ConditionLocked<[Bool]>

    /// The records of the file `name` as the parser read them, or nil when the table does not hold it or its
    /// section is refused (``validate()`` says why).
    public func file(named name: String) -> ContainerConstraints? {
        try? entry(named: name)?.file
    }

    /// The container of the file `name`, from the directory (no section is read); nil when the table lacks it.
    func container(ofFile name: String) -> String? {
        sections[name]?.container
    }

    /// The 1-based line and column of `viewId`'s key in the JSON file `fileName` the table was compiled from.
    package func location(ofView viewId: String, inFile fileName: String) -> (line: Int, column: Int)? {
        guard let entry = try? entry(named: fileName), let index = entry.file.table.index(of: viewId) else {
            return nil
        }
        return entry.locations[index]
    }

    /// The file `name` in the form the parsed-file stage keeps, with no warnings (lint ran when it was compiled),
    /// read from its section now; nil when the table does not hold it.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCompiledTable` when the section is corrupt.
    func parsedFile(named name: String) throws(ConstraintError) -> ParsedFile? {
        guard let file = try entry(named: name)?.file else { return nil }
        return ParsedFile(fileName: name, table: file.table, warnings: [])
    }

    /// Reads every section, as a load would: the tool and the build plugin check a table they write this way.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCompiledTable` for the first section that is refused.
    public func validate() throws(ConstraintError) {
        for name in fileNames { _ = try entry(named: name) }
    }

    /// One file, read from its section.
    struct Entry: Sendable {
        let file: ContainerConstraints
        /// The 1-based line and column of each view id's key in the JSON file, in the order of the file's views.
        let locations: [(line: Int, column: Int)]
    }

    private func entry(named fileName: String) throws(ConstraintError) -> Entry? {
        try reading(fileName) { section, reader throws(ConstraintError) in
            let entry = try reader.readSection()
            guard entry.file.fileName == fileName, entry.file.container == section.container else {
                throw reader.failure("the section of \(fileName), found \(entry.file.fileName)", at: 0)
            }
            return entry
        }
    }

    /// The view `viewId` of the file `fileName`, read where it lies through the section's index: its record as the
    /// file's own table gives it, and its window- and text-dependent values (each with entry 0). Nothing else of the
    /// section is decoded, and nothing is allocated for a record of numbers. Nil when the table lacks the file.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCompiledTable` when the section's checksum or a byte read is wrong.
    func view(_ viewId: String, inFile fileName: String) throws(ConstraintError) -> ViewInPlace? {
        var id = viewId
        return try id.withUTF8 { key in
            Result { () throws(ConstraintError) in
                try reading(fileName) { _, reader throws(ConstraintError) in
                    switch try reader.findView(key, keyIsASCII: UTF8Hash.isASCII(key)) {
                    case .found(let view):
                        let (record, adaptiveValues) = try reader.readView(view)
                        return .found(record, adaptiveValues: adaptiveValues)
                    case .absent: return .absent
                    case .undecided: return .undecided
                    }
                }
            }
        }.get()
    }

    /// Adds the view ids of the file `fileName` to `views`, read in place through the section's index (an id
    /// `views` has already, from a file before it on the chain, is skipped): what an unread table
    /// (``ViewTable/unread(_:files:)``) is made of. Nil when the table lacks the file.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCompiledTable` when the section's checksum or a byte read is wrong.
    func addViewIds(ofFile fileName: String, to views: inout ViewTable.Builder) throws(ConstraintError) -> Void? {
        try reading(fileName) { _, reader throws(ConstraintError) in try reader.addViewIds(to: &views) }
    }

    /// Runs `read` on a reader of the section of `fileName` (nil when the table lacks it), after checking the
    /// section's checksum the first time it is read.
    private func reading<Value>(
        _ fileName: String, _ read: (Section, inout TableReader) throws(ConstraintError) -> Value
    ) throws(ConstraintError) -> Value? {
        guard let section = sections[fileName] else { return nil }
        let tableName = name
        // The one unsafe place: the bytes are read only inside this closure, through `TableReader`, which checks
        // every offset against the section's bounds before it reads.
        let result = bytes.withUnsafeBytes { all -> Result<Value, ConstraintError> in
            let bytes = UnsafeRawBufferPointer(rebasing: all[section.range])
            var reader = TableReader(bytes: bytes, tableName: tableName, base: section.range.lowerBound)
            do throws(ConstraintError) {
                if !checked.withLock({ $0[section.number] }) {
                    guard WordChecksum.of(bytes) == section.checksum else {
                        throw reader.failure(
                            "the checksum the directory gives for \(fileName), but its bytes differ", at: 0)
                    }
                    // The bytes are mapped read-only: checked once, they stay as they were.
                    checked.withLock { $0[section.number] = true }
                }
                return .success(try read(section, &reader))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    // MARK: - Opening

    /// Opens the table file at `url`, mapped read-only, and reads its header and directory.
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

    /// Opens a table made by ``compile(_:parser:)``: reads and validates its header and directory; each file's
    /// section is read when it is first asked for (``validate()`` reads them all now).
    ///
    /// - Parameters:
    ///   - data: the table's bytes (mapped or in memory).
    ///   - name: the table's file name, for errors.
    /// - Throws: ``ConstraintError`` `.invalidCompiledTable`, with the byte offset and what was expected.
    public init(data: Data, name: String) throws(ConstraintError) {
        self.name = name
        let result = data.withUnsafeBytes { bytes -> Result<(UInt64, [String], [String: Section]), ConstraintError> in
            var reader = TableReader(bytes: bytes, tableName: name, base: 0)
            do throws(ConstraintError) {
                return .success(try reader.readDirectory())
            } catch {
                return .failure(error)
            }
        }
        let (checksum, names, sections) = try result.get()
        inputChecksum = checksum
        fileNames = names
        self.sections = sections
        checked = ConditionLocked(Array(repeating: false, count: names.count))
        bytes = data
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
        var sections: [(name: String, container: String, bytes: [UInt8])] = []
        sections.reserveCapacity(sorted.count)
        for file in sorted {
            let parsed = try parser.parse(file.data, fileName: file.name)
            let lines = LineTable([UInt8](file.data))
            var writer = TableWriter()
            writer.file(parsed, locations: parsed.viewOffsets.map { lines.location(ofOffset: $0) })
            sections.append((file.name, parsed.container, writer.section()))
        }
        return TableWriter.table(sections: sections, inputChecksum: checksum.value)
    }
}

extension CompiledTable {
    /// `bytes` with the header's size, each section's checksum and the header's checksum set to what the bytes give,
    /// as far as the directory can be read: a mutated table that then reaches the reader's checks past the
    /// checksums (the tests and the fuzz harness make them).
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var bytes = bytes
        guard bytes.count >= headerSize + 4 else { return bytes }
        func u64(_ value: UInt64, at offset: Int) {
            for i in 0..<8 { bytes[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
        }
        func read(_ count: Int, at offset: Int) -> Int? {
            guard offset >= 0, count <= 8, offset <= bytes.count - count else { return nil }
            var value = 0
            for i in 0..<count { value |= Int(bytes[offset + i]) << (8 * i) }
            return value
        }
        u64(UInt64(bytes.count), at: headerSize - 16)
        var offset = headerSize
        let count = read(4, at: offset) ?? 0
        offset += 4
        for _ in 0..<count {
            guard let nameLength = read(4, at: offset), let containerLength = read(4, at: offset + 4 + nameLength),
                case let fields = offset + 8 + nameLength + containerLength, let start = read(8, at: fields),
                let length = read(8, at: fields + 8), fields + 24 <= bytes.count
            else { break }
            if start >= 0, length >= 0, start <= bytes.count, length <= bytes.count - start {
                u64(WordChecksum.of(Array(bytes[start..<start + length])), at: fields + 16)
            }
            offset = fields + 24
        }
        var checksum = FNV1a()
        checksum.add(bytes[..<(headerSize - 8)])
        checksum.add(bytes[headerSize..<min(offset, bytes.count)])
        u64(checksum.value, at: headerSize - 8)
        return bytes
    }
}

/// A checksum of a section read 8 bytes at a time (64-bit FNV-1a over little-endian words, then the bytes left):
/// a load checks a section before it reads it, at a fraction of the cost of reading it.
enum WordChecksum {
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        var offset = 0
        while bytes.count - offset >= 8 {
            value ^= UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            value &*= 0x0000_0100_0000_01b3
            offset += 8
        }
        while offset < bytes.count {
            value ^= UInt64(bytes[offset])
            value &*= 0x0000_0100_0000_01b3
            offset += 1
        }
        return value
    }

    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
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

// Every number is little-endian; a double is its IEEE 754 bits as a u64; within a section, a string is a u32 index
// into the section's pool.
//
//   header:     "DCTB", u32 version, u64 input checksum, u64 total size, u64 checksum (64-bit FNV-1a) of the header
//               before it and the directory
//   directory:  u32 count, then each file, in name order: u32 length and UTF-8 bytes of its name, the same of its
//               container, u64 section offset, u64 section length, u64 section checksum (WordChecksum); the sections
//               follow the directory in the same order, each beginning where the one before ends, the last at the end
//   section:    u32 count of strings, then each as u32 length and UTF-8 bytes; then the file:
//               str name, str container, u8 has design width, f64 design width, u32 view count, then each view:
//                 str view id, u32 byte offset, u32 line, u32 column, u32 attribute count, then each attribute:
//                   str name, u8 kind (0 number: f64, 1 string: str, 2 bool: u8, 3 number a float holds exactly: f32)
//               u32 adaptive count, then each: u32 view entry, str name, u8 has design width, f64 design width,
//                 u8 kind: 0 scaled (f64 value, bounds), 1 columns (f64 width, u32 columns, f64 scale, spacing, insets),
//                          2 text (f64 value, u8 style, u8 follows width, bounds), 3 fixed
//                 bounds: u8 has minimum, f64 minimum, u8 has maximum, f64 maximum
//               then the index (CompiledTable.SectionIndex): u32 strings, views, adaptive values; u32 offset from the
//                 section's start of each string, each view, each adaptive value; u32 slot count, the slots (view + 1,
//                 0 empty; u16 each below 65,535 views, else u32); u8 every view id ASCII; u32 offset of the index: the
//                 section's last four bytes

private enum Kind {
    static let number: UInt8 = 0
    static let string: UInt8 = 1
    static let bool: UInt8 = 2
    /// A number a `Float` holds exactly (most numbers of a layout), in 4 bytes instead of 8.
    static let float: UInt8 = 3
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
    /// Where each view and each adaptive value begins in `body`, and each view's id: the section's index.
    private var viewStarts: [Int] = []
    private var viewIds: [String] = []
    private var adaptiveStarts: [Int] = []

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
            viewStarts.append(body.count)
            viewIds.append(table.viewId(at: i))
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
                    if let narrow = Float(exactly: number) {
                        u8(Kind.float)
                        u32(narrow.bitPattern)
                    } else {
                        u8(Kind.number)
                        f64(number)
                    }
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
            adaptiveStarts.append(body.count)
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

    /// One file's section: its pool, the file written, then its index (``CompiledTable/SectionIndex``).
    consuming func section() -> [UInt8] {
        var section = TableWriter()
        var poolStarts: [Int] = []
        poolStarts.reserveCapacity(strings.count)
        section.u32(UInt32(strings.count))
        for text in strings {
            let bytes = Array(text.utf8)
            poolStarts.append(section.body.count)
            section.u32(UInt32(bytes.count))
            section.body += bytes
        }
        let fileStart = section.body.count
        section.body += body
        let indexStart = section.body.count
        section.u32(UInt32(strings.count))
        section.u32(UInt32(viewStarts.count))
        section.u32(UInt32(adaptiveStarts.count))
        for start in poolStarts { section.u32(UInt32(start)) }
        for start in viewStarts { section.u32(UInt32(fileStart + start)) }
        for start in adaptiveStarts { section.u32(UInt32(fileStart + start)) }
        let slots = CompiledTable.SectionIndex.slots(for: viewIds)
        section.u32(UInt32(slots.count))
        let wide = CompiledTable.SectionIndex.slotWidth(forViews: viewStarts.count) == 4
        for slot in slots {
            if wide {
                section.u32(slot)
            } else {
                for i in 0..<2 { section.u8(UInt8(truncatingIfNeeded: slot >> (8 * i))) }
            }
        }
        section.u8(viewIds.allSatisfy { $0.utf8.allSatisfy { $0 < 0x80 } } ? 1 : 0)
        section.u32(UInt32(indexStart))
        return section.body
    }

    /// The whole table: header, directory, then the sections in name order.
    static func table(sections: [(name: String, container: String, bytes: [UInt8])], inputChecksum: UInt64) -> Data {
        func text(_ value: String, into writer: inout TableWriter) {
            let bytes = Array(value.utf8)
            writer.u32(UInt32(bytes.count))
            writer.body += bytes
        }
        var directory = TableWriter()
        directory.u32(UInt32(sections.count))
        var entrySize = 4
        for section in sections { entrySize += 4 + section.name.utf8.count + 4 + section.container.utf8.count + 24 }
        var offset = CompiledTable.headerSize + entrySize
        for section in sections {
            text(section.name, into: &directory)
            text(section.container, into: &directory)
            directory.u64(UInt64(offset))
            directory.u64(UInt64(section.bytes.count))
            directory.u64(WordChecksum.of(section.bytes))
            offset += section.bytes.count
        }
        var header = TableWriter()
        header.body = CompiledTable.magic
        header.u32(CompiledTable.formatVersion)
        header.u64(inputChecksum)
        header.u64(UInt64(offset))
        var checksum = FNV1a()
        checksum.add(header.body)
        checksum.add(directory.body)
        header.u64(checksum.value)
        var table = header.body + directory.body
        table.reserveCapacity(offset)
        for section in sections { table += section.bytes }
        return Data(table)
    }
}

/// Reads a table from bytes it does not own, checking every read against their count: a table that runs short or
/// holds a count past its end throws, never reads outside the buffer.
private struct TableReader {
    let bytes: UnsafeRawBufferPointer
    let tableName: String
    /// Where `bytes` begin in the table, for the offsets errors give.
    let base: Int
    private var offset = 0
    /// The section's pool: where each string's bytes are (checked as UTF-8 when the pool is read), each made a
    /// `String` only when one is needed (a view id is added by its bytes), and what attribute each names.
    private var pool: [(start: Int, count: Int, isASCII: Bool)] = []
    /// Where the section's index lies, read from its last four bytes before anything else.
    private var layout = CompiledTable.SectionIndex.Layout()
    private var strings: [String?] = []
    private var attributes: [ConstraintAttribute??] = []
    /// The extension names (pool indices) and values of the record being read.
    private var extensionNames: [Int] = []
    private var extensionValues: [ConstraintRecord.StoredValue] = []
    /// The lists of extension names made so far, by their pool indices, for the records that repeat them.
    private var namesByIndices: [[Int]: ConstraintRecord.ExtensionNames] = [:]

    init(bytes: UnsafeRawBufferPointer, tableName: String, base: Int) {
        self.bytes = bytes
        self.tableName = tableName
        self.base = base
    }

    func failure(_ expected: String, at position: Int? = nil) -> ConstraintError {
        ConstraintError(
            code: .invalidCompiledTable,
            message:
                "byte \(base + (position ?? offset)): expected \(expected); the table is corrupt or from another version, "
                + "and the JSON files are read instead (compile the table again)",
            file: tableName)
    }

    @inline(__always)
    mutating func take(_ count: Int, _ what: String) throws(ConstraintError) -> Int {
        guard count >= 0, count <= bytes.count - offset else { throw shortage(count, what) }
        defer { offset += count }
        return offset
    }

    /// The error of a read past the end, out of line so that every read stays small.
    @inline(never)
    func shortage(_ count: Int, _ what: String) -> ConstraintError {
        failure("\(what) (\(count) bytes), but the table has \(bytes.count - offset) left")
    }

    @inline(__always)
    mutating func u8(_ what: String) throws(ConstraintError) -> UInt8 {
        bytes[try take(1, what)]
    }

    @inline(__always)
    mutating func u32(_ what: String) throws(ConstraintError) -> Int {
        let start = try take(4, what)
        return Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt32.self)))
    }

    @inline(__always)
    mutating func u64(_ what: String) throws(ConstraintError) -> UInt64 {
        let start = try take(8, what)
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
    }

    @inline(__always)
    mutating func f64(_ what: String) throws(ConstraintError) -> Double {
        let start = offset
        let value = Double(bitPattern: try u64(what))
        guard value.isFinite else { throw failure("a finite number for \(what)", at: start) }
        return value
    }

    /// A number written as a `Float` (4 bytes), which it holds exactly.
    @inline(__always)
    mutating func f32(_ what: String) throws(ConstraintError) -> Double {
        let start = offset
        let value = Float(bitPattern: UInt32(truncatingIfNeeded: try u32(what)))
        guard value.isFinite else { throw failure("a finite number for \(what)", at: start) }
        return Double(value)
    }

    @inline(__always)
    mutating func optional(_ what: String) throws(ConstraintError) -> Double? {
        let flag = try flag(what)
        let value = try f64(what)
        return flag ? value : nil
    }

    @inline(__always)
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

    /// The index into the pool at the reader's place.
    @inline(__always)
    mutating func poolIndex(_ what: String) throws(ConstraintError) -> Int {
        let start = offset
        let index = try u32("a string's index")
        guard index < layout.poolCount else {
            throw failure("a string of the pool (0..<\(layout.poolCount)) for \(what), found \(index)", at: start)
        }
        return index
    }

    /// The u32 at `position`, without moving the reader: the index's fields.
    @inline(__always)
    func u32(at position: Int, _ what: String) throws(ConstraintError) -> Int {
        guard position >= 0, position <= bytes.count - 4 else {
            throw failure("\(what) inside the section", at: position)
        }
        return Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
    }

    /// Where the pool's string `index` (a valid index) is: from the pool when the section is read whole, else
    /// through the index's offset of it, its length and bytes checked as they are read.
    @inline(__always)
    mutating func poolEntry(_ index: Int) throws(ConstraintError) -> (start: Int, count: Int, isASCII: Bool) {
        if index < pool.count { return pool[index] }
        let saved = offset
        defer { offset = saved }
        offset = try u32(at: layout.poolOffsets + 4 * index, "a string's offset")
        return try textRange("a string")
    }

    mutating func string(_ what: String) throws(ConstraintError) -> String {
        try string(at: try poolIndex(what))
    }

    /// The pool's string `index` (a valid index), made once.
    mutating func string(at index: Int) throws(ConstraintError) -> String {
        if index < strings.count, let made = strings[index] { return made }
        let made = String(decoding: try utf8(index), as: UTF8.self)
        if index < strings.count { strings[index] = made }
        return made
    }

    /// The bytes of the pool's string `index` (a valid index).
    mutating func utf8(_ index: Int) throws(ConstraintError) -> UnsafeBufferPointer<UInt8> {
        let entry = try poolEntry(index)
        return UnsafeRawBufferPointer(rebasing: bytes[entry.start..<entry.start + entry.count]).bindMemory(
            to: UInt8.self)
    }

    /// The attribute the pool's string `index` names, nil for an extension attribute.
    mutating func attribute(_ index: Int) throws(ConstraintError) -> ConstraintAttribute? {
        if index < attributes.count, let known = attributes[index] { return known }
        let known = ConstraintAttribute(utf8: try utf8(index))
        if index < attributes.count { attributes[index] = .some(known) }
        return known
    }

    /// A string written whole (its length, then its UTF-8 bytes), refused unless it is UTF-8: where its bytes are.
    mutating func textRange(_ what: String) throws(ConstraintError) -> (start: Int, count: Int, isASCII: Bool) {
        let length = try u32(what)
        let start = try take(length, what)
        let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length])
        // Most names are ASCII: checked 8 bytes at a time; any other is decoded and compared.
        var ascii = true
        var i = 0
        while ascii, length - i >= 8 {
            ascii = slice.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            i += 8
        }
        while ascii, i < length {
            ascii = slice[i] < 0x80
            i += 1
        }
        if !ascii {
            guard String(decoding: slice, as: UTF8.self).utf8.elementsEqual(slice) else {
                throw failure("\(what) in UTF-8", at: start)
            }
        }
        return (start, length, ascii)
    }

    /// A string written whole, as a `String`.
    mutating func text(_ what: String) throws(ConstraintError) -> String {
        let range = try textRange(what)
        return String(
            decoding: UnsafeRawBufferPointer(rebasing: bytes[range.start..<range.start + range.count]), as: UTF8.self)
    }

    /// The header and the directory: the sections are checked to lie one after the other from the directory's end
    /// to the table's, in the order of their names, and are not read.
    mutating func readDirectory() throws(ConstraintError) -> (UInt64, [String], [String: CompiledTable.Section]) {
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
        let checksum = try u64("the checksum of the header and the directory")
        let fileCount = try count("a count of files", minimumSize: 32)
        var names: [String] = []
        var sections: [String: CompiledTable.Section] = [:]
        names.reserveCapacity(fileCount)
        sections.reserveCapacity(fileCount)
        var ranges: [(start: Int, length: Int, checksum: UInt64, at: Int)] = []
        ranges.reserveCapacity(fileCount)
        for _ in 0..<fileCount {
            let start = offset
            let name = try text("a file's name")
            if let last = names.last, !Array(last.utf8).lexicographicallyPrecedes(Array(name.utf8)) {
                throw failure("file names in order, each once; \(name) after \(last)", at: start)
            }
            let container = try text("the file's container")
            let sectionStart = try u64("the section's offset")
            let sectionLength = try u64("the section's length")
            let sectionChecksum = try u64("the section's checksum")
            guard sectionStart <= UInt64(bytes.count), sectionLength <= UInt64(bytes.count) else {
                throw failure("a section inside the table for \(name)", at: start)
            }
            names.append(name)
            ranges.append((Int(sectionStart), Int(sectionLength), sectionChecksum, start))
            sections[name] = CompiledTable.Section(
                container: container, range: Int(sectionStart)..<Int(sectionStart) + Int(sectionLength),
                checksum: sectionChecksum, number: names.count - 1)
        }
        var actual = FNV1a()
        actual.add(UnsafeRawBufferPointer(rebasing: bytes[..<checksumStart]))
        actual.add(UnsafeRawBufferPointer(rebasing: bytes[(checksumStart + 8)..<offset]))
        guard actual.value == checksum else {
            throw failure("the checksum the header gives, but the header or the directory differ", at: checksumStart)
        }
        var end = offset
        for (range, name) in zip(ranges, names) {
            guard range.start == end, range.length <= bytes.count - end else {
                throw failure("the section of \(name) at byte \(end), within the table", at: range.at)
            }
            end += range.length
        }
        guard end == bytes.count else { throw failure("the last section to end the table", at: end) }
        return (inputChecksum, names, sections)
    }

    /// A section: its pool, then its file, then its index, to the section's last byte; the index is checked
    /// against what the pool and the file hold.
    mutating func readSection() throws(ConstraintError) -> CompiledTable.Entry {
        try readLayout()
        let countStart = offset
        let stringCount = try count("a count of strings", minimumSize: 4)
        guard stringCount == layout.poolCount else {
            throw failure("\(layout.poolCount) strings, as the section's index says", at: countStart)
        }
        pool.reserveCapacity(stringCount)
        for i in 0..<stringCount {
            let start = offset
            guard try u32(at: layout.poolOffsets + 4 * i, "a string's offset") == start else {
                throw failure("the index's offset of string \(i): \(start)", at: layout.poolOffsets + 4 * i)
            }
            pool.append(try textRange("a string"))
        }
        strings = Array(repeating: nil, count: stringCount)
        attributes = Array(repeating: nil, count: stringCount)
        let entry = try readFile()
        guard offset == layout.start else { throw failure("the section's index") }
        try checkSlots()
        return entry
    }

    /// The index's layout, from the section's last four bytes (where the index begins) and its counts: the index
    /// must end the section exactly.
    private mutating func readLayout() throws(ConstraintError) {
        let start = try u32(at: bytes.count - 4, "where the section's index begins")
        let counts = try (
            u32(at: start, "the index's count of strings"), u32(at: start + 4, "the index's count of views"),
            u32(at: start + 8, "the index's count of adaptive values")
        )
        // Each count is at most the section's size, so no sum below overflows.
        guard counts.0 <= bytes.count, counts.1 <= bytes.count, counts.2 <= bytes.count else {
            throw failure("counts that fit the section", at: start)
        }
        let slotCount = CompiledTable.SectionIndex.slotCount(forViews: counts.1)
        let slotsAt = start + 12 + 4 * (counts.0 + counts.1 + counts.2)
        guard try u32(at: slotsAt, "the index's count of slots") == slotCount else {
            throw failure("\(slotCount) slots for \(counts.1) views", at: slotsAt)
        }
        let flagAt = slotsAt + 4 + CompiledTable.SectionIndex.slotWidth(forViews: counts.1) * slotCount
        guard flagAt + 5 == bytes.count, bytes[flagAt] <= 1 else {
            throw failure("the section's index to end the section", at: min(flagAt, bytes.count - 4))
        }
        layout = CompiledTable.SectionIndex.Layout(
            start: start, poolCount: counts.0, viewCount: counts.1, adaptiveCount: counts.2,
            slotCount: slotCount, viewIdsAreASCII: bytes[flagAt] == 1)
    }

    /// What slot `slot` holds: 0 for none, else a view's number + 1.
    @inline(__always)
    private func slotValue(_ slot: Int) throws(ConstraintError) -> Int {
        let at = layout.slot(slot)
        guard layout.slotWidth == 2 else { return try u32(at: at, "a slot") }
        guard at >= 0, at <= bytes.count - 2 else { throw failure("a slot inside the section", at: at) }
        return Int(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
    }

    /// The pool index of view `view`'s id (a view of the file), through the index's offset of the view.
    private func viewIdIndex(of view: Int) throws(ConstraintError) -> Int {
        let at = try u32(at: layout.viewOffset(view), "a view's offset")
        let index = try u32(at: at, "a view id")
        guard index < layout.poolCount else {
            throw failure("a string of the pool (0..<\(layout.poolCount)) for a view id, found \(index)", at: at)
        }
        return index
    }

    /// The slots: each view in exactly one, reached from the slot its id hashes to through occupied slots only, and
    /// the ASCII flag true exactly when every view id is ASCII. In one pass over the slots (a run of occupied slots
    /// is measured as it is walked), so a hostile table costs time linear in its size.
    private func checkSlots() throws(ConstraintError) {
        let viewCount = layout.viewCount
        guard viewCount > 0 else { return }
        let mask = layout.slotCount - 1
        var seen = [UInt64](repeating: 0, count: (viewCount + 63) / 64)
        var allASCII = true
        // Start after an empty slot, so that every run is walked from its beginning.
        var empty = 0
        while try slotValue(empty) != 0 {
            empty += 1
            guard empty < layout.slotCount else { throw failure("an empty slot", at: layout.slot(0)) }
        }
        var run = 0
        var found = 0
        for step in 1...layout.slotCount {
            let slot = (empty + step) & mask
            let value = try slotValue(slot)
            guard value != 0 else {
                run = 0
                continue
            }
            run += 1
            let view = value - 1
            guard view < viewCount, seen[view / 64] & (1 << (view % 64)) == 0 else {
                throw failure("a view of the file (0..<\(viewCount)) in one slot only", at: layout.slot(slot))
            }
            seen[view / 64] |= 1 << (view % 64)
            found += 1
            // The pool is read whole here (readSection), and the id's index is one of it.
            let id = pool[try viewIdIndex(of: view)]
            if !id.isASCII { allASCII = false }
            let key = UnsafeRawBufferPointer(rebasing: bytes[id.start..<id.start + id.count]).bindMemory(to: UInt8.self)
            guard (slot - CompiledTable.SectionIndex.home(of: key, slotCount: layout.slotCount)) & mask < run else {
                throw failure("view \(view) in a slot its id's hash reaches", at: layout.slot(slot))
            }
        }
        guard found == viewCount else { throw failure("every view of the file in a slot") }
        guard allASCII == layout.viewIdsAreASCII else { throw failure("the index's flag of ASCII view ids") }
    }

    private mutating func readFile() throws(ConstraintError) -> CompiledTable.Entry {
        let fileName = try string("the file's name")
        let container = try string("the file's container")
        let designWidth = try optional("the file's design width")
        let viewCountStart = offset
        let viewCount = try count("a count of views", minimumSize: 20)
        guard viewCount == layout.viewCount else {
            throw failure("\(layout.viewCount) views, as the section's index says", at: viewCountStart)
        }
        var views = ViewTable.Builder(reservingCapacity: viewCount, keyBytes: viewCount * 24)
        var offsets: [Int] = []
        var locations: [(line: Int, column: Int)] = []
        offsets.reserveCapacity(viewCount)
        locations.reserveCapacity(viewCount)
        for view in 0..<viewCount {
            let start = offset
            guard try u32(at: layout.viewOffset(view), "a view's offset") == start else {
                throw failure("the index's offset of view \(view): \(start)", at: layout.viewOffset(view))
            }
            // Added by its bytes: no String is made for a view id.
            let viewId = try poolIndex("a view id")
            offsets.append(try u32("the view's byte offset"))
            let line = try u32("the view's line")
            locations.append((line, try u32("the view's column")))
            let record = try readRecord()
            let key = try utf8(viewId)
            let isASCII = pool[viewId].isASCII
            guard case .new(let hash) = views.claim(key, isASCII: isASCII) else {
                throw failure("each view once in \(fileName), found \(try string(at: viewId)) again", at: start)
            }
            views.add(key, hash: hash, record: record, isASCII: isASCII)
        }
        let adaptiveCountStart = offset
        let adaptiveCount = try count("a count of adaptive values", minimumSize: 18)
        guard adaptiveCount == layout.adaptiveCount else {
            throw failure(
                "\(layout.adaptiveCount) adaptive values, as the section's index says", at: adaptiveCountStart)
        }
        views.adaptiveValues.reserveCapacity(adaptiveCount)
        for value in 0..<adaptiveCount {
            let start = offset
            guard try u32(at: layout.adaptiveOffset(value), "an adaptive value's offset") == start else {
                throw failure(
                    "the index's offset of adaptive value \(value): \(start)", at: layout.adaptiveOffset(value))
            }
            let entry = try u32("an adaptive value's view")
            guard entry < viewCount else {
                throw failure("a view of the file (0..<\(viewCount)), found \(entry)", at: start)
            }
            // In the order of their views, as the parser adds them: a view read in place finds its own by bisection.
            if let last = views.adaptiveValues.last?.entry, entry < last {
                throw failure("adaptive values in the order of their views; view \(entry) after \(last)", at: start)
            }
            views.adaptiveValues.append(try readAdaptiveAttribute(entry: entry))
        }
        let file = ContainerConstraints(
            container: container, fileName: fileName, table: views.build(files: [fileName]), viewOffsets: offsets,
            designWidth: designWidth)
        return CompiledTable.Entry(file: file, locations: locations)
    }

    private mutating func readRecord() throws(ConstraintError) -> ConstraintRecord {
        var record = ConstraintRecord()
        let attributeCount = try count("a count of attributes", minimumSize: 6)
        var imageName: String?
        // The record's extensions: their names' pool indices and their values, in the reader's arrays (emptied,
        // not freed, between records), and the strings its string values index.
        if !extensionNames.isEmpty { extensionNames.removeAll(keepingCapacity: true) }
        if !extensionValues.isEmpty { extensionValues.removeAll(keepingCapacity: true) }
        var strings: [String] = []
        let recordStart = offset
        for _ in 0..<attributeCount {
            let start = offset
            let nameIndex = try poolIndex("an attribute's name")
            let kindStart = offset
            let kind = try u8("an attribute's kind")
            guard kind <= Kind.float else { throw failure("an attribute's kind: 0, 1, 2 or 3", at: kindStart) }
            if let known = try attribute(nameIndex) {
                // A known attribute: a number, or the image name's string, each once.
                switch kind {
                case Kind.number where !known.expectsString && !record.contains(known):
                    record.set(known, number: try f64("a number"))
                case Kind.float where !known.expectsString && !record.contains(known):
                    record.set(known, number: try f32("a number"))
                case Kind.string where known.expectsString && imageName == nil:
                    imageName = try string("a string value")
                default:
                    throw failure("\(known.rawValue) once, with a value of its type", at: start)
                }
                continue
            }
            let value: ConstraintRecord.StoredValue
            switch kind {
            case Kind.number: value = .number(try f64("a number"))
            case Kind.float: value = .number(try f32("a number"))
            case Kind.string:
                strings.append(try string("a string value"))
                value = .string(strings.count - 1)
            default: value = .bool(try flag("a bool"))
            }
            extensionNames.append(nameIndex)
            extensionValues.append(value)
        }
        guard imageName != nil || !extensionNames.isEmpty else { return record }
        let names = extensionNames.isEmpty ? nil : try sharedNames(at: recordStart)
        record.setExtras(imageName: imageName, names: names, strings: strings) { elements in
            extensionValues.withUnsafeBufferPointer { values in
                if let base = values.baseAddress { elements.initialize(from: base, count: values.count) }
            }
        }
        return record
    }

    /// The names of the record just read (``extensionNames``), checked sorted and each once as a record stores them,
    /// shared with every record of the section that gives the same names (a file repeats a few lists): each list is
    /// made and checked once.
    private mutating func sharedNames(at position: Int) throws(ConstraintError) -> ConstraintRecord.ExtensionNames {
        if let names = namesByIndices[extensionNames] { return names }
        var strings: [String] = []
        strings.reserveCapacity(extensionNames.count)
        var allASCII = true
        for index in extensionNames {
            let name = try string(at: index)
            let isASCII = try poolEntry(index).isASCII
            // Extension names come sorted and each once, as a record stores them.
            if let last = strings.last {
                let ascii = isASCII && last.utf8.allSatisfy { $0 < 0x80 }
                guard ascii ? last < name : last != name else {
                    throw failure("extension names sorted, each once; \(name) after \(last)", at: position)
                }
            }
            allASCII = allASCII && isASCII
            strings.append(name)
        }
        let names = ConstraintRecord.ExtensionNames(strings, namesAreASCII: allASCII)
        // A copy of its own: `extensionNames` is emptied in place for the next record.
        namesByIndices[extensionNames.map { $0 }] = names
        return names
    }

    /// An adaptive value past its view's entry: its attribute, design width and value, for entry `entry`.
    private mutating func readAdaptiveAttribute(entry: Int) throws(ConstraintError) -> AdaptiveAttribute {
        let name = try string("an adaptive value's attribute")
        let designWidth = try optional("an adaptive value's design width")
        return AdaptiveAttribute(entry: entry, name: name, value: try readAdaptive(), designWidth: designWidth)
    }

    // MARK: - One view, in place

    /// The view `key` names, found through the section's index with nothing else read: its entry and where it
    /// begins, or whether the section lacks it. Probes at most ``CompiledTable/SectionIndex/longestProbe`` slots:
    /// past them, undecided (the whole file answers).
    mutating func findView(_ key: UnsafeBufferPointer<UInt8>, keyIsASCII: Bool) throws(ConstraintError)
        -> CompiledTable.ViewSearch
    {
        try readLayout()
        if layout.slotCount > 0 {
            let mask = layout.slotCount - 1
            var slot = CompiledTable.SectionIndex.home(of: key, slotCount: layout.slotCount)
            for probe in 0..<layout.slotCount {
                if probe == CompiledTable.SectionIndex.longestProbe { return .undecided }
                let value = try slotValue(slot)
                if value == 0 { break }
                guard value <= layout.viewCount else {
                    throw failure("a view of the file (1...\(layout.viewCount)) or 0", at: layout.slot(slot))
                }
                if UTF8Hash.equal(try utf8(try viewIdIndex(of: value - 1)), key) { return .found(value - 1) }
                slot = (slot + 1) & mask
            }
        }
        // Bytes that differ may still be an equal string when either side is outside ASCII.
        return keyIsASCII && layout.viewIdsAreASCII ? .absent : .undecided
    }

    /// Adds every view id of the section to `views`, in the order of the views, those it has already skipped; each
    /// id's offset and length checked to lie in the section's pool as it is read. Its bytes are not decoded: a table
    /// keeps them as bytes, any `String` made of them later is made by decoding (repairing), and its ASCII flag is
    /// worked out from them, so an id that is not UTF-8 is an id no lookup can name, not a fault.
    mutating func addViewIds(to views: inout ViewTable.Builder) throws(ConstraintError) {
        try readLayout()
        let layout = self.layout
        let viewCount = layout.viewCount
        // readLayout checked that the index, its counts included, lies inside the section and ends it: the offsets of
        // the views and of the strings are read without a check each. What they point to is checked here.
        @inline(__always) func load(_ position: Int) -> Int {
            Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
        }
        let poolEnd = layout.start
        var keys: [UnsafeBufferPointer<UInt8>] = []
        keys.reserveCapacity(viewCount)
        var keyBytes = 0
        for view in 0..<viewCount {
            let at = load(layout.viewOffset(view))
            guard at <= bytes.count - 4 else { throw failure("a view inside the section", at: layout.viewOffset(view)) }
            let index = load(at)
            guard index < layout.poolCount else {
                throw failure("a string of the pool (0..<\(layout.poolCount)) for a view id, found \(index)", at: at)
            }
            let stringAt = load(layout.poolOffsets + 4 * index)
            // Every string of the pool lies before the index.
            guard stringAt <= poolEnd - 4, case let length = load(stringAt), length <= poolEnd - 4 - stringAt else {
                throw failure("a string inside the pool", at: layout.poolOffsets + 4 * index)
            }
            keys.append(
                UnsafeRawBufferPointer(rebasing: bytes[stringAt + 4..<stringAt + 4 + length]).bindMemory(to: UInt8.self)
            )
            keyBytes += length
        }
        // Room for the first file's views and half as many again: the files after it on a chain mostly repeat its
        // views, and a table that grows copies its keys.
        if views.isEmpty { views.reserveCapacity(viewCount + viewCount / 2, keyBytes: keyBytes + keyBytes / 2) }
        for key in keys {
            let isASCII = UTF8Hash.isASCII(key)
            if case .new(let hash) = views.claim(key, isASCII: isASCII) {
                views.addKey(key, hash: hash, isASCII: isASCII)
            }
        }
    }

    /// View `view`'s record and adaptive values (each with entry 0), read in place: the view's own bytes and the
    /// adaptive values', each checked as it is read. ``findView(_:keyIsASCII:)`` comes first.
    mutating func readView(_ view: Int) throws(ConstraintError) -> (ConstraintRecord, [AdaptiveAttribute]) {
        offset = try u32(at: layout.viewOffset(view), "a view's offset")
        _ = try poolIndex("a view id")
        _ = try u32("the view's byte offset")
        _ = try u32("the view's line")
        _ = try u32("the view's column")
        let record = try readRecord()
        var adaptiveValues: [AdaptiveAttribute] = []
        // The adaptive values are in the order of their views (a section read whole checks it): the view's own are
        // found by bisection, so that a lookup in a file of many costs a few reads, not one per value.
        var low = 0
        var high = layout.adaptiveCount
        while low < high {
            let middle = (low + high) / 2
            if try adaptiveEntry(middle).view < view { low = middle + 1 } else { high = middle }
        }
        while low < layout.adaptiveCount {
            let (start, entry) = try adaptiveEntry(low)
            guard entry == view else { break }
            offset = start + 4
            adaptiveValues.append(try readAdaptiveAttribute(entry: 0))
            low += 1
        }
        return (record, adaptiveValues)
    }

    /// Where adaptive value `value` begins, and its view's entry.
    private func adaptiveEntry(_ value: Int) throws(ConstraintError) -> (start: Int, view: Int) {
        let start = try u32(at: layout.adaptiveOffset(value), "an adaptive value's offset")
        return (start, try u32(at: start, "an adaptive value's view"))
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
