/// The loaded containers by name: a ``ByteKeyTable`` of the names, each entry's container table held
/// unretained beside it.
///
/// A lookup hashes the name once and compares bytes; it reads only memory the index owns, so it neither
/// allocates nor touches a reference count. The owner guards it with a reader-writer lock: lookups under the
/// read lock, changes under the write lock. Names follow `String` equality, as view ids do.
struct ContainerIndex {
    /// The names, entry by entry; copied before a change when another copy of the index shares them.
    private var names: ByteKeyTable
    /// Entry `i`'s container table, unretained: `tables[i]`.
    private var tables: [Unmanaged<ViewTable>] = []

    /// - Parameter seed: the hash seed (tests give one).
    init(seed: UInt64 = UTF8Hash.seed) {
        names = ByteKeyTable(capacity: 8, byteCapacity: 256, seed: seed)
    }

    /// The number of containers.
    var count: Int { tables.count }

    /// The table of `name`, if it is loaded.
    @inline(__always)
    func table(_ name: String) -> Unmanaged<ViewTable>? {
        guard let entry = names.index(of: name) else { return nil }
        return tables[entry]
    }

    /// Every loaded container.
    var all: [(name: String, table: Unmanaged<ViewTable>)] {
        tables.indices.map { (names.string(at: $0), tables[$0]) }
    }

    /// Adds `table` under `name`, which must not be loaded.
    mutating func insert(_ name: String, _ table: Unmanaged<ViewTable>) {
        makeNamesUnique()
        var name = name
        _ = name.withUTF8 { names.append($0, hash: names.hash($0)) }
        tables.append(table)
    }

    /// Removes `name`, returning its table.
    mutating func remove(_ name: String) -> Unmanaged<ViewTable>? {
        guard let found = names.index(of: name) else { return nil }
        let removed = tables[found]
        // The last entry takes the removed one's number, in the names as in the tables.
        makeNamesUnique()
        names.remove(at: found)
        tables[found] = tables[tables.count - 1]
        tables.removeLast()
        return removed
    }

    /// Removes every container, returning their tables.
    mutating func removeAll() -> [Unmanaged<ViewTable>] {
        defer {
            tables.removeAll(keepingCapacity: true)
            makeNamesUnique()
            names.removeAll()
        }
        return tables
    }

    private mutating func makeNamesUnique() {
        if !isKnownUniquelyReferenced(&names) { names = names.copy() }
    }
}
