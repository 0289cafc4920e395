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
    /// The watch ends when the returned watcher is cancelled, when ``watch(_:debounce:mode:)`` is called again, or
    /// when the interpreter is released.
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
            [weak self] names in
            self?.reload(files: names)
        }
        let previous = sources.withLock { sources in
            defer { sources = (source, watcher) }
            return sources.watcher
        }
        previous?.cancel()
        // The new folder may hold other files than the old source: every loaded container is read again from it.
        reload(files: nil)
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

    /// Reads again what changed: the files named, or every file of every loaded container when `files` is nil.
    ///
    /// Runs on the caller's thread (the watcher's), off the lookup path: each container is prepared from the
    /// stages, which keep every file that did not change, and swapped in whole; a failure keeps the last good table.
    /// With `unloadingVanished` (a store's change, which is complete when it is announced), a container that has no
    /// file left is unloaded instead, so that lookups say so.
    func reload(files: Set<String>?, unloadingVanished: Bool = false) {
        var affected: [String: Set<String>] = [:]
        if let files {
            for file in files where file.hasSuffix(".json") {
                for container in ConstraintFileName.containerCandidates(ofFile: file)
                where ConstraintFileName.validateContainer(container) == nil {
                    affected[container, default: []].insert(file)
                }
            }
        } else {
            for container in cache.loadedContainers { affected[container] = [] }
        }
        var reloaded: [String] = []
        var events: [ReloadEvent] = []
        var warnings: [ConstraintDiagnostic] = []
        // One reload at a time (a watcher's and a store's): a reload refused because another moved the container
        // on would otherwise return before the other published, and leave the old table answering meanwhile.
        reloading.withLock { reloads in
            reloads &+= 1
            let snapshot = cache.snapshot
            for (container, changed) in affected.sorted(by: { $0.key < $1.key }) {
                // Forget the changed files (all of them on a full reload) and every merge that read them.
                var generation: UInt64 = 0
                if files == nil {
                    generation = stages.invalidate(container)
                } else {
                    for file in changed { generation = stages.invalidate(file: file, of: container) }
                }
                // Asked after the invalidation: a load that published before it is seen here and read again; one that
                // would publish after it cannot (its generation is gone).
                guard cache.isLoaded(container) else { continue }
                // A file of a device off the current chain changes nothing a lookup returns now.
                let chainFiles = Set(
                    ((try? ConstraintFileName.files(of: container, along: snapshot.chain)) ?? []).map(\.fileName))
                if files != nil, changed.isDisjoint(with: chainFiles) { continue }
                do throws(ConstraintError) {
                    let prepared = try prepare(container, for: snapshot, generation: generation)
                    warnings += prepared.warnings
                    let table = resolved(prepared.merged, for: snapshot)
                    if cache.replace(
                        container, table, merged: prepared.merged, for: snapshot,
                        isCurrent: {
                            stages.generation(of: container) == generation
                        })
                    {
                        reloaded.append(container)
                    }
                } catch  where unloadingVanished && error.code == .fileNotFound {
                    invalidate(container: container)
                    reloaded.append(container)
                } catch {
                    events.append(.rejected(error))
                }
            }
        }
        deliver(warnings)
        if !reloaded.isEmpty { events.insert(.reloaded(reloaded), at: 0) }
        for event in events {
            reloadObservers.post(event)
            NotificationCenter.default.post(
                name: Self.constraintsDidReloadNotification, object: self, userInfo: [Self.reloadUserInfoKey: event])
        }
    }
}
