public import Foundation

extension ConstraintInterpreter {
    /// Moves lookups to a new window: loads, for the device class resolved from `environment`, every container
    /// that is loaded now, then switches in one step and tells observers.
    ///
    /// A lookup racing the update sees the old window's records or the new one's, never a container mixed from
    /// both. Files already parsed are not read again, so rotating back and forth reads no file; a resize within
    /// a class reads nothing and re-resolves only containers with scaled values or column rules.
    ///
    /// ```swift
    /// // The window became a ⅔ Split View:
    /// if let change = try await interpreter.update(to: LayoutEnvironment(width: 694, height: 768, idiom: .pad)),
    ///    change.deviceChanged {
    ///     collectionView.reloadData()
    /// }
    /// ```
    ///
    /// When several updates overlap, the one called last wins; an earlier one that finishes later returns nil
    /// without switching.
    ///
    /// - Parameter environment: the new window.
    /// - Returns: what changed, or nil when nothing a lookup returns would change (the same window, or a resize
    ///   within a class with no scaled values or column rules loaded; ``environment`` still becomes the new one).
    /// - Throws: ``ConstraintError`` when a loaded container cannot load for the new class (its files for that
    ///   class are broken): the switch still happens — the window did change — and that container is left
    ///   unloaded, so lookups of it load on demand and report the error; the first failure is thrown, the rest
    ///   are in ``ConstraintError/additionalErrors``.
    @discardableResult
    public func update(to environment: LayoutEnvironment) async throws(ConstraintError) -> EnvironmentChange? {
        try await switchEnvironment(to: environment)
    }

    /// Moves lookups to a new window at once, without reading any file: containers whose files are already
    /// parsed for the new class switch with it; the others are unloaded and load on demand, on the thread of the
    /// first lookup. For code that must answer in the same layout pass (`viewWillTransition(to:with:)`,
    /// `layoutSubviews`).
    ///
    /// ```swift
    /// override func viewWillLayoutSubviews() {
    ///     interpreter.updateNow(to: LayoutEnvironment(width: view.bounds.width, height: view.bounds.height))
    ///     super.viewWillLayoutSubviews()
    /// }
    /// ```
    ///
    /// - Returns: what changed, or nil when nothing a lookup returns would change.
    @discardableResult
    public func updateNow(to environment: LayoutEnvironment) -> EnvironmentChange? {
        // Without file reads nothing can fail: a container that cannot be prepared is left to load on demand.
        let ticket = cache.nextTicket()
        let (old, new) = snapshots(for: environment)
        guard let new else { return nil }
        if new.readsTheSameFiles(as: old, listing: files.currentListing()) {
            return resize(from: old, to: new, ticket: ticket)
        }
        var tables: [(name: String, table: ViewTable, merged: MergedContainer)] = []
        var generations: [String: UInt64] = [:]
        let (unread, whole) = cache.unreadAndWholeContainers
        for name in whole + cache.pendingContainers {
            let generation = stages.generation(of: name)
            guard let prepared = try? prepareIfPossible(name, for: new, generation: generation, readingFiles: false)
            else { continue }
            generations[name] = generation
            tables.append((name, resolved(prepared.merged, for: new), prepared.merged))
        }
        let change = finishSwitch(from: old, to: new, ticket: ticket, tables: tables, generations: generations)
        if change != nil { republishUnread(unread) }
        return change
    }

    /// After a switch to another class, publishes unread again, for it, the containers that were unread (preloaded
    /// from a compiled table), in one write: no file read; their view ids are read along the new chain on their
    /// first lookups. Those it cannot publish load on demand.
    private func republishUnread(_ names: [String]) {
        _ = publishUnread(names)
    }

    /// The changes from now on, as an async sequence; it ends when the interpreter is released.
    ///
    /// ```swift
    /// for await change in interpreter.changes() {
    ///     feed.reload(columns: try interpreter.record(viewId: "grid", container: "Feed").columnLayout)
    /// }
    /// ```
    public func changes() -> AsyncStream<EnvironmentChange> {
        changeObservers.stream()
    }

    /// Calls `handler` with every change from now on, on the thread that made it, until the returned observation
    /// is cancelled or released: the form for code without Swift concurrency.
    ///
    /// ```swift
    /// observation = interpreter.onChange { change in
    ///     DispatchQueue.main.async { self.view.setNeedsLayout() }
    /// }
    /// ```
    public func onChange(_ handler: @escaping @Sendable (EnvironmentChange) -> Void) -> ConstraintObservation {
        changeObservers.add(handler)
    }

    /// Posted on `NotificationCenter.default` after every change, with the interpreter as the object and the
    /// ``EnvironmentChange`` under ``changeUserInfoKey`` (as Qdaily's Split View design
    /// posted one when the number of columns changed; this one is posted for every change).
    public static let environmentDidChangeNotification = Notification.Name("DeviceConstraintsEnvironmentDidChange")

    /// The key of the ``EnvironmentChange`` in the user info of ``environmentDidChangeNotification``.
    public static let changeUserInfoKey = "change"

    // MARK: - Switching

    private func switchEnvironment(to environment: LayoutEnvironment) async throws(ConstraintError)
        -> EnvironmentChange?
    {
        let ticket = cache.nextTicket()
        let (old, new) = snapshots(for: environment)
        guard let new else { return nil }
        if new.readsTheSameFiles(as: old, listing: files.currentListing()) {
            return resize(from: old, to: new, ticket: ticket)
        }

        // Another class: every loaded container (and every one pending adoption), ready for it before the switch.
        struct Prepared: Sendable {
            let name: String
            let generation: UInt64
            let result: Result<(merged: MergedContainer, warnings: [ConstraintDiagnostic]), ConstraintError>
        }
        // Unread containers (preloaded from a compiled table) are indexed again after the switch instead.
        let (unread, whole) = cache.unreadAndWholeContainers
        let names = whole + cache.pendingContainers
        // Each batch asks the stages once and tells them once (``prepare(_:for:readingFiles:)``).
        let prepared = await Self.concurrently(names, inBatchesOfAtMost: 16) { batch in
            let names = Array(batch)
            let generations = self.stages.generations(of: names)
            let results = self.prepare(
                Array(zip(names, generations)), for: new, readingFiles: true, forgettingListingOnMiss: false)
            return names.indices.map { k in
                Prepared(
                    name: names[k], generation: generations[k], result: self.read(results[k], of: names[k], for: new))
            }
        }
        var tables: [(name: String, table: ViewTable, merged: MergedContainer)] = []
        var generations: [String: UInt64] = [:]
        var warnings: [ConstraintDiagnostic] = []
        var failures: [(String, ConstraintError)] = []
        for item in prepared {
            switch item.result {
            case .success(let success):
                generations[item.name] = item.generation
                tables.append((item.name, resolved(success.merged, for: new), success.merged))
                warnings += success.warnings
            case .failure(let error):
                failures.append((item.name, error))
            }
        }
        // Once for the whole switch: a file added since the listing was made is seen by a later load.
        if failures.contains(where: { $0.1.code == .fileNotFound }) { files.forgetListing() }
        let change = finishSwitch(from: old, to: new, ticket: ticket, tables: tables, generations: generations)
        if change != nil { republishUnread(unread) }
        deliver(warnings)
        let errors = failures.sorted { $0.0 < $1.0 }.map(\.1)
        if var first = errors.first, change != nil {
            first.additionalErrors = Array(errors.dropFirst())
            throw first
        }
        return change
    }

    /// The current snapshot and one for `environment`; nil for the second when the environment is the current one.
    private func snapshots(for environment: LayoutEnvironment) -> (EnvironmentSnapshot, EnvironmentSnapshot?) {
        let old = cache.snapshot
        guard old.environment != environment else { return (old, nil) }
        let device = catalog.resolve(environment)
        let chain = device == old.device ? old.chain : catalog.lookupChain(for: device)
        return (
            old,
            EnvironmentSnapshot(
                environment: environment, device: device, chain: chain, catalog: catalog, previous: old)
        )
    }

    /// A resize within a class: only the adaptive containers change, from their merged stage.
    private func resize(from old: EnvironmentSnapshot, to new: EnvironmentSnapshot, ticket: UInt64)
        -> EnvironmentChange?
    {
        // Containers whose fonts follow only the text size, and the text size did not change, keep their tables.
        func alike(_ merged: MergedContainer) -> Bool {
            merged.resolvesAlike(for: new.environment, as: old.environment)
        }
        let dependent = cache.adaptiveContainers { !alike($0) }
        let tables = dependent.map { (entry: $0.entry, table: resolved($0.merged, for: new), merged: $0.merged) }
        guard cache.resize(to: new, ticket: ticket, tables: tables, keeping: alike) else { return nil }
        publications.post(.environment)
        guard !dependent.isEmpty else { return nil }
        return announce(
            EnvironmentChange(old: old.environment, new: new.environment, oldDevice: old.device, newDevice: new.device))
    }

    private func finishSwitch(
        from old: EnvironmentSnapshot, to new: EnvironmentSnapshot, ticket: UInt64,
        tables: [(name: String, table: ViewTable, merged: MergedContainer)], generations: [String: UInt64]
    ) -> EnvironmentChange? {
        let switched = cache.switchEnvironment(
            to: new, ticket: ticket, tables: tables,
            isCurrent: { name in self.stages.generation(of: name) == generations[name] })
        guard switched else { return nil }
        publications.post(.environment)
        return announce(
            EnvironmentChange(old: old.environment, new: new.environment, oldDevice: old.device, newDevice: new.device))
    }

    func resolved(_ merged: MergedContainer, for snapshot: EnvironmentSnapshot) -> ViewTable {
        merged.resolved(for: snapshot.environment, device: snapshot.device, catalog: catalog)
    }

    /// Tells every observer, outside every lock.
    private func announce(_ change: EnvironmentChange) -> EnvironmentChange {
        changeObservers.post(change)
        NotificationCenter.default.post(
            name: Self.environmentDidChangeNotification, object: self, userInfo: [Self.changeUserInfoKey: change])
        return change
    }
}
