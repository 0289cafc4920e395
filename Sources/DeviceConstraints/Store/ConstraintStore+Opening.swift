import struct Foundation.Data

// What opening a store does before any lookup: finish what a crash interrupted, check the installed files, count a
// launch of a pending update (rolling it back when it has waited too long), and remove the leftovers.

extension ConstraintStore {
    /// What an opening found and decided.
    struct Opening {
        var record: StoreRecord
        var current: UpdateLayer?
        var previous: UpdateLayer?
        var rolledBack: String?
        var diagnostics: [ConstraintDiagnostic] = []

        /// Opens the store in `folder`.
        ///
        /// Every state the folder can be left in by a process killed at any instant reads as exactly one version:
        /// `store.json` names the installed update and the one before; it is replaced whole by a rename, and only
        /// after every file it names was written and flushed. Anything it does not name is a leftover.
        ///
        /// - Throws: ``ConstraintError`` `.unwritableStore` when the folder cannot be listed or the new state cannot
        ///   be written; never for what is in the folder.
        static func open(
            _ folder: StoreFolder, launchesBeforeRollback: Int, directory: String
        ) throws(ConstraintError) -> Opening {
            var opening = Opening(record: StoreRecord())
            let stored = opening.readRecord(folder)
            if let stored { opening.record = stored }
            opening.openLayers(folder)
            opening.countLaunch(launchesBeforeRollback: launchesBeforeRollback)
            if opening.record != stored ?? StoreRecord() {
                try ConstraintStore.write(opening.record, in: folder)
            }
            opening.removeLeftovers(folder)
            return opening
        }

        /// The record in `store.json`; nil when there is none (a store never installed to), or when it cannot be
        /// read (then the store starts over from the app's files, and says so).
        private mutating func readRecord(_ folder: StoreFolder) -> StoreRecord? {
            let data: Data?
            do {
                data = try folder.read(ConstraintStore.recordName, maximumSize: StoreRecord.maximumSize)
            } catch {
                report(
                    "\(folder.path)/\(ConstraintStore.recordName) could not be read (\(Self.describe(error))); the "
                        + "store starts over from the app's own files")
                return nil
            }
            guard let data else { return nil }
            guard let record = StoreRecord(data: data) else {
                report(
                    "\(folder.path)/\(ConstraintStore.recordName) is damaged or of another format; the store starts "
                        + "over from the app's own files")
                return nil
            }
            return record
        }

        /// Opens the layers the record names, checking their files; a damaged current update is rolled back to
        /// the previous one (or the app's files), a damaged previous one is forgotten.
        private mutating func openLayers(_ folder: StoreFolder) {
            if let update = record.previous {
                previous = UpdateLayer.open(update, in: folder)
                if previous == nil {
                    record.previous = nil
                    report(
                        "the files of update \(update.version) (kept for a rollback) are missing or damaged; it is "
                            + "forgotten")
                }
            }
            guard let update = record.current else { return }
            current = UpdateLayer.open(update, in: folder)
            guard current == nil else { return }
            rolledBack = update.version
            report(
                "the files of the installed update \(update.version) are missing or damaged; the store goes back to "
                    + (previous.map { "update \($0.version)" } ?? "the app's own files"),
                code: .updateRolledBack)
            restorePrevious()
        }

        /// Counts this opening as a launch of a pending update, or rolls the update back when it was opened
        /// `launchesBeforeRollback` times after its install without a confirmation.
        private mutating func countLaunch(launchesBeforeRollback: Int) {
            // An update restored by this very opening starts its launches with it.
            guard rolledBack == nil, var update = record.current, !update.confirmed else { return }
            guard update.launches >= launchesBeforeRollback else {
                update.launches += 1
                record.current = update
                return
            }
            rolledBack = update.version
            record.refused = update.version
            let launches = update.launches == 1 ? "1 launch" : "\(update.launches) launches"
            report(
                "update \(update.version) was not confirmed in \(launches) (ConstraintStore.confirm()); the store "
                    + "rolled it back to " + (previous.map { "update \($0.version)" } ?? "the app's own files")
                    + ", and will install \(update.version) again only with allowDowngrade: true",
                code: .updateRolledBack)
            restorePrevious()
        }

        /// Makes the previous update current (pending again for one launch if it never was confirmed), or the app's
        /// files when there is none.
        private mutating func restorePrevious() {
            if var restored = record.previous, !restored.confirmed {
                restored.launches = 1
                record.previous = restored
            }
            record.current = record.previous
            current = previous
            record.previous = nil
            previous = nil
        }

        /// Removes what the record does not name: update folders a crash left half-written or a rollback left
        /// behind, and a new record never renamed. Names the store never makes are left alone.
        private func removeLeftovers(_ folder: StoreFolder) {
            let kept = record.folders
            for name in (try? folder.names()) ?? [] {
                if name == ConstraintStore.newRecordName
                    || (name.hasPrefix(ConstraintStore.updateFolderPrefix) && !kept.contains(name))
                {
                    try? folder.removeAll(name)
                }
            }
        }

        private mutating func report(_ message: String, code: ConstraintDiagnostic.Code = .storeRecovered) {
            diagnostics.append(ConstraintDiagnostic(severity: .warning, code: code, message: message))
        }

        private static func describe(_ failure: PosixFile.Failure) -> String {
            switch failure {
            case .isLink: "it is a symbolic link, which the store never follows"
            case .notRegular: "it is not a file"
            case .tooLarge(let size, _): "it is \(size) bytes"
            case .system: failure.systemMessage
            }
        }
    }

    /// Writes `record` as the store's state in one atomic step: to a new file, flushed (with a barrier on Apple
    /// platforms, so every file written before is on the disk first), then renamed over `store.json`.
    ///
    /// The rename is not flushed: the system writes it with its next journal commit (within seconds). A power loss
    /// before that finds the state before, whole, as a crash would; waiting for the disk once more would only make
    /// every install slower.
    ///
    /// - Throws: ``ConstraintError`` `.unwritableStore`; the state on disk is then the one before.
    static func write(_ record: StoreRecord, in folder: StoreFolder) throws(ConstraintError) {
        do {
            try folder.remove(newRecordName)
            try folder.write(newRecordName, record.data, barrier: true)
            try folder.rename(newRecordName, to: recordName)
        } catch {
            try? folder.remove(newRecordName)
            throw failure(error, doing: "write the store's state", path: "\(folder.path)/\(recordName)")
        }
    }
}
