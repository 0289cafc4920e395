public import Dispatch
import Foundation

/// Looks up the layout numbers of views on one device, from per-device JSON constraint files.
///
/// Preload at start-up, off the main thread; then look records up synchronously during layout:
///
/// ```swift
/// let device = DeviceCatalog.standard.resolve(width: 390, height: 844)   // the window's size in points
/// let interpreter = ConstraintInterpreter(source: BundleSource(.main), device: device)
/// try await interpreter.preload(containers: ["BMTReportCalendarDayButton"])
///
/// // During layout, on the main thread:
/// let selected = try interpreter.record(viewId: "bmt_reportCalendarDayButtonId_Selected",
///                                       in: BMTReportCalendarDayButton.self)
/// ```
///
/// For container `C` on a device whose lookup chain is `[d0, d1, …]`, the interpreter reads `C_d0.json`,
/// `C_d1.json`, … and the base file `C.json`, whichever exist, and merges each record attribute by
/// attribute: the first file that sets an attribute wins.
///
/// ## Threading
/// Every method may be called from any thread. A hit takes one read lock (`pthread_rwlock`), never a
/// queue. A container is loaded once: its files are read and parsed outside any lock and published whole,
/// so a reader sees all of a container's records or none; callers asking for a container that is being
/// loaded wait for that load instead of parsing again. A load that fails caches nothing and leaves every
/// other container as it was; the next call tries again.
public final class ConstraintInterpreter: Sendable {
    /// The device whose records this interpreter looks up.
    public let device: DeviceProfile
    /// The catalog the device's fallbacks are resolved in.
    public let catalog: DeviceCatalog
    /// The devices whose files are read, most specific first: ``device`` and its fallbacks.
    public let lookupChain: [DeviceName]
    /// Where the files come from.
    public let source: any ConstraintSource
    /// The parser, with the limits it enforces.
    public let parser: ConstraintFileParser

    private let diagnostics: ConstraintDiagnosticHandler?
    private let cache = ConstraintCache()
    private let flights = ConditionLocked<[String: LoadFlight]>([:])

    /// Creates an interpreter. It reads nothing until a container is asked for or preloaded.
    ///
    /// - Parameters:
    ///   - source: where the constraint files are.
    ///   - device: the device to look records up for, usually from ``DeviceCatalog/resolve(width:height:idiom:)``.
    ///   - catalog: the catalog that names the device's fallbacks.
    ///   - limits: the largest file and deepest nesting accepted.
    ///   - diagnostics: receives warnings (misspelt attributes, duplicate keys) while files are parsed, on
    ///     the parsing thread.
    public init(
        source: any ConstraintSource, device: DeviceProfile, catalog: DeviceCatalog = .standard,
        limits: ConstraintFileParser.Limits = .default, diagnostics: ConstraintDiagnosticHandler? = nil
    ) {
        self.source = source
        self.device = device
        self.catalog = catalog
        self.lookupChain = catalog.lookupChain(for: device)
        self.parser = ConstraintFileParser(limits: limits)
        self.diagnostics = diagnostics
    }

    // MARK: - Looking records up

    /// The record of `viewId` in `container`, merged along the device's lookup chain.
    ///
    /// A hit costs one read lock and two small hash lookups (the container, then the view). On a miss
    /// the container's files are read and parsed on the calling thread; preload containers at start-up to keep
    /// that off the main thread.
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
        switch cache.lookup(container: container, viewId: viewId) {
        case .hit(let record):
            return record
        case .unknownView:
            throw unknownView(viewId, in: container)
        case .notLoaded:
            // Answer from the load itself: the container may be invalidated again before a second lookup.
            let loaded = try load(container).get()
            guard let record = loaded.record(viewId) else { throw unknownView(viewId, in: container, loaded) }
            return record
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
        cache.record(container: container, viewId: viewId)
    }

    /// Every record of `container`, by view id, loading it if needed.
    public func records(container: String) throws(ConstraintError) -> [String: ConstraintRecord] {
        try load(container).get().dictionary
    }

    /// Whether `container` is loaded.
    public func isLoaded(container: String) -> Bool {
        cache.isLoaded(container)
    }

    /// The names of the loaded containers, sorted.
    public var loadedContainers: [String] {
        cache.loadedContainers
    }

    // MARK: - Preloading

    /// Loads `containers` concurrently, off the calling thread, so that later lookups are hits.
    ///
    /// Containers already loaded are skipped. Every container that can load is loaded, even when another
    /// fails.
    ///
    /// - Throws: ``ConstraintError`` — `.invalidName` before any file is read when a name is invalid;
    ///   otherwise the first failure in the order of `containers`, with any others in
    ///   ``ConstraintError/additionalErrors``.
    public func preload(containers: [String]) async throws(ConstraintError) {
        var seen: Set<String> = []
        let names = containers.filter { seen.insert($0).inserted }
        for name in names {
            if let error = ConstraintFileName.validateContainer(name) { throw error }
        }
        // One worker per processor, each taking the next container until none is left: a task per
        // container would cost more to schedule than a small container costs to load.
        let pending = names.enumerated().filter { !cache.isLoaded($0.element) }
        let next = ConditionLocked(0)
        let workers = min(pending.count, ProcessInfo.processInfo.activeProcessorCount)
        let failures = await withTaskGroup(of: [(Int, ConstraintError)].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var failures: [(Int, ConstraintError)] = []
                    while true {
                        let taken = next.withLock { position in
                            defer { position += 1 }
                            return position
                        }
                        guard taken < pending.count else { return failures }
                        let (index, name) = pending[taken]
                        if case .failure(let error) = await self.loadAsync(name) { failures.append((index, error)) }
                    }
                }
            }
            var failures: [(Int, ConstraintError)] = []
            for await some in group { failures += some }
            return failures.sorted { $0.0 < $1.0 }.map(\.1)
        }
        guard var first = failures.first else { return }
        first.additionalErrors = Array(failures.dropFirst())
        throw first
    }

    /// Loads every container that has a file on the device's lookup chain (a device file or a base file).
    ///
    /// - Throws: ``ConstraintError`` — `.unreadableFile` when the source cannot list its files, or what
    ///   ``preload(containers:)`` throws.
    public func preloadAll() async throws(ConstraintError) {
        try await preload(containers: availableContainers())
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
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the source cannot list its files.
    public func availableContainers() throws(ConstraintError) -> [String] {
        let names: [String]
        do {
            names = try source.fileNames()
        } catch {
            throw ConstraintError(
                code: .unreadableFile, message: "could not list the constraint files: \(error)")
        }
        // The rule every tool follows (ConstraintFileName.roles): files that are not constraint files (a
        // description.json among the resources) and files for devices the catalog lacks are left out, so
        // that preloadAll() loads what the app will read rather than failing on what it never will.
        let known = Set(catalog.profiles.map(\.name) + lookupChain)
        let chain = Set(lookupChain)
        let limit = parser.limits.maximumFileSize
        let roles = ConstraintFileName.roles(of: names, knownDevices: known) { [source] name in
            (try? source.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileName.topLevelKey(of:))
        }
        var containers: Set<String> = []
        for case .file(let file) in roles.values where file.device.map(chain.contains) ?? true {
            containers.insert(file.container)
        }
        return containers.sorted()
    }

    // MARK: - Invalidating

    /// Forgets `container`, so the next lookup reads its files again (after a download, say).
    public func invalidate(container: String) {
        cache.remove(container)
    }

    /// Forgets every container.
    public func invalidateAll() {
        cache.removeAll()
    }

    // MARK: - Loading

    private enum Claim {
        case loaded(ViewTable)
        case follow(LoadFlight)
        case lead(LoadFlight)
    }

    /// Joins the flight of `container`, starting it when there is none.
    private func claim(_ container: String) -> Claim {
        flights.withLock { flights in
            if let loaded = cache.table(of: container) { return .loaded(loaded) }
            if let flight = flights[container] { return .follow(flight) }
            let flight = LoadFlight()
            flights[container] = flight
            return .lead(flight)
        }
    }

    /// Loads `container` on the calling thread, or waits for the load already under way.
    private func load(_ container: String) -> LoadFlight.Outcome {
        if let error = ConstraintFileName.validateContainer(container) { return .failure(error) }
        switch claim(container) {
        case .loaded(let loaded): return .success(loaded)
        case .follow(let flight): return flight.wait()
        case .lead(let flight): return lead(flight, container)
        }
    }

    /// Loads `container` in the calling task, or suspends until the load already under way ends.
    private func loadAsync(_ container: String) async -> LoadFlight.Outcome {
        switch claim(container) {
        case .loaded(let loaded): return .success(loaded)
        case .follow(let flight): return await flight.outcome()
        case .lead(let flight): return lead(flight, container)
        }
    }

    private func lead(_ flight: LoadFlight, _ container: String) -> LoadFlight.Outcome {
        let outcome = Result { () throws(ConstraintError) in try readAndPublish(container) }
        flights.withLock { $0[container] = nil }
        flight.finish(outcome)
        return outcome
    }

    /// Reads and parses every file of `container` on the chain, outside any lock, then publishes the
    /// merged records in one write.
    private func readAndPublish(_ container: String) throws(ConstraintError) -> ViewTable {
        let merged = try parser.mergedFiles(
            of: container, on: device.name, along: lookupChain, from: source, diagnostics: diagnostics)
        cache.publish(container, merged)
        return merged
    }

    private func unknownView(
        _ viewId: String, in container: String, _ loaded: ViewTable? = nil
    ) -> ConstraintError {
        let loaded = loaded ?? cache.table(of: container)
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
