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
    func recordInPlace(viewId: String, container: String) -> ConstraintRecord? {
        guard let compiled = source as? CompiledTableSource, let listing = compiled.listing(),
            ConstraintFileName.validateContainer(container) == nil, !cache.isPending(container)
        else { return nil }
        let snapshot = cache.snapshot
        guard case .success(let parts) = snapshot.parts else { return nil }
        let candidates = ContainerFiles.candidates(
            of: container, parts: parts, window: snapshot.environment, listing: listing, onlyThoseToRead: true)
        var found: [(file: ParsedFile, device: DeviceName?)] = []
        for candidate in candidates {
            switch compiled.view(viewId, inFile: candidate.fileName, container: container) {
            case .found(let record, let adaptiveValues)?:
                found.append(
                    (
                        Self.file(candidate.fileName, holding: viewId, record, adaptiveValues),
                        candidate.deviceClass
                    ))
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
        guard !found.isEmpty else { return nil }
        loadInBackground(container)
        let merged = MergedContainer(files: found)
        return merged.resolved(for: snapshot.environment, device: snapshot.device, catalog: catalog).record(at: 0)
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
    private func loadInBackground(_ container: String) {
        guard backgroundLoads.withLock({ $0.insert(container).inserted }) else { return }
        DispatchQueue.global().async { [self] in
            _ = load(container)
            backgroundLoads.withLock { _ = $0.remove(container) }
        }
    }
}
