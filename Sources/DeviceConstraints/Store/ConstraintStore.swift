public import Foundation

/// Constraint files installed over the app's own, without an app release: a folder the app owns where downloaded
/// updates are validated, written and made current in one atomic step, then confirmed or rolled back.
///
/// A store is a ``ConstraintSource``: the installed update's files layered over `base` (an update's file replaces the
/// base file of the same name; an update may add containers and device files; what it does not carry is read from
/// `base`). Give it to the interpreters instead of `base`:
///
/// ```swift
/// let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
///     .appendingPathComponent("Constraints", isDirectory: true)
/// let store = try ConstraintStore(directory: folder, base: BundleSource(.main, subdirectory: "Constraints"))
/// let interpreter = ConstraintInterpreter(source: store, environment: window)
///
/// // Later, with bytes the app downloaded:
/// try await store.install(try ConstraintUpdate(data: downloaded)) { update in
///     try verifySignature(of: update.data())   // the app's check: a signature or a digest
/// }
/// // Every interpreter reading the store now returns the new values. Once a screen showed them:
/// try store.confirm(version: "14")
/// ```
///
/// ## What an install promises
/// ``install(_:allowDowngrade:verify:)`` checks the whole update before it writes anything (names, sizes, that
/// every file parses, devices the catalog knows, lint's error rules over the files layered on `base`, the app's
/// `verify`), writes the files to a new folder, flushes them, and makes them current with one atomic rename. A
/// process killed at any instant leaves, at the next opening, exactly the old files or exactly the new ones; a
/// refused update changes nothing, on disk or in any lookup.
///
/// ## Confirm or roll back
/// An installed update is pending until ``confirm(version:)``. The launch that installs it is its first; when the store is
/// opened ``rollbackAfterUnconfirmedLaunches`` more times with the update still pending (the app crashed, or never
/// got to show it), that opening goes back to the previous update, or to `base`, by itself and says so
/// (``rolledBackVersion``, and a diagnostic). ``rollback()`` and ``reset()`` do the same on demand.
///
/// ## Threading
/// Every method may be called from any thread. Installs, rollbacks and resets run one at a time, in the order they
/// were called (a slow `verify` included); lookups never wait for them, and never see a container mixed from two
/// versions. One store per folder: a second one over the same folder, in this process or another, is refused
/// (``ConstraintError/Code/storeInUse``) while the first is open. Make one store per launch and share it: each
/// opening counts as a launch.
///
/// A `verify` runs in the install's turn, so it must not call this store's ``install(_:allowDowngrade:verify:)``,
/// ``rollback()`` or ``reset()`` (nor wait for a task that does): such a call would wait for the install that waits
/// for it, so it fails at once with ``ConstraintError/Code/reentrantStoreCall``. (A `Task.detached` leaves the
/// install's task behind, and the store cannot see it: do not wait for one from `verify`.)
///
/// ## What the store writes, and the disk
/// The record of what is installed (`store.json`: the names of the installed update's files and of the previous
/// one's) is bounded by what an opening reads back: an install that would pass it is refused
/// (``ConstraintError/Code/fileTooLarge``) before anything is written. A record that an opening cannot read (or a
/// damaged one) never costs the installed updates: that opening reads `base`, says so, and leaves the record and the
/// update folders as they are until the app installs or resets. On a full or read-only disk the store still opens
/// and serves what is installed; what the opening could not record is said in a diagnostic
/// (``ConstraintDiagnostic/Code/storeNotRecorded``) and written with the next change, and installs fail with
/// ``ConstraintError/Code/unwritableStore`` until the disk takes changes again. Every error and diagnostic message
/// shows control characters (C0, DEL, C1, bidirectional controls) as escapes (`\u0085`), never raw.
public final class ConstraintStore: ConstraintSource, CustomStringConvertible, Sendable {
    /// The store's folder.
    public let directory: URL
    /// The app's own files, under the installed update.
    public let base: any ConstraintSource
    /// The devices an update's files may be written for; its files are checked against them.
    public let catalog: DeviceCatalog
    /// The parser an update's files are checked with: use the interpreters' limits.
    public let parser: ConstraintFileParser
    /// The largest update accepted, all files together, in bytes.
    public let maximumUpdateSize: Int
    /// How many openings an update may stay unconfirmed after the launch that installed it before an opening rolls
    /// it back. Default: 2 (the second opening after the install).
    public let rollbackAfterUnconfirmedLaunches: Int
    /// The version this opening rolled back by itself: an update that stayed unconfirmed too long, or whose files
    /// were damaged. Nil when it rolled nothing back.
    public let rolledBackVersion: String?
    /// The largest `store.json` the store writes and reads back (``StoreRecord/maximumSize``; smaller in tests).
    let maximumRecordSize: Int

    /// The name of the file that holds the store's state, in its folder.
    static let recordName = "store.json"
    /// What a new state is written as before it is renamed over ``recordName``.
    static let newRecordName = "store.json.new"
    /// The file the store holds its lock on while it is open.
    static let lockName = "store.lock"
    /// The start of an update folder's name: `update-7`.
    static let updateFolderPrefix = "update-"

    let folder: StoreFolder
    /// The lock on ``lockName``, held while the store is open.
    private let lock: StoreFolder.Lock
    let state: ConditionLocked<InstalledState>
    /// Held while the record is written: every change of `store.json` (an install's commit, a confirmation) is
    /// made under it, one at a time, so that none undoes another. The state lock is held only to swap values.
    /// It counts the commits. (Not a lock of `Void`: ThreadSanitizer takes the accesses of an empty value for races
    /// on the object's header.)
    let commits = ConditionLocked<UInt64>(0)
    let gate = SerialGate()
    let fileObservers = Observers<FilesChanged>()
    /// The handler given at opening: told of what the store does by itself later too (a layout-health rollback).
    let diagnostics: ConstraintDiagnosticHandler?
    /// ``installationID``, once read or made.
    let installation = ConditionLocked<String?>(nil)
    /// The layout problems counted for the pending update in this launch.
    let health = ConditionLocked(LayoutHealth())

    /// The files a commit changed, and the revision it made.
    struct FilesChanged: Sendable {
        let names: Set<String>
        let revision: UInt64
    }

    /// What is installed now, as the store reads it, and the layers it retired.
    struct InstalledState {
        var record: StoreRecord
        var current: UpdateLayer?
        var previous: UpdateLayer?
        /// The folders of layers no longer current or previous, each deleted once no load holds its layer.
        var retired: [(folder: String, layer: WeakLayer)] = []
        /// How many times the files changed since the store was opened (``PinnedFiles/revision``).
        var revision: UInt64 = 0
    }

    /// A layer that a load may still hold.
    final class WeakLayer: @unchecked Sendable {
        // @unchecked: only read and written under the store's state lock.
        weak var layer: UpdateLayer?
        init(_ layer: UpdateLayer?) { self.layer = layer }
    }

    /// Opens the store in `directory` (creating the folder if needed) over the app's files in `base`.
    ///
    /// Opening finishes what a crash interrupted (it keeps exactly the old files or exactly the new ones, and
    /// removes the leftovers), counts a launch of a pending update, and rolls it back when it has stayed unconfirmed
    /// for ``rollbackAfterUnconfirmedLaunches`` openings after its install.
    ///
    /// - Parameters:
    ///   - directory: a folder the app owns and gives to the store alone, such as
    ///     `Application Support/Constraints`.
    ///   - base: the app's own files, which updates are layered over (``BundleSource`` for the app's resources).
    ///   - catalog: the devices the files are written for, the interpreters' catalog.
    ///   - limits: the parser's limits, the interpreters' limits.
    ///   - maximumUpdateSize: the largest update accepted, all files together (default 64 MiB).
    ///   - rollbackAfterUnconfirmedLaunches: how many openings after its install an update may stay unconfirmed;
    ///     the next one rolls it back (default 2; at least 1).
    ///   - diagnostics: receives what the opening did by itself (a rollback, leftovers of a damaged state), before
    ///     the initializer returns.
    /// - Throws: ``ConstraintError`` `.storeInUse` when another store has the folder open, `.unwritableStore` when
    ///   the folder cannot be created or opened. Nothing a crash or a damaged update left in the folder is an
    ///   error: the store goes back to the last complete version, or to `base`, and says so in a diagnostic. Nor is
    ///   a disk that takes no change (full, or read-only): the store serves what is installed, and what it could not
    ///   record (a launch counted, a rollback) is said in a diagnostic and written with the next change.
    public convenience init(
        directory: URL, base: any ConstraintSource, catalog: DeviceCatalog = .standard,
        limits: ConstraintFileParser.Limits = .default,
        maximumUpdateSize: Int = ConstraintUpdate.defaultMaximumSize, rollbackAfterUnconfirmedLaunches: Int = 2,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) throws(ConstraintError) {
        try self.init(
            directory: directory, base: base, catalog: catalog, limits: limits, maximumUpdateSize: maximumUpdateSize,
            rollbackAfterUnconfirmedLaunches: rollbackAfterUnconfirmedLaunches, diagnostics: diagnostics,
            maximumRecordSize: StoreRecord.maximumSize, simulatedFailure: nil)
    }

    /// The store, with the limits and the disk tests need: a smaller record than a real one fills, a disk that
    /// refuses every change (see ``StoreFolder/simulatedFailure``).
    convenience init(
        directory: URL, base: any ConstraintSource, catalog: DeviceCatalog,
        limits: ConstraintFileParser.Limits, maximumUpdateSize: Int, rollbackAfterUnconfirmedLaunches: Int,
        diagnostics: ConstraintDiagnosticHandler?, maximumRecordSize: Int, simulatedFailure: Int32?
    ) throws(ConstraintError) {
        do throws(ConstraintError) {
            try self.init(
                opening: directory, base: base, catalog: catalog, limits: limits,
                maximumUpdateSize: maximumUpdateSize,
                rollbackAfterUnconfirmedLaunches: rollbackAfterUnconfirmedLaunches, diagnostics: diagnostics,
                maximumRecordSize: maximumRecordSize, simulatedFailure: simulatedFailure)
        } catch {
            throw error.escapingControlCharacters()
        }
    }

    private init(
        opening directory: URL, base: any ConstraintSource, catalog: DeviceCatalog,
        limits: ConstraintFileParser.Limits, maximumUpdateSize: Int, rollbackAfterUnconfirmedLaunches: Int,
        diagnostics: ConstraintDiagnosticHandler?, maximumRecordSize: Int, simulatedFailure: Int32?
    ) throws(ConstraintError) {
        guard rollbackAfterUnconfirmedLaunches >= 1 else {
            throw ConstraintError(
                code: .invalidUpdate,
                message:
                    "rollbackAfterUnconfirmedLaunches is \(rollbackAfterUnconfirmedLaunches); it must be 1 or more "
                    + "(the openings after an install that may pass before an unconfirmed update is rolled back)")
        }
        self.directory = directory
        self.base = base
        self.catalog = catalog
        self.parser = ConstraintFileParser(limits: limits)
        self.maximumUpdateSize = maximumUpdateSize
        self.rollbackAfterUnconfirmedLaunches = rollbackAfterUnconfirmedLaunches
        self.maximumRecordSize = maximumRecordSize
        self.diagnostics = diagnostics
        let folder: StoreFolder
        do {
            folder = try StoreFolder.open(path: directory.path, simulatedFailure: simulatedFailure)
        } catch {
            throw Self.failure(error, doing: "open the store's folder", path: directory.path)
        }
        let lock: StoreFolder.Lock?
        do {
            lock = try folder.lock(Self.lockName)
        } catch {
            throw Self.failure(error, doing: "lock the store's folder", path: directory.path)
        }
        guard let lock else {
            throw ConstraintError(
                code: .storeInUse,
                message:
                    "\(directory.path) is already open as a ConstraintStore, in this process or another; keep one "
                    + "store per folder and give it to every interpreter")
        }
        self.folder = folder
        self.lock = lock
        let opened = Opening.open(
            folder, launchesBeforeRollback: rollbackAfterUnconfirmedLaunches, maximumRecordSize: maximumRecordSize)
        self.rolledBackVersion = opened.rolledBack
        self.state = ConditionLocked(
            InstalledState(record: opened.record, current: opened.current, previous: opened.previous))
        if let diagnostics {
            for var diagnostic in opened.diagnostics {
                diagnostic.message = ControlCharacters.line(diagnostic.message)
                diagnostics(diagnostic)
            }
        }
    }

    // MARK: - What is installed

    /// The version of the installed update; nil when lookups read `base` alone.
    public var installedVersion: String? {
        state.withLock { $0.current?.version }
    }

    /// Whether the installed update waits for ``confirm(version:)``; false when none is installed.
    public var isPending: Bool {
        state.withLock { $0.record.current.map { !$0.confirmed } ?? false }
    }

    /// The version a ``rollback()`` would go back to: the update installed before the current one; nil when a
    /// rollback would go back to `base` (or nothing is installed).
    public var previousVersion: String? {
        state.withLock { $0.previous?.version }
    }

    /// `the store /path/Constraints`, as messages name it.
    public var description: String { "the store \(directory.path)" }

    /// Confirms the installed update, whichever it is: it stays installed however many launches follow.
    ///
    /// Deprecated: an update installed in the background since the screen showed its values would be confirmed
    /// unseen. ``confirm(version:)`` confirms only the version the app has shown. Confirming an update that is
    /// already confirmed, or when none is installed, does nothing.
    ///
    /// - Throws: ``ConstraintError`` `.unwritableStore` when the confirmation cannot be written; the update stays
    ///   pending.
    @available(
        *, deprecated,
        message:
            "confirm() also confirms an update installed in the background that no screen has shown; call confirm(version:) with the version the screen showed"
    )
    public func confirm() throws(ConstraintError) {
        _ = try confirmInstalled(version: nil)
    }

    // MARK: - Reading files

    /// The file `name` as lookups read it now: the installed update's, else `base`'s.
    public func data(forFile name: String) throws -> Data? {
        try layered().data(forFile: name)
    }

    /// The file `name` as lookups read it now, if it has at most `maximumSize` bytes.
    public func data(forFile name: String, maximumSize: Int) throws -> Data? {
        try layered().data(forFile: name, maximumSize: maximumSize)
    }

    /// The names of the installed update's files and of `base`'s, sorted.
    public func fileNames() throws -> [String] {
        try layered().fileNames()
    }

    /// The files of the version installed now.
    func layered() -> LayeredSource {
        LayeredSource(layer: state.withLock { $0.current }, base: base)
    }

    // MARK: - Failures

    /// The error for a system call that failed while the store did `what` at `path`.
    static func failure(_ failure: PosixFile.Failure, doing what: String, path: String) -> ConstraintError {
        let reason: String =
            switch failure {
            case .isLink: "it is a symbolic link, which the store never follows inside its folder"
            case .notRegular: "it is not what the store made there"
            case .tooLarge(let size, _): "it is \(size) bytes, more than the store ever writes"
            case .system: failure.systemMessage
            }
        return ConstraintError(
            code: .unwritableStore,
            message:
                "could not \(what) (\(path)): \(reason); check that the folder is the app's own and that the disk "
                + "has room; nothing was changed")
    }
}

extension ConstraintStore: ChangingSource {
    func pinned() -> PinnedFiles {
        state.withLock { PinnedFiles(source: LayeredSource(layer: $0.current, base: base), revision: $0.revision) }
    }

    func onFilesChanged(_ handler: @escaping @Sendable (Set<String>, _ revision: UInt64) -> Void)
        -> ConstraintObservation
    {
        fileObservers.add { change in handler(change.names, change.revision) }
    }

    func lookupFailed(_ error: ConstraintError, container: String) {
        noteLookupFailure(error, container: container)
    }
}
