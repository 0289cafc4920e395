import Foundation

// Who gets an update (its conditions and rollout, the installation's id), stopping a rollout, confirming the version
// a screen has shown, and the layout-health guard of a pending update.

extension ConstraintStore {
    /// The name of the file that keeps the installation's id, in the store's folder.
    static let installationName = "installation-id"

    /// This installation's id for rollouts: random, made the first time a rollout asks for it and kept in the store's
    /// folder, so that its bucket for a rollout key stays the same launch after launch.
    ///
    /// The library never sends it anywhere. On a disk that takes no change it holds for this launch only.
    public var installationID: String {
        installation.withLock { kept in
            if let kept { return kept }
            let id: String
            if let data = try? folder.read(Self.installationName, maximumSize: 256),
                let read = String(data: data, encoding: .utf8), Self.isInstallationID(read)
            {
                id = read
            } else {
                id = UUID().uuidString
                try? folder.remove(Self.newInstallationName)
                if (try? folder.write(Self.newInstallationName, Data(id.utf8))) != nil {
                    try? folder.rename(Self.newInstallationName, to: Self.installationName)
                }
            }
            kept = id
            return id
        }
    }

    static let newInstallationName = "installation-id.new"

    private static func isInstallationID(_ text: String) -> Bool {
        (1...128).contains(text.utf8.count) && text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    /// Installs `update` if it is for this installation, and says which arm of it the installation is in.
    ///
    /// ```swift
    /// var audience = UpdateAudience.current
    /// audience.signals = ["plan": "pro"]
    /// let assignment = try await store.install(update, audience: audience) { update in
    ///     try verifySignature(of: update.data())
    /// }
    /// analytics.log("constraints_update", ["version": update.version, "arm": assignment.arm.rawValue])
    /// ```
    ///
    /// The update's conditions are checked against `audience`, in order, then its rollout's bucket is drawn from
    /// the installation's id (`audience.installationID`, else ``installationID``), before anything is written.
    /// For ``UpdateArm/treatment`` it is installed as ``install(_:allowDowngrade:verify:)`` installs (an update of
    /// the installed version is already there: nothing is done). For any other arm nothing is installed; and when
    /// the installed update has the same rollout key, the installation has fallen out of that rollout (its
    /// percentage lowered, to 0 for a kill switch): once `verify` accepts the update, the installed one is rolled
    /// back, to the update before it unless that one has the same key, else to the app's files.
    ///
    /// - Returns: the arm, the bucket and why.
    /// - Throws: what ``install(_:allowDowngrade:verify:)`` throws; never for an update that is not assigned here.
    @discardableResult
    public func install(
        _ update: ConstraintUpdate, audience: UpdateAudience, allowDowngrade: Bool = false,
        verify: (ConstraintUpdate) async throws -> Void
    ) async throws(ConstraintError) -> UpdateAssignment {
        var assignment: UpdateAssignment?
        try await throughTheGate("install update \(update.version)") { () async throws(ConstraintError) in
            assignment = try await installInTurn(
                update, audience: audience, allowDowngrade: allowDowngrade, verify: verify)
        }
        guard let assignment else {
            throw ConstraintError(code: .cancelled, message: "the install of update \(update.version) did not run")
        }
        return assignment
    }

    /// Rolls back the installed update when it has `update`'s rollout key (the installation fell out of that
    /// rollout), once `verify` accepts `update`: to the update before it, unless that one has the same key too.
    func stopRollout(of update: ConstraintUpdate, verify: (ConstraintUpdate) async throws -> Void)
        async throws(ConstraintError)
    {
        guard let key = update.rollout?.key else { return }
        let (current, previous) = state.withLock { ($0.current, $0.previous) }
        guard let current, current.update.rolloutKey == key else { return }
        try await run(verify, on: update)
        let restored = previous?.update.rolloutKey == key ? nil : previous
        try commit(current: restored, previous: nil) { record in
            var next = record
            next.current = restored == nil ? nil : record.previous
            if var kept = next.current, !kept.confirmed {
                kept.launches = 1
                next.current = kept
            }
            next.previous = nil
            return next
        }
        announce(
            "update \(current.version) of rollout key \"\(key)\" was rolled back: update \(update.version) of the "
                + "same key does not include this installation; lookups read "
                + (restored.map { "update \($0.version)" } ?? "the app's own files"))
    }

    // MARK: - Confirming

    /// Confirms the installed update if it is `version`, the one a screen has shown: it stays installed however many
    /// launches follow, and its layout-health guard stops.
    ///
    /// ```swift
    /// // After a screen showed the values of update 15:
    /// try store.confirm(version: "15")
    /// ```
    ///
    /// An update installed since (in the background) is not confirmed by it: no screen has shown it yet.
    ///
    /// - Returns: whether `version` is the installed update (now confirmed); false, and nothing changed, when another
    ///   version or none is installed.
    /// - Throws: ``ConstraintError`` `.unwritableStore` when the confirmation cannot be written; the update stays
    ///   pending.
    @discardableResult
    public func confirm(version: String) throws(ConstraintError) -> Bool {
        try confirmInstalled(version: version)
    }

    /// Confirms the installed update if it is `version` (any when nil).
    func confirmInstalled(version: String?) throws(ConstraintError) -> Bool {
        do throws(ConstraintError) {
            return try committing { () throws(ConstraintError) -> Bool in
                var record = state.withLock { $0.record }
                guard var current = record.current else { return false }
                if let version, current.version != version {
                    guard let wanted = try? UpdateVersion(version), let installed = try? UpdateVersion(current.version),
                        wanted == installed
                    else { return false }
                }
                guard !current.confirmed else { return true }
                current.confirmed = true
                record.current = current
                try Self.write(record, in: folder, maximumSize: maximumRecordSize)
                state.withLock { $0.record = record }
                return true
            }
        } catch {
            throw error.escapingControlCharacters()
        }
    }

    // MARK: - Layout health

    /// Counts a layout problem the app saw in `container` (an Auto Layout log of unsatisfiable constraints, a clipped
    /// label): while an update that changed the container is pending, more problems in one launch than its
    /// ``ConstraintUpdate/maximumLayoutProblems`` roll it back at once.
    ///
    /// ```swift
    /// if label.isTruncated { store.reportLayoutProblem("title is clipped", container: "Card") }
    /// ```
    ///
    /// The rollback is made in the background, in the order of installs, as ``rollback()`` is: the store announces
    /// it as a ``ConstraintDiagnostic/Code/updateRolledBack`` diagnostic (with the reason and the first problems)
    /// and installs that version again only with `allowDowngrade: true`. Lookups that fail in the interpreters
    /// reading the store (a missing record, an unknown view) are counted the same way. Problems in containers the
    /// pending update does not change, or with no update pending, are not counted.
    public func reportLayoutProblem(_ problem: String, container: String) {
        let (update, layer) = state.withLock { ($0.record.current, $0.current) }
        guard let update, !update.confirmed, let layer, layer.update.folder == update.folder else { return }
        let trigger = health.withLock { health -> [String]? in
            if health.folder != update.folder {
                health = LayoutHealth(folder: update.folder)
                health.containers = Set(update.files.keys.flatMap(ConstraintFileName.containerCandidates(ofFile:)))
            }
            guard health.containers.contains(container), !health.rolledBack else { return nil }
            health.count += 1
            if health.problems.count < LayoutHealth.keptProblems {
                health.problems.append("\(container): \(ControlCharacters.line(problem))")
            }
            guard health.count > update.maximumLayoutProblems else { return nil }
            health.rolledBack = true
            return health.problems
        }
        guard let trigger else { return }
        let count = update.maximumLayoutProblems + 1
        // Weakly: the store keeps the task, and a store released meanwhile has nothing left to roll back.
        let task = Task { [weak self] () -> Void in
            guard let self else { return }
            await self.rollBackForLayoutHealth(folder: update.folder, version: update.version, count, trigger)
        }
        health.withLock { $0.rollback = task }
    }

    /// The layout problems counted in this launch for the pending update, the first ones.
    public var layoutProblems: [String] {
        let folder = state.withLock { $0.record.current.flatMap { $0.confirmed ? nil : $0.folder } }
        return health.withLock { $0.folder == folder ? $0.problems : [] }
    }

    /// Waits for a rollback the layout-health guard started, if any.
    func waitForLayoutHealthRollback() async {
        await health.withLock { $0.rollback }?.value
    }

    private func rollBackForLayoutHealth(folder: String, version: String, _ count: Int, _ problems: [String]) async {
        do throws(ConstraintError) {
            try await throughTheGate("roll back update \(version)") { () throws(ConstraintError) in
                let pending = state.withLock { $0.record.current.map { $0.folder == folder && !$0.confirmed } }
                guard pending == true else { return }
                let previous = previousVersion
                try rollbackInTurn(refusing: true)
                announce(
                    "update \(version) was rolled back at once: \(count) layout problem\(count == 1 ? "" : "s") "
                        + "in its containers while it was pending, more than its limit of \(count - 1) "
                        + "(--max-layout-problems); first: \(problems.joined(separator: "; ")). Lookups read "
                        + (previous.map { "update \($0)" } ?? "the app's own files")
                        + "; it is installed again only with allowDowngrade: true")
            }
        } catch {
            announce("update \(version) could not be rolled back for its layout problems: \(error.message)")
        }
    }

    /// Tells the diagnostics handler given at opening that the store rolled an update back.
    func announce(_ message: String) {
        diagnostics?(
            ConstraintDiagnostic(
                severity: .warning, code: .updateRolledBack, message: ControlCharacters.line(message)))
    }

    /// A failed lookup in an interpreter reading the store: a layout problem of `container`.
    func noteLookupFailure(_ error: ConstraintError, container: String) {
        guard error.code == .unknownView || error.code == .fileNotFound else { return }
        reportLayoutProblem(error.message, container: container)
    }
}

/// The layout problems one launch counted for the pending update (by its folder).
struct LayoutHealth {
    /// The most problems kept for the announcement.
    static let keptProblems = 5

    var folder: String?
    var containers: Set<String> = []
    var count = 0
    var problems: [String] = []
    var rolledBack = false
    var rollback: Task<Void, Never>?
}
