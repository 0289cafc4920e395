import Dispatch

extension ConstraintInterpreter {
    /// What a lookup answered in place (``recordInPlace(viewId:container:then:)``) does next, so that the
    /// container's later lookups cost less.
    enum InPlaceFollowUp {
        /// The container is not loaded: load it on a background queue (its later lookups are hits once it is
        /// published; until then they are read in place too).
        case load
        /// The container was preloaded from the table and this is its unread table, not indexed yet: read its view
        /// ids on a background queue (``indexInBackground(_:of:)``).
        case index(ViewTable)
        /// The container was preloaded from the table and this is its unread table, indexed: keep the record in it.
        case fill(ViewTable)
    }

    /// The record of `viewId` in `container`, read where it lies in a compiled table: each of the container's files
    /// along the chain gives the view's own record and values (nothing else of the file is decoded), merged and
    /// resolved as a load merges and resolves the whole container; then `followUp`.
    ///
    /// Nil, and the caller loads the container as before, unless the table alone can answer: the source is a
    /// ``CompiledTableSource`` none of whose files has changed since the table was compiled, the name is valid and
    /// not waiting for adoption from another window (``ConstraintInterpreter/init(sharingFilesWith:environment:)``),
    /// every file the load would read is in the table for this container (or in neither the table nor the JSON
    /// files), and one of them has the view (an unknown view gets its error, with suggestions, from the load).
    func recordInPlace(viewId: String, container: String, then followUp: InPlaceFollowUp = .load) -> ConstraintRecord? {
        guard let (compiled, snapshot, candidates) = inPlaceCandidates(of: container) else { return nil }
        var found:
            [(record: ConstraintRecord, adaptiveValues: [AdaptiveAttribute], candidate: ContainerFiles.Candidate)] =
                []
        for candidate in candidates {
            switch compiled.view(viewId, inFile: candidate.fileName, container: container) {
            case .found(let record, let adaptiveValues)?:
                found.append((record, adaptiveValues, candidate))
            case .absent?:
                continue
            case nil where compiled.lacks(candidate.fileName):
                // A class's own file or the base file that neither the table nor the JSON files have.
                continue
            case .undecided?, nil:
                // An id only the whole file can settle, or a file the load reads from the JSON (or its section was
                // refused just now): the load answers.
                return nil
            }
        }
        guard var record = found.first?.record else { return nil }
        if found.allSatisfy({ $0.adaptiveValues.isEmpty }) {
            // Plain values only: merged as a load merges them (each attribute from the first file that sets it), a
            // font size resolved as a load resolves it; no table is made.
            for later in found.dropFirst() { record.fillIn(from: later.record) }
            MergedContainer.resolveBodyFont(of: &record, for: snapshot.environment)
        } else {
            // A value that follows the window or the text size: merged and resolved by the code a load uses.
            let merged = MergedContainer(
                files: found.map {
                    (
                        Self.file($0.candidate.fileName, holding: viewId, $0.record, $0.adaptiveValues),
                        $0.candidate.deviceClass
                    )
                })
            record = merged.resolved(for: snapshot.environment, device: snapshot.device, catalog: catalog).record(at: 0)
        }
        switch followUp {
        case .load: loadInBackground(container)
        case .index(let table): indexInBackground(table, of: container)
        case .fill(let table): cache.fill(container, viewId: viewId, record: record, in: table, for: snapshot)
        }
        return record
    }

    /// Publishes each of `containers` the compiled table alone can give unread and not indexed
    /// (``ViewTable/unindexed()``): nothing of its files is read until its first lookup reads their view ids
    /// (``indexed(_:of:)``), and each view's record is read on its own first lookup
    /// (``recordInPlace(viewId:container:then:)``). What a preload does, and a switch to another class for the
    /// containers that were unread; those it cannot publish are returned for the caller to load.
    ///
    /// A container is published so when no file has changed since the table was compiled and the table holds its
    /// base file (read on every chain, so a load finds a file), or else when every file a load would read for it
    /// along the chain is in the table for it or in neither the table nor the JSON files, and one is in the table
    /// (``tableFiles(of:)``). The first is what a table compiled from its folder gives every container with a base
    /// file; the rest of its files are worked out at its first lookup, and should one of them be in the JSON files
    /// only (a table older than its folder), that lookup loads the container whole.
    ///
    /// - Parameter containers: valid container names, each once.
    func publishUnread(_ containers: [String]) -> [String] {
        guard let compiled = source as? CompiledTableSource, compiled.listing() != nil else { return containers }
        let snapshot = cache.snapshot
        let pending = Set(cache.pendingContainers)
        var candidates: [(name: String, generation: UInt64)] = []
        var left: [String] = []
        candidates.reserveCapacity(containers.count)
        for name in containers {
            let generation = stages.generation(of: name)
            let givesAlone =
                (pending.isEmpty || !pending.contains(name))
                && (compiled.holds(ConstraintFileName.fileName(container: name, part: nil), of: name)
                    || tableFiles(of: name) != nil)
            if givesAlone { candidates.append((name, generation)) } else { left.append(name) }
        }
        let published = cache.publishUnindexed(candidates.map(\.name), for: snapshot) { i in
            stages.generation(of: candidates[i].name) == candidates[i].generation
        }
        for (candidate, published) in zip(candidates, published) where !published { left.append(candidate.name) }
        return left
    }

    /// The unread table `table` of `container` with its view ids: `table` itself when it has them, else a table of
    /// the view ids of the container's files along the chain (``tableFiles(of:)``), read where they lie in the
    /// compiled table and merged, published in its place (``ConstraintCache/index(_:replacing:with:)``, unless
    /// another table took its place since). Nil when the table cannot give the container alone now (a file changed,
    /// a section is refused): the caller loads it.
    func indexed(_ table: ViewTable, of container: String) -> ViewTable? {
        guard let unread = table.unread, !unread.isIndexed else { return table }
        guard let (compiled, files) = tableFiles(of: container) else { return nil }
        var views = ViewTable.Builder()
        for file in files {
            guard compiled.addViewIds(ofFile: file, container: container, to: &views) else { return nil }
        }
        let indexed = ViewTable.unread(views, files: files)
        cache.index(container, replacing: table, with: indexed)
        return indexed
    }

    /// The files of `container` a load reads along the chain, when the compiled table alone can give them: each is
    /// in the table for `container` (not changed since, its section not refused) or in neither the table nor the
    /// JSON files, and one is in the table. Nil otherwise, as for ``recordInPlace(viewId:container:then:)``.
    private func tableFiles(of container: String) -> (CompiledTableSource, [String])? {
        guard let (compiled, _, candidates) = inPlaceCandidates(of: container) else { return nil }
        var files: [String] = []
        for candidate in candidates {
            if compiled.holds(candidate.fileName, of: container) {
                files.append(candidate.fileName)
            } else if !compiled.lacks(candidate.fileName) {
                return nil
            }
        }
        return files.isEmpty ? nil : (compiled, files)
    }

    /// The compiled table, the environment and the files along the chain for reading `container` in place; nil
    /// unless the source is a ``CompiledTableSource`` none of whose files has changed since the table was compiled,
    /// the name is valid and the container is not waiting for adoption from another window.
    private func inPlaceCandidates(of container: String)
        -> (CompiledTableSource, EnvironmentSnapshot, [ContainerFiles.Candidate])?
    {
        guard let compiled = source as? CompiledTableSource, let listing = compiled.listing(),
            ConstraintFileName.validateContainer(container) == nil, !cache.isPending(container)
        else { return nil }
        let snapshot = cache.snapshot
        guard case .success(let parts) = snapshot.parts else { return nil }
        let candidates = ContainerFiles.candidates(
            of: container, parts: parts, window: snapshot.environment, listing: listing, onlyThoseToRead: true)
        return (compiled, snapshot, candidates)
    }

    /// A file of one view, as the parsed-file stage holds a file (a compiled file has no warnings).
    private static func file(
        _ name: String, holding viewId: String, _ record: ConstraintRecord, _ adaptiveValues: [AdaptiveAttribute]
    ) -> ParsedFile {
        var views = ViewTable.Builder()
        var id = viewId
        id.withUTF8 { key in
            if case .new(let hash) = views.claim(key) { views.add(key, hash: hash, record: record) }
        }
        views.adaptiveValues = adaptiveValues
        return ParsedFile(fileName: name, table: views.build(files: [name]), warnings: [])
    }

    /// Indexes `table`, the unread table of `container` not indexed yet, on a background queue
    /// (``indexed(_:of:)``), unless it waits for that already. One worker at a time reads every table waiting, so
    /// that the first lookups of many containers, one after another, start one worker, not one each.
    func indexInBackground(_ table: ViewTable, of container: String) {
        let startsWorker = backgroundIndexing.withLock { state -> Bool in
            guard state.tables.insert(ObjectIdentifier(table)).inserted else { return false }
            state.waiting.append((table, container))
            guard !state.working else { return false }
            state.working = true
            return true
        }
        guard startsWorker else { return }
        DispatchQueue.global().async { [self] in
            while true {
                let batch = backgroundIndexing.withLock { state -> [(table: ViewTable, container: String)] in
                    if state.waiting.isEmpty { state.working = false }
                    defer { state.waiting = [] }
                    return state.waiting
                }
                guard !batch.isEmpty else { return }
                for (table, container) in batch { _ = indexed(table, of: container) }
                // Each table is held until here, so no other table can take its identifier while it is in the set.
                backgroundIndexing.withLock { state in
                    for (table, _) in batch { state.tables.remove(ObjectIdentifier(table)) }
                }
            }
        }
    }

    /// Loads `container` on a background queue, unless a background load of it is under way.
    func loadInBackground(_ container: String) {
        guard backgroundLoads.withLock({ $0.insert(container).inserted }) else { return }
        DispatchQueue.global().async { [self] in
            _ = load(container)
            backgroundLoads.withLock { _ = $0.remove(container) }
        }
    }
}
