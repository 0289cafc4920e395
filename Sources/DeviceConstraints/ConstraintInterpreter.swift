public import Dispatch
import Foundation

/// Looks up the layout numbers of views for the app's window, from per-device JSON constraint files, and
/// follows the window as it changes.
///
/// Preload at start-up, off the main thread; then look records up synchronously during layout:
///
/// ```swift
/// let interpreter = ConstraintInterpreter(
///     source: BundleSource(.main), environment: LayoutEnvironment(width: 390, height: 844, idiom: .phone))
/// try await interpreter.preload(containers: ["BMTReportCalendarDayButton"])
///
/// // During layout, on the main thread:
/// let selected = try interpreter.record(viewId: "bmt_reportCalendarDayButtonId_Selected",
///                                       in: BMTReportCalendarDayButton.self)
///
/// // The window changed (rotation, Split View, a free window): every loaded container is made ready for the new
/// // class, then lookups switch in one step.
/// try await interpreter.update(to: LayoutEnvironment(width: 694, height: 768, idiom: .pad))
/// ```
///
/// For container `C` on a device whose lookup chain is `[d0, d1, …]`, the interpreter reads `C_d0.json`,
/// `C_d1.json`, … and the base file `C.json`, whichever exist, and merges each record attribute by
/// attribute: the first file that sets an attribute wins. Scaled values (`{"scaled": 60}`) and column rules
/// (`"columns": {…}`) are then evaluated for the current window.
///
/// ## Stages
/// A load goes through three cached stages: parsed files (by file, device-free), merged containers (by container
/// and lookup chain) and records resolved for the current window. A device switch re-merges from parsed files and
/// reads only files it never read; a resize within a class re-resolves only containers with scaled values or
/// column rules; ``invalidate(container:)`` starts the container over.
///
/// ## Threading
/// Every method may be called from any thread. A hit takes one read lock (`pthread_rwlock`), never a
/// queue. A container is loaded once: its files are read and parsed outside any lock and published whole,
/// so a reader sees all of a container's records or none; callers asking for a container that is being
/// loaded wait for that load instead of parsing again. A load that fails caches nothing and leaves every
/// other container as it was; the next call tries again. A load that began before an
/// ``invalidate(container:)`` or an environment update never publishes over it.
///
/// Warnings go to the `diagnostics` handler after the load that found them is published, outside every lock,
/// so a handler may look records up, even of the container it is warned about.
public final class ConstraintInterpreter: Sendable {
    /// The catalog devices are resolved in.
    public var catalog: DeviceCatalog { files.catalog }
    /// Where the files come from: the source given at creation, or the folder passed to ``watch(_:debounce:mode:)``.
    public var source: any ConstraintSource { files.source }
    /// The parser, with the limits it enforces.
    public var parser: ConstraintFileParser { files.parser }

    /// What this interpreter shares with the interpreters of the app's other windows (see
    /// ``init(sharingFilesWith:environment:)``): the source, the catalog, the parser, the diagnostics and the file
    /// stages.
    let files: SharedFiles
    /// This window's environment and the records resolved for it.
    let cache: ConstraintCache
    let flights = ConditionLocked<[FlightKey: LoadFlight]>([:])
    /// The containers a lookup answered in place is loading on a background queue (``recordInPlace(viewId:container:then:)``).
    let backgroundLoads = ConditionLocked<Set<String>>([])
    /// The unread tables not indexed yet whose view ids are to be read on a background queue
    /// (``indexInBackground(_:of:)``): every one waiting or being read, those the worker has not taken yet, and
    /// whether a worker runs.
    let backgroundIndexing = ConditionLocked<BackgroundIndexing>(BackgroundIndexing())

    /// What ``backgroundIndexing`` holds.
    struct BackgroundIndexing {
        var tables: Set<ObjectIdentifier> = []
        var waiting: [(table: ViewTable, container: String)] = []
        var working = false
    }
    let changeObservers = Observers<EnvironmentChange>()
    let reloadObservers = Observers<ReloadEvent>()
    /// Every change of what this interpreter's lookups return, for ``LiveConstraints``: environment switches (silent
    /// resizes included), reloads and invalidations.
    let publications = Observers<Publication>()

    var stages: ConstraintStages { files.stages }
    var diagnostics: ConstraintDiagnosticHandler? { files.diagnostics }

    /// Creates an interpreter for a window. It reads nothing until a container is asked for or preloaded.
    ///
    /// ```swift
    /// let interpreter = ConstraintInterpreter(
    ///     source: BundleSource(.module, subdirectory: "Constraints"),
    ///     environment: LayoutEnvironment(width: 1024, height: 1366, idiom: .pad))
    /// ```
    ///
    /// - Parameters:
    ///   - source: where the constraint files are.
    ///   - environment: the window to look records up for; the device is resolved from it in `catalog`.
    ///   - catalog: the device classes.
    ///   - limits: the largest file, the deepest nesting and the most warnings per file accepted.
    ///   - diagnostics: receives warnings (misspelt attributes, duplicate keys) after the load that found them. When
    ///     nil, debug builds log each warning once (`os.Logger`, subsystem `DeviceConstraints`, on Apple platforms;
    ///     standard error elsewhere) and release builds stay silent.
    public convenience init(
        source: any ConstraintSource, environment: LayoutEnvironment, catalog: DeviceCatalog = .standard,
        limits: ConstraintFileParser.Limits = .default, diagnostics: ConstraintDiagnosticHandler? = nil
    ) {
        self.init(
            files: SharedFiles(
                source: source, catalog: catalog, parser: ConstraintFileParser(limits: limits),
                diagnostics: diagnostics ?? DebugLog.defaultHandler()),
            environment: environment, device: catalog.resolve(environment))
    }

    /// Creates an interpreter for one device, for a window of the device's portrait size. It reads nothing until
    /// a container is asked for or preloaded.
    ///
    /// - Parameters:
    ///   - source: where the constraint files are.
    ///   - device: the device to look records up for, usually from ``DeviceCatalog/resolve(_:)``.
    ///   - catalog: the catalog that names the device's fallbacks.
    ///   - limits: the largest file, the deepest nesting and the most warnings per file accepted.
    ///   - diagnostics: receives warnings (misspelt attributes, duplicate keys) after the load that found them. When
    ///     nil, debug builds log each warning once and release builds stay silent.
    public convenience init(
        source: any ConstraintSource, device: DeviceProfile, catalog: DeviceCatalog = .standard,
        limits: ConstraintFileParser.Limits = .default, diagnostics: ConstraintDiagnosticHandler? = nil
    ) {
        self.init(
            files: SharedFiles(
                source: source, catalog: catalog, parser: ConstraintFileParser(limits: limits),
                diagnostics: diagnostics ?? DebugLog.defaultHandler()),
            environment: LayoutEnvironment(width: device.width, height: device.height, idiom: device.idiom),
            device: device)
    }

    /// Creates an interpreter for another window of the app that shares `other`'s files: its source, catalog,
    /// limits and diagnostics, the files it has parsed and the containers it has merged, in both directions.
    ///
    /// Each window of an iPadOS app (side by side, or freely resized) has its own size, so each needs its own
    /// interpreter; sharing makes the second one cheap. A container the other window has loaded for the same
    /// device class is ready at once, without reading a file; one it loaded for another class is merged again
    /// from its parsed files. A hot reload, an installed update or an invalidation seen by either reaches both.
    /// Each keeps its own environment, records, ``update(to:)`` and observers.
    ///
    /// ```swift
    /// // One interpreter per scene, all reading the same files once:
    /// let first = ConstraintInterpreter(source: BundleSource(.main), environment: mainWindow)
    /// let second = ConstraintInterpreter(
    ///     sharingFilesWith: first, environment: LayoutEnvironment(width: 320, height: 1024, idiom: .pad))
    /// ```
    ///
    /// - Parameters:
    ///   - other: an interpreter of another window (any interpreter that shares with it will do).
    ///   - environment: this window.
    public convenience init(sharingFilesWith other: ConstraintInterpreter, environment: LayoutEnvironment) {
        // What the other window has loaded is adopted from the merged stage as each container is first asked for
        // (adoptPending(_:)), not copied here: opening a window costs the same however many containers are loaded.
        self.init(
            files: other.files, environment: environment, device: other.catalog.resolve(environment),
            pending: other.cache.loadedAndPending)
    }

    private init(
        files: SharedFiles, environment: LayoutEnvironment, device: DeviceProfile, pending: Set<String> = []
    ) {
        self.files = files
        self.cache = ConstraintCache(
            EnvironmentSnapshot(
                environment: environment, device: device, chain: files.catalog.lookupChain(for: device),
                catalog: files.catalog),
            pending: pending)
        files.join(self)
    }

    /// The window lookups answer for now.
    public var environment: LayoutEnvironment {
        cache.snapshot.environment
    }

    /// The device class resolved from ``environment``.
    public var device: DeviceProfile {
        cache.snapshot.device
    }

    /// The devices whose files are read now, most specific first: ``device`` and its fallbacks.
    public var lookupChain: [DeviceName] {
        cache.snapshot.chain
    }

    // MARK: - Looking records up

    /// The record of `viewId` in `container`, merged along the device's lookup chain.
    ///
    /// A hit costs one read lock and two small hash lookups (the container, then the view). On a miss
    /// the container's files are read and parsed on the calling thread; preload containers at start-up to keep
    /// that off the main thread. From a ``CompiledTableSource``, a miss reads only this view where it lies in the
    /// table: in a container preloaded from it, the record is kept (the first lookup in the container reads its view
    /// ids on a background queue); in one not loaded, the container then loads on a background queue (see "Compiled
    /// tables" in the documentation).
    ///
    /// - Throws: ``ConstraintError`` — `.invalidName` for a container name with `/`, `\` or `..`;
    ///   `.fileNotFound` when no file of the container is on the chain; `.unknownView` when the container
    ///   has no such view; any parse error of its files.
    public func record(viewId: String, container: String) throws(ConstraintError) -> ConstraintRecord {
        // The hit, inlined: the read lock and two small hash lookups, nothing else.
        if let record = cache.record(container: container, viewId: viewId) { return record }
        return try recordAfterMiss(viewId: viewId, container: container)
    }

    /// The rest of ``record(viewId:container:)``, kept out of line so that the hit stays small.
    @inline(never)
    private func recordAfterMiss(viewId: String, container: String) throws(ConstraintError) -> ConstraintRecord {
        do throws(ConstraintError) {
            let lookup = cache.lookup(container: container, viewId: viewId)
            switch lookup {
            case .hit(let record):
                return record
            case .unknownView:
                throw unknownView(viewId, in: container)
            case .notLoaded:
                // From a compiled table, the view alone, where it lies; the container then loads in the background.
                if let record = recordInPlace(viewId: viewId, container: container) { return record }
            case .unread(let table):
                // Preloaded from a compiled table. Not indexed yet: the view alone, where it lies, and the view ids
                // of the container's files are read in the background. Indexed (or no file has the view): the view
                // ids settle an unknown view, and the record is read where it lies and kept.
                if table.unread?.isIndexed == false,
                    let record = recordInPlace(viewId: viewId, container: container, then: .index(table))
                {
                    return record
                }
                if let indexed = indexed(table, of: container) {
                    guard indexed.index(of: viewId) != nil else { throw unknownView(viewId, in: container, indexed) }
                    if let record = recordInPlace(viewId: viewId, container: container, then: .fill(indexed)) {
                        return record
                    }
                }
            }
            // Answer from the load itself: the container may be invalidated again before a second lookup.
            let loaded = try load(container).get()
            guard let record = loaded.record(viewId) else { throw unknownView(viewId, in: container, loaded) }
            return record
        } catch {
            // A store counts the failed lookups in the containers of a pending update (its layout-health guard).
            (files.source as? any ChangingSource)?.lookupFailed(error, container: container)
            throw error
        }
    }

    /// The record of `viewId` in the container named after the type `C` (`String(describing: C.self)`), as
    /// the original derived it from the class name. The name is worked out once per type, so this costs the
    /// same as ``record(viewId:container:)``.
    ///
    /// ```swift
    /// let record = try interpreter.record(viewId: "title", in: HeaderView.self)   // container "HeaderView"
    /// ```
    public func record<C>(viewId: String, in container: C.Type) throws(ConstraintError) -> ConstraintRecord {
        // The hit, inlined: the read lock, a pointer hash for the type, a string hash for the view.
        if let record = cache.record(type: ObjectIdentifier(container), viewId: viewId) { return record }
        return try recordAfterMiss(viewId: viewId, type: container)
    }

    /// The rest of ``record(viewId:in:)``: names the type's container once, then looks up by name.
    @inline(never)
    private func recordAfterMiss<C>(viewId: String, type: C.Type) throws(ConstraintError) -> ConstraintRecord {
        let identifier = ObjectIdentifier(type)
        if let name = cache.containerName(of: identifier) { return try record(viewId: viewId, container: name) }
        let name = String(describing: type)
        cache.register(identifier, as: name)
        return try record(viewId: viewId, container: name)
    }

    /// The record of `viewId` in `container` if the container is already loaded; never reads a file.
    ///
    /// Use it where blocking is not an option and a default layout will do until a preload finishes.
    public func cachedRecord(viewId: String, container: String) -> ConstraintRecord? {
        if let record = cache.record(container: container, viewId: viewId) { return record }
        if case .unread(let table) = cache.lookup(container: container, viewId: viewId) {
            // Preloaded from a compiled table: read in place, no file read (and kept, once the container's view
            // ids are read).
            let followUp: InPlaceFollowUp = table.unread?.isIndexed == false ? .index(table) : .fill(table)
            return recordInPlace(viewId: viewId, container: container, then: followUp)
        }
        return adoptPending(container)?.record(viewId)
    }

    /// Every record of `container`, by view id, loading it if needed.
    public func records(container: String) throws(ConstraintError) -> [String: ConstraintRecord] {
        try load(container).get().dictionary
    }

    /// Whether `container` is loaded.
    public func isLoaded(container: String) -> Bool {
        cache.isLoaded(container) || adoptPending(container) != nil
    }

    /// The names of the loaded containers, sorted.
    public var loadedContainers: [String] {
        adoptAllPending()
        return cache.loadedContainers
    }

    // MARK: - Preloading

    /// Loads `containers` concurrently, off the calling thread and the caller's actor, so that later lookups are hits.
    ///
    /// Containers already loaded are skipped. Every container that can load is loaded, even when another
    /// fails. From a ``CompiledTableSource`` whose files have not changed, a container the table alone can give is
    /// not read at all: its view ids are read from the table on its first lookup (in the background), and its
    /// records where they lie, each on its view's first lookup, and kept (see "Compiled tables" in the
    /// documentation).
    ///
    /// - Throws: ``ConstraintError`` — `.invalidName` before any file is read when a name is invalid;
    ///   otherwise the first failure in the order of `containers`, with any others in
    ///   ``ConstraintError/additionalErrors``.
    @concurrent
    public func preload(containers: [String]) async throws(ConstraintError) {
        // Before the workers start, so done once for all the names: read the cache once, not once per name.
        var seen: Set<String> = []
        seen.reserveCapacity(containers.count)
        let names = containers.filter { seen.insert($0).inserted }
        for name in names {
            if let error = ConstraintFileName.validateContainer(name) { throw error }
        }
        var (unloaded, somePending) = cache.unloaded(names)
        if somePending { unloaded = unloaded.filter { adoptPending($0) == nil } }
        // From a compiled table, nothing is read: each container is published unread, in one write of the cache,
        // its view ids read on its first lookup and each record on its view's. The rest load concurrently, with
        // their positions in `names` for the order of the errors.
        let left = publishUnread(unloaded)
        let pending: [(offset: Int, element: String)]
        if left.count == names.count {
            pending = Array(names.enumerated())
        } else {
            let unloaded = Set(left)
            pending = names.enumerated().filter { unloaded.contains($0.element) }
        }
        // A worker loads a few containers at a time and publishes them in one write: a write takes every lock
        // the readers use, and two workers publishing one container at a time met on them and slept.
        let attempts = await Self.concurrently(pending, inBatchesOfAtMost: 8) { batch in
            Array(
                zip(
                    batch.map(\.offset),
                    self.loadUnlessUnderWay(batch.map(\.element), forgettingListingOnMiss: false)))
        }
        var failures: [(Int, ConstraintError)] = []
        for (offset, attempt) in attempts {
            let outcome: LoadFlight.Outcome
            switch attempt {
            case .finished(let finished): outcome = finished
            case .underWay(let flight): outcome = await flight.outcome()
            }
            if case .failure(let error) = outcome { failures.append((offset, error)) }
        }
        // Once for the whole preload: a file added since the listing was made is seen by a later load.
        if failures.contains(where: { $0.1.code == .fileNotFound }) { files.forgetListing() }
        failures.sort { $0.0 < $1.0 }
        guard var first = failures.first?.1 else { return }
        first.additionalErrors = failures.dropFirst().map(\.1)
        throw first
    }

    /// Loads every container that has a file on the device's lookup chain (a device file or a base file), off the
    /// calling thread and the caller's actor (it lists and reads the files).
    ///
    /// A source with no constraint file at all is an error, not an empty success: at start-up it almost always
    /// means the files were not copied into the app, or the source names the wrong folder. So is a source whose
    /// `.json` files are all something else (a `settings.json`, SwiftPM's `description.json`): the error names
    /// each file and says why it is not a constraint file.
    ///
    /// - Throws: ``ConstraintError`` — `.folderNotFound` when the source's folder does not exist, `.emptyFolder`
    ///   when the source holds no `.json` file or none that is a constraint file, `.unreadableFile` when it cannot
    ///   list its files, or what ``preload(containers:)`` throws.
    @concurrent
    public func preloadAll() async throws(ConstraintError) {
        let names = try fileNames().filter(ConstraintFileName.hasSuffix)
        let source = self.source
        guard !names.isEmpty else {
            throw ConstraintError(
                code: .emptyFolder,
                message:
                    "no constraint files to preload: \(Self.name(of: source)) holds no .json files; check that the "
                    + "files are copied into the app and that the source names their folder")
        }
        let roles = roles(of: names, in: source)
        guard roles.values.contains(where: { if case .file = $0 { true } else { false } }) else {
            let limit = parser.limits.maximumFileSize
            throw NoConstraintFiles.error(
                source: Self.name(of: source), roles: roles,
                contents: { (try? source.data(forFile: $0, maximumSize: limit)) ?? nil },
                maximumDepth: parser.limits.maximumDepth)
        }
        try await preload(containers: availableContainers(of: roles))
    }

    /// The source as messages name it: `the folder /path/Constraints`, or `the constraint source`.
    static func name(of source: any ConstraintSource) -> String {
        (source as? any CustomStringConvertible)?.description ?? "the constraint source"
    }

    /// Loads `containers` in the background and calls `completion` when all are done.
    ///
    /// ```swift
    /// interpreter.preload(containers: ["Calendar"], queue: .main) { result in
    ///     if case .failure(let error) = result { print(error) }
    ///     self.view.setNeedsLayout()
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - containers: the containers to load.
    ///   - queue: where `completion` runs; `nil` runs it on the thread that finished the work.
    ///   - completion: receives success, or the error ``preload(containers:)`` would throw.
    public func preload(
        containers: [String], queue: DispatchQueue? = nil,
        completion: @escaping @Sendable (Result<Void, ConstraintError>) -> Void
    ) {
        Task.detached {
            let result: Result<Void, ConstraintError>
            do throws(ConstraintError) {
                try await self.preload(containers: containers)
                result = .success(())
            } catch {
                result = .failure(error)
            }
            if let queue { queue.async { completion(result) } } else { completion(result) }
        }
    }

    /// The containers that have a file on the device's lookup chain, sorted.
    ///
    /// - Throws: ``ConstraintError`` `.folderNotFound` when the source's folder does not exist, `.unreadableFile`
    ///   when the source cannot list its files.
    public func availableContainers() throws(ConstraintError) -> [String] {
        let names = try fileNames()
        return availableContainers(of: roles(of: names, in: source))
    }

    /// The source's file names.
    ///
    /// - Throws: ``ConstraintError`` `.folderNotFound` when the source's folder does not exist, `.unreadableFile`
    ///   when it cannot list its files.
    private func fileNames() throws(ConstraintError) -> [String] {
        do {
            return try source.fileNames()
        } catch let error as ConstraintSourceError where error.code == .folderNotFound {
            throw ConstraintError(code: .folderNotFound, message: error.message)
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not list the constraint files: \(error)")
        }
    }

    /// What each of the files `names` of `source` is, by the rule every tool follows (``ConstraintFileName/roles(of:knownDevices:topLevelKey:)``):
    /// files that are not constraint files (a description.json among the resources) and files for devices the
    /// catalog lacks are told apart from the constraint files.
    private func roles(of names: [String], in source: any ConstraintSource) -> [String: ConstraintFileName.Role] {
        let known = Set(catalog.profiles.map(\.name) + lookupChain)
        let limit = parser.limits.maximumFileSize
        return ConstraintFileName.roles(of: names, knownDevices: known) { [source] name in
            (try? source.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileParser.topLevelKey(of:))
        }
    }

    /// The containers among the files of `roles` that have a file on the device's lookup chain, sorted: what the
    /// app will read, so that preloadAll() does not fail on what it never will.
    private func availableContainers(of roles: [String: ConstraintFileName.Role]) -> [String] {
        let chain = Set(lookupChain)
        var containers: Set<String> = []
        for case .file(let file) in roles.values where file.device.map(chain.contains) ?? true {
            containers.insert(file.container)
        }
        return containers.sorted()
    }

    // MARK: - Invalidating

    /// Forgets `container`, so the next lookup reads its files again (after a download, say), here and in every
    /// interpreter sharing files with this one. A load of it under way when this is called does not publish its
    /// result.
    public func invalidate(container: String) {
        files.invalidate(container)
    }

    /// Forgets every container, including every parsed file, here and in every interpreter sharing files with this
    /// one. Loads under way do not publish.
    public func invalidateAll() {
        files.invalidateAll()
    }

    func unknownView(
        _ viewId: String, in container: String, _ loaded: ViewTable? = nil
    ) -> ConstraintError {
        let loaded = loaded ?? cache.viewIds(of: container)
        var message = "no view \"\(viewId)\" in container \"\(container)\""
        if let loaded {
            message += " (read from \(loaded.files.joined(separator: ", ")))"
            let viewIds = loaded.viewIds
            if let suggestion = EditDistance.closest(to: viewId, among: viewIds, maximum: 3) {
                message += "; did you mean \"\(suggestion)\"?"
            } else if !viewIds.isEmpty {
                message += "; it has \(viewIds.prefix(5).map { "\"\($0)\"" }.joined(separator: ", "))"
                message += viewIds.count > 5 ? " and \(viewIds.count - 5) more" : ""
            }
        }
        return ConstraintError(code: .unknownView, message: message, keyPath: "\(container).\(viewId)")
    }
}
