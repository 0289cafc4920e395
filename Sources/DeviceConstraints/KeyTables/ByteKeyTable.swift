// The one place for the table's unsafe storage: the block, every pointer into it, and the `Reader` that copies
// them are in this file; callers get entry numbers, strings, and key bytes valid while the table does not change.
// The hash (UTF8Hash.swift) and the probing (HashSlots.swift) only read or write through pointers passed to them.
//
// Invariants (`_checkInvariants()` checks those about the keys and slots in debug builds):
// - `storage` is one block from `allocate(capacity:slotCount:byteCapacity:)`, freed only by `deinit` (this table's,
//   or that of the table `swap(with:)` gave it to); `starts`, `hashes`, `slots` and `bytes` point into it at the
//   offsets `allocate` derives from `capacity`, the slot count and `byteCapacity`.
// - `count <= capacity`; `starts[0 ... count]` are set and never decrease, and `starts[count] <= byteCapacity`: key
//   `i` is `bytes[starts[i] ..< starts[i + 1]]`, its hash `hashes[i]`.
// - The `slotMask + 1` slots, a power of two and at least twice `count`, are all initialized (0 is empty), so every
//   probe reaches an empty slot.
// - Key bytes (`key(at:)`) and a `Reader` stay valid while the table lives and does not change.

import Foundation

/// An index from byte strings to entry numbers `0 ..< count`, in the order the keys were added: the one hash
/// table behind every lookup the library makes (a container's views, ``ViewTable``; the loaded containers,
/// ``ContainerIndex``; a file's views while it is read, ``ViewTable/Builder``).
///
/// Keys are UTF-8 bytes kept one after another in memory the table owns, hashed with ``UTF8Hash`` and found by
/// linear probing over ``HashSlots``, so a lookup hashes the caller's string once, compares bytes, and neither
/// allocates nor touches a reference count. Keys follow `String` equality (canonical equivalence), as a
/// `[String: Value]` would: equal bytes are equal strings, so a byte match is a hit; a key or a query that is
/// not all ASCII can equal a string with other bytes (`"e\u{301}"` and `"é"`, `"\u{212A}"` and `"K"`), so a
/// byte miss that involves one is settled as a `String`: once the table holds a key outside ASCII it keeps every key
/// in a `[String: Int]` beside the bytes (Swift hashes and compares strings by their canonical form), so such a miss
/// costs one dictionary lookup, and a file of ten thousand Chinese view ids is read in linear time. A query outside
/// ASCII against a table of ASCII keys (`"\u{212A}"`, the Kelvin sign, against `"K"`) is looked up by the bytes of
/// its canonical composition.
///
/// Memory: one block holds each key's hash, where its bytes start, the slots and the bytes; it grows
/// geometrically, so adding `n` keys costs O(n) in all. A copy (``copy(reservingEntries:bytes:)``) is one
/// allocation and a few `memcpy`s, without hashing again.
///
/// Thread safety: a table that is no longer changed may be read by any number of threads (a ``ViewTable``'s
/// never changes after it is built); ``ContainerIndex`` changes its table only under its owner's write lock.
final class ByteKeyTable: @unchecked Sendable {
    // @unchecked: see "Thread safety" above; every pointer below is into `storage`, owned by the table.
    // @exclusivity(unchecked): the owners' rules already make every access exclusive or read-only, so the
    // runtime's dynamic check would only add a call to every lookup.

    /// The number of keys.
    @exclusivity(unchecked) private(set) var count = 0
    /// Whether a key holds a byte outside ASCII, so that a byte miss may still be an equal string.
    @exclusivity(unchecked) private(set) var hasNonASCIIKeys = false
    /// The hash seed: ``UTF8Hash/seed`` unless a test gives its own.
    let seed: UInt64

    /// Room for this many keys, and for this many bytes of them, before the block grows.
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var byteCapacity: Int
    /// ``HashSlots``, a power of two of them, at least twice `count`.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var slotMask: Int
    /// Key `i` is `bytes[starts[i] ..< starts[i + 1]]`, its hash `hashes[i]`.
    @exclusivity(unchecked) private var starts: UnsafeMutablePointer<Int>
    @exclusivity(unchecked) private var hashes: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var bytes: UnsafeMutablePointer<UInt8>
    /// The one block behind every pointer above.
    @exclusivity(unchecked) private var storage: UnsafeMutableRawPointer
    /// Every key as a `String`, with its entry: kept from the first key outside ASCII on (nil before), changed only
    /// with the table, so that lookups only read it.
    @exclusivity(unchecked) private var equivalents: [String: Int]?

    /// An empty table with room for `capacity` keys of `byteCapacity` bytes in all.
    ///
    /// - Parameter seed: the hash seed; tests pass one to make probe sequences repeatable.
    init(capacity: Int = 0, byteCapacity: Int = 0, seed: UInt64 = UTF8Hash.seed) {
        self.seed = seed
        let capacity = max(capacity, 4)
        let byteCapacity = max(byteCapacity, 0)
        let slotCount = Self.slotCount(for: capacity)
        (storage, starts, hashes, slots, bytes) = Self.allocate(
            capacity: capacity, slotCount: slotCount, byteCapacity: byteCapacity)
        self.capacity = capacity
        self.byteCapacity = byteCapacity
        slotMask = slotCount - 1
        starts[0] = 0
        slots.initialize(repeating: 0, count: slotCount)
    }

    deinit {
        storage.deallocate()
    }

    // MARK: - Reading

    /// The entry of the key equal to `string`, or nil.
    @inline(__always)
    func index(of string: String) -> Int? {
        reader.index(of: string)
    }

    /// The entry of the key equal to the bytes `key`, whose hash with this table's seed is `hash`, or nil.
    ///
    /// - Parameter isASCII: whether `key` is all ASCII, when the caller knows (nil: the table finds out if it
    ///   must).
    @inline(__always)
    func index(of key: UnsafeBufferPointer<UInt8>, hash: UInt64, isASCII: Bool? = nil) -> Int? {
        if let entry = find(key, hash: hash) { return entry }
        guard hasNonASCIIKeys || !(isASCII ?? UTF8Hash.isASCII(key)) else { return nil }
        return equivalentIndex(of: String(decoding: key, as: UTF8.self))
    }

    /// The entry of `other`'s key `entry` in this table, or nil; no hashing when both tables share a seed.
    @inline(__always)
    func index(of entry: Int, in other: ByteKeyTable) -> Int? {
        let key = other.key(at: entry)
        let hash = other.seed == seed ? other.hashes[entry] : UTF8Hash.hash(key, seed: seed)
        // Keys of a table without non-ASCII keys are ASCII.
        return index(of: key, hash: hash, isASCII: other.hasNonASCIIKeys ? nil : true)
    }

    /// The hash of `key` with this table's seed.
    @inline(__always)
    func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        UTF8Hash.hash(key, seed: seed)
    }

    /// The bytes of key `i`, valid while the table lives and does not change.
    @inline(__always)
    func key(at i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: bytes + starts[i], count: starts[i + 1] &- starts[i])
    }

    /// Key `i` as a string.
    func string(at i: Int) -> String {
        String(decoding: key(at: i), as: UTF8.self)
    }

    @inline(__always)
    private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        reader.find(key, hash: hash)
    }

    /// The slow path: an entry whose key is an equal `String` with other bytes. One dictionary lookup when the table
    /// has a key outside ASCII. Otherwise every key is ASCII, and an ASCII string is its own canonical composition
    /// (NFC), so `string` can equal a key only when its composition is that ASCII key (`"\u{212A}"`, the Kelvin sign,
    /// composes to `"K"`): its bytes are looked up, and the match confirmed as strings. Time in the length of
    /// `string`, however many keys there are (a comparison with each key made a file of non-ASCII ids over a file of
    /// ASCII ids quadratic).
    @inline(never)
    fileprivate func equivalentIndex(of string: String) -> Int? {
        if let equivalents { return equivalents[string] }
        var composed = string.precomposedStringWithCanonicalMapping
        let entry = composed.withUTF8 { key -> Int? in
            guard UTF8Hash.isASCII(key) else { return nil }
            return find(key, hash: hash(key))
        }
        guard let entry, self.string(at: entry) == string else { return nil }
        return entry
    }

    /// What a lookup reads, copied out of the table: for an owner that keeps the table alive and does not change
    /// it while it uses the copy (a ``ViewTable`` never changes its keys; ``ContainerIndex`` takes a new reader after
    /// every change). A lookup through it reads the owner's own fields instead of going through the table object,
    /// and touches no reference count.
    var reader: Reader {
        Reader(
            slots: slots, slotMask: slotMask, starts: starts, bytes: bytes, seed: seed,
            hasNonASCIIKeys: hasNonASCIIKeys,
            table: self)
    }

    /// See ``ByteKeyTable/reader``. The one lookup path: the table's own lookups go through it too.
    struct Reader: @unchecked Sendable {
        // @unchecked: the pointers are into the table's memory, valid while the table lives and does not change;
        // whoever holds a reader keeps it so (see `reader`).
        let slots: UnsafePointer<UInt64>
        let slotMask: Int
        let starts: UnsafePointer<Int>
        let bytes: UnsafePointer<UInt8>
        let seed: UInt64
        let hasNonASCIIKeys: Bool
        /// For the slow path only; unowned(unsafe), so that a lookup retains nothing: the holder keeps the table.
        unowned(unsafe) let table: ByteKeyTable

        /// The entry of the key equal to `string`, or nil.
        @inline(__always)
        func index(of string: String) -> Int? {
            let found = string.utf8.withContiguousStorageIfAvailable { key -> Int? in
                let hash = UTF8Hash.hash(key, seed: seed)
                if let entry = find(key, hash: hash) { return entry }
                // A byte miss is a miss, unless canonical equivalence can make other bytes equal.
                return hasNonASCIIKeys || !UTF8Hash.isASCII(key) ? table.equivalentIndex(of: string) : nil
            }
            // Nil when the string's bytes are not contiguous (a bridged string): compare strings.
            guard let found else { return table.equivalentIndex(of: string) }
            return found
        }

        /// The entry whose bytes are `key` (hashed `hash`), or nil; bytes only, no equivalence.
        @inline(__always)
        func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
            HashSlots.find(in: slots, mask: slotMask, hash: hash) { entry in
                UTF8Hash.equal(
                    UnsafeBufferPointer(start: bytes + starts[entry], count: starts[entry + 1] &- starts[entry]), key)
            }
        }
    }

    // MARK: - Changing

    /// Adds `key`, whose hash with this table's seed is `hash`; it must not be in the table (ask
    /// ``index(of:hash:)`` first).
    ///
    /// - Returns: the new entry, `count - 1`.
    ///
    /// - Parameter isASCII: whether `key` is all ASCII, when the caller knows (nil: the table finds out).
    @discardableResult
    func append(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, isASCII: Bool? = nil) -> Int {
        let entry = count
        let end = starts[entry] + key.count
        if entry == capacity || end > byteCapacity {
            grow(toHold: entry + 1, bytes: end)
        }
        if let base = key.baseAddress { (bytes + starts[entry]).update(from: base, count: key.count) }
        starts[entry + 1] = end
        hashes[entry] = hash
        count = entry + 1
        HashSlots.insert(entry, hash: hash, in: slots, mask: slotMask)
        if !hasNonASCIIKeys && !(isASCII ?? UTF8Hash.isASCII(key)) {
            hasNonASCIIKeys = true
            // From now on every key is also kept as a string (once: the keys so far, then each new one).
            var all: [String: Int] = [:]
            all.reserveCapacity(count)
            for earlier in 0..<count where all[string(at: earlier)] == nil { all[string(at: earlier)] = earlier }
            equivalents = all
        } else if equivalents != nil {
            let string = string(at: entry)
            if equivalents?[string] == nil { equivalents?[string] = entry }
        }
        return entry
    }

    /// Adds `other`'s key `entry`, which must not be in the table; its hash is not computed again when both
    /// tables share a seed.
    ///
    /// - Returns: the new entry, `count - 1`.
    @discardableResult
    func append(_ entry: Int, from other: ByteKeyTable) -> Int {
        let key = other.key(at: entry)
        let hash = other.seed == seed ? other.hashes[entry] : UTF8Hash.hash(key, seed: seed)
        return append(key, hash: hash, isASCII: other.hasNonASCIIKeys ? nil : true)
    }

    /// Makes room for `entries` more keys of `bytes` more bytes, so that adding them does not grow the block.
    func reserveCapacity(entries: Int, bytes: Int) {
        let needed = count + entries
        let neededBytes = starts[count] + bytes
        if needed > capacity || neededBytes > byteCapacity { grow(toHold: needed, bytes: neededBytes, exactly: true) }
    }

    /// Removes entry `i`; the last entry takes its number. O(`count`): removals are rare.
    func remove(at i: Int) {
        precondition(i >= 0 && i < count, "ByteKeyTable: no entry \(i)")
        let last = count - 1
        let rest = ByteKeyTable(capacity: capacity, byteCapacity: byteCapacity, seed: seed)
        // Entry `last` moves into `i`'s place, so that every other entry keeps its number.
        for position in 0..<last {
            let entry = position == i ? last : position
            rest.append(key(at: entry), hash: hashes[entry])
        }
        swap(with: rest)
        _checkInvariants()
    }

    /// Keeps the entries `kept` only (ascending), numbered in their order from 0: one pass, however many go.
    func keep(only kept: [Int]) {
        assert(zip(kept, kept.dropFirst()).allSatisfy { $0 < $1 }, "ByteKeyTable: entries to keep out of order")
        let bytes = kept.reduce(0) { $0 + starts[$1 + 1] - starts[$1] }
        let rest = ByteKeyTable(capacity: kept.count, byteCapacity: bytes, seed: seed)
        for entry in kept { rest.append(key(at: entry), hash: hashes[entry]) }
        swap(with: rest)
        _checkInvariants()
    }

    /// Removes every key, keeping the memory.
    func removeAll() {
        count = 0
        hasNonASCIIKeys = false
        equivalents = nil
        starts[0] = 0
        slots.update(repeating: 0, count: slotMask + 1)
    }

    /// A table with the same keys and numbers and room for `entries` more keys of `bytes` more bytes: one
    /// allocation and a few copies of memory, no hashing.
    func copy(reservingEntries entries: Int = 0, bytes extraBytes: Int = 0) -> ByteKeyTable {
        let copy = ByteKeyTable(
            capacity: count + entries, byteCapacity: starts[count] + extraBytes, seed: seed)
        copy.take(from: self)
        return copy
    }

    /// This table if it has little unused room, else a copy that has none: what a table that will not change
    /// again keeps.
    func compacted() -> ByteKeyTable {
        let unusedEntries = capacity - count
        let unusedBytes = byteCapacity - starts[count]
        guard unusedEntries > count / 2 + 8 || unusedBytes > starts[count] / 2 + 64 else { return self }
        return copy()
    }

    // MARK: - Checks

    /// Checks, in debug builds, what lookups rely on: the slots hold exactly `count` entries, each entry's key
    /// is found through its slot, its hash is its key's, the ASCII flag is right, and the strings kept for a table
    /// with keys outside ASCII are its keys. Run after every change
    /// that rebuilds or copies the slots.
    func _checkInvariants() {
        #if DEBUG
            var occupied = 0
            for slot in 0...slotMask where slots[slot] != 0 { occupied += 1 }
            assert(occupied == count, "ByteKeyTable: \(occupied) occupied slots for \(count) keys")
            assert(count * 2 <= slotMask + 1, "ByteKeyTable: \(slotMask + 1) slots for \(count) keys")
            var nonASCII = false
            for entry in 0..<count {
                assert(starts[entry] <= starts[entry + 1], "ByteKeyTable: key \(entry) ends before it starts")
                assert(hashes[entry] == UTF8Hash.hash(key(at: entry), seed: seed), "ByteKeyTable: key \(entry)'s hash")
                assert(find(key(at: entry), hash: hashes[entry]) == entry, "ByteKeyTable: key \(entry) not found")
                if !UTF8Hash.isASCII(key(at: entry)) { nonASCII = true }
            }
            assert(nonASCII == hasNonASCIIKeys, "ByteKeyTable: the non-ASCII flag is wrong")
            assert((equivalents != nil) == hasNonASCIIKeys, "ByteKeyTable: strings kept without a non-ASCII key")
            if let equivalents {
                assert(equivalents.count == count, "ByteKeyTable: \(equivalents.count) strings for \(count) keys")
                for (string, entry) in equivalents {
                    assert(entry < count && self.string(at: entry) == string, "ByteKeyTable: string of key \(entry)")
                }
            }
        #endif
    }

    // MARK: - Memory

    /// At least twice as many slots as entries: probes stay short.
    private static func slotCount(for count: Int) -> Int {
        var slots = 8
        while slots < count * 2 { slots <<= 1 }
        return slots
    }

    private static func allocate(capacity: Int, slotCount: Int, byteCapacity: Int) -> (
        UnsafeMutableRawPointer, UnsafeMutablePointer<Int>, UnsafeMutablePointer<UInt64>,
        UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt8>
    ) {
        // starts, hashes and slots are 8-byte words; the key bytes follow.
        let hashesOffset = 8 * (capacity + 1)
        let slotsOffset = hashesOffset + 8 * capacity
        let bytesOffset = slotsOffset + 8 * slotCount
        let storage = UnsafeMutableRawPointer.allocate(byteCount: bytesOffset + byteCapacity, alignment: 8)
        return (
            storage,
            storage.bindMemory(to: Int.self, capacity: capacity + 1),
            (storage + hashesOffset).bindMemory(to: UInt64.self, capacity: capacity),
            (storage + slotsOffset).bindMemory(to: UInt64.self, capacity: slotCount),
            (storage + bytesOffset).bindMemory(to: UInt8.self, capacity: byteCapacity)
        )
    }

    /// Grows the block to hold at least `entries` keys of `bytes` bytes: double what it holds unless `exactly`.
    private func grow(toHold entries: Int, bytes neededBytes: Int, exactly: Bool = false) {
        let larger = ByteKeyTable(
            capacity: exactly ? max(entries, capacity) : max(entries, capacity * 2),
            byteCapacity: exactly ? max(neededBytes, byteCapacity) : max(neededBytes, byteCapacity * 2), seed: seed)
        larger.take(from: self)
        swap(with: larger)
    }

    /// Fills this empty table with `other`'s keys, in the same numbering: the keys, starts and hashes are copied;
    /// the slots too when both have as many, else they are filled again from the hashes.
    private func take(from other: ByteKeyTable) {
        let count = other.count
        let byteCount = other.starts[count]
        precondition(self.count == 0 && capacity >= count && byteCapacity >= byteCount)
        starts.update(from: other.starts, count: count + 1)
        hashes.update(from: other.hashes, count: count)
        bytes.update(from: other.bytes, count: byteCount)
        if slotMask == other.slotMask {
            slots.update(from: other.slots, count: slotMask + 1)
        } else {
            for entry in 0..<count { HashSlots.insert(entry, hash: hashes[entry], in: slots, mask: slotMask) }
        }
        self.count = count
        hasNonASCIIKeys = other.hasNonASCIIKeys
        equivalents = other.equivalents
        _checkInvariants()
    }

    /// Exchanges this table's memory with `other`'s (which then frees this table's old block).
    private func swap(with other: ByteKeyTable) {
        precondition(seed == other.seed)
        Swift.swap(&count, &other.count)
        Swift.swap(&hasNonASCIIKeys, &other.hasNonASCIIKeys)
        Swift.swap(&capacity, &other.capacity)
        Swift.swap(&byteCapacity, &other.byteCapacity)
        Swift.swap(&slots, &other.slots)
        Swift.swap(&slotMask, &other.slotMask)
        Swift.swap(&starts, &other.starts)
        Swift.swap(&hashes, &other.hashes)
        Swift.swap(&bytes, &other.bytes)
        Swift.swap(&storage, &other.storage)
        Swift.swap(&equivalents, &other.equivalents)
    }
}
