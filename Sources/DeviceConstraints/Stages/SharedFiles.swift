import Foundation

/// What the interpreters of an app's windows share: the source and its watcher, the catalog, the parser with its
/// limits, the diagnostics handler, and the two file stages (parsed files, merged containers). Each interpreter keeps
/// its own window: its environment, the records resolved for it, its loads under way and its observers.
///
/// One interpreter made with a source owns a `SharedFiles` of its own; one made
/// ``ConstraintInterpreter/init(sharingFilesWith:environment:)`` joins the other's. A change to the files (a hot
/// reload, an installed update, an invalidation) is made here once and reaches every member: the stages forget what
/// changed, then each member reads again what it has loaded, for its own window. A second window of a class that is
/// already loaded reads no file: its loads find the merged stage.
///
/// Members are held weakly; the watcher and the source's change registration end when the last member goes.
final class SharedFiles: Sendable {
    let catalog: DeviceCatalog
    let parser: ConstraintFileParser
    let diagnostics: ConstraintDiagnosticHandler?
    let stages = ConstraintStages()

    /// The source files are read from, the watcher that follows it (if any), and the registration for the changes
    /// of a ``ChangingSource``.
    private struct Sources {
        let current: any ConstraintSource
        /// `current` as a ``ChangingSource``, cast once here rather than at every load (both are constants: a new
        /// source makes new `Sources`).
        let changing: (any ChangingSource)?
        var watcher: DirectoryWatcher?
        var changes: ConstraintObservation?

        init(current: any ConstraintSource, watcher: DirectoryWatcher? = nil, changes: ConstraintObservation? = nil) {
            self.current = current
            changing = current as? any ChangingSource
            self.watcher = watcher
            self.changes = changes
        }
    }

    private let sources: ConditionLocked<Sources>

    /// A member, held weakly so that windows come and go without keeping each other alive.
    private struct Member {
        weak var interpreter: ConstraintInterpreter?
    }

    private let members = ConditionLocked<[Member]>([])

    init(
        source: any ConstraintSource, catalog: DeviceCatalog, parser: ConstraintFileParser,
        diagnostics: ConstraintDiagnosticHandler?
    ) {
        self.catalog = catalog
        self.parser = parser
        self.diagnostics = diagnostics
        sources = ConditionLocked(Sources(current: source))
        let changes = observeChanges(of: source)
        sources.withLock { $0.changes = changes }
        // After registering: a change made meanwhile is announced, and applied again, later.
        stages.applied(revision: (source as? any ChangingSource)?.pinned().revision)
    }

    deinit {
        let (watcher, changes) = sources.withLock { ($0.watcher, $0.changes) }
        // A watch ends with the last interpreter reading its files, even when the app keeps the watcher.
        watcher?.cancel()
        changes?.cancel()
    }

    // MARK: - The source

    /// Where files are read from now.
    var source: any ConstraintSource {
        sources.withLock { $0.current }
    }

    /// The source one load reads all its files from: a ``ChangingSource``'s files as they are now, so that the load
    /// never merges files of two versions, with their revision (nil for a source whose files change only by hot
    /// reload).
    func sourceForLoad() -> (source: any ConstraintSource, revision: UInt64?) {
        let (current, changing) = sources.withLock { ($0.current, $0.changing) }
        if let changing {
            let pinned = changing.pinned()
            return (pinned.source, pinned.revision)
        }
        return (current, nil)
    }

    /// Reads from `source` from now on, followed by `watcher`; the previous watcher is cancelled.
    func replaceSource(with source: any ConstraintSource, watcher: DirectoryWatcher) {
        let changes = observeChanges(of: source)
        let previous = sources.withLock { sources in
            defer { sources = Sources(current: source, watcher: watcher, changes: changes) }
            return sources
        }
        namesByCase.withLock { $0 = nil }
        forgetListing()
        stages.applied(revision: (source as? any ChangingSource)?.pinned().revision)
        previous.watcher?.cancel()
        previous.changes?.cancel()
    }

    private func observeChanges(of source: any ConstraintSource) -> ConstraintObservation? {
        guard let changing = source as? any ChangingSource else { return nil }
        return changing.onFilesChanged { [weak self] names, revision in
            self?.reload(files: names, unloadingVanished: true, revision: revision)
        }
    }

    // MARK: - The source's file names

    /// The listing loads use to know which of a chain's other names (models, qualifiers) exist, and a count of the
    /// times it was forgotten, so that a listing made before a change is not kept after it.
    private struct Listing {
        var forgotten: UInt64 = 0
        var current: (revision: UInt64?, listing: FileListing?)?
    }

    private let listings = ConditionLocked(Listing())

    /// The file names of `source` (pinned by a load at `revision`), listed once per change of the files; nil when
    /// the source cannot list them.
    func listing(of source: any ConstraintSource, revision: UInt64?) -> FileListing? {
        let (forgotten, current) = listings.withLock { ($0.forgotten, $0.current) }
        if let current, current.revision == revision { return current.listing }
        let listing = (source as? CompiledTableSource)?.listing() ?? FileListing(source)
        listings.withLock { state in
            if state.forgotten == forgotten { state.current = (revision, listing) }
        }
        return listing
    }

    /// The listing of the source a load would read now.
    func currentListing() -> FileListing? {
        let (source, revision) = sourceForLoad()
        return listing(of: source, revision: revision)
    }

    /// Lists the source again at the next load: its files changed, or a load found none it looked for.
    func forgetListing() {
        listings.withLock { state in
            state.forgotten += 1
            state.current = nil
        }
    }

    // MARK: - File names in the wrong case

    /// The source's file names by their lowercased form, listed once (after each change of the files) and only when
    /// someone listens for warnings.
    private let namesByCase = ConditionLocked<[String: [String]]?>(nil)

    /// The warnings for files whose names differ from `fileName` only in case: the file the interpreter looked for
    /// is absent, and the one that is there is never read. A Mac's default file system ignores case, so such a file
    /// is found in the simulator and missing on a device; here, as on a device, names are compared exactly.
    func caseMismatches(of fileName: String, in container: String) -> [ConstraintDiagnostic] {
        let names =
            namesByCase.withLock { $0 }
            ?? {
                var index: [String: [String]] = [:]
                for name in (try? source.fileNames()) ?? [] { index[name.lowercased(), default: []].append(name) }
                namesByCase.withLock { $0 = index }
                return index
            }()
        return (names[fileName.lowercased()] ?? []).filter { $0 != fileName }.map { name in
            ConstraintDiagnostic(
                severity: .warning, code: .fileNameCase,
                message:
                    "\"\(name)\" differs only in case from \"\(fileName)\", the name container \"\(container)\" is read "
                    + "from, so it is never read (a Mac ignores the case of file names: it may be found in the "
                    + "simulator, never on a device); rename it \"\(fileName)\"",
                file: name)
        }
    }

    // MARK: - Members

    /// How many members there may be before ``join(_:)`` next drops the gone ones: twice as many as it kept last
    /// time. Taken only inside `members`' lock, so its own lock is never contended.
    private let pruneAt = ConditionLocked(1)

    /// Adds an interpreter that reads these files.
    func join(_ interpreter: ConstraintInterpreter) {
        members.withLock { members in
            // Gone members are dropped once the list has doubled since the last drop, not at every join: a sweep at
            // every join made n windows that all stay take time in n squared. Amortised, a join costs a constant; the
            // list never holds more than twice the members alive at the last drop, and `interpreters` skips the gone.
            pruneAt.withLock { pruneAt in
                guard members.count >= pruneAt else { return }
                members.removeAll { $0.interpreter == nil }
                pruneAt = max(1, 2 * members.count)
            }
            members.append(Member(interpreter: interpreter))
        }
    }

    /// The members still alive, in the order they joined.
    var interpreters: [ConstraintInterpreter] {
        members.withLock { members in members.compactMap(\.interpreter) }
    }

    // MARK: - Changes to the files

    /// Held while a change to the files is made in the stages and every member (a reload, an invalidation), so that
    /// changes run one at a time: a reload refused because another change moved a container on would otherwise return
    /// before that change published, and an installed update could return while a window still answered with the
    /// version before. Counts the changes. (Not a lock of `Void`: ThreadSanitizer takes the accesses of an empty
    /// value for races.)
    private let changing = ConditionLocked<UInt64>(0)

    /// Reads again what changed, for every member: the files named, or every file of every container a member has
    /// loaded when `files` is nil (the source itself was replaced).
    ///
    /// Runs on the caller's thread (a watcher's, or the one installing an update), off every lookup path. The stages
    /// forget the changed files once, here; then each member prepares its own loaded containers for its own window
    /// (the first to need a changed file reads and parses it; the others find it parsed) and swaps each in whole.
    /// When it returns, every member answers with the new files. Warnings and events are delivered after that,
    /// outside every lock.
    ///
    /// - Parameters:
    ///   - files: the changed files, or nil for all.
    ///   - unloadingVanished: whether a container left with no file is unloaded (a store's change, complete when it
    ///     is announced) rather than kept with its last good values (an editor's save, perhaps half done).
    ///   - revision: the revision of a ``ChangingSource`` the change made: once the changed files are forgotten, the
    ///     stages hold files of that revision only.
    func reload(files: Set<String>?, unloadingVanished: Bool = false, revision: UInt64? = nil) {
        // A changed file overrides a compiled table's copy of it.
        (source as? CompiledTableSource)?.override(files)
        var named: [String]?
        let outcomes = changing.withLock { count -> [(ConstraintInterpreter, ConstraintInterpreter.Reread)] in
            count += 1
            let interpreters = self.interpreters
            var affected: [String: Set<String>] = [:]
            if let files {
                for file in files where ConstraintFileName.hasSuffix(file) {
                    for container in ConstraintFileName.containerCandidates(ofFile: file)
                    where ConstraintFileName.validateContainer(container) == nil {
                        affected[container, default: []].insert(file)
                    }
                }
            } else {
                for interpreter in interpreters {
                    for container in interpreter.loadedContainers { affected[container] = [] }
                }
            }
            // A container pending adoption in a window is adopted before its files are forgotten, so that the window
            // reads it again below as one it had loaded.
            if files != nil {
                for interpreter in interpreters {
                    for container in affected.keys { interpreter.adoptPending(container) }
                }
            }
            namesByCase.withLock { $0 = nil }
            forgetListing()
            // Forget the changed files (all of them on a full reload) and every merge that read them.
            var changes: [ConstraintInterpreter.FileChange] = []
            for (container, changed) in affected.sorted(by: { $0.key < $1.key }) {
                var generation: UInt64 = 0
                if files == nil {
                    generation = stages.invalidate(container)
                } else {
                    generation = stages.invalidate(files: changed, of: container)
                }
                changes.append(
                    .init(container: container, files: files == nil ? nil : changed, generation: generation))
            }
            if let revision { stages.applied(revision: revision) }
            if files != nil { named = changes.map(\.container) }
            return interpreters.map { ($0, $0.reread(changes, unloadingVanished: unloadingVanished)) }
        }
        for (interpreter, outcome) in outcomes {
            interpreter.announce(outcome)
            // A lookup that failed for want of a file, or of a file that parses, may find one now.
            interpreter.publications.post(.files(named))
        }
    }

    /// Forgets `container` in the stages and in every member, so that the next lookup reads its files again.
    func invalidate(_ container: String) {
        let interpreters = changing.withLock { count in
            count += 1
            forgetListing()
            stages.invalidate(container)
            let interpreters = self.interpreters
            for interpreter in interpreters { interpreter.cache.remove(container) }
            return interpreters
        }
        for interpreter in interpreters { interpreter.publications.post(.containers([container])) }
    }

    /// Forgets every container in the stages and in every member.
    func invalidateAll() {
        let interpreters = changing.withLock { count in
            count += 1
            forgetListing()
            stages.invalidateAll()
            let interpreters = self.interpreters
            for interpreter in interpreters { interpreter.cache.removeAll() }
            return interpreters
        }
        for interpreter in interpreters { interpreter.publications.post(.all) }
    }
}
