public import Foundation

extension ConstraintInterpreter {
    /// Reads files from `source`'s folder from now on, and follows every change to them: the hot reload.
    ///
    /// Point a debug or simulator build at the project's own `Constraints` folder and edit the files while the app
    /// runs; every save shows at once.
    ///
    /// ```swift
    /// #if DEBUG
    /// let watcher = try interpreter.watch(DirectorySource(URL(fileURLWithPath: "/path/to/project/Constraints")))
    /// for await event in interpreter.reloads() {
    ///     switch event {
    ///     case .reloaded(let containers): relayout(containers)
    ///     case .rejected(let error): showBanner(error.description)
    ///     }
    /// }
    /// #endif
    /// ```
    ///
    /// Every way an editor saves is seen (in place, a temporary file renamed over, vim's backup and rename, delete
    /// and recreate, new and deleted files), after the folder has been quiet for `debounce` seconds, so a file
    /// seen half-written is read once the writer is done. A changed file is read again, and only the loaded
    /// containers whose lookup chain reads it are merged again and swapped in, each in one step, like a load;
    /// containers never loaded stay unloaded. An edit that does not parse is reported as
    /// ``ReloadEvent/rejected(_:)`` with its file, line and column, and the container keeps its last good values
    /// until the file is fixed.
    ///
    /// Interpreters made ``init(sharingFilesWith:environment:)`` share the watch: each reads again what it has
    /// loaded, for its own window, and tells its own observers.
    ///
    /// The watch ends when the returned watcher is cancelled, when ``watch(_:debounce:mode:)`` is called again (on
    /// any interpreter sharing the files), or when the last interpreter sharing the files is released.
    ///
    /// - Parameters:
    ///   - source: the folder to read files from and watch.
    ///   - debounce: how long the folder must be quiet before changes are read (default 40 ms).
    ///   - mode: file-system events (inotify, kqueue) with polling where they fail, or polling only (network and
    ///     shared folders; every 0.5 s by default).
    /// - Returns: the watcher, to cancel the watch.
    /// - Throws: ``ConstraintError`` `.fileNotFound` when the folder does not exist.
    @discardableResult
    public func watch(
        _ source: DirectorySource, debounce: TimeInterval = DirectoryWatcher.defaultDebounce,
        mode: DirectoryWatcher.Mode = .automatic
    ) throws(ConstraintError) -> DirectoryWatcher {
        let watcher = try DirectoryWatcher(directory: source.directory, debounce: debounce, mode: mode) {
            [weak files] names in
            files?.reload(files: names)
        }
        files.replaceSource(with: source, watcher: watcher)
        // The new folder may hold other files than the old source: every loaded container is read again from it.
        files.reload(files: nil)
        return watcher
    }

    /// The hot reloads from now on, as an async sequence; it ends when the interpreter is released.
    public func reloads() -> AsyncStream<ReloadEvent> {
        reloadObservers.stream()
    }

    /// Calls `handler` with every hot reload from now on, on the watcher's thread, until the returned observation
    /// is cancelled or released.
    public func onReload(_ handler: @escaping @Sendable (ReloadEvent) -> Void) -> ConstraintObservation {
        reloadObservers.add(handler)
    }

    /// Posted on `NotificationCenter.default` after every hot reload, with the interpreter as the object and the
    /// ``ReloadEvent`` under ``reloadUserInfoKey``.
    public static let constraintsDidReloadNotification = Notification.Name("DeviceConstraintsConstraintsDidReload")

    /// The key of the ``ReloadEvent`` in the user info of ``constraintsDidReloadNotification``.
    public static let reloadUserInfoKey = "reload"

    // MARK: - Reloading

    /// Reads again what changed, in this interpreter and every one sharing its files: the files named, or every file
    /// of every loaded container when `names` is nil. What a watcher calls.
    func reload(files names: Set<String>?) {
        files.reload(files: names)
    }

    /// A change to the files of one container, as ``SharedFiles/reload(files:unloadingVanished:)`` made it in the
    /// stages.
    struct FileChange {
        let container: String
        /// The changed files, or nil when every file of the container may have changed.
        let files: Set<String>?
        /// The container's generation after the change.
        let generation: UInt64
    }

    /// What one window did in a reload, to announce once every window has published.
    struct Reread {
        var reloaded: [String] = []
        var events: [ReloadEvent] = []
        var warnings: [ConstraintDiagnostic] = []
    }

    /// Reads again, for this window, the loaded containers that `changes` reach. The stages have already forgotten
    /// the changed files; the caller announces the outcome (``announce(_:)``) after every window has published.
    ///
    /// Runs on the caller's thread (a watcher's, or the one installing an update), off the lookup path: each
    /// container is prepared from the stages, which keep every file that did not change, and swapped in whole; a
    /// failure keeps the last good table. With `unloadingVanished` (a store's change, complete when it is
    /// announced), a container left with no file is unloaded instead, so that lookups say so.
    func reread(_ changes: [FileChange], unloadingVanished: Bool) -> Reread {
        let snapshot = cache.snapshot
        // Asked after the stages forgot the files: a load that published before that is seen here and read again;
        // one that would publish after it cannot (its generation is gone).
        let loaded = Set(cache.loadedContainers)
        var outcome = Reread()
        for change in changes where loaded.contains(change.container) {
            let container = change.container
            // A file of a device off the current chain changes nothing a lookup returns now.
            if let changed = change.files {
                // The listing was made again after the change: a width qualifier added is among the candidates;
                // one removed is not, so any change to a file of a width reads the container again.
                let candidates = try? ContainerFiles.candidates(
                    of: container, along: snapshot.chain, catalog: catalog, window: snapshot.environment,
                    listing: files.currentListing())
                let chainFiles = Set((candidates ?? []).map(\.fileName))
                let widthFileChanged = changed.contains { name in
                    ConstraintFileName(parsing: name, knownDevices: [])?.device.flatMap {
                        DevicePart(parsing: $0.rawValue, isDevice: { _ in false })?.minimumWidth
                    } != nil
                }
                if changed.isDisjoint(with: chainFiles), !widthFileChanged { continue }
            }
            do throws(ConstraintError) {
                let prepared = try prepare(container, for: snapshot, generation: change.generation)
                outcome.warnings += prepared.warnings
                let table = resolved(prepared.merged, for: snapshot)
                if cache.replace(
                    container, table, merged: prepared.merged, for: snapshot,
                    isCurrent: { stages.generation(of: container) == change.generation })
                {
                    outcome.reloaded.append(container)
                }
            } catch  where unloadingVanished && error.code == .fileNotFound {
                cache.remove(container)
                outcome.reloaded.append(container)
            } catch {
                outcome.events.append(.rejected(error))
            }
        }
        return outcome
    }

    /// Tells this window's observers what a reload did: warnings to the diagnostics handler, then the events, outside
    /// every lock.
    func announce(_ outcome: Reread) {
        deliver(outcome.warnings)
        var events = outcome.events
        if !outcome.reloaded.isEmpty {
            events.insert(.reloaded(outcome.reloaded), at: 0)
            publications.post(.containers(outcome.reloaded))
        }
        for event in events {
            reloadObservers.post(event)
            NotificationCenter.default.post(
                name: Self.constraintsDidReloadNotification, object: self, userInfo: [Self.reloadUserInfoKey: event])
        }
    }

    /// Publishes `name` for this window from the merged stage if it is pending (another window had it loaded when
    /// this one was opened) and its merge for this window's class is there, reading no file: what a lookup of a
    /// window of a class already loaded finds at once. A pending container whose merge is not there stops being
    /// pending; it loads on demand.
    ///
    /// - Returns: the table now published, or nil when `name` was not pending or could not be adopted.
    @discardableResult
    func adoptPending(_ name: String) -> ViewTable? {
        guard cache.isPending(name) else { return nil }
        let snapshot = cache.snapshot
        let generation = stages.generation(of: name)
        guard
            let prepared = try? prepareIfPossible(name, for: snapshot, generation: generation, readingFiles: false)
        else {
            cache.dropPending(name)
            return nil
        }
        let table = resolved(prepared.merged, for: snapshot)
        if cache.publish(
            name, table, merged: prepared.merged, for: snapshot,
            isCurrent: {
                stages.generation(of: name) == generation
            })
        {
            return table
        }
        // Another thread published it first, or it moved on (an invalidation, a switch): answer as the cache does now.
        return cache.table(of: name)
    }

    /// Adopts every pending container that can be (``adoptPending(_:)``): before anything that works on every loaded
    /// container, so that a window opened sharing files behaves as if it had adopted them when it was opened.
    func adoptAllPending() {
        for name in cache.pendingContainers { adoptPending(name) }
    }
}

/// A change of what an interpreter's lookups return, as ``LiveConstraints`` follows it.
enum Publication: Sendable {
    /// The environment switched (a silent resize too); loaded tables may have changed or been unloaded.
    case environment
    /// These containers were loaded, reloaded, or unloaded by an invalidation.
    case containers([String])
    /// Every container was unloaded.
    case all
    /// The files of these containers changed (nil: any file may have): a container that could not load may load
    /// now. Posted after every reload, whatever it reloaded; the loaded containers it changed are posted as
    /// ``containers(_:)`` before it.
    case files([String]?)
}
