/// The interpreter's cache: merged records keyed by (container, view id), behind a reader-writer lock.
///
/// A container is published whole, in one write, so a reader sees all of a container's records or none.
/// A hit takes only the read lock and one dictionary lookup.
final class ConstraintCache: Sendable {
    struct Key: Hashable, Sendable {
        var container: String
        var viewId: String
    }

    /// What the cache knows of one view.
    enum Lookup {
        case hit(ConstraintRecord)
        /// The container is loaded, but has no such view.
        case unknownView
        /// The container is not loaded yet.
        case notLoaded
    }

    /// A loaded container: its view ids in file order and the files it was merged from.
    struct Container: Sendable {
        var viewIds: [String]
        var files: [String]
    }

    /// A whole container, as a load produced it or as the cache holds it.
    struct Snapshot: Sendable {
        var records: [String: ConstraintRecord]
        var viewIds: [String]
        var files: [String]
    }

    private struct State {
        var records: [Key: ConstraintRecord] = [:]
        var containers: [String: Container] = [:]
        /// Container names derived from types: `String(describing:)` costs more than a whole lookup.
        var typeNames: [ObjectIdentifier: String] = [:]
    }

    private let state = ReadWriteLocked(State())

    /// The record of `viewId` in `container`: the layout path, one read lock.
    @inline(__always)
    func lookup(container: String, viewId: String) -> Lookup {
        state.withReadLock { state in
            if let record = state.records[Key(container: container, viewId: viewId)] { return .hit(record) }
            return state.containers[container] == nil ? .notLoaded : .unknownView
        }
    }

    /// The record of `viewId` in the container named after `type`, in the same read lock; nil when the
    /// type's name has not been registered with ``register(_:as:)`` yet.
    @inline(__always)
    func lookup(type: ObjectIdentifier, viewId: String) -> (container: String, lookup: Lookup)? {
        state.withReadLock { state in
            guard let container = state.typeNames[type] else { return nil }
            if let record = state.records[Key(container: container, viewId: viewId)] {
                return (container, .hit(record))
            }
            return (container, state.containers[container] == nil ? .notLoaded : .unknownView)
        }
    }

    /// Remembers the container name of a type. Names never change, so they survive ``removeAll()``.
    func register(_ type: ObjectIdentifier, as name: String) {
        state.withWriteLock { $0.typeNames[type] = name }
    }

    /// A copy of a loaded container, or nil when it is not loaded.
    func snapshot(of name: String) -> Snapshot? {
        state.withReadLock { state in
            guard let container = state.containers[name] else { return nil }
            var records: [String: ConstraintRecord] = [:]
            records.reserveCapacity(container.viewIds.count)
            for viewId in container.viewIds {
                records[viewId] = state.records[Key(container: name, viewId: viewId)]
            }
            return Snapshot(records: records, viewIds: container.viewIds, files: container.files)
        }
    }

    /// Whether `name` is loaded.
    func isLoaded(_ name: String) -> Bool {
        state.withReadLock { $0.containers[name] != nil }
    }

    /// The names of the loaded containers, sorted.
    var loadedContainers: [String] {
        state.withReadLock { $0.containers.keys.sorted() }
    }

    /// Publishes a whole container in one write. A container already loaded is left as it is.
    func publish(_ name: String, _ snapshot: Snapshot) {
        // Build the keys outside the lock, so the write lock is held only for the inserts.
        let entries = snapshot.viewIds.compactMap { viewId in
            snapshot.records[viewId].map { (Key(container: name, viewId: viewId), $0) }
        }
        state.withWriteLock { state in
            guard state.containers[name] == nil else { return }
            state.records.reserveCapacity(state.records.count + entries.count)
            for (key, record) in entries { state.records[key] = record }
            state.containers[name] = Container(viewIds: snapshot.viewIds, files: snapshot.files)
        }
    }

    /// Forgets every container, so the next lookup reads the files again.
    func removeAll() {
        state.withWriteLock { state in
            state.records = [:]
            state.containers = [:]
        }
    }

    /// Forgets one container.
    func remove(_ name: String) {
        state.withWriteLock { state in
            guard let container = state.containers.removeValue(forKey: name) else { return }
            for viewId in container.viewIds { state.records[Key(container: name, viewId: viewId)] = nil }
        }
    }
}
