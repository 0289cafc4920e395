import Foundation

extension ConstraintInterpreter {
    /// One load: a container, for one environment, in one generation of the container.
    struct FlightKey: Hashable {
        let container: String
        let snapshot: UInt64
        let generation: UInt64
    }

    enum Claim {
        case loaded(ViewTable)
        case follow(LoadFlight)
        case lead(LoadFlight, FlightKey, EnvironmentSnapshot)
    }

    /// Joins the flight of `container` for the current environment, starting it when there is none.
    func claim(_ container: String) -> Claim {
        claim([container])[0]
    }

    /// Joins the flight of each of `containers` for the current environment, starting those that have none: the
    /// stages are asked for every generation in one lock and the flights are changed in one lock, so that a
    /// preload's workers, which claim a few containers at a time, take the locks they share once per batch.
    ///
    /// - Returns: a claim for each container, in order.
    func claim(_ containers: [String]) -> [Claim] {
        var claims: [Claim?] = containers.map { container in
            (cache.table(of: container) ?? adoptPending(container)).map(Claim.loaded)
        }
        let open = claims.indices.filter { claims[$0] == nil }
        if !open.isEmpty {
            let snapshot = cache.snapshot
            let generations = stages.generations(of: open.map { containers[$0] })
            flights.withLock { flights in
                for (position, k) in open.enumerated() {
                    let container = containers[k]
                    if let loaded = cache.table(of: container) {
                        claims[k] = .loaded(loaded)
                        continue
                    }
                    let key = FlightKey(container: container, snapshot: snapshot.id, generation: generations[position])
                    if let flight = flights[key] {
                        claims[k] = .follow(flight)
                        continue
                    }
                    let flight = LoadFlight()
                    flights[key] = flight
                    claims[k] = .lead(flight, key, snapshot)
                }
            }
        }
        assert(!claims.contains { $0 == nil }, "every position was given a claim above")
        return claims.compactMap { $0 }
    }

    /// Loads `container` on the calling thread, or waits for the load already under way.
    func load(_ container: String) -> LoadFlight.Outcome {
        if let error = ConstraintFileName.validateContainer(container) { return .failure(error) }
        switch claim(container) {
        case .loaded(let loaded): return .success(loaded)
        case .follow(let flight):
            // A source that looks records up while it is read would wait for itself.
            guard !flight.isLedByCurrentThread else { return .failure(reentrantLoad(of: container)) }
            return flight.wait()
        case .lead(let flight, let key, let snapshot): return lead(flight, key, snapshot)
        }
    }

    /// What ``loadUnlessUnderWay(_:)`` did with a container: the load's outcome, or the flight of a load already
    /// under way.
    enum Attempt: Sendable {
        case finished(LoadFlight.Outcome)
        case underWay(LoadFlight)
    }

    /// Loads `containers` on the calling thread, one after another, and publishes them together in one write of
    /// the cache (a preload's worker takes a few containers at a time); a container whose load is under way
    /// elsewhere is not waited for: its flight is returned, for the caller to await (a preload's worker must not
    /// block on another thread's load). Until the write, a lookup of a container loaded here follows its flight.
    ///
    /// - Parameter forgettingListingOnMiss: see ``prepare(_:for:readingFiles:forgettingListingOnMiss:)``.
    func loadUnlessUnderWay(_ containers: [String], forgettingListingOnMiss: Bool = true) -> [Attempt] {
        enum Step {
            case done(Attempt)
            case loaded(Int)
        }
        var steps: [Step] = []
        var leads: [(flight: LoadFlight, key: FlightKey, snapshot: EnvironmentSnapshot)] = []
        for claim in claim(containers) {
            switch claim {
            case .loaded(let loaded): steps.append(.done(.finished(.success(loaded))))
            case .follow(let flight): steps.append(.done(.underWay(flight)))
            case .lead(let flight, let key, let snapshot):
                steps.append(.loaded(leads.count))
                leads.append((flight, key, snapshot))
            }
        }
        let loads = load(leads, forgettingListingOnMiss: forgettingListingOnMiss)
        finish(loads)
        return steps.map { step in
            switch step {
            case .done(let attempt): attempt
            case .loaded(let position): .finished(loads[position].outcome)
            }
        }
    }

    private func lead(_ flight: LoadFlight, _ key: FlightKey, _ snapshot: EnvironmentSnapshot) -> LoadFlight.Outcome {
        let loads = load([(flight, key, snapshot)])
        finish(loads)
        return loads[0].outcome
    }

    /// A load done and not yet published: ``finish(_:)`` publishes it and ends its flight. A class, so that the
    /// batches pass one reference around, not its fields.
    final class UnpublishedLoad {
        let flight: LoadFlight
        let key: FlightKey
        let snapshot: EnvironmentSnapshot
        let outcome: LoadFlight.Outcome
        /// What the table was resolved from; nil when the load failed.
        let merged: MergedContainer?
        let warnings: [ConstraintDiagnostic]

        init(
            flight: LoadFlight, key: FlightKey, snapshot: EnvironmentSnapshot, outcome: LoadFlight.Outcome,
            merged: MergedContainer?, warnings: [ConstraintDiagnostic]
        ) {
            self.flight = flight
            self.key = key
            self.snapshot = snapshot
            self.outcome = outcome
            self.merged = merged
            self.warnings = warnings
        }
    }

    /// Reads, merges and resolves the containers of the flights `leads` lead, publishing nothing: from one source,
    /// as if the loads had all begun now, and asking the stages once for them all (``prepare(_:for:readingFiles:)``).
    /// The leads of one claim share its snapshot.
    private func load(
        _ leads: [(flight: LoadFlight, key: FlightKey, snapshot: EnvironmentSnapshot)],
        forgettingListingOnMiss: Bool = true
    ) -> [UnpublishedLoad] {
        guard let snapshot = leads.first?.snapshot else { return [] }
        assert(leads.allSatisfy { $0.snapshot === snapshot }, "the leads of one claim share its snapshot")
        let prepared = prepare(
            leads.map { ($0.key.container, $0.key.generation) }, for: snapshot, readingFiles: true,
            forgettingListingOnMiss: forgettingListingOnMiss)
        return zip(leads, prepared).map { lead, prepared in
            let prepared = read(prepared, of: lead.key.container, for: snapshot)
            let outcome = prepared.map {
                $0.merged.resolved(for: snapshot.environment, device: snapshot.device, catalog: catalog)
            }
            let merged = try? prepared.get()
            return UnpublishedLoad(
                flight: lead.flight, key: lead.key, snapshot: snapshot, outcome: outcome, merged: merged?.merged,
                warnings: merged?.warnings ?? [])
        }
    }

    /// Whether a container's preparation failed for want of any file.
    static func foundNoFile(_ result: Result<Prepared?, ConstraintError>) -> Bool {
        if case .failure(let error) = result { error.code == .fileNotFound } else { false }
    }

    /// What ``prepare(_:for:readingFiles:)`` gave `container` when it read files: merged, or why not (reading
    /// files, a container either merges or fails; nil would mean it found no file to read).
    func read(
        _ prepared: Result<Prepared?, ConstraintError>, of container: String, for snapshot: EnvironmentSnapshot
    ) -> Result<Prepared, ConstraintError> {
        switch prepared {
        case .success(let prepared?): .success(prepared)
        case .success(nil):
            .failure(ContainerFiles.noFile(of: container, on: snapshot.device.name, lookedFor: [], in: source))
        case .failure(let error): .failure(error)
        }
    }

    /// Publishes the loads that succeeded, in one write, each if no invalidation came since it began; then ends
    /// every flight (its followers get its outcome) and delivers the warnings.
    private func finish(_ loads: [UnpublishedLoad]) {
        guard !loads.isEmpty else { return }
        var published: [ConstraintCache.LoadedContainer] = []
        var generations: [UInt64] = []
        for load in loads {
            guard case .success(let table) = load.outcome, let merged = load.merged else { continue }
            published.append(.init(name: load.key.container, table: table, merged: merged, snapshot: load.snapshot))
            generations.append(load.key.generation)
        }
        if !published.isEmpty {
            // Asked under the cache's write lock, all at its first question: one lock of the stages for the batch.
            var current: [UInt64] = []
            let done = cache.publish(published) { i in
                if current.isEmpty { current = stages.generations(of: published.map(\.name)) }
                return current[i] == generations[i]
            }
            let names = zip(published, done).compactMap { load, done in done ? load.name : nil }
            if !names.isEmpty { publications.post(.containers(names)) }
        }
        flights.withLock { flights in
            for load in loads { flights[load.key] = nil }
        }
        for load in loads { load.flight.finish(load.outcome) }
        // After the loads are published and outside every lock, so that a handler may look records up.
        for load in loads { deliver(load.warnings) }
    }

    /// The source a load reads, pinned for the whole load (or a batch of loads), with its revision and its listing.
    private struct PinnedSource {
        let source: any ConstraintSource
        /// The source, when it is a compiled table (cast once for the batch, not once per file).
        let compiled: CompiledTableSource?
        let revision: UInt64?
        let listing: FileListing?
    }

    /// The source to read now: one source for the whole load, even if the interpreter's source is replaced or its
    /// files change meanwhile; pinned before the stages are asked, so that what they hold is used only if it is of
    /// the same revision.
    private func pinnedSource() -> PinnedSource {
        let (source, revision) = files.sourceForLoad()
        return PinnedSource(
            source: source, compiled: source as? CompiledTableSource, revision: revision,
            listing: files.listing(of: source, revision: revision))
    }

    /// What a container's files merge to along `snapshot`'s chain, from the stages, reading and parsing what they
    /// lack.
    ///
    /// - Returns: the merged container and the warnings of the files this call parsed.
    func prepare(
        _ container: String, for snapshot: EnvironmentSnapshot, generation: UInt64
    ) throws(ConstraintError) -> Prepared {
        try read(prepare([(container, generation)], for: snapshot, readingFiles: true)[0], of: container, for: snapshot)
            .get()
    }

    /// ``prepare(_:for:generation:)``, or nil when `readingFiles` is false and a file would have to be read.
    func prepareIfPossible(
        _ container: String, for snapshot: EnvironmentSnapshot, generation: UInt64, readingFiles: Bool
    ) throws(ConstraintError) -> Prepared? {
        try prepare([(container, generation)], for: snapshot, readingFiles: readingFiles)[0].get()
    }

    /// A container's files merged, and the warnings of the files parsed on the way.
    typealias Prepared = (merged: MergedContainer, warnings: [ConstraintDiagnostic])

    /// What each container's files merge to along `snapshot`'s chain in the generation given with it, from the
    /// stages, reading and parsing what they lack; nil for a container when `readingFiles` is false and a file would
    /// have to be read. One source for the whole batch, as if its loads had all begun now; the stages are asked in
    /// one lock and told what was read in one lock: a preload's worker prepares a few containers at a time.
    ///
    /// - Returns: for each container, in order, what it merges to or why it cannot be loaded.
    ///
    /// - Parameter forgettingListingOnMiss: whether a container that has no file makes the source be listed again at
    ///   the next load, so that a file added since the listing was made is seen (a preload, or a switch of class,
    ///   asks once when it ends instead: for each batch of missing containers, it made the whole source be listed
    ///   again, quadratic in a preload of thousands).
    func prepare(
        _ batch: [(container: String, generation: UInt64)], for snapshot: EnvironmentSnapshot, readingFiles: Bool,
        forgettingListingOnMiss: Bool = true
    ) -> [Result<Prepared?, ConstraintError>] {
        let pinned = pinnedSource()
        // Taken out of the snapshot once for the batch: the snapshot is shared by every worker, and each copy of its
        // parts would count a reference to its arrays from two cores.
        let parts = snapshot.parts
        let window = snapshot.environment
        var results = [Result<Prepared?, ConstraintError>?](repeating: nil, count: batch.count)
        var loads: [ConstraintStages.Load] = []
        var candidates: [[ContainerFiles.Candidate]] = []
        var positions: [Int] = []
        for (k, item) in batch.enumerated() {
            // Names are built from it below: a name that reaches outside the folder never gets that far.
            if let error = ConstraintFileName.validateContainer(item.container) {
                results[k] = .failure(error)
                continue
            }
            let chain: ContainerFiles.ChainParts
            switch parts {
            case .success(let parts): chain = parts
            case .failure(let error):
                results[k] = .failure(error)
                continue
            }
            // The files to ask for: the merge is stored under their names, so a window of another orientation or
            // width that reads the same files finds it.
            let files = ContainerFiles.candidates(
                of: item.container, parts: chain, window: window, listing: pinned.listing, onlyThoseToRead: true)
            loads.append(.init(container: item.container, chain: files.map(\.fileName), generation: item.generation))
            candidates.append(files)
            positions.append(k)
        }
        var outcomes: [ConstraintStages.Outcome] = []
        for (position, lookup) in stages.lookup(loads, revision: pinned.revision).enumerated() {
            let load = loads[position]
            switch lookup {
            case .merged(let merged):
                results[positions[position]] = .success((merged, []))
            case .files(let stored):
                results[positions[position]] = Result { () throws(ConstraintError) -> Prepared? in
                    guard
                        let (outcome, warnings) = try merge(
                            load, candidates[position], stored: stored, for: snapshot, from: pinned,
                            readingFiles: readingFiles)
                    else { return nil }
                    outcomes.append(outcome)
                    return (outcome.merged, warnings)
                }
            }
        }
        stages.store(outcomes, revision: pinned.revision)
        assert(!results.contains { $0 == nil }, "every position was given a result above")
        let prepared = results.compactMap { $0 }
        if forgettingListingOnMiss, prepared.contains(where: Self.foundNoFile) { files.forgetListing() }
        return prepared
    }

    /// The files of `load`, `candidates`, merged: those `stored` lacks are read from `source` and parsed; nil when
    /// `readingFiles` is false and one would have to be read.
    ///
    /// - Returns: the merge with the files read (to store), and the warnings of the files parsed.
    private func merge(
        _ load: ConstraintStages.Load, _ candidates: [ContainerFiles.Candidate], stored: ConstraintStages.StoredFiles,
        for snapshot: EnvironmentSnapshot, from pinned: borrowing PinnedSource, readingFiles: Bool
    ) throws(ConstraintError) -> (outcome: ConstraintStages.Outcome, warnings: [ConstraintDiagnostic])? {
        let container = load.container
        let compiledSource = pinned.compiled
        // Room for every candidate at once: appending to an empty array allocates, and growing it again copies.
        var files: [(file: ParsedFile, device: DeviceName?)] = []
        files.reserveCapacity(candidates.count)
        var read: [(name: String, file: ConstraintStages.File)] = []
        read.reserveCapacity(candidates.count)
        var warnings: [ConstraintDiagnostic] = []
        // A load that fails stores nothing (it throws before its outcome is stored): the next one reads every file
        // again, so a file that appears or is mended meanwhile (a download, a fix) is seen without an invalidation.
        for candidate in candidates {
            let fileName = candidate.fileName
            var file = stored.file(fileName)
            if file == nil {
                guard readingFiles else { return nil }
                if let compiled = compiledSource?.parsedFile(named: fileName, container: container) {
                    file = .parsed(compiled)
                } else if compiledSource?.lacks(fileName) != true,
                    let data = try ContainerFiles.read(fileName, from: pinned.source, limits: parser.limits)
                {
                    let parsed = try parser.parsedFile(
                        data, fileName: fileName, container: container, collectingWarnings: diagnostics != nil)
                    // (Appending nothing to an empty array would still allocate one.)
                    if !parsed.warnings.isEmpty { warnings += parsed.warnings }
                    file = .parsed(parsed)
                } else {
                    file = .absent
                    if diagnostics != nil { warnings += self.files.caseMismatches(of: fileName, in: container) }
                }
                if let file { read.append((fileName, file)) }
            }
            if case .parsed(let parsed)? = file { files.append((parsed, candidate.deviceClass)) }
        }
        guard !files.isEmpty else {
            // (The caller forgets the listing, so that a file added since it was made is seen by a later load.)
            var error = ContainerFiles.noFile(
                of: container, on: snapshot.device.name, lookedFor: load.chain, in: pinned.source)
            // The likeliest cause at the desk: a file named in the wrong case, found by a Mac's simulator only.
            for name in load.chain {
                for mismatch in self.files.caseMismatches(of: name, in: container) {
                    error.message += "; \(mismatch.message)"
                }
            }
            throw error
        }
        return (ConstraintStages.Outcome(load: load, files: read, merged: MergedContainer(files: files)), warnings)
    }

    func deliver(_ warnings: [ConstraintDiagnostic]) {
        guard let diagnostics else { return }
        for warning in warnings { diagnostics(warning) }
    }

    private func reentrantLoad(of container: String) -> ConstraintError {
        ConstraintError(
            code: .reentrantLoad,
            message:
                "container \"\(container)\" was looked up while its own files were being read (by the constraint source, on the same thread); a source must not look records up"
        )
    }

    /// Runs `work` on every item, one worker per processor, each taking the next items until none is left, and
    /// returns every result once the last worker is done, in no particular order.
    ///
    /// A worker takes up to `largest` items at a time (a task per item would cost more to schedule than a small
    /// container costs to load, and a preload publishes each batch in one write), fewer as the items run out, so
    /// that the workers end together. One worker is the calling task itself, which starts at once; the others run
    /// on Dispatch threads, each from a serial queue of its own (Dispatch adds a thread for such a queue at once
    /// when all of its threads are busy), at the calling task's priority, and not as tasks of the cooperative pool:
    /// a load reads files, which blocks, and the pool has one thread per core and adds none when one blocks, so a
    /// pool the app keeps busy — or one of its threads waiting on a semaphore — would leave the work fewer cores. When
    /// they have not finished by the calling task's last batch, the task is suspended until they have, not blocked;
    /// a helper Dispatch has not started by then is not waited for (it takes nothing when it does start).
    /// `@concurrent`: never on the caller's actor (the main thread, when a view controller awaits a preload).
    @concurrent
    static func concurrently<Item: Sendable, Result: Sendable>(
        _ items: [Item], inBatchesOfAtMost largest: Int = 1,
        _ work: @escaping @Sendable (ArraySlice<Item>) -> [Result]
    ) async -> [Result] {
        let workers = max(1, min(items.count, processors))
        let helpers = workers - 1
        let next = ConditionLocked(0)
        let others = ConditionLocked(HelperResults<Result>())
        @Sendable func takeUntilNoneIsLeft() -> [Result] {
            var results: [Result] = []
            while true {
                let batch = next.withLock { position -> Range<Int> in
                    let left = items.count - position
                    let size = min(left, max(1, min(largest, left / (4 * workers))))
                    defer { position += size }
                    return position..<position + size
                }
                guard !batch.isEmpty else { return results }
                results += work(items[batch])
            }
        }
        if helpers > 0 {
            let qos = DispatchQoS(qosClass: dispatchQoS(for: Task.currentPriority), relativePriority: 0)
            for _ in 0..<helpers {
                // A serial queue of its own, not a global queue: Dispatch runs a serial queue's work on an
                // "overcommit" thread, which it adds at once when every thread it has is busy. On Linux a global
                // queue shares its threads with the cooperative pool and waits most of a second for one while they
                // are busy (an app's tasks; the benchmark harness waits on a semaphore on one): there a quarter to
                // all of a benchmark run's preloads were the calling task alone, 2.8-3.2 ms where the rest took 1.8.
                DispatchQueue(label: "DeviceConstraints.preload", qos: qos).async {
                    // A helper that starts once the calling task has taken the last batch has nothing to do and
                    // is not waited for: the task never waits for a thread Dispatch has not given yet.
                    guard others.withLock({ $0.start() }) else { return }
                    let results = takeUntilNoneIsLeft()
                    if let (waiting, all) = others.withLock({ $0.finish(with: results) }) {
                        waiting.resume(returning: all)
                    }
                }
            }
        }
        let mine = takeUntilNoneIsLeft()
        let theirs = await withCheckedContinuation { continuation in
            if let all = others.withLock({ $0.close(waiting: continuation) }) { continuation.resume(returning: all) }
        }
        return mine + theirs
    }

    /// The processors the system has active, read once: each read costs a few microseconds on Linux (it reads the
    /// control group's CPU quota).
    private static let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// The Dispatch class of service that matches a task's priority.
    static func dispatchQoS(for priority: TaskPriority) -> DispatchQoS.QoSClass {
        if priority >= .high { return .userInitiated }
        if priority >= .medium { return .default }
        if priority >= .low { return .utility }
        return .background
    }
}

/// What the Dispatch workers of ``ConstraintInterpreter/concurrently(_:inBatchesOfAtMost:_:)`` have done: how many
/// have started and finished, their results, and the calling task when it waits for them.
private struct HelperResults<Result> {
    private var started = 0
    private var finished = 0
    private var results: [Result] = []
    /// Set once the calling task has no item left to take: no helper starts after that.
    private var closed = false
    private var waiting: CheckedContinuation<[Result], Never>?

    /// Whether a helper may start: not once the calling task has closed.
    mutating func start() -> Bool {
        guard !closed else { return false }
        started += 1
        return true
    }

    /// Adds a helper's results; the calling task and every result when it waits for this last one.
    mutating func finish(with more: [Result]) -> (CheckedContinuation<[Result], Never>, [Result])? {
        results += more
        finished += 1
        guard closed, finished == started, let waiting else { return nil }
        self.waiting = nil
        return (waiting, results)
    }

    /// Closes to new helpers; every result when no started helper is still running, else nil, and `waiting` is
    /// resumed by the last to finish.
    mutating func close(waiting continuation: CheckedContinuation<[Result], Never>) -> [Result]? {
        closed = true
        guard finished < started else { return results }
        waiting = continuation
        return nil
    }
}
