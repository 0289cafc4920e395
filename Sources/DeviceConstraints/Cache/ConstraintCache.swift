/// The interpreter's cache: merged records by container, then by view id, behind a reader-writer lock.
///
/// A container is published whole, in one write of one entry, so a reader sees all of a container's records
/// or none. A hit takes the read lock and two small hash lookups on the caller's bytes (the container among
/// the loaded ones, then the view among its records; see ``ContainerIndex`` and ``ViewTable``) and copies
/// nothing but the record: the container is borrowed in place, never retained, so concurrent readers write
/// to no shared reference count. Publishing a container touches one entry, whatever its size.
final class ConstraintCache: @unchecked Sendable {
    // @unchecked: `containers`, `typeNames` and `typeTables` are only read while `lock` is held shared and only written while it is held
    // exclusively; each table is immutable.

    /// What the cache knows of one view.
    enum Lookup {
        case hit(ConstraintRecord)
        /// The container is loaded, but has no such view.
        case unknownView
        /// The container is not loaded yet.
        case notLoaded
    }

    private let lock = ReadWriteLock()

    /// The loaded containers by name, each table held through `Unmanaged` so that a reader borrows it
    /// instead of retaining it: a table is retained once when it is published and released once when it is
    /// removed (after the write lock is given up, when no reader can hold it) or when the cache goes away.
    /// Unchecked: the lock already makes every access exclusive or shared-read-only, so the runtime's dynamic
    /// exclusivity check would only add a call to every read.
    @exclusivity(unchecked) private var containers = ContainerIndex()

    /// Container names derived from types (`String(describing:)` costs more than a whole lookup), and the
    /// loaded tables by type, so that a lookup by type hashes a pointer instead of a string. Entries of
    /// `typeTables` share the one retain `containers` holds; both change together under the write lock.
    @exclusivity(unchecked) private var typeNames: [ObjectIdentifier: String] = [:]
    @exclusivity(unchecked) private var typeTables: [ObjectIdentifier: Unmanaged<ViewTable>] = [:]

    deinit {
        for table in containers.removeAll() { table.release() }
        containers.deallocate()
    }

    /// The record of `viewId` in `container` if it is cached: the layout path.
    @inline(__always)
    func record(container: String, viewId: String) -> ConstraintRecord? {
        lock.withReadLock {
            guard let table = containers.table(container) else { return nil }
            return table._withUnsafeGuaranteedRef { $0.record(viewId) }
        }
    }

    /// The record of `viewId` in the container of the type `type` if it is cached: the layout path by type.
    @inline(__always)
    func record(type: ObjectIdentifier, viewId: String) -> ConstraintRecord? {
        lock.withReadLock {
            guard let table = typeTables[type] else { return nil }
            return table._withUnsafeGuaranteedRef { $0.record(viewId) }
        }
    }

    /// The container name registered for `type`, if any.
    func containerName(of type: ObjectIdentifier) -> String? {
        lock.withReadLock { typeNames[type] }
    }

    /// Remembers the container name of a type. Names never change, so they survive ``removeAll()``.
    func register(_ type: ObjectIdentifier, as name: String) {
        lock.withWriteLock {
            typeNames[type] = name
            typeTables[type] = containers.table(name)
        }
    }

    /// What the cache knows of `viewId` in `container`: a hit, a loaded container without that view, or a
    /// container not loaded.
    func lookup(container: String, viewId: String) -> Lookup {
        lock.withReadLock {
            guard let table = containers.table(container) else { return .notLoaded }
            if let record = table._withUnsafeGuaranteedRef({ $0.record(viewId) }) { return .hit(record) }
            return .unknownView
        }
    }

    /// A loaded container, or nil when it is not loaded.
    func table(of name: String) -> ViewTable? {
        lock.withReadLock { containers.table(name)?.takeUnretainedValue() }
    }

    /// Whether `name` is loaded.
    func isLoaded(_ name: String) -> Bool {
        lock.withReadLock { containers.table(name) != nil }
    }

    /// The names of the loaded containers, sorted.
    var loadedContainers: [String] {
        lock.withReadLock { containers.all.map(\.name) }.sorted()
    }

    /// Publishes a whole container in one write. A container already loaded is left as it is.
    func publish(_ name: String, _ table: ViewTable) {
        let retained = Unmanaged.passRetained(table)
        let published = lock.withWriteLock {
            guard containers.table(name) == nil else { return false }
            containers.insert(name, retained)
            for (type, typeName) in typeNames where typeName == name { typeTables[type] = retained }
            return true
        }
        if !published { retained.release() }
    }

    /// Forgets every container, so the next lookup reads the files again.
    func removeAll() {
        let removed = lock.withWriteLock {
            typeTables = [:]
            return containers.removeAll()
        }
        for table in removed { table.release() }
    }

    /// Forgets one container.
    func remove(_ name: String) {
        let removed = lock.withWriteLock {
            for (type, typeName) in typeNames where typeName == name { typeTables[type] = nil }
            return containers.remove(name)
        }
        removed?.release()
    }
}
