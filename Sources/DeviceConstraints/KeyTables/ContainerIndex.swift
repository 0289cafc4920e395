/// The loaded containers by name: a ``ByteKeyTable`` of the names, each entry's container table held
/// unretained beside it, with the merged container it was resolved from (so that a resize finds the containers that
/// depend on the window without a dictionary of their names).
///
/// A lookup hashes the name once and compares bytes; it reads only memory the index owns (through a
/// ``ByteKeyTable/Reader`` taken again after every change), so it neither allocates nor touches a reference count.
/// The owner guards it with a reader-writer lock: lookups under the read lock, changes under the write lock, and
/// calls ``deallocate()`` once, when it goes away. Names follow `String` equality, as view ids do.
///
/// Every stored property is a plain value or pointer, so reading the index out of its owner copies a few words and
/// retains nothing; the copies share one memory, so only the owner's copy may change it.
struct ContainerIndex {
    /// The names, entry by entry; retained once by ``init(seed:)``, released by ``deallocate()``.
    private let retainedNames: Unmanaged<ByteKeyTable>
    /// `names`' lookup, taken again after every change of `names`.
    private var reader: ByteKeyTable.Reader
    /// Entry `i`'s container table, unretained: `tables[i]`, `count` of them, room for `capacity`.
    private var tables: UnsafeMutablePointer<Unmanaged<ViewTable>>
    /// Entry `i`'s merged container, when its owner gave one: `merged[i]`, initialized for the `count` entries.
    private var merged: UnsafeMutablePointer<MergedContainer?>
    private var capacity = 8
    /// The number of containers.
    private(set) var count = 0

    /// - Parameter seed: the hash seed (tests give one).
    init(seed: UInt64 = UTF8Hash.seed) {
        let names = ByteKeyTable(capacity: 8, byteCapacity: 256, seed: seed)
        retainedNames = .passRetained(names)
        reader = names.reader
        tables = .allocate(capacity: capacity)
        merged = .allocate(capacity: capacity)
    }

    /// Frees the index's own memory; it must not be used afterwards. Tables are not released.
    func deallocate() {
        merged.deinitialize(count: count)
        merged.deallocate()
        tables.deallocate()
        retainedNames.release()
    }

    private var names: ByteKeyTable { retainedNames.takeUnretainedValue() }

    /// The table of `name`, if it is loaded.
    @inline(__always)
    func table(_ name: String) -> Unmanaged<ViewTable>? {
        guard let entry = reader.index(of: name) else { return nil }
        return tables[entry]
    }

    /// Every loaded container.
    var all: [(name: String, table: Unmanaged<ViewTable>)] {
        (0..<count).map { (names.string(at: $0), tables[$0]) }
    }

    /// The name of entry `entry` (below ``count``).
    func name(at entry: Int) -> String {
        names.string(at: entry)
    }

    /// The merged container entry `entry`'s table was resolved from, if its owner gave one; nil past ``count``.
    func merged(at entry: Int) -> MergedContainer? {
        entry >= 0 && entry < count ? merged[entry] : nil
    }

    /// The entries whose merged container depends on the window or the text size and satisfies `include`, in order,
    /// with it: what a resize resolves again, found with no name hashed or made.
    func adaptiveEntries(where include: (MergedContainer) -> Bool) -> [(entry: Int, merged: MergedContainer)] {
        var found: [(entry: Int, merged: MergedContainer)] = []
        for entry in 0..<count {
            // Read in place: a merge bound to a constant would be copied out, a reference count for each of its
            // parts, for every loaded container (a resize that changes nothing took 11 µs with 200 loaded, 1.4 µs
            // without the copies).
            guard merged[entry]?.isAdaptive == true, include(merged[entry].unsafelyUnwrapped) else { continue }
            found.append((entry, merged[entry].unsafelyUnwrapped))
        }
        return found
    }

    /// Adds `table` under `name`, which must not be loaded, with the merged container it was resolved from.
    mutating func insert(_ name: String, _ table: Unmanaged<ViewTable>, merged: MergedContainer? = nil) {
        if count == capacity {
            let larger = UnsafeMutablePointer<Unmanaged<ViewTable>>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: tables, count: count)
            tables.deallocate()
            tables = larger
            let largerMerged = UnsafeMutablePointer<MergedContainer?>.allocate(capacity: capacity * 2)
            largerMerged.moveInitialize(from: self.merged, count: count)
            self.merged.deallocate()
            self.merged = largerMerged
            capacity *= 2
        }
        var name = name
        _ = name.withUTF8 { names.append($0, hash: names.hash($0)) }
        (tables + count).initialize(to: table)
        (self.merged + count).initialize(to: merged)
        count += 1
        reader = names.reader
    }

    /// Puts `table` in the place of `name`'s, returning the table it replaces; nil, and nothing changed, when `name`
    /// is not loaded. No entry moves and no name is hashed again: a resize that re-resolves every adaptive container
    /// replaces each this way, in time linear in their number (a removal rebuilds the names).
    mutating func replace(
        _ name: String, with table: Unmanaged<ViewTable>, merged: MergedContainer? = nil
    ) -> Unmanaged<ViewTable>? {
        guard let entry = reader.index(of: name) else { return nil }
        return replace(at: entry, with: table, merged: merged)
    }

    /// Puts `table` in the place of entry `entry`'s (below ``count``), returning the table it replaces.
    mutating func replace(
        at entry: Int, with table: Unmanaged<ViewTable>, merged: MergedContainer?
    ) -> Unmanaged<ViewTable> {
        assert(entry >= 0 && entry < count, "ContainerIndex: entry \(entry) of \(count)")
        defer {
            tables[entry] = table
            self.merged[entry] = merged
        }
        return tables[entry]
    }

    /// Removes `name`, returning its table.
    mutating func remove(_ name: String) -> Unmanaged<ViewTable>? {
        guard let found = reader.index(of: name) else { return nil }
        let removed = tables[found]
        // The last entry takes the removed one's number, in the names as in the tables.
        names.remove(at: found)
        count -= 1
        tables[found] = tables[count]
        // The last merged container is moved out (its slot is no longer initialized), then over the removed one's.
        let last = (merged + count).move()
        if found != count { merged[found] = last }
        reader = names.reader
        return removed
    }

    /// Removes every container, returning their tables.
    mutating func removeAll() -> [Unmanaged<ViewTable>] {
        let removed = Array(UnsafeBufferPointer(start: tables, count: count))
        merged.deinitialize(count: count)
        count = 0
        names.removeAll()
        reader = names.reader
        return removed
    }
}
