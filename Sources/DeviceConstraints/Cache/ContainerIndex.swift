/// The loaded containers by name: an open-addressing index over names hashed with ``UTF8Hash``, holding
/// each container's table unretained.
///
/// A lookup hashes the name once and compares bytes; it reads only memory the index owns, so it neither
/// allocates nor touches a reference count. The owner guards it with a reader-writer lock: lookups under the
/// read lock, changes under the write lock. Names follow `String` equality, as ``ViewTable``'s keys do.
struct ContainerIndex {
    private struct Entry {
        var hash: UInt64
        /// A copy of the name's UTF-8, owned by the index.
        var bytes: UnsafeMutableBufferPointer<UInt8>
        var name: String
        var table: Unmanaged<ViewTable>
    }

    /// ``HashSlots``: a power-of-two number of them.
    private var slots: UnsafeMutablePointer<UInt64>
    private var slotMask: Int
    private var entries: UnsafeMutablePointer<Entry>
    private var capacity: Int
    /// The number of containers.
    private(set) var count = 0
    private var hasNonASCIINames = false
    /// ``UTF8Hash/seed``, read once.
    private let seed = UTF8Hash.seed

    init() {
        capacity = 8
        entries = .allocate(capacity: capacity)
        slotMask = 15
        slots = .allocate(capacity: 16)
        slots.initialize(repeating: 0, count: 16)
    }

    /// Frees the index's memory; it must not be used afterwards. Tables are not released.
    func deallocate() {
        for i in 0..<count { entries[i].bytes.deallocate() }
        entries.deinitialize(count: count)
        entries.deallocate()
        slots.deallocate()
    }

    /// The table of `name`, if it is loaded.
    @inline(__always)
    func table(_ name: String) -> Unmanaged<ViewTable>? {
        entry(of: name).map { entries[$0].table }
    }

    @inline(__always)
    private func entry(of name: String) -> Int? {
        let found = name.utf8.withContiguousStorageIfAvailable { key -> Int? in
            if let entry = find(key, hash: UTF8Hash.hash(key, seed: seed)) { return entry }
            return hasNonASCIINames || !UTF8Hash.isASCII(key) ? equivalentEntry(of: name) : nil
        }
        // Nil when the name's bytes are not contiguous (a bridged string): compare strings.
        guard let found else { return equivalentEntry(of: name) }
        return found
    }

    /// Every loaded container.
    var all: [(name: String, table: Unmanaged<ViewTable>)] {
        (0..<count).map { (entries[$0].name, entries[$0].table) }
    }

    /// Adds `table` under `name`, which must not be loaded.
    mutating func insert(_ name: String, _ table: Unmanaged<ViewTable>) {
        if count == capacity { grow() }
        var name = name
        let bytes = name.withUTF8 { utf8 in
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: utf8.count)
            _ = copy.initialize(from: utf8)
            return copy
        }
        let hash = UTF8Hash.hash(UnsafeBufferPointer(bytes), seed: seed)
        if !UTF8Hash.isASCII(UnsafeBufferPointer(bytes)) { hasNonASCIINames = true }
        (entries + count).initialize(to: Entry(hash: hash, bytes: bytes, name: name, table: table))
        count += 1
        if count * 2 > slotMask + 1 {
            rebuildSlots(slotCount: (slotMask + 1) * 2)
        } else {
            insertSlot(entry: count - 1)
        }
    }

    /// Removes `name`, returning its table.
    mutating func remove(_ name: String) -> Unmanaged<ViewTable>? {
        guard let found = entry(of: name) else { return nil }
        let removed = entries[found]
        removed.bytes.deallocate()
        // Fill the hole with the last entry, then index everything again (removal is rare).
        count -= 1
        if found != count {
            (entries + found).moveUpdate(from: entries + count, count: 1)
        } else {
            (entries + count).deinitialize(count: 1)
        }
        rebuildSlots(slotCount: slotMask + 1)
        return removed.table
    }

    /// Removes every container, returning their tables.
    mutating func removeAll() -> [Unmanaged<ViewTable>] {
        let tables = (0..<count).map { entries[$0].table }
        for i in 0..<count { entries[i].bytes.deallocate() }
        entries.deinitialize(count: count)
        count = 0
        hasNonASCIINames = false
        slots.update(repeating: 0, count: slotMask + 1)
        return tables
    }

    @inline(__always)
    private func find(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        HashSlots.find(in: slots, mask: slotMask, hash: hash) {
            UTF8Hash.equal(UnsafeBufferPointer(entries[$0].bytes), key)
        }
    }

    /// The slow path: an entry whose name is an equal `String` with other bytes.
    @inline(never)
    private func equivalentEntry(of name: String) -> Int? {
        (0..<count).first { entries[$0].name == name }
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Entry>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: entries, count: count)
        entries.deallocate()
        entries = larger
        capacity *= 2
    }

    private mutating func rebuildSlots(slotCount: Int) {
        if slotCount != slotMask + 1 {
            slots.deallocate()
            slots = .allocate(capacity: slotCount)
            slotMask = slotCount - 1
        }
        slots.initialize(repeating: 0, count: slotCount)
        for entry in 0..<count { insertSlot(entry: entry) }
    }

    private mutating func insertSlot(entry: Int) {
        HashSlots.insert(entry, hash: entries[entry].hash, in: slots, mask: slotMask)
    }
}
