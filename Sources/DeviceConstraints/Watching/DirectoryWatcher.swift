public import Foundation

/// Watches one folder and reports which files in it changed: created, written, renamed in or out, deleted.
///
/// Changes are collected until the folder has been quiet for ``debounce`` seconds, then reported together as one
/// set of file names (names only, relative to the folder, of every kind of file: filter for `.json` yourself).
/// So a file that an editor saves in several steps (vim renames the old file to `file~`, writes the new one and
/// deletes the backup) or writes in several chunks is reported once, after the writer has settled.
///
/// ```swift
/// let watcher = try DirectoryWatcher(directory: URL(fileURLWithPath: "Constraints"))
/// for await names in watcher.changes() {
///     print("changed:", names.sorted())   // ["Card_iPad.json"]
/// }
/// ```
///
/// The folder is watched, not the files, so every way an editor saves is seen: in place, a temporary file renamed
/// over the old one (Xcode and most editors), vim's backup and rename, delete and recreate. On Linux the watcher
/// uses inotify, on Apple platforms kqueue (the kernel events behind `DispatchSource`); an idle watcher sleeps in
/// the kernel and uses no CPU. Where those events do not work or cannot start, it lists the folder every
/// ``defaultPollingInterval`` seconds instead (see ``Mode-swift.struct``).
///
/// Each watcher has one thread of its own (asleep while nothing changes) and a few descriptors: three on Linux
/// (and one of the user's inotify instances, 128 by default), four on Apple platforms plus one per file in the
/// folder, two when polling. It stops when you call ``cancel()`` or release it; a callback that holds the watcher
/// strongly keeps it alive, so capture it `weak` or call ``cancel()``.
///
/// > Note: a report says a name changed, not how: a name may be reported for a file that no longer exists (it
/// > was deleted), or for a temporary file an editor created and removed during the save.
public final class DirectoryWatcher: Sendable {
    /// How a watcher learns of changes.
    public struct Mode: Sendable, Hashable, CustomStringConvertible {
        enum Kind: Hashable {
            case automatic
            case fileSystemEvents
            case polling(interval: Double)
        }

        let kind: Kind

        /// The platform's file-system events, or polling at ``DirectoryWatcher/defaultPollingInterval`` when they
        /// cannot start (the inotify limits are reached, the platform has none).
        public static let automatic = Mode(kind: .automatic)

        /// The platform's file-system events only: the initializer throws when they cannot start.
        public static let fileSystemEvents = Mode(kind: .fileSystemEvents)

        /// Listing the folder every `interval` seconds (clamped to 0.01…3600) and comparing names, sizes,
        /// modification and change times and inodes with the last listing.
        ///
        /// Use it for folders whose changes the kernel does not see: network shares, and folders shared into a
        /// container or virtual machine, where events from the other side never arrive. A write that keeps a
        /// file's size and lands within the file system's timestamp granularity of the previous scan can be missed.
        public static func polling(interval: TimeInterval = DirectoryWatcher.defaultPollingInterval) -> Mode {
            Mode(kind: .polling(interval: min(max(interval.isNaN ? defaultPollingInterval : interval, 0.01), 3600)))
        }

        /// The interval of a polling mode; nil for the others.
        public var pollingInterval: TimeInterval? {
            if case .polling(let interval) = kind { return interval }
            return nil
        }

        public var description: String {
            switch kind {
            case .automatic: "automatic"
            case .fileSystemEvents: "file-system events"
            case .polling(let interval): "polling every \(interval) s"
            }
        }
    }

    /// How long the folder must be quiet before changes are reported: 40 ms (an editor writes a file in far less; the edit shows within about 45 ms).
    ///
    /// Long enough to join the steps of one save (a rename, a write, a delete, microseconds apart) and the chunks
    /// of one write, short enough not to be felt.
    public static let defaultDebounce: TimeInterval = 0.04

    /// How often the polling mode lists the folder: 0.5 s.
    public static let defaultPollingInterval: TimeInterval = 0.5

    /// The folder watched.
    public let directory: URL

    /// How long the folder must be quiet before a report, in seconds. A folder that never goes quiet (a file
    /// written continuously) is still reported every ``maximumDelay`` seconds.
    public let debounce: TimeInterval

    /// The longest changes wait for the folder to go quiet: 20 × ``debounce``, at least one second.
    public var maximumDelay: TimeInterval { Self.maximumDelay(debounce: debounce) }

    static func maximumDelay(debounce: TimeInterval) -> TimeInterval { max(1, 20 * debounce) }

    /// How this watcher learns of changes, as chosen when it started: ``Mode-swift.struct/fileSystemEvents`` or a
    /// ``Mode-swift.struct/polling(interval:)``, never ``Mode-swift.struct/automatic``. (Should the platform's
    /// events fail later, which they should not, the watcher carries on by polling.)
    public let mode: Mode

    private let loop: WatchLoop

    /// Starts watching `directory`.
    ///
    /// Changes made after this returns are reported; the files already there are not.
    ///
    /// - Parameters:
    ///   - directory: The folder to watch (not a file in it: a watch on a file goes silent after a rename-save).
    ///   - debounce: Seconds the folder must be quiet before a report (clamped to 0…60), ``defaultDebounce``
    ///     unless given.
    ///   - mode: ``Mode-swift.struct/automatic`` unless given: file-system events, polling where they fail.
    ///   - onChange: Called with each report, on the watcher's thread, one report at a time. Every stream from
    ///     ``changes()`` receives the same reports.
    /// - Throws: ``ConstraintError`` ``ConstraintError/Code/fileNotFound`` when there is no folder at
    ///   `directory`; ``ConstraintError/Code/unreadableFile`` when it is a file or cannot be read, or when
    ///   `mode` is ``Mode-swift.struct/fileSystemEvents`` and they cannot start.
    public convenience init(
        directory: URL, debounce: TimeInterval = DirectoryWatcher.defaultDebounce, mode: Mode = .automatic,
        onChange: (@Sendable (Set<String>) -> Void)? = nil
    ) throws(ConstraintError) {
        try self.init(
            directory: directory, debounce: debounce, mode: mode, onChange: onChange,
            platformDetector: Self.platformDetector)
    }

    /// The initializer, with the platform's detector replaceable (tests make it fail, to see the fallback).
    init(
        directory: URL, debounce: TimeInterval, mode: Mode, onChange: (@Sendable (Set<String>) -> Void)?,
        platformDetector: (String, WakeSignal) throws(ConstraintError) -> any ChangeDetector
    ) throws(ConstraintError) {
        let path = directory.standardizedFileURL.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConstraintError(
                code: .fileNotFound, message: "there is no folder to watch here; create it or pass its path",
                file: path)
        }
        guard isDirectory.boolValue else {
            throw ConstraintError(
                code: .unreadableFile, message: "this is a file; watch the folder that holds it", file: path)
        }
        self.directory = directory
        self.debounce = min(max(debounce.isNaN ? Self.defaultDebounce : debounce, 0), 60)
        let wake = try WakeSignal()
        let detector: any ChangeDetector
        let pollingInterval = mode.pollingInterval ?? Self.defaultPollingInterval
        do {
            switch mode.kind {
            case .polling:
                detector = try PollingDetector(directory: path, interval: pollingInterval, wake: wake)
                self.mode = mode
            case .fileSystemEvents:
                detector = try platformDetector(path, wake)
                self.mode = .fileSystemEvents
            case .automatic:
                if let events = try? platformDetector(path, wake) {
                    detector = events
                    self.mode = .fileSystemEvents
                } else {
                    detector = try PollingDetector(directory: path, interval: pollingInterval, wake: wake)
                    self.mode = .polling(interval: pollingInterval)
                }
            }
        } catch {
            wake.close()
            throw error
        }
        loop = WatchLoop(
            directory: path, detector: detector, wake: wake, debounce: self.debounce,
            maximumDelay: Self.maximumDelay(debounce: self.debounce), fallbackInterval: pollingInterval,
            onChange: onChange)
        loop.start()
    }

    deinit {
        loop.cancel()
    }

    /// The reports from now on, as a stream: each element is the set of names that changed.
    ///
    /// Every call returns a new stream, and every stream receives every report made after the call. A stream
    /// finishes when the watcher is cancelled or released; reports wait in it until they are read (none is
    /// dropped, so that no changed name is lost). A stream released, or whose reading task is cancelled, stops
    /// receiving.
    ///
    /// ```swift
    /// for await names in watcher.changes() where names.contains(where: { $0.hasSuffix(".json") }) {
    ///     reload(names)
    /// }
    /// ```
    public func changes() -> AsyncStream<Set<String>> {
        loop.subscribe()
    }

    /// Stops watching: closes the watcher's descriptors, ends its thread and finishes its streams.
    ///
    /// When this returns, no callback runs and none will (called from the callback itself, it returns at once and
    /// the watcher stops when the callback returns). Calling it again does nothing.
    public func cancel() {
        loop.cancel()
    }

    /// Whether the watcher has stopped (or is stopping).
    public var isCancelled: Bool { loop.isCancelled }

    /// How many streams receive reports now, for tests.
    var streamCount: Int { loop.subscriberCount }

    /// The name of the watcher's thread, for tests that find it in `/proc/self/task`.
    var threadName: String { loop.threadName }

    /// The platform's file-system events: inotify on Linux, kqueue on Apple platforms.
    static func platformDetector(directory: String, wake: WakeSignal) throws(ConstraintError) -> any ChangeDetector {
        #if canImport(Darwin)
            return try KqueueDetector(directory: directory, wake: wake, retryInterval: defaultPollingInterval)
        #elseif os(Linux) || os(Android)
            return try InotifyDetector(directory: directory, wake: wake, retryInterval: defaultPollingInterval)
        #else
            throw ConstraintError(
                code: .unreadableFile, message: "this platform has no file-system events; use polling",
                file: directory)
        #endif
    }
}
