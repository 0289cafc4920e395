import Foundation

// Installing, rolling back and resetting: each checked whole, written to a new folder, made current by one rename
// of the store's state, then published to every interpreter reading the store before the call returns.

extension ConstraintStore {
    /// Installs `update` over the app's files, after checking all of it.
    ///
    /// ```swift
    /// let update = try ConstraintUpdate(data: downloaded)
    /// try await store.install(update) { update in
    ///     guard publicKey.isValidSignature(signature, for: update.data()) else { throw TamperedUpdate() }
    /// }
    /// ```
    ///
    /// Before anything is written: the version must be newer than the installed one (unless `allowDowngrade`);
    /// the names must be plain `.json` file names; the sizes within the limits (checked before anything is
    /// parsed); `verify` must return; every file must parse, be a constraint file of its container and name a
    /// device of the catalog; and the files layered over ``base`` must pass lint's error rules (no view that a
    /// device of the catalog cannot reach, no top-level key that differs from its file's name). Then the files are
    /// written to a new folder, flushed, and made current by one atomic rename.
    ///
    /// When it returns, every interpreter reading the store returns the new values: the loaded containers whose
    /// files changed are read again and published whole, and announced as ``ReloadEvent/reloaded(_:)``. The update
    /// is pending until ``confirm(version:)``. A refused update changes nothing, on disk or in any lookup.
    ///
    /// Installs, rollbacks and resets run one at a time, in the order they were called; the previous update is
    /// kept for ``rollback()``, and nothing older.
    ///
    /// - Parameters:
    ///   - update: the files and their version.
    ///   - allowDowngrade: install even when the version is not newer than the installed one, or is the one the
    ///     store rolled back by itself.
    ///   - verify: the app's check of the update, such as a signature over ``ConstraintUpdate/data()``; throw to
    ///     refuse it. It runs in the install's turn: it must not call this store's `install`, ``rollback()`` or
    ///     ``reset()``, which fail at once from there (`.reentrantStoreCall`).
    /// - Throws: ``ConstraintError``: `.invalidVersion`, `.versionNotNewer`, `.invalidUpdate`, `.fileTooLarge` (for
    ///   the files, or for the store's record of them: see ``ConstraintStore``), `.verificationFailed` (with the
    ///   error `verify` threw), `.unknownDevice`, a parse error placed at the update's file, line and column,
    ///   `.missingDefault` (the first 100 errors, the others counted), `.unwritableStore`, `.cancelled` (the task
    ///   was cancelled before its turn or while `verify` ran), `.reentrantStoreCall` (called from inside a `verify`
    ///   of this store). Several problems are reported together, in ``ConstraintError/additionalErrors``.
    public func install(
        _ update: ConstraintUpdate, allowDowngrade: Bool = false,
        verify: (ConstraintUpdate) async throws -> Void
    ) async throws(ConstraintError) {
        try await throughTheGate("install update \(update.version)") { () async throws(ConstraintError) in
            _ = try await installInTurn(update, audience: nil, allowDowngrade: allowDowngrade, verify: verify)
        }
    }

    /// The install, its turn come: for `audience` (nil: ``UpdateAudience/current``, and an update not assigned to
    /// this installation is an error), returning the installation's arm.
    func installInTurn(
        _ update: ConstraintUpdate, audience: UpdateAudience?, allowDowngrade: Bool,
        verify: (ConstraintUpdate) async throws -> Void
    ) async throws(ConstraintError) -> UpdateAssignment {
        let version = try UpdateVersion(update.version)
        // The id is made (and kept in the folder) only for an update with a rollout.
        let id = audience?.installationID ?? (update.rollout == nil ? "" : installationID)
        let assignment = update.assignment(for: audience ?? .current, installationID: id)
        guard assignment.arm == .treatment else {
            try await stopRollout(of: update, verify: verify)
            guard audience != nil else {
                throw ConstraintError(
                    code: .updateNotAssigned,
                    message:
                        "update \(update.version) is not for this installation (\(assignment)); nothing was "
                        + "installed. Install it with install(_:audience:verify:) to learn the arm without an error")
            }
            return assignment
        }
        if audience != nil, !allowDowngrade,
            let installed = installedVersion.flatMap({ try? UpdateVersion($0) }), installed == version
        {
            // Published again (a rollout grown): this installation has it already.
            return assignment
        }
        try checkNewer(version, allowDowngrade: allowDowngrade)
        let check = UpdateCheck(base: base, catalog: catalog, parser: parser, maximumSize: maximumUpdateSize)
        try check.checkShape(update)
        try checkRecordSize(adding: update)
        try await run(verify, on: update)
        try check.checkFiles(update)

        let layer = try writeLayer(update)
        do throws(ConstraintError) {
            try commit(current: layer, previous: state.withLock { $0.current }) { record in
                var next = record
                next.previous = record.current
                next.current = layer.update
                next.nextFolder = max(record.nextFolder, Self.number(of: layer.update.folder) + 1)
                if allowDowngrade, let refused = record.refused, (try? UpdateVersion(refused)) == version {
                    next.refused = nil
                }
                return next
            }
        } catch {
            try? folder.removeAll(layer.update.folder)
            throw error
        }
        return assignment
    }

    /// Runs the app's `verify` of `update`, with this store's gate marked as held.
    func run(_ verify: (ConstraintUpdate) async throws -> Void, on update: ConstraintUpdate)
        async throws(ConstraintError)
    {
        do {
            // Inside verify this store's gate is held: a call of this store from there fails at once.
            try await Self.$gatesHeld.withValue(Self.gatesHeld + [ObjectIdentifier(self)]) {
                try await verify(update)
            }
            // A verify that returned for a task cancelled meanwhile: the caller no longer wants the install.
            try Task.checkCancellation()
        } catch {
            guard !(error is CancellationError) && !Task.isCancelled else {
                throw ConstraintError(
                    code: .cancelled,
                    message:
                        "the task was cancelled while verify checked update \(update.version); nothing was installed")
            }
            throw ConstraintError(
                code: .verificationFailed,
                message: "verify refused update \(update.version): \(error); nothing was installed")
        }
    }

    /// Goes back to the update installed before the current one, or to the app's files when there was none, and
    /// publishes it as an install does. Does nothing when no update is installed.
    ///
    /// ```swift
    /// if crashedShowingNewLayout { try await store.rollback() }
    /// ```
    ///
    /// The update restored stays confirmed if it was; if it never was, this launch is its first. The one rolled
    /// back is removed.
    ///
    /// - Throws: ``ConstraintError`` `.unwritableStore` (nothing changed), `.cancelled`, `.reentrantStoreCall` (called
    ///   from inside a `verify` of this store).
    public func rollback() async throws(ConstraintError) {
        try await throughTheGate("roll back") { () throws(ConstraintError) in try rollbackInTurn() }
    }

    /// Rolls back to the previous update; `refusing`: and records the version rolled back as one to install again
    /// only with `allowDowngrade`.
    func rollbackInTurn(refusing: Bool = false) throws(ConstraintError) {
        // The layer rolled back is not held here: once replaced, its folder goes.
        let (installed, previous) = state.withLock { ($0.current != nil, $0.previous) }
        guard installed else { return }
        try commit(current: previous, previous: nil) { record in
            var next = record
            if refusing { next.refused = record.current?.version }
            next.current = record.previous
            if var restored = next.current, !restored.confirmed {
                restored.launches = 1
                next.current = restored
            }
            next.previous = nil
            return next
        }
    }

    /// Goes back to the app's own files, removing every installed update, and publishes it as an install does.
    ///
    /// ```swift
    /// // A new app release ships new files: start over from them.
    /// if lastLaunchedAppVersion != appVersion { try await store.reset() }
    /// ```
    ///
    /// - Throws: ``ConstraintError`` `.unwritableStore` (nothing changed), `.cancelled`, `.reentrantStoreCall` (called
    ///   from inside a `verify` of this store).
    public func reset() async throws(ConstraintError) {
        try await throughTheGate("reset") { () throws(ConstraintError) in try resetInTurn() }
    }

    private func resetInTurn() throws(ConstraintError) {
        let record = state.withLock { $0.record }
        guard record.current != nil || record.previous != nil else { return }
        try commit(current: nil, previous: nil) { record in
            var next = record
            next.current = nil
            next.previous = nil
            return next
        }
    }

    // MARK: - Steps

    /// The stores whose gate the current task holds, inside a `verify` (and the tasks it starts, which inherit it).
    @TaskLocal static var gatesHeld: [ObjectIdentifier] = []

    /// Runs `body` in the calling task's turn (after every install, rollback and reset called before), with the
    /// errors it throws written for printing (``ControlCharacters``).
    ///
    /// - Throws: ``ConstraintError`` `.reentrantStoreCall`, at once, when called from inside this store's `verify`:
    ///   the turn it would wait for is the one of the install running that `verify`, which waits for it.
    func throughTheGate(
        _ what: String, _ body: () async throws(ConstraintError) -> Void
    ) async throws(ConstraintError) {
        do throws(ConstraintError) {
            guard !Self.gatesHeld.contains(ObjectIdentifier(self)) else {
                throw ConstraintError(
                    code: .reentrantStoreCall,
                    message:
                        "cannot \(what) from inside a verify of \(self): the install running that verify waits for "
                        + "it, and it would wait for the install; nothing was changed. Call it after install returns")
            }
            try await gate.enter()
            defer { gate.leave() }
            try await body()
        } catch {
            throw error.escapingControlCharacters()
        }
    }

    /// Throws `.fileTooLarge` when installing `update` would make the store's record (``recordName``: the files of
    /// the update and of the installed one, kept for a rollback) larger than the store reads back
    /// (``maximumRecordSize``): such an install would be lost at the next opening. Nothing is written before.
    private func checkRecordSize(adding update: ConstraintUpdate) throws(ConstraintError) {
        let next = state.withLock { state in
            var next = state.record
            next.previous = state.record.current
            // The folder's number is not known yet: the next one, which it is but for a leftover of the same name.
            next.current = StoreRecord.Update(
                folder: "\(Self.updateFolderPrefix)\(state.record.nextFolder)", version: update.version,
                confirmed: false, launches: 1, files: update.files.mapValues(\.count), rolloutKey: update.rollout?.key,
                maximumLayoutProblems: update.maximumLayoutProblems)
            return next
        }
        let size = next.data.count
        guard size > maximumRecordSize else { return }
        throw ConstraintError(
            code: .fileTooLarge,
            message:
                "installing update \(update.version) would make the store's record (\(Self.recordName), the names "
                + "of its \(update.files.count) files and of the installed update's) \(size) bytes, over the "
                + "\(maximumRecordSize) bytes the store reads back; nothing was installed. Carry fewer files or "
                + "shorter names, or reset the store first so that the installed update's files are not kept")
    }

    /// Throws `.versionNotNewer` unless `version` is newer than the installed one and is not the one the store
    /// rolled back by itself, or `allowDowngrade`.
    private func checkNewer(_ version: UpdateVersion, allowDowngrade: Bool) throws(ConstraintError) {
        guard !allowDowngrade else { return }
        let record = state.withLock { $0.record }
        if let installed = record.current?.version, let current = try? UpdateVersion(installed), version <= current {
            throw ConstraintError(
                code: .versionNotNewer,
                message:
                    "update \(version) is not newer than the installed update \(installed); nothing was installed. "
                    + "Give each update a greater version, or install it with allowDowngrade: true to go back")
        }
        if let refused = record.refused, (try? UpdateVersion(refused)) == version {
            throw ConstraintError(
                code: .versionNotNewer,
                message:
                    "update \(version) was rolled back by the store (not confirmed at a launch, or past its layout "
                    + "problems); nothing was installed. Publish a newer version, or install it with "
                    + "allowDowngrade: true")
        }
    }

    /// Writes `update`'s files to a new folder, then flushes them and the folders' entries: nothing names the folder
    /// yet, so a crash here leaves a leftover that the next opening removes.
    private func writeLayer(_ update: ConstraintUpdate) throws(ConstraintError) -> UpdateLayer {
        var number = state.withLock { $0.record.nextFolder }
        while folder.entry("\(Self.updateFolderPrefix)\(number)") != nil { number += 1 }
        let name = "\(Self.updateFolderPrefix)\(number)"
        do {
            let layerFolder = try folder.makeFolder(name)
            let names = update.files.keys.sorted()
            for name in names { try layerFolder.write(name, update.files[name] ?? Data(), flush: false) }
            // Every flush at once: each waits for the disk, and flushes issued together are committed together (ext4
            // and APFS journal them as one), so fifty files cost little more than one.
            try Self.flushConcurrently(names.map { (layerFolder, $0) } + [(layerFolder, nil), (folder, nil)])
            let record = StoreRecord.Update(
                folder: name, version: update.version, confirmed: false, launches: 1,
                files: update.files.mapValues(\.count), rolloutKey: update.rollout?.key,
                maximumLayoutProblems: update.maximumLayoutProblems)
            return UpdateLayer(record, folder: layerFolder)
        } catch {
            try? folder.removeAll(name)
            throw Self.failure(error, doing: "write the update's files", path: "\(folder.path)/\(name)")
        }
    }

    /// Flushes each file (`name`) or folder (nil), up to 8 at once on threads of their own (each blocks in `fsync`;
    /// the tasks of the cooperative pool must not), and returns when all are done.
    ///
    /// - Throws: the first failure; the flushes not started by then are not made.
    private static func flushConcurrently(_ work: [(folder: StoreFolder, name: String?)]) throws(PosixFile.Failure) {
        @Sendable func flush(_ item: (folder: StoreFolder, name: String?)) throws(PosixFile.Failure) {
            if let name = item.name { try item.folder.flush(name) } else { try item.folder.flush() }
        }
        let threads = min(work.count, 8)
        guard threads > 1 else {
            for item in work { try flush(item) }
            return
        }
        let progress = ConditionLocked((next: 0, running: threads, failure: PosixFile.Failure?.none))
        for _ in 0..<threads {
            Thread {
                while true {
                    let taken = progress.withLock { state -> Int? in
                        guard state.failure == nil, state.next < work.count else { return nil }
                        defer { state.next += 1 }
                        return state.next
                    }
                    guard let taken else { break }
                    do throws(PosixFile.Failure) {
                        try flush(work[taken])
                    } catch {
                        progress.withLock { $0.failure = $0.failure ?? error }
                    }
                }
                progress.withLockAndSignal { $0.running -= 1 }
            }.start()
        }
        if let failure = progress.wait(until: { $0.running == 0 ? .some($0.failure) : nil }) { throw failure }
    }

    /// Makes the state `change` makes of the current one the store's (the one atomic step), then the layers
    /// current, then publishes the files that changed to every interpreter reading the store, and removes the
    /// layers no load holds any more.
    func commit(
        current: UpdateLayer?, previous: UpdateLayer?, _ change: (StoreRecord) -> StoreRecord
    ) throws(ConstraintError) {
        var (replaced, revision) = try committing { () throws(ConstraintError) -> (UpdateLayer?, UInt64) in
            // Read under the commit lock, so that a confirmation made meanwhile is kept.
            let record = change(state.withLock { $0.record })
            try Self.write(record, in: folder, maximumSize: maximumRecordSize)
            return state.withLock { state in
                let old = [state.current, state.previous].compactMap { $0 }
                let replaced = state.current
                state.record = record
                state.current = current
                state.previous = previous
                state.revision += 1
                for layer in old where layer !== current && layer !== previous {
                    state.retired.append((layer.update.folder, WeakLayer(layer)))
                }
                return (replaced, state.revision)
            }
        }
        let changed = Self.changedFiles(from: replaced, to: current)
        // Let go before the retired layers are looked at, so that its folder can go now.
        replaced = nil
        // Every interpreter reading the store reads the changed files again before this returns. Commits are made
        // behind the gate, so changes are announced one at a time, in order.
        fileObservers.post(FilesChanged(names: changed, revision: revision))
        removeRetiredLayers()
    }

    /// Runs `body` holding ``commits``, so that changes of the state are made one at a time.
    func committing<Result>(_ body: () throws(ConstraintError) -> Result) throws(ConstraintError) -> Result {
        try commits.withLock { count in
            count &+= 1
            return Swift.Result { () throws(ConstraintError) -> Result in try body() }
        }.get()
    }

    /// The names whose contents differ between the layers `old` and `new` (nil: the app's files alone). A name in
    /// only one of them changes what lookups read; a name in both changes when its bytes do.
    private static func changedFiles(from old: UpdateLayer?, to new: UpdateLayer?) -> Set<String> {
        let before = old?.update.files ?? [:]
        let after = new?.update.files ?? [:]
        var changed = Set(before.keys).symmetricDifference(after.keys)
        for (name, size) in after where before[name] != nil {
            guard before[name] == size, let old, let new,
                let a = try? old.read(name, maximumSize: size), let b = try? new.read(name, maximumSize: size), a == b
            else {
                changed.insert(name)
                continue
            }
        }
        return changed
    }

    /// Removes the folders of retired layers that no load holds any more; the others wait for the next change (or
    /// the next opening, which removes every folder the state does not name).
    private func removeRetiredLayers() {
        let unused = state.withLock { state -> [String] in
            let unused = state.retired.filter { $0.layer.layer == nil }.map(\.folder)
            state.retired.removeAll { $0.layer.layer == nil }
            return unused
        }
        for name in unused { try? folder.removeAll(name) }
    }

    /// The number in an update folder's name (`update-7` → 7), 0 for another name.
    static func number(of folder: String) -> Int {
        Int(folder.dropFirst(updateFolderPrefix.count)) ?? 0
    }
}
