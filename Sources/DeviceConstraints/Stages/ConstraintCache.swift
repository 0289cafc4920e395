/// The published stage of the interpreter: the current environment and the records resolved for it, by
/// container, then by view id, behind a reader-writer lock.
///
/// A container is published whole, in one write of one entry, so a reader sees all of a container's records or none
/// (a container preloaded from a compiled table is published unread: first with no view id, ``ViewTable/unindexed()``,
/// many in one write, then with its view ids, ``ViewTable/unread(_:files:)``, each record kept as it is first read,
/// ``fill(_:viewId:record:in:for:)``, under the write lock); the environment and every
/// table resolved for it are switched in one write, so a reader sees the old environment's records or the new one's,
/// never a mix. A hit takes the read lock and two small hash lookups on the caller's bytes (the container among the
/// loaded ones, then the view among its records; see ``ContainerIndex`` and ``ViewTable``) and copies nothing but the
/// record: the container is borrowed in place, never retained, so concurrent readers write to no shared reference
/// count. Publishing a container touches one entry, whatever its size.
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
        /// The container was preloaded from a compiled table and has the view, whose record has not been read yet,
        /// or its view ids have not been read yet (``UnreadRecords/isIndexed``): index the table if it is not
        /// (``index(_:replacing:with:)``), then read the record where it lies and ``fill(_:viewId:record:in:for:)``
        /// the indexed table.
        case unread(ViewTable)
    }

    private let lock = ReadWriteLock()

    /// The environment lookups answer for, and the device and chain resolved from it.
    @exclusivity(unchecked) private var current: EnvironmentSnapshot
    /// The last environment update applied; an update that was asked for earlier never overrides a later one.
    @exclusivity(unchecked) private var appliedTicket: UInt64 = 0

    /// Containers another window had loaded when this one was opened (``ConstraintInterpreter/init(sharingFilesWith:environment:)``),
    /// not published here yet: each is published from the merged stage the first time it is asked for, or all at
    /// once before anything that works on every loaded container (an environment switch, a reload). So opening a
    /// window costs nothing per container, and each container costs what its first lookup needs. A name leaves the
    /// set when it is published, removed, invalidated, or found not to be in the stages for this window's class.
    @exclusivity(unchecked) private var pending: Set<String> = []

    init(_ snapshot: EnvironmentSnapshot, pending: Set<String> = []) {
        current = snapshot
        self.pending = pending
    }

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
    /// The types registered for each container name (`typeNames` the other way round), so that publishing,
    /// replacing or removing a container touches its own types only: a pass over every registered type for each
    /// made loading or switching thousands of typed containers take time in the square of their number (16,000:
    /// 1.4 s to load, 2.9 s to switch). Empty, and never hashed, when no type is registered.
    @exclusivity(unchecked) private var typesByName: [String: [ObjectIdentifier]] = [:]

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
            let old = typeNames.updateValue(name, forKey: type)
            if old != name {
                if let old { typesByName[old]?.removeAll { $0 == type } }
                typesByName[name, default: []].append(type)
            }
            typeTables[type] = containers.table(name)
        }
    }

    /// What the cache knows of `viewId` in `container`: a hit, a loaded container without that view, or a
    /// container not loaded.
    func lookup(container: String, viewId: String) -> Lookup {
        lock.withReadLock {
            guard let table = containers.table(container) else { return .notLoaded }
            return table._withUnsafeGuaranteedRef { table in
                if let record = table.record(viewId) { return .hit(record) }
                if let unread = table.unread, !unread.isIndexed || table.index(of: viewId) != nil {
                    return .unread(table)
                }
                return .unknownView
            }
        }
    }

    /// A loaded container whose records are all read, or nil when it is not loaded or is unread
    /// (``ViewTable/unread(_:files:)``): what works on a whole container needs every record, and loads it.
    func table(of name: String) -> ViewTable? {
        lock.withReadLock {
            guard let table = containers.table(name), table._withUnsafeGuaranteedRef({ $0.unread == nil }) else {
                return nil
            }
            return table.takeUnretainedValue()
        }
    }

    /// A loaded container's table, unread or not, for its view ids and its files; nil when it is not loaded or its
    /// view ids have not been read (``ViewTable/unindexed()``).
    func viewIds(of name: String) -> ViewTable? {
        lock.withReadLock {
            guard let table = containers.table(name),
                table._withUnsafeGuaranteedRef({ $0.unread?.isIndexed ?? true })
            else { return nil }
            return table.takeUnretainedValue()
        }
    }

    /// Puts `indexed`, the unread table of `name` with its view ids, in the place of `table`, the same container not
    /// indexed yet (``ViewTable/unindexed()``), if `table` is still the one published for `name` (a switch, a
    /// resize, an invalidation or a load since leaves it out).
    ///
    /// - Returns: whether `indexed` was published.
    @discardableResult
    func index(_ name: String, replacing table: ViewTable, with indexed: ViewTable) -> Bool {
        let retained = Unmanaged.passRetained(indexed)
        let old = lock.withWriteLock { () -> Unmanaged<ViewTable>? in
            guard isPublished(table, as: name) else { return nil }
            return replaceEntry(name, retained, merged: MergedContainer(unread: indexed))
        }
        guard let old else {
            retained.release()
            return false
        }
        old.release()
        return true
    }

    /// The loaded containers that are unread (preloaded from a compiled table, not loaded whole yet), and the rest
    /// of the loaded ones, each unsorted.
    var unreadAndWholeContainers: (unread: [String], whole: [String]) {
        lock.withReadLock {
            var unread: [String] = []
            var whole: [String] = []
            for entry in containers.all {
                if entry.table._withUnsafeGuaranteedRef({ $0.unread != nil }) {
                    unread.append(entry.name)
                } else {
                    whole.append(entry.name)
                }
            }
            return (unread, whole)
        }
    }

    /// Whether `name` was preloaded from a compiled table and is not loaded whole yet.
    func isUnread(_ name: String) -> Bool {
        lock.withReadLock { containers.table(name)?._withUnsafeGuaranteedRef { $0.unread != nil } ?? false }
    }

    /// Keeps `record`, read where it lies, as the record of `viewId` in the unread table `table`, if `table` is
    /// still the one published for `name` and `snapshot` is still the environment (a switch, a resize, an
    /// invalidation or a load of the whole container since it was read leaves it out). A view read already keeps
    /// its first record.
    func fill(
        _ name: String, viewId: String, record: ConstraintRecord, in table: ViewTable, for snapshot: EnvironmentSnapshot
    ) {
        lock.withWriteLock {
            guard current === snapshot, isPublished(table, as: name), let unread = table.unread,
                let entry = table.index(of: viewId)
            else { return }
            unread.set(record, at: entry)
        }
    }

    /// Whether `name` is loaded.
    func isLoaded(_ name: String) -> Bool {
        lock.withReadLock { containers.table(name) != nil }
    }

    /// Those of `names` that are not loaded, in order, in one read of the cache; and whether any of them waits to be
    /// adopted from the merged stage.
    func unloaded(_ names: [String]) -> (names: [String], somePending: Bool) {
        lock.withReadLock {
            let unloaded = names.filter { containers.table($0) == nil }
            return (unloaded, !pending.isEmpty && unloaded.contains { pending.contains($0) })
        }
    }

    /// The names of the loaded containers, sorted.
    var loadedContainers: [String] {
        lock.withReadLock { containers.all.map(\.name) }.sorted()
    }

    /// The loaded containers and those pending adoption, unsorted: what a window opened sharing this one's files
    /// takes as pending.
    var loadedAndPending: Set<String> {
        lock.withReadLock {
            var names = pending
            for entry in containers.all { names.insert(entry.name) }
            return names
        }
    }

    /// Whether `name` waits to be adopted from the merged stage.
    func isPending(_ name: String) -> Bool {
        lock.withReadLock { !pending.isEmpty && pending.contains(name) }
    }

    /// The containers waiting to be adopted from the merged stage.
    var pendingContainers: [String] {
        lock.withReadLock { Array(pending) }
    }

    /// Gives up adopting `name`: its merge for this window is not in the stages.
    func dropPending(_ name: String) {
        lock.withWriteLock { _ = pending.remove(name) }
    }

    /// The environment lookups answer for now.
    var snapshot: EnvironmentSnapshot {
        lock.withReadLock { current }
    }

    /// The loaded containers with the merged container behind each, when it depends on the window or the text size
    /// and satisfies `include`, with where each stands among the loaded containers:
    /// ``resize(to:ticket:tables:keeping:)`` finds it there again.
    func adaptiveContainers(
        where include: (MergedContainer) -> Bool
    ) -> [(entry: Int, merged: MergedContainer)] {
        lock.withReadLock { containers.adaptiveEntries(where: include) }
    }

    /// Publishes a whole container in one write, if the load that made it is still current: `snapshot` is still
    /// the environment, and `isCurrent` (asked under the write lock) says no invalidation came since the load
    /// began. A container already loaded is left as it is, unless it is unread and `table` is not.
    ///
    /// - Returns: whether the table was published.
    @discardableResult
    func publish(
        _ name: String, _ table: ViewTable, merged: MergedContainer, for snapshot: EnvironmentSnapshot,
        isCurrent: () -> Bool
    ) -> Bool {
        publish([LoadedContainer(name: name, table: table, merged: merged, snapshot: snapshot)]) { _ in isCurrent() }[0]
    }

    /// A whole container loaded for an environment, to publish.
    struct LoadedContainer {
        let name: String
        let table: ViewTable
        let merged: MergedContainer
        /// The environment the container was loaded for.
        let snapshot: EnvironmentSnapshot
    }

    /// Publishes whole containers, all in one write (a preload's worker publishes what it loaded in a few writes,
    /// not one each): each as ``publish(_:_:merged:for:isCurrent:)`` would, if its load is still current — its
    /// snapshot is still the environment and `isCurrent`, asked under the write lock with its position, says so.
    ///
    /// - Returns: whether each table was published, in order.
    func publish(_ loads: [LoadedContainer], isCurrent: (Int) -> Bool) -> [Bool] {
        let retained = loads.map { Unmanaged.passRetained($0.table) }
        var replaced: [Unmanaged<ViewTable>] = []
        let published = lock.withWriteLock {
            loads.indices.map { i -> Bool in
                let load = loads[i]
                guard current === load.snapshot, isCurrent(i) else { return false }
                guard let loaded = containers.table(load.name) else {
                    insert(load.name, retained[i], merged: load.merged)
                    return true
                }
                guard load.table.unread == nil, loaded._withUnsafeGuaranteedRef({ $0.unread != nil }) else {
                    return false
                }
                if let old = replaceEntry(load.name, retained[i], merged: load.merged) { replaced.append(old) }
                return true
            }
        }
        for (table, published) in zip(retained, published) where !published { table.release() }
        for table in replaced { table.release() }
        return published
    }

    /// Publishes each of `names` unread and not indexed (``ViewTable/unindexed()``), all in one write, if `snapshot`
    /// is still the environment: each name not loaded whose `isCurrent` (asked under the write lock, with the name's
    /// position) says no invalidation came since the caller looked.
    ///
    /// - Returns: whether each name was published, in order.
    func publishUnindexed(_ names: [String], for snapshot: EnvironmentSnapshot, isCurrent: (Int) -> Bool) -> [Bool] {
        guard !names.isEmpty else { return [] }
        let tables = names.map { _ in Unmanaged.passRetained(ViewTable.unindexed()) }
        let published = lock.withWriteLock { () -> [Bool] in
            guard current === snapshot else { return Array(repeating: false, count: names.count) }
            return names.indices.map { i in
                guard containers.table(names[i]) == nil, isCurrent(i) else { return false }
                let table = tables[i]
                insert(names[i], table, merged: MergedContainer(unread: table.takeUnretainedValue()))
                return true
            }
        }
        for (table, published) in zip(tables, published) where !published { table.release() }
        return published
    }

    /// Replaces a loaded container's table in one write (a hot reload), if `snapshot` is still the environment and
    /// `isCurrent` (asked under the write lock) says no other change came since the reload began. A container that
    /// is not loaded is left unloaded.
    ///
    /// - Returns: whether the table was replaced.
    @discardableResult
    func replace(
        _ name: String, _ table: ViewTable, merged: MergedContainer, for snapshot: EnvironmentSnapshot,
        isCurrent: () -> Bool
    ) -> Bool {
        let retained = Unmanaged.passRetained(table)
        var old: Unmanaged<ViewTable>?
        let replaced = lock.withWriteLock {
            guard current === snapshot, containers.table(name) != nil, isCurrent() else { return false }
            old = replaceEntry(name, retained, merged: merged)
            return true
        }
        if !replaced { retained.release() }
        old?.release()
        return replaced
    }

    /// Switches to `snapshot`, another window of the same class, in one write, if no later update was applied:
    /// the adaptive containers take the tables given, each resolved from the merged container that was published
    /// at its entry (``adaptiveContainers``); the rest keep theirs, and so does every adaptive container whose merge
    /// `alike` says resolves for the new window as for the old (asked under the lock). Any other adaptive container
    /// with no table given, or whose entry holds another merge now (it was published, reloaded, moved or
    /// invalidated after the caller read ``adaptiveContainers``), is unloaded rather than left answering for the old
    /// window: it loads again on demand, from its merged stage, reading no file. No name is hashed: entries are
    /// found by number, checked by the identity of their merged table.
    ///
    /// - Returns: whether the switch happened.
    func resize(
        to snapshot: EnvironmentSnapshot, ticket: UInt64,
        tables: [(entry: Int, table: ViewTable, merged: MergedContainer)], keeping alike: (MergedContainer) -> Bool
    ) -> Bool {
        let retained = tables.map { ($0.entry, Unmanaged.passRetained($0.table), $0.merged) }
        return applying(snapshot, ticket: ticket, retained: retained.map(\.1)) {
            var released: [Unmanaged<ViewTable>] = []
            var refreshed = [Bool](repeating: false, count: containers.entryCount)
            for (entry, table, merged) in retained {
                guard let published = containers.merged(at: entry), published.isAdaptive,
                    published.table === merged.table, !refreshed[entry]
                else {
                    released.append(table)
                    continue
                }
                refreshed[entry] = true
                let old = containers.replace(at: entry, with: table, merged: merged)
                if !typesByName.isEmpty { setTypeTables(of: containers.name(at: entry), to: table) }
                released.append(old)
            }
            // A removal moves no other entry.
            for adaptive in containers.adaptiveEntries(where: { !alike($0) }) where !refreshed[adaptive.entry] {
                if let old = removeEntry(containers.name(at: adaptive.entry)) { released.append(old) }
            }
            return released
        }
    }

    /// Switches to `snapshot`, a device switch, in one write, if no later update was applied: the loaded
    /// containers become exactly those given (the rest load on demand); tables whose `isCurrent` is false under the
    /// lock (invalidated meanwhile) are left out.
    ///
    /// - Returns: whether the switch happened.
    func switchEnvironment(
        to snapshot: EnvironmentSnapshot, ticket: UInt64,
        tables: [(name: String, table: ViewTable, merged: MergedContainer)], isCurrent: (String) -> Bool
    ) -> Bool {
        let retained = tables.map { ($0.name, Unmanaged.passRetained($0.table), $0.merged) }
        return applying(snapshot, ticket: ticket, retained: retained.map(\.1)) {
            typeTables = [:]
            // The caller prepared the pending containers with the loaded ones.
            pending = []
            var released = containers.removeAll()
            for (name, table, merged) in retained {
                if containers.table(name) == nil, isCurrent(name) {
                    insert(name, table, merged: merged)
                } else {
                    released.append(table)
                }
            }
            return released
        }
    }

    /// Under the write lock, if no later update was applied than `ticket`: makes `snapshot` the environment and runs
    /// `change`, which returns the tables it let go. They are released after the lock is given up (when no reader
    /// can hold them), and so is every table in `retained` when the switch does not happen.
    ///
    /// - Returns: whether the switch happened.
    private func applying(
        _ snapshot: EnvironmentSnapshot, ticket: UInt64, retained: [Unmanaged<ViewTable>],
        _ change: () -> [Unmanaged<ViewTable>]
    ) -> Bool {
        let released = lock.withWriteLock { () -> [Unmanaged<ViewTable>]? in
            guard ticket > appliedTicket else { return nil }
            appliedTicket = ticket
            current = snapshot
            return change()
        }
        for table in released ?? retained { table.release() }
        return released != nil
    }

    /// A ticket for an environment update: later calls get larger tickets.
    func nextTicket() -> UInt64 {
        tickets.withLock { last in
            last += 1
            return last
        }
    }

    private let tickets = ConditionLocked<UInt64>(0)

    /// Forgets every container, so the next lookup reads the files again.
    func removeAll() {
        let removed = lock.withWriteLock {
            typeTables = [:]
            pending = []
            return containers.removeAll()
        }
        for table in removed { table.release() }
    }

    /// Forgets one container.
    func remove(_ name: String) {
        let removed = lock.withWriteLock { removeEntry(name) }
        removed?.release()
    }

    // MARK: - Under the write lock

    /// Whether `table` itself (not another table of the same name) is the one published for `name`.
    private func isPublished(_ table: ViewTable, as name: String) -> Bool {
        containers.table(name)?.toOpaque() == Unmanaged.passUnretained(table).toOpaque()
    }

    private func insert(_ name: String, _ table: Unmanaged<ViewTable>, merged: MergedContainer) {
        containers.insert(name, table, merged: merged)
        if !pending.isEmpty { pending.remove(name) }
        if !typesByName.isEmpty { setTypeTables(of: name, to: table) }
    }

    /// Points every type registered for `name` at `table` (nil: at none).
    private func setTypeTables(of name: String, to table: Unmanaged<ViewTable>?) {
        for type in typesByName[name] ?? [] { typeTables[type] = table }
    }

    /// Puts `table` in the place of the loaded container `name`'s, returning the table it replaces; nil when `name`
    /// is not loaded (nothing changed).
    private func replaceEntry(_ name: String, _ table: Unmanaged<ViewTable>, merged: MergedContainer)
        -> Unmanaged<ViewTable>?
    {
        guard let old = containers.replace(name, with: table, merged: merged) else { return nil }
        if !pending.isEmpty { pending.remove(name) }
        if !typesByName.isEmpty { setTypeTables(of: name, to: table) }
        return old
    }

    private func removeEntry(_ name: String) -> Unmanaged<ViewTable>? {
        if !typesByName.isEmpty { setTypeTables(of: name, to: nil) }
        if !pending.isEmpty { pending.remove(name) }
        return containers.remove(name)
    }
}
