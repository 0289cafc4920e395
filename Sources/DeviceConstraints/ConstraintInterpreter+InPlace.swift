import Dispatch

extension ConstraintInterpreter {
    /// The record of `viewId` in `container`, a container not loaded, read where it lies in a compiled table: each
    /// of the container's files along the chain gives the view's own record and values (nothing else of the file is
    /// decoded), merged and resolved as a load merges and resolves the whole container. The container then loads on
    /// a background queue, so that its later lookups are hits; until it is published they are read in place too.
    ///
    /// Nil, and the caller loads the container as before, unless the table alone can answer: the source is a
    /// ``CompiledTableSource`` none of whose files has changed since the table was compiled, the name is valid and
    /// not waiting for adoption from another window (``ConstraintInterpreter/init(sharingFilesWith:environment:)``),
    /// every file the load would read is in the table for this container (or in neither the table nor the JSON
    /// files), and one of them has the view (an unknown view gets its error, with suggestions, from the load).
    func recordInPlace(viewId: String, container: String, filling unread: ViewTable? = nil) -> ConstraintRecord? {
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
        if let unread {
            cache.fill(container, viewId: viewId, record: record, in: unread, for: snapshot)
        } else {
            loadInBackground(container)
        }
        return record
    }

    /// Publishes `container` unread (``ViewTable/unread(_:files:)``): the view ids of its files along the chain,
    /// read where they lie in the compiled table, and no record, each read on its view's first lookup
    /// (``recordInPlace(viewId:container:filling:)``). What a preload does for a container the table alone can
    /// give; false, and the caller loads it, as ``recordInPlace(viewId:container:filling:)`` declines.
    func publishUnread(_ container: String) -> Bool {
        let generation = stages.generation(of: container)
        guard let (compiled, snapshot, candidates) = inPlaceCandidates(of: container) else { return false }
        var views = ViewTable.Builder()
        var files: [String] = []
        for candidate in candidates {
            if compiled.addViewIds(ofFile: candidate.fileName, container: container, to: &views) {
                files.append(candidate.fileName)
            } else if !compiled.lacks(candidate.fileName) {
                return false
            }
        }
        guard !files.isEmpty else { return false }
        let table = ViewTable.unread(views, files: files)
        return cache.publish(container, table, merged: MergedContainer(unread: table), for: snapshot) {
            stages.generation(of: container) == generation
        }
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

    /// Loads `container` on a background queue, unless a background load of it is under way.
    func loadInBackground(_ container: String) {
        guard backgroundLoads.withLock({ $0.insert(container).inserted }) else { return }
        DispatchQueue.global().async { [self] in
            _ = load(container)
            backgroundLoads.withLock { _ = $0.remove(container) }
        }
    }
}
