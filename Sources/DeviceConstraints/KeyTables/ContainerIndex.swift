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
///
/// A removal marks its entry removed and leaves every other entry where it is: the name stays in the names until the
/// removed entries outnumber the loaded ones, and the next ``insert(_:_:merged:)`` then makes the names again
/// without them (an entry's number changes only there). Each removal rebuilding the names made removing or reloading
/// thousands of loaded containers take time in the square of their number (16,000: 2.9 s).
struct ContainerIndex {
    /// The names, entry by entry; retained once by ``init(seed:)``, released by ``deallocate()``.
    private let retainedNames: Unmanaged<ByteKeyTable>
    /// `names`' lookup, taken again after every change of `names`.
    private var reader: ByteKeyTable.Reader
    /// Entry `i`'s container table, unretained: `tables[i]`, `count` of them, room for `capacity`.
    private var tables: UnsafeMutablePointer<Unmanaged<ViewTable>>
    /// Entry `i`'s merged container, when its owner gave one: `merged[i]`, initialized for the ``entryCount``
    /// entries (nil for a removed entry).
    private var merged: UnsafeMutablePointer<MergedContainer?>
    /// Whether entry `i` is loaded (false for a removed entry): `loaded[i]`, initialized for the ``entryCount``
    /// entries.
    private var loaded: UnsafeMutablePointer<Bool>
    private var capacity = 8
    /// The number of containers.
    private(set) var count = 0
    /// The number of entries, loaded or removed: entries are numbered `0 ..< entryCount`.
    private(set) var entryCount = 0

    /// - Parameter seed: the hash seed (tests give one).
    init(seed: UInt64 = UTF8Hash.seed) {
        let names = ByteKeyTable(capacity: 8, byteCapacity: 256, seed: seed)
        retainedNames = .passRetained(names)
        reader = names.reader
        tables = .allocate(capacity: capacity)
        merged = .allocate(capacity: capacity)
        loaded = .allocate(capacity: capacity)
    }

    /// Frees the index's own memory; it must not be used afterwards. Tables are not released.
    func deallocate() {
        merged.deinitialize(count: entryCount)
        merged.deallocate()
        tables.deallocate()
        loaded.deallocate()
        retainedNames.release()
    }

    private var names: ByteKeyTable { retainedNames.takeUnretainedValue() }

    /// The table of `name`, if it is loaded.
    @inline(__always)
    func table(_ name: String) -> Unmanaged<ViewTable>? {
        guard let entry = reader.index(of: name), loaded[entry] else { return nil }
        return tables[entry]
    }

    /// Every loaded container.
    var all: [(name: String, table: Unmanaged<ViewTable>)] {
        (0..<entryCount).compactMap { loaded[$0] ? (names.string(at: $0), tables[$0]) : nil }
    }

    /// The name of entry `entry` (below ``entryCount``).
    func name(at entry: Int) -> String {
        names.string(at: entry)
    }

    /// The merged container entry `entry`'s table was resolved from, if its owner gave one; nil for a removed entry
    /// and past ``entryCount``.
    func merged(at entry: Int) -> MergedContainer? {
        entry >= 0 && entry < entryCount ? merged[entry] : nil
    }

    /// The entries whose merged container depends on the window or the text size and satisfies `include`, in order,
    /// with it: what a resize resolves again, found with no name hashed or made.
    func adaptiveEntries(where include: (MergedContainer) -> Bool) -> [(entry: Int, merged: MergedContainer)] {
        var found: [(entry: Int, merged: MergedContainer)] = []
        // A removed entry has no merged container.
        for entry in 0..<entryCount {
            // Read in place: a merge bound to a constant would be copied out, a reference count for each of its
            // parts, for every loaded container (a resize that changes nothing took 11 µs with 200 loaded, 1.4 µs
            // without the copies).
            guard merged[entry]?.isAdaptive == true, include(merged[entry].unsafelyUnwrapped) else { continue }
            found.append((entry, merged[entry].unsafelyUnwrapped))
        }
        return found
    }

    /// Adds `table` under `name`, which must not be loaded, with the merged container it was resolved from: in
    /// the entry of `name` if it was removed, else in a new one (after the names are made again without the removed
    /// entries, if those outnumber the loaded ones).
    mutating func insert(_ name: String, _ table: Unmanaged<ViewTable>, merged: MergedContainer? = nil) {
        if let entry = reader.index(of: name) {
            assert(!loaded[entry], "ContainerIndex: \(name) is loaded already")
            tables[entry] = table
            self.merged[entry] = merged
            loaded[entry] = true
            count += 1
            return
        }
        if entryCount - count > count + 8 { compact() }
        if entryCount == capacity {
            let larger = UnsafeMutablePointer<Unmanaged<ViewTable>>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: tables, count: entryCount)
            tables.deallocate()
            tables = larger
            let largerMerged = UnsafeMutablePointer<MergedContainer?>.allocate(capacity: capacity * 2)
            largerMerged.moveInitialize(from: self.merged, count: entryCount)
            self.merged.deallocate()
            self.merged = largerMerged
            let largerLoaded = UnsafeMutablePointer<Bool>.allocate(capacity: capacity * 2)
            largerLoaded.moveInitialize(from: loaded, count: entryCount)
            loaded.deallocate()
            loaded = largerLoaded
            capacity *= 2
        }
        var name = name
        _ = name.withUTF8 { names.append($0, hash: names.hash($0)) }
        (tables + entryCount).initialize(to: table)
        (self.merged + entryCount).initialize(to: merged)
        (loaded + entryCount).initialize(to: true)
        entryCount += 1
        count += 1
        reader = names.reader
    }

    /// Makes the names again with the loaded entries only, in their order: each loaded entry's number becomes the
    /// number of loaded entries before it. In time linear in the entries.
    private mutating func compact() {
        var kept: [Int] = []
        kept.reserveCapacity(count)
        var next = 0
        for entry in 0..<entryCount {
            if loaded[entry] {
                kept.append(entry)
                if next != entry {
                    tables[next] = tables[entry]
                    merged[next] = merged[entry]
                    loaded[next] = true
                }
                next += 1
            }
        }
        (merged + next).deinitialize(count: entryCount - next)
        entryCount = next
        names.keep(only: kept)
        reader = names.reader
    }

    /// Puts `table` in the place of `name`'s, returning the table it replaces; nil, and nothing changed, when `name`
    /// is not loaded. No entry moves and no name is hashed again: a resize that re-resolves every adaptive container
    /// replaces each this way, in time linear in their number (a removal rebuilds the names).
    mutating func replace(
        _ name: String, with table: Unmanaged<ViewTable>, merged: MergedContainer? = nil
    ) -> Unmanaged<ViewTable>? {
        guard let entry = reader.index(of: name), loaded[entry] else { return nil }
        return replace(at: entry, with: table, merged: merged)
    }

    /// Puts `table` in the place of entry `entry`'s (a loaded entry), returning the table it replaces.
    mutating func replace(
        at entry: Int, with table: Unmanaged<ViewTable>, merged: MergedContainer?
    ) -> Unmanaged<ViewTable> {
        assert(entry >= 0 && entry < entryCount && loaded[entry], "ContainerIndex: entry \(entry) is not loaded")
        defer {
            tables[entry] = table
            self.merged[entry] = merged
        }
        return tables[entry]
    }

    /// Removes `name`, returning its table: its entry is marked removed, and no other entry moves.
    mutating func remove(_ name: String) -> Unmanaged<ViewTable>? {
        guard let found = reader.index(of: name), loaded[found] else { return nil }
        loaded[found] = false
        merged[found] = nil
        count -= 1
        return tables[found]
    }

    /// Removes every container, returning their tables.
    mutating func removeAll() -> [Unmanaged<ViewTable>] {
        let removed = (0..<entryCount).compactMap { loaded[$0] ? tables[$0] : nil }
        merged.deinitialize(count: entryCount)
        count = 0
        entryCount = 0
        names.removeAll()
        reader = names.reader
        return removed
    }
}
