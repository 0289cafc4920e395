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
        if let loaded = cache.table(of: container) ?? adoptPending(container) { return .loaded(loaded) }
        let snapshot = cache.snapshot
        let key = FlightKey(
            container: container, snapshot: snapshot.id, generation: stages.generation(of: container))
        return flights.withLock { flights in
            if let loaded = cache.table(of: container) { return .loaded(loaded) }
            if let flight = flights[key] { return .follow(flight) }
            let flight = LoadFlight()
            flights[key] = flight
            return .lead(flight, key, snapshot)
        }
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

    /// Loads `container` in the calling task, or suspends until the load already under way ends.
    func loadAsync(_ container: String) async -> LoadFlight.Outcome {
        switch claim(container) {
        case .loaded(let loaded): return .success(loaded)
        case .follow(let flight): return await flight.outcome()
        case .lead(let flight, let key, let snapshot): return lead(flight, key, snapshot)
        }
    }

    private func lead(_ flight: LoadFlight, _ key: FlightKey, _ snapshot: EnvironmentSnapshot) -> LoadFlight.Outcome {
        var warnings: [ConstraintDiagnostic] = []
        let outcome = Result { () throws(ConstraintError) -> ViewTable in
            let prepared = try prepare(key.container, for: snapshot, generation: key.generation)
            warnings = prepared.warnings
            let table = prepared.merged.resolved(for: snapshot.environment, device: snapshot.device, catalog: catalog)
            let published = cache.publish(key.container, table, merged: prepared.merged, for: snapshot) {
                stages.generation(of: key.container) == key.generation
            }
            if published { publications.post(.containers([key.container])) }
            return table
        }
        flights.withLock { $0[key] = nil }
        flight.finish(outcome)
        // After the load is published and outside every lock, so that a handler may look records up.
        deliver(warnings)
        return outcome
    }

    /// What a container's files merge to along `snapshot`'s chain, from the stages, reading and parsing what they
    /// lack.
    ///
    /// - Returns: the merged container and the warnings of the files this call parsed.
    func prepare(
        _ container: String, for snapshot: EnvironmentSnapshot, generation: UInt64
    ) throws(ConstraintError) -> (merged: MergedContainer, warnings: [ConstraintDiagnostic]) {
        guard let prepared = try prepareIfPossible(container, for: snapshot, generation: generation, readingFiles: true)
        else { throw ContainerFiles.noFile(of: container, on: snapshot.device.name, lookedFor: [], in: source) }
        return prepared
    }

    /// ``prepare(_:for:generation:)``, or nil when `readingFiles` is false and a file would have to be read.
    func prepareIfPossible(
        _ container: String, for snapshot: EnvironmentSnapshot, generation: UInt64, readingFiles: Bool
    ) throws(ConstraintError) -> (merged: MergedContainer, warnings: [ConstraintDiagnostic])? {
        // Names are built from it below: a name that reaches outside the folder never gets that far.
        if let error = ConstraintFileName.validateContainer(container) { throw error }
        // One source for the whole load, even if the interpreter's source is replaced or its files change meanwhile;
        // pinned before the stages are asked, so that what they hold is used only if it is of the same revision.
        let (source, revision) = files.sourceForLoad()
        let listing = self.files.listing(of: source, revision: revision)
        // The files to ask for: the merge is stored under their names, so a window of another orientation or width
        // that reads the same files finds it.
        let candidates = ContainerFiles.candidates(
            of: container, parts: try snapshot.parts.get(), window: snapshot.environment, listing: listing,
            onlyThoseToRead: true)
        let names = candidates.map(\.fileName)
        let stored: ConstraintStages.StoredFiles
        switch stages.lookup(container, along: names, generation: generation, revision: revision) {
        case .merged(let merged): return (merged, [])
        case .files(let files): stored = files
        }
        var files: [(file: ParsedFile, device: DeviceName?)] = []
        var read: [(name: String, file: ConstraintStages.File)] = []
        var warnings: [ConstraintDiagnostic] = []
        let compiledSource = source as? CompiledTableSource
        // A load that fails stores nothing (it throws before `store`): the next one reads every file again, so a
        // file that appears or is mended meanwhile (a download, a fix) is seen without an invalidation.
        for candidate in candidates {
            let fileName = candidate.fileName
            var file = stored.file(fileName)
            if file == nil {
                guard readingFiles else { return nil }
                if let compiled = compiledSource?.parsedFile(named: fileName, container: container) {
                    file = .parsed(compiled)
                } else if compiledSource?.lacks(fileName) != true,
                    let data = try ContainerFiles.read(fileName, from: source, limits: parser.limits)
                {
                    let parsed = try parser.parsedFile(
                        data, fileName: fileName, container: container, collectingWarnings: diagnostics != nil)
                    warnings += parsed.warnings
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
            // A file added since the source was listed is seen by the next load.
            self.files.forgetListing()
            var error = ContainerFiles.noFile(of: container, on: snapshot.device.name, lookedFor: names, in: source)
            // The likeliest cause at the desk: a file named in the wrong case, found by a Mac's simulator only.
            for name in names {
                for mismatch in self.files.caseMismatches(of: name, in: container) {
                    error.message += "; \(mismatch.message)"
                }
            }
            throw error
        }
        let merged = MergedContainer(files: files)
        stages.store(read, merged: merged, of: container, along: names, generation: generation, revision: revision)
        return (merged, warnings)
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

    /// Runs `work` on every item, one worker per processor, each taking the next item until none is left (a task
    /// per item would cost more to schedule than a small container costs to load).
    static func concurrently<Item: Sendable, Result: Sendable>(
        _ items: [Item], _ work: @escaping @Sendable (Item) async -> Result
    ) async -> [Result] {
        let next = ConditionLocked(0)
        let workers = min(items.count, ProcessInfo.processInfo.activeProcessorCount)
        return await withTaskGroup(of: [Result].self) { group in
            for _ in 0..<workers {
                group.addTask {
                    var results: [Result] = []
                    while true {
                        let taken = next.withLock { position in
                            defer { position += 1 }
                            return position
                        }
                        guard taken < items.count else { return results }
                        results.append(await work(items[taken]))
                    }
                }
            }
            var results: [Result] = []
            for await some in group { results += some }
            return results
        }
    }
}
