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
        /// An opening never fails for what is in the folder, nor for a disk that takes no change (full, or
        /// read-only): what it decided and could not write (a launch counted, a rollback) is said in a diagnostic
        /// (``ConstraintDiagnostic/Code/storeNotRecorded``), holds for this launch, and is written with the next
        /// change of the state (a confirmation, an install); a launch not written is not counted by the next
        /// opening.
        ///
        /// A record that cannot be read (too large, a read that fails) or is damaged never costs the installed
        /// updates: this opening reads the app's files and leaves the record and every update folder as they are,
        /// for an opening that can read it (a new release, a disk repaired), until the app installs or resets.
        static func open(_ folder: StoreFolder, launchesBeforeRollback: Int, maximumRecordSize: Int) -> Opening {
            var opening = Opening(record: StoreRecord())
            let stored = opening.readRecord(folder, maximumSize: maximumRecordSize)
            if case .read(let record) = stored { opening.record = record }
            opening.openLayers(folder)
            opening.countLaunch(launchesBeforeRollback: launchesBeforeRollback)
            guard case .read(let record) = stored else {
                // Nothing to write; the folders are left to a record that names them, or to the next change.
                if case .missing = stored { opening.removeLeftovers(folder) }
                return opening
            }
            if opening.record != record {
                do throws(ConstraintError) {
                    try ConstraintStore.write(opening.record, in: folder, maximumSize: maximumRecordSize)
                } catch {
                    opening.report(
                        "\(error.message); this launch reads what is installed and the store records it with its "
                            + "next change, but installs fail until the disk takes changes again",
                        code: .storeNotRecorded)
                    // The folders the record on disk names stay, whatever this opening decided.
                    opening.removeLeftovers(folder, keeping: record.folders)
                    return opening
                }
            }
            opening.removeLeftovers(folder)
            return opening
        }

        /// What `store.json` held.
        private enum Stored {
            /// No record: a store never installed to.
            case missing
            case read(StoreRecord)
            /// A record the opening could not read, or not as a record: said in a diagnostic.
            case unreadable
        }

        /// The record in `store.json`. One that cannot be read is reported: the store reads the app's files.
        private mutating func readRecord(_ folder: StoreFolder, maximumSize: Int) -> Stored {
            let kept =
                "this launch reads the app's own files; the installed updates are kept in the folder, for an opening "
                + "that can read the record, until the app installs an update or resets the store"
            let data: Data?
            do {
                data = try folder.read(ConstraintStore.recordName, maximumSize: maximumSize)
            } catch {
                report(
                    "\(folder.path)/\(ConstraintStore.recordName) could not be read (\(Self.describe(error))); \(kept)")
                return .unreadable
            }
            guard let data else { return .missing }
            guard let record = StoreRecord(data: data) else {
                report("\(folder.path)/\(ConstraintStore.recordName) is damaged or of another format; \(kept)")
                return .unreadable
            }
            return .read(record)
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
                "update \(update.version) was not confirmed in \(launches) (ConstraintStore.confirm(version:)); the store "
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
        private func removeLeftovers(_ folder: StoreFolder, keeping kept: Set<String> = []) {
            let kept = record.folders.union(kept)
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
            case .tooLarge(let size, _): "it is \(size) bytes, more than the store reads"
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
    /// - Throws: ``ConstraintError`` `.unwritableStore`, or `.fileTooLarge` for a record over `maximumSize`, which
    ///   an opening would not read back; the state on disk is then the one before.
    static func write(_ record: StoreRecord, in folder: StoreFolder, maximumSize: Int) throws(ConstraintError) {
        let data = record.data
        guard data.count <= maximumSize else {
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "the store's record (\(folder.path)/\(recordName)) would be \(data.count) bytes, over the "
                    + "\(maximumSize) bytes the store reads back; nothing was changed")
        }
        do {
            try folder.remove(newRecordName)
            try folder.write(newRecordName, data, barrier: true)
            try folder.rename(newRecordName, to: recordName)
        } catch {
            try? folder.remove(newRecordName)
            throw failure(error, doing: "write the store's state", path: "\(folder.path)/\(recordName)")
        }
    }
}
