/// The records of one container by view id: the structure a lookup reads.
///
/// The view ids are a ``ByteKeyTable`` (bytes in one block, a word-at-a-time hash, open addressing; `String`
/// equality, canonical equivalence included), so a lookup hashes the caller's string once, compares bytes, and
/// neither allocates nor touches a reference count; entry `i`'s record is the `i`-th of one array of records.
/// Nothing changes after the table is made, so any number of threads may read it at once. Tables with the same
/// view ids share one key table: a merged container and every table resolved from it for a window.
final class ViewTable: @unchecked Sendable {
    // @unchecked: every stored property is set in init and never written again; `keys` does not change after the
    // table is made, so `reader` stays valid.
    /// The number of views.
    let count: Int
    /// The files the records came from, most specific first.
    let files: [String]
    /// The views' adaptive attributes (scaled values, column rules) as the file gave them, in the order of their
    /// views' entries (``adaptiveValues(ofEntry:)`` relies on it); empty for almost every table. Set on the tables
    /// of single files; a merged container keeps its own list.
    let adaptiveValues: [AdaptiveAttribute]
    /// The view ids, entry by entry; never changed once the table is made.
    let keys: ByteKeyTable
    /// `keys`' lookup, held here so that a lookup reads this object's fields only.
    private let reader: ByteKeyTable.Reader
    /// Entry `i`'s record; empty for an unread table.
    private let records: [ConstraintRecord]
    /// For an unread table (``unread(_:files:)``, a container preloaded from a compiled table): the records read
    /// so far, each on its view's first lookup. Nil for every other table.
    let unread: UnreadRecords?

    /// A table of `keys` whose records are `records`, entry by entry, or an unread table of `keys`.
    private init(
        keys: ByteKeyTable, records: [ConstraintRecord], files: [String], adaptiveValues: [AdaptiveAttribute],
        unread: UnreadRecords? = nil
    ) {
        precondition(
            unread != nil ? records.isEmpty : records.count == keys.count,
            "ViewTable: \(records.count) records for \(keys.count) views")
        count = keys.count
        self.keys = keys
        reader = keys.reader
        self.records = records
        self.files = files
        self.adaptiveValues = adaptiveValues
        self.unread = unread
        keys._checkInvariants()
        assert(
            zip(adaptiveValues, adaptiveValues.dropFirst()).allSatisfy { $0.entry <= $1.entry },
            "ViewTable: adaptive values out of the order of their views")
    }

    /// The adaptive attributes of entry `entry`: its run of ``adaptiveValues``, found by a binary search, so that
    /// asking for each view of a file of thousands of scaled values takes time in the values, not views times values.
    func adaptiveValues(ofEntry entry: Int) -> ArraySlice<AdaptiveAttribute> {
        func firstPosition(from entry: Int) -> Int {
            var low = 0
            var high = adaptiveValues.count
            while low < high {
                let middle = (low + high) / 2
                if adaptiveValues[middle].entry < entry { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let start = firstPosition(from: entry)
        var end = start
        while end < adaptiveValues.count, adaptiveValues[end].entry == entry { end += 1 }
        return adaptiveValues[start..<end]
    }

    /// An empty table.
    static let empty = Builder().build(files: [])

    // MARK: - Reading

    /// The record of `viewId`, or nil when the table has no such view (or, in an unread table, when its record has
    /// not been read yet).
    @inline(__always)
    func record(_ viewId: String) -> ConstraintRecord? {
        guard let entry = reader.index(of: viewId) else { return nil }
        if let unread { return unread[entry] }
        return records[entry]
    }

    /// The entry of `viewId`, or nil.
    @inline(__always)
    func index(of viewId: String) -> Int? {
        keys.index(of: viewId)
    }

    /// The record of entry `i` (of a table that is not unread).
    func record(at i: Int) -> ConstraintRecord {
        records[i]
    }

    /// An unread table of `keys`: the view ids of a container preloaded from a compiled table, merged along its
    /// chain, with no record read yet. Only the cache holds one (``ConstraintCache``): it answers a lookup of a view
    /// whose record was read, and fills in the others as they are read where they lie.
    static func unread(_ keys: consuming Builder, files: [String]) -> ViewTable {
        keys.buildUnread(files: files)
    }

    /// An unread table not indexed yet: a container preloaded from a compiled table, with neither a view id nor a
    /// record. Only the cache holds one: every lookup in it misses, and the first reads the view ids of its files
    /// (``unread(_:files:)``), which take its place. Each is an object of its own (the cache tells tables apart by
    /// identity); they share their empty keys and records.
    static func unindexed() -> ViewTable {
        ViewTable(keys: empty.keys, records: [], files: [], adaptiveValues: [], unread: UnreadRecords.unindexed)
    }

    /// An unread table of the same view ids (or of none, if this one is not indexed yet), none read yet: for another
    /// window, whose records may differ.
    func unreadCopy() -> ViewTable {
        if unread?.isIndexed == false { return .unindexed() }
        return ViewTable(
            keys: keys, records: [], files: files, adaptiveValues: [], unread: UnreadRecords(count: count))
    }

    /// The entries whose record sets `attribute`, in order; no record is copied.
    func entries(setting attribute: ConstraintAttribute) -> [Int] {
        records.withUnsafeBufferPointer { records in
            var entries: [Int] = []
            for entry in records.indices where records[entry].contains(attribute) {
                if entries.isEmpty { entries.reserveCapacity(records.count - entry) }
                entries.append(entry)
            }
            return entries
        }
    }

    /// The view id of entry `i`.
    func viewId(at i: Int) -> String {
        keys.string(at: i)
    }

    /// The view ids in the order the entries were added: file order, then the order of views only a
    /// fallback file has.
    var viewIds: [String] {
        (0..<count).map(viewId(at:))
    }

    /// Every record by view id.
    var dictionary: [String: ConstraintRecord] {
        var result: [String: ConstraintRecord] = [:]
        result.reserveCapacity(count)
        for i in 0..<count { result[viewId(at: i)] = records[i] }
        return result
    }

    // MARK: - Merging

    /// The most tables ``merged(_:)`` merges in one pass: so many copies of a record's extensions cost no more than
    /// a constant times reading them.
    static let mergedInOnePassAtMost = 16

    /// The tables of one container's files merged along a lookup chain, most specific first: each record
    /// takes every attribute from the first table that sets it; views keep the order of their first
    /// appearance.
    ///
    /// One pass over the later tables finds which views the first table has and counts the others; then the
    /// first table's keys are copied as a block of memory (or shared, when nothing is added) and its records
    /// as one array, and the later records are filled in, each view found by the hash its table already holds.
    ///
    /// Past ``mergedInOnePassAtMost`` tables, the two halves are merged first and then the one over the other
    /// (taking the first table's attribute is associative): a view that each of thousands of files gives another
    /// extension would otherwise have its extensions copied once per file, one longer each time (quadratic); in
    /// halves each extension is copied once per level.
    static func merged(_ tables: [ViewTable]) -> ViewTable {
        guard let first = tables.first else { return empty }
        if tables.count == 1 { return first }
        if tables.count > mergedInOnePassAtMost {
            let middle = tables.count / 2
            return merged([merged(Array(tables[..<middle])), merged(Array(tables[middle...]))])
        }
        let later = tables.dropFirst()
        let laterViews = later.reduce(0) { $0 + $1.count }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: laterViews) { found in
            // Each later view's entry in the first table (-1 when the first lacks it), and how many views and
            // bytes the later tables add at most (a view that two later tables add counts twice).
            var addedViews = 0
            var addedBytes = 0
            var position = 0
            for table in later {
                for entry in 0..<table.count {
                    let existing = first.keys.index(of: entry, in: table.keys)
                    found[position] = existing ?? -1
                    position += 1
                    if existing == nil {
                        addedViews += 1
                        addedBytes += table.keys.key(at: entry).count
                    }
                }
            }
            let keys =
                addedViews == 0 ? first.keys : first.keys.copy(reservingEntries: addedViews, bytes: addedBytes)
            let records = [ConstraintRecord](unsafeUninitializedCapacity: first.count + addedViews) {
                merged, initialized in
                first.records.withUnsafeBufferPointer { source in
                    if let base = source.baseAddress { merged.baseAddress?.initialize(from: base, count: first.count) }
                }
                initialized = first.count
                position = 0
                for table in later {
                    table.records.withUnsafeBufferPointer { records in
                        for entry in 0..<table.count {
                            // A view the first table lacks may have been added by an earlier later table.
                            let existing =
                                found[position] >= 0 ? found[position] : keys.index(of: entry, in: table.keys)
                            position += 1
                            if let existing {
                                merged[existing].fillIn(from: records[entry])
                            } else {
                                keys.append(entry, from: table.keys)
                                merged.initializeElement(at: initialized, to: records[entry])
                                initialized += 1
                            }
                        }
                    }
                }
            }
            var files: [String] = []
            files.reserveCapacity(tables.reduce(0) { $0 + $1.files.count })
            for table in tables { files += table.files }
            return ViewTable(keys: keys, records: records, files: files, adaptiveValues: [])
        }
    }

    /// A copy of this table whose records `change` edits in place (entries keep their numbers; the view ids are
    /// shared, not copied).
    func changingRecords(_ change: (inout [ConstraintRecord]) -> Void) -> ViewTable {
        var copy = records
        change(&copy)
        return ViewTable(keys: keys, records: copy, files: files, adaptiveValues: [])
    }

    // MARK: - Building

    /// Collects the views of one file, one by one, then makes a table.
    struct Builder {
        /// The view ids so far.
        private var keys: ByteKeyTable
        /// The records so far, in the order they were added; a caller may change them in place.
        var records: [ConstraintRecord] = []
        /// The views' adaptive attributes, in the order they were added.
        var adaptiveValues: [AdaptiveAttribute] = []

        /// An empty builder; `seed` is the hash seed of the table it builds (tests give one).
        init(seed: UInt64 = UTF8Hash.seed) {
            keys = ByteKeyTable(seed: seed)
        }

        /// An empty builder with room for `count` views whose ids take `keyBytes` bytes in all: one allocation
        /// for the ids (an empty builder allocates its table, and reserving room then allocates it again).
        init(reservingCapacity count: Int, keyBytes: Int) {
            keys = ByteKeyTable(capacity: count, byteCapacity: keyBytes)
            records.reserveCapacity(count)
        }

        /// Where a view id stands, before its record is added.
        enum Claim {
            /// Not added yet: add it with this hash.
            case new(hash: UInt64)
            /// Added already: the file gives it twice.
            case again(Int)
        }

        /// Where the view id `key` stands (hashing it once). Mutating only so that a caller's closure reaches
        /// the builder in place instead of copying it.
        ///
        /// - Parameter isASCII: whether `key` is all ASCII, when the caller knows (the plain reader does).
        mutating func claim(_ key: UnsafeBufferPointer<UInt8>, isASCII: Bool? = nil) -> Claim {
            let hash = keys.hash(key)
            guard let entry = keys.index(of: key, hash: hash, isASCII: isASCII) else { return .new(hash: hash) }
            return .again(entry)
        }

        /// Adds a view whose ``claim(_:isASCII:)`` was `.new(hash)`.
        mutating func add(
            _ key: UnsafeBufferPointer<UInt8>, hash: UInt64, record: ConstraintRecord, isASCII: Bool? = nil
        ) {
            makeKeysUnique()
            keys.append(key, hash: hash, isASCII: isASCII)
            records.append(record)
        }

        /// Reserves room for `count` more views whose ids take `keyBytes` bytes in all (by default 24 each).
        mutating func reserveCapacity(_ count: Int, keyBytes: Int? = nil) {
            records.reserveCapacity(records.count + count)
            makeKeysUnique()
            keys.reserveCapacity(entries: count, bytes: keyBytes ?? count * 24)
        }

        /// Whether no view has been added.
        var isEmpty: Bool { keys.count == 0 }

        /// Adds a view id whose ``claim(_:isASCII:)`` was `.new(hash)`, with no record: for an unread table.
        mutating func addKey(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, isASCII: Bool? = nil) {
            makeKeysUnique()
            keys.append(key, hash: hash, isASCII: isASCII)
        }

        /// The unread table of the view ids added with ``addKey(_:hash:isASCII:)`` (the room reserved and not used
        /// is kept: copying the keys would cost more than a preload's making them).
        consuming func buildUnread(files: [String]) -> ViewTable {
            ViewTable(
                keys: keys, records: [], files: files, adaptiveValues: [],
                unread: UnreadRecords(count: keys.count))
        }

        /// The table of every view added; what was reserved and not used is given back when it is much.
        consuming func build(files: [String]) -> ViewTable {
            if records.capacity > records.count + records.count / 2 + 8 { records = Array(records) }
            return ViewTable(keys: keys.compacted(), records: records, files: files, adaptiveValues: adaptiveValues)
        }

        /// A copied builder shares its keys until one of the copies adds a view.
        private mutating func makeKeysUnique() {
            if !isKnownUniquelyReferenced(&keys) { keys = keys.copy() }
        }
    }
}

/// The records of an unread table (``ViewTable/unread(_:files:)``), each set once it has been read where it lies in
/// the compiled table: entry by entry, where its record stands among those read (or -1), so that the table costs
/// four bytes per view until its views are looked up.
///
/// Not locked itself: the one cache that holds the table writes it only under its write lock
/// (``ConstraintCache/fill(_:viewId:record:in:for:)``) and reads it only under its read lock.
final class UnreadRecords: @unchecked Sendable {
    // @unchecked: written only under the cache's write lock, read only under its read lock (see above).
    @exclusivity(unchecked) private var positions: [Int32]
    @exclusivity(unchecked) private var read: [ConstraintRecord] = []
    /// Whether the table's view ids were read; false only for ``unindexed``.
    let isIndexed: Bool

    /// The records of an unread table of `count` views, none read yet.
    init(count: Int) {
        positions = [Int32](repeating: -1, count: count)
        isIndexed = true
    }

    private init() {
        positions = []
        isIndexed = false
    }

    /// The records of every table not indexed yet (``ViewTable/unindexed()``): none, and none is ever set (such a
    /// table has no view to set it at), so one object serves them all.
    static let unindexed = UnreadRecords()

    /// How many records have been read.
    var readCount: Int { read.count }

    /// Entry `entry`'s record, or nil when it has not been read.
    @inline(__always)
    subscript(entry: Int) -> ConstraintRecord? {
        let position = positions[entry]
        return position < 0 ? nil : read[Int(position)]
    }

    /// Sets entry `entry`'s record, unless it was read already (the first stays, so a record once answered never
    /// changes under a reader).
    func set(_ record: ConstraintRecord, at entry: Int) {
        guard positions[entry] < 0 else { return }
        positions[entry] = Int32(read.count)
        read.append(record)
    }
}
