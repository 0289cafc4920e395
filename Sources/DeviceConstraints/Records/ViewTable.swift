/// The records of one container by view id: the structure a lookup reads.
///
/// View ids are kept as UTF-8 bytes in one buffer, hashed with a fast word-at-a-time hash and found by
/// open addressing, so a lookup hashes the caller's string once, compares bytes, and neither allocates
/// nor touches a reference count. Everything lives in memory the table owns and never changes after
/// ``Builder/build(files:)``, so any number of threads may read a table at once.
///
/// Keys follow `String` equality (canonical equivalence), like a `[String: ConstraintRecord]` would: bytes
/// that are equal are equal strings, so a byte match is a hit; a key or a query that is not all ASCII can be
/// equal to a string with other bytes (`"e\u{301}"` and `"é"`, `"\u{212A}"` and `"K"`), so a byte miss that
/// involves one is settled by comparing `String`s. Files almost never hold such ids, and the fallback only
/// runs on a miss.
final class ViewTable: @unchecked Sendable {
    // @unchecked: every stored property is set in init and never written again; the memory behind the
    // pointers is owned by the table and freed in deinit.

    /// The number of views.
    let count: Int
    /// The files the records came from, most specific first.
    let files: [String]
    /// The views' window-dependent attributes (scaled values, column rules) as the file gave them; empty for
    /// almost every table. Set on the tables of single files; a merged container keeps its own list.
    let dynamics: [DynamicAttribute]
    /// Whether a view id holds a byte outside ASCII, so that a byte miss may still be an equal string.
    private let hasNonASCIIKeys: Bool
    /// ``UTF8Hash/seed``, read once.
    private let seed: UInt64
    /// Slots of the index, a power of two: 0 for empty, else `(hash & ~0xFFFF_FFFF) | (entry + 1)`.
    private let slots: UnsafeMutablePointer<UInt64>
    private let slotMask: Int
    /// View id `i` is `bytes[starts[i] ..< starts[i + 1]]`.
    private let starts: UnsafeMutablePointer<Int>
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Each view id's hash, kept so that merging never hashes again.
    private let hashes: UnsafeMutablePointer<UInt64>
    private let records: UnsafeMutablePointer<ConstraintRecord>

    /// The one block of memory behind every pointer above.
    private let storage: UnsafeMutableRawPointer

    /// A table that takes over `builder`'s views: the records are moved, not copied.
    fileprivate init(_ builder: inout Builder, files: [String]) {
        count = builder.records.count
        self.files = files
        dynamics = builder.dynamics
        hasNonASCIIKeys = builder.hasNonASCIIKeys
        seed = builder.seed
        let slotCount = Self.slotCount(for: count)
        slotMask = slotCount - 1
        // One allocation: records, hashes, starts and slots (all 8-byte aligned), then the id bytes.
        let recordBytes = MemoryLayout<ConstraintRecord>.stride * count
        let hashesOffset = recordBytes
        let startsOffset = hashesOffset + 8 * count
        let slotsOffset = startsOffset + 8 * (count + 1)
        let bytesOffset = slotsOffset + 8 * slotCount
        storage = .allocate(
            byteCount: bytesOffset + builder.bytes.count, alignment: max(MemoryLayout<ConstraintRecord>.alignment, 8))
        records = storage.bindMemory(to: ConstraintRecord.self, capacity: count)
        hashes = (storage + hashesOffset).bindMemory(to: UInt64.self, capacity: count)
        starts = (storage + startsOffset).bindMemory(to: Int.self, capacity: count + 1)
        slots = (storage + slotsOffset).bindMemory(to: UInt64.self, capacity: slotCount)
        bytes = (storage + bytesOffset).bindMemory(to: UInt8.self, capacity: builder.bytes.count)
        // Move the records out and leave empty ones behind, which own nothing: no reference count changes.
        builder.records.withUnsafeMutableBufferPointer { source in
            guard let base = source.baseAddress else { return }
            records.moveInitialize(from: base, count: count)
            base.initialize(repeating: ConstraintRecord(), count: count)
        }
        starts[0] = 0
        for (i, entry) in builder.entries.enumerated() {
            starts[i + 1] = entry.end
            hashes[i] = entry.hash
        }
        bytes.initialize(from: builder.bytes, count: builder.bytes.count)
        if builder.slots.count == slotCount {
            // The builder's index already has this size and numbering: copy it.
            builder.slots.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { slots.initialize(from: base, count: slotCount) }
            }
        } else {
            slots.initialize(repeating: 0, count: slotCount)
            for entry in 0..<count { HashSlots.insert(entry, hash: hashes[entry], in: slots, mask: slotMask) }
        }
        _checkInvariants()
    }

    /// Checks, in debug builds, what lookups rely on: every entry's index slot finds it by its bytes and hash, and
    /// the slots hold exactly `count` entries. Run after every build, so a wrong copied or rebuilt index fails at once.
    func _checkInvariants() {
        #if DEBUG
            var occupied = 0
            for slot in 0...slotMask where slots[slot] != 0 { occupied += 1 }
            assert(occupied == count, "ViewTable: \(occupied) occupied slots for \(count) entries")
            for entry in 0..<count {
                let found = HashSlots.find(in: slots, mask: slotMask, hash: hashes[entry]) {
                    UTF8Hash.equal(self.key(at: $0), self.key(at: entry))
                }
                assert(found == entry, "ViewTable: entry \(entry) is not found through its slot")
            }
        #endif
    }

    deinit {
        records.deinitialize(count: count)
        storage.deallocate()
    }

    /// An empty table.
    static let empty = Builder().build(files: [])

    // MARK: - Reading

    /// The record of `viewId`, or nil when the table has no such view.
    @inline(__always)
    func record(_ viewId: String) -> ConstraintRecord? {
        index(of: viewId).map { records[$0] }
    }

    /// The entry of `viewId`, or nil.
    @inline(__always)
    func index(of viewId: String) -> Int? {
        let found = viewId.utf8.withContiguousStorageIfAvailable { key -> Int? in
            let hash = UTF8Hash.hash(key, seed: seed)
            if let entry = find(key, hash: hash) { return entry }
            // A byte miss is a miss, unless canonical equivalence can make other bytes equal.
            return hasNonASCIIKeys || !UTF8Hash.isASCII(key) ? equivalentIndex(of: viewId) : nil
        }
        // Nil when the id's bytes are not contiguous (a bridged string): compare strings.
        guard let found else { return equivalentIndex(of: viewId) }
        return found
    }

    /// The record of entry `i`.
    func record(at i: Int) -> ConstraintRecord {
        records[i]
    }

    /// The view id of entry `i`.
    func viewId(at i: Int) -> String {
        String(decoding: key(at: i), as: UTF8.self)
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

    @inline(__always)
    private func key(at i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + starts[i], count: starts[i + 1] &- starts[i])
    }

    @inline(__always)
    private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        HashSlots.find(in: slots, mask: slotMask, hash: hash) { UTF8Hash.equal(self.key(at: $0), key) }
    }

    /// The slow path: an entry whose id is an equal `String` with other bytes.
    @inline(never)
    private func equivalentIndex(of viewId: String) -> Int? {
        (0..<count).first { self.viewId(at: $0) == viewId }
    }

    // MARK: - Slots

    /// At least twice as many slots as entries: probes stay short.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < count * 2 { slots <<= 1 }
        return slots
    }

    // MARK: - Merging

    /// The tables of one container's files merged along a lookup chain, most specific first: each record
    /// takes every attribute from the first table that sets it; views keep the order of their first
    /// appearance.
    static func merged(_ tables: [ViewTable]) -> ViewTable {
        guard let first = tables.first else { return empty }
        if tables.count == 1 { return first }
        var builder = Builder(first)
        builder.dynamics = []
        for table in tables.dropFirst() {
            builder.beginFile()
            for entry in 0..<table.count {
                let key = table.key(at: entry)
                switch builder.claim(key, hash: table.hashes[entry]) {
                case .earlier(let existing), .again(let existing):
                    builder.merge(table.records[entry], into: existing)
                case .new(let hash):
                    builder.add(key, hash: hash, record: table.records[entry])
                }
            }
        }
        return builder.build(files: tables.flatMap(\.files))
    }

    /// A copy of this table whose records `change` edited in place (entries keep their numbers).
    func changingRecords(_ change: (inout [ConstraintRecord]) -> Void) -> ViewTable {
        var builder = Builder(self)
        builder.dynamics = []
        change(&builder.records)
        return builder.build(files: files)
    }

    // MARK: - Building

    /// Collects views one by one, then makes a table.
    struct Builder {
        /// One view id: its bytes are `bytes[start ..< end]`; `lastFile` is the file that last gave it.
        fileprivate struct Entry {
            var start: Int
            var end: Int
            var hash: UInt64
            var lastFile: UInt32
        }

        /// The view ids' bytes, one after another.
        fileprivate var bytes: [UInt8] = []
        fileprivate var entries: [Entry] = []
        /// The records so far, in the order they were added; a caller may change them in place.
        var records: [ConstraintRecord] = []
        fileprivate var hasNonASCIIKeys = false
        /// The file being read.
        private var file: UInt32 = 0
        /// ``UTF8Hash/seed``, read once.
        fileprivate let seed = UTF8Hash.seed
        /// The views' window-dependent attributes, in the order they were added.
        var dynamics: [DynamicAttribute] = []
        /// An index over the entries so far, grown as they come.
        fileprivate var slots: [UInt64] = Array(repeating: 0, count: 16)

        init() {}

        /// A builder holding `table`'s views.
        fileprivate init(_ table: ViewTable) {
            bytes = Array(UnsafeBufferPointer(start: table.bytes, count: table.starts[table.count]))
            entries = (0..<table.count).map { i in
                Entry(start: table.starts[i], end: table.starts[i + 1], hash: table.hashes[i], lastFile: 0)
            }
            records = Array(UnsafeBufferPointer(start: table.records, count: table.count))
            dynamics = table.dynamics
            hasNonASCIIKeys = table.hasNonASCIIKeys
            // The table's index is a valid index of the same entries (same hashes, same numbering): copied, not
            // rebuilt; it grows as views are added.
            slots = Array(UnsafeBufferPointer(start: table.slots, count: table.slotMask + 1))
        }

        /// Starts the views of another file: what it adds to an id an earlier file gave is merged in as a
        /// fallback; an id it gives twice is a duplicate.
        mutating func beginFile() {
            file &+= 1
        }

        /// Where a view id stands, before its record is added.
        enum Claim {
            /// Not added yet: add it with this hash.
            case new(hash: UInt64)
            /// Added by an earlier file: merge this file's record in as a fallback.
            case earlier(Int)
            /// Added by this file already: a duplicate.
            case again(Int)
        }

        /// Where the view id `key` stands (hashing it once). Mutating only so that a caller's closure reaches
        /// the builder in place instead of copying it.
        mutating func claim(_ key: UnsafeBufferPointer<UInt8>) -> Claim {
            claim(key, hash: UTF8Hash.hash(key, seed: seed))
        }

        /// Where the view id `key`, whose ``UTF8Hash`` is `hash`, stands.
        mutating func claim(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Claim {
            guard let entry = index(of: key, hash: hash) else { return .new(hash: hash) }
            return entries[entry].lastFile == file ? .again(entry) : .earlier(entry)
        }

        /// Adds a view whose ``claim(_:)`` was `.new(hash)`.
        mutating func add(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, record: ConstraintRecord) {
            let entry = records.count
            if (entry + 1) * 2 > slots.count { rehash(to: slots.count * 2) }
            let start = bytes.count
            bytes.append(contentsOf: key)
            entries.append(Entry(start: start, end: bytes.count, hash: hash, lastFile: file))
            records.append(record)
            if !hasNonASCIIKeys && !UTF8Hash.isASCII(key) { hasNonASCIIKeys = true }
            insertSlot(hash: hash, entry: entry)
        }

        /// Merges `record` into entry `entry` as a fallback: it only fills in what the entry does not set.
        mutating func merge(_ record: ConstraintRecord, into entry: Int) {
            records[entry].fillIn(from: record)
            entries[entry].lastFile = file
        }

        /// Reserves room for `count` more views.
        mutating func reserveCapacity(_ count: Int) {
            records.reserveCapacity(records.count + count)
            entries.reserveCapacity(entries.count + count)
            bytes.reserveCapacity(bytes.count + count * 24)
            let needed = ViewTable.slotCount(for: records.count + count)
            if needed > slots.count { rehash(to: needed) }
        }

        /// The table of every view added.
        consuming func build(files: [String]) -> ViewTable {
            ViewTable(&self, files: files)
        }

        fileprivate func index(of key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            let found = slots.withUnsafeBufferPointer { slots -> Int? in
                guard let base = slots.baseAddress else { return nil }
                return bytes.withUnsafeBufferPointer { bytes in
                    HashSlots.find(in: base, mask: slots.count - 1, hash: hash) { entry in
                        UTF8Hash.equal(
                            UnsafeBufferPointer(rebasing: bytes[entries[entry].start..<entries[entry].end]), key)
                    }
                }
            }
            if let found { return found }
            guard hasNonASCIIKeys || !UTF8Hash.isASCII(key) else { return nil }
            // Canonical equivalence: compare as strings (only for ids outside ASCII).
            let string = String(decoding: key, as: UTF8.self)
            return records.indices.first { entry in
                bytes.withUnsafeBufferPointer { buffer in
                    String(
                        decoding: UnsafeBufferPointer(
                            rebasing: buffer[entries[entry].start..<entries[entry].end]), as: UTF8.self)
                        == string
                }
            }
        }

        private mutating func rehash(to slotCount: Int) {
            slots = Array(repeating: 0, count: slotCount)
            for entry in entries.indices { insertSlot(hash: entries[entry].hash, entry: entry) }
        }

        private mutating func insertSlot(hash: UInt64, entry: Int) {
            slots.withUnsafeMutableBufferPointer { slots in
                guard let base = slots.baseAddress else { return }
                HashSlots.insert(entry, hash: hash, in: base, mask: slots.count - 1)
            }
        }
    }
}

/// A fast, non-cryptographic hash of UTF-8 bytes, eight at a time, for the tables lookups read.
///
/// The keys are view ids and container names from the app's own files, not input an attacker chooses, so
/// a per-process random seed is enough to keep collisions from being repeatable.
enum UTF8Hash {
    /// The process's seed. Tables keep a copy, so that a lookup reads no global.
    static let seed: UInt64 = .random(in: .min ... .max) | 1

    /// The hash of `key` with the process's seed.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(key, seed: seed)
    }

    /// The hash of `key` with `seed` (a copy of ``seed``).
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let count = key.count
        var h = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = key.baseAddress else { return mix(h) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i &+ 8 <= count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h &>> 32
            i &+= 8
        }
        if i < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < count {
                tail |= UInt64(base[i]) &<< shift
                shift &+= 8
                i &+= 1
            }
            h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        return mix(h)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h &>> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h &>> 33
        return h
    }

    /// Whether every byte is ASCII.
    @inline(__always)
    static func isASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var combined: UInt8 = 0
        for byte in key { combined |= byte }
        return combined < 0x80
    }

    /// Whether two byte strings are equal, compared eight bytes at a time (ids are short: a call to
    /// `memcmp` costs more than the comparison).
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        let ra = UnsafeRawPointer(pa)
        let rb = UnsafeRawPointer(pb)
        var i = 0
        while i &+ 8 <= count {
            if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i &+= 8
        }
        while i < count {
            if pa[i] != pb[i] { return false }
            i &+= 1
        }
        return true
    }
}

/// The slots of the open-addressing tables (`ViewTable`, its builder, `ContainerIndex`): linear probing over
/// a power-of-two array of words, each 0 when empty, else the high half of the key's hash beside the entry
/// number plus one, so that most slots that are not the key are passed over without reading its bytes.
enum HashSlots {
    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

    /// The entry whose key `matches` tells, among the slots `hash` probes; nil at the first empty slot.
    @inline(__always)
    static func find(
        in slots: UnsafePointer<UInt64>, mask: Int, hash: UInt64, matches: (Int) -> Bool
    ) -> Int? {
        let tag = hash & tagMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            if value & tagMask == tag {
                let entry = Int(truncatingIfNeeded: value & ~tagMask) &- 1
                if matches(entry) { return entry }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Puts `entry` in the first empty slot `hash` probes; there must be one.
    @inline(__always)
    static func insert(_ entry: Int, hash: UInt64, in slots: UnsafeMutablePointer<UInt64>, mask: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = (hash & tagMask) | UInt64(entry + 1)
    }
}
