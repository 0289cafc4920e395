extension ConstraintInterpreter {
    /// Where each value of `viewId` in `container` came from, for the current window: the files the device looks
    /// for, in order, and for each attribute a file sets, the value the window gets and the file, line and column
    /// that set it.
    ///
    /// ```swift
    /// let provenance = try interpreter.provenance(viewId: "title", container: "Card")
    /// for value in provenance.values {
    ///     print(value)   // marginLeft 15.0 ← Card_iPhone6.json:3:15
    /// }
    /// ```
    ///
    /// It is worked out when asked, never kept: the container's files are read and parsed again, with the place of
    /// each key, and merged and resolved as a lookup merges and resolves them, so lookups pay nothing for it. The
    /// files are read as they are now: after an edit that hot reload has not picked up yet, the answer is the new
    /// file's.
    ///
    /// - Throws: ``ConstraintError`` — `.invalidName` for a container name with `/`, `\` or `..`; `.fileNotFound`
    ///   when no file of the container is on the chain; `.unknownView` when no file has the view; any parse error of
    ///   the files.
    public func provenance(viewId: String, container: String) throws(ConstraintError) -> ConstraintProvenance {
        if let error = ConstraintFileName.validateContainer(container) { throw error }
        let snapshot = cache.snapshot
        let (source, revision) = files.sourceForLoad()
        let read = try ContainerFiles.parse(
            container, on: snapshot.device.name, along: snapshot.chain, catalog: catalog,
            window: snapshot.environment, from: source, listing: files.listing(of: source, revision: revision),
            parser: parser, locatingAttributes: true)
        let views = ConstraintProvenance.views(
            of: container, lookup: read.lookup, files: read.files, for: snapshot.environment, device: snapshot.device,
            catalog: catalog, only: viewId)
        guard let view = views.first else {
            throw unknownView(viewId, in: container, ViewTable.merged(read.files.map(\.file.table)))
        }
        return view
    }
}
