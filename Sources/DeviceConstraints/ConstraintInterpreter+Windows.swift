extension ConstraintInterpreter {
    /// Whether ``updateNow(to:)`` would move every loaded container to `environment` without reading a file: the
    /// same class (a resize), or another class whose files are all parsed already (by this window before, or by
    /// another window sharing the files). What the SwiftUI layer asks before it moves a window during layout, on
    /// the main thread; when it is false, it moves the window with ``update(to:)`` off the main thread instead.
    ///
    /// Merges what can be merged from parsed files on the way (and keeps the merges, so the switch that follows
    /// finds them); reads no file. A container that cannot be prepared without an error answers false too, so
    /// that ``update(to:)`` reports the error rather than a lookup on the main thread.
    package func canSwitchWithoutReading(to environment: LayoutEnvironment) -> Bool {
        let current = cache.snapshot
        let device = catalog.resolve(environment)
        if device == current.device { return true }
        let snapshot = EnvironmentSnapshot(
            environment: environment, device: device, chain: catalog.lookupChain(for: device), catalog: catalog)
        // An unread container (preloaded from a compiled table) is indexed again from the table, reading no file.
        for name in cache.unreadAndWholeContainers.whole + cache.pendingContainers {
            let prepared = try? prepareIfPossible(
                name, for: snapshot, generation: stages.generation(of: name), readingFiles: false)
            if prepared == nil { return false }
        }
        return true
    }
}
