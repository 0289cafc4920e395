#if canImport(Darwin)
    import Darwin

    /// Apple platforms' file-system events: kqueue vnode events (what `DispatchSource.makeFileSystemObjectSource`
    /// is made of), waited for on the watcher's thread.
    ///
    /// One event source on the folder fires when a name in it is added, removed or renamed; one on each file in it
    /// fires when that file is written in place. The events say that something changed, not which names; a
    /// listing compared with the last one (the polling watcher's comparison) says which. Each file watched holds a
    /// descriptor opened with `O_EVTONLY` (it does not keep a volume from unmounting); a file that cannot be opened
    /// (the process is out of descriptors) is still seen when it is created, renamed or deleted, not when written
    /// in place. If the folder itself is removed or renamed, the detector opens its path again every
    /// `retryInterval` seconds and, when the folder is back, reports every name in it.
    ///
    /// Not FSEvents: it exists on macOS only, and the use this is for is an iOS simulator build following the
    /// project's folder on the Mac.
    ///
    /// Linux cannot compile this file; the tests type-check it there against a stand-in `Darwin` module
    /// (Tests/DeviceConstraintsTests/Fixtures/DarwinStandIn), which catches mistakes of Swift but not of the API.
    final class KqueueDetector: ChangeDetector {
        private static let folderEvents = NOTE_WRITE | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE
        private static let fileEvents = NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE

        private let directory: String
        private let wake: WakeSignal
        private let retryInterval: Double
        private let queue: Int32
        /// The event-only descriptor on the folder, or nil while the folder is away.
        private var folder: Int32?
        private var files: [String: (descriptor: Int32, inode: UInt64)] = [:]
        private var namesByDescriptor: [Int32: String] = [:]
        private var snapshot = DirectorySnapshot()

        init(directory: String, wake: WakeSignal, retryInterval: Double) throws(ConstraintError) {
            self.directory = directory
            self.wake = wake
            self.retryInterval = retryInterval
            queue = kqueue()
            guard queue >= 0 else {
                throw ConstraintError(
                    code: .unreadableFile, message: "cannot create a kqueue: \(POSIX.errorText())", file: directory)
            }
            guard register(wake.readEnd, filter: EVFILT_READ, events: 0), let folder = openFolder() else {
                let reason = POSIX.errorText()
                POSIX.close(queue)
                throw ConstraintError(
                    code: .unreadableFile, message: "cannot watch the folder with kqueue: \(reason)", file: directory)
            }
            self.folder = folder
            do {
                snapshot = try DirectorySnapshot(directory: directory)
            } catch {
                close()
                throw error
            }
            watchFiles()
        }

        func wait(timeout: Double?) -> DetectorEvent {
            if folder == nil {
                if let reopened = openFolder() {
                    folder = reopened
                    return rescan(adding: [])
                }
            }
            let limit = folder == nil ? min(timeout ?? .infinity, retryInterval) : timeout
            var events = [kevent64_s](repeating: kevent64_s(), count: 32)
            let count: Int32
            if let limit {
                let whole = max(0, limit).rounded(.down)
                var time = timespec(tv_sec: Int(whole), tv_nsec: Int((max(0, limit) - whole) * 1e9))
                count = kevent64(queue, nil, 0, &events, Int32(events.count), 0, &time)
            } else {
                count = kevent64(queue, nil, 0, &events, Int32(events.count), 0, nil)
            }
            if count < 0 { return errno == EINTR ? .timedOut : .failed }
            if count == 0 { return .timedOut }
            var written: Set<String> = []
            for event in events.prefix(Int(count)) {
                let descriptor = Int32(truncatingIfNeeded: event.ident)
                if descriptor == wake.readEnd && event.filter == Int16(EVFILT_READ) { return .woken }
                if descriptor == folder, event.fflags & UInt32(NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE) != 0 {
                    // The folder went away (or was renamed): its path is what counts.
                    POSIX.close(descriptor)
                    folder = nil
                } else if let name = namesByDescriptor[descriptor] {
                    written.insert(name)
                }
            }
            return rescan(adding: written)
        }

        func close() {
            for watched in files.values { POSIX.close(watched.descriptor) }
            files = [:]
            namesByDescriptor = [:]
            if let folder { POSIX.close(folder) }
            folder = nil
            POSIX.close(queue)
        }

        /// The names that differ from the last listing, plus `written`; then watches the files now there.
        private func rescan(adding written: Set<String>) -> DetectorEvent {
            let fresh = (try? DirectorySnapshot(directory: directory)) ?? DirectorySnapshot()
            let changed = written.union(fresh.changedNames(since: snapshot))
            snapshot = fresh
            watchFiles()
            return .changed(changed)
        }

        /// Stops watching files that are gone or were replaced (a new inode), starts watching new ones. Closing a
        /// descriptor removes its events from the queue.
        private func watchFiles() {
            for (name, watched) in files where snapshot.stamps[name]?.inode != watched.inode {
                POSIX.close(watched.descriptor)
                files[name] = nil
                namesByDescriptor[watched.descriptor] = nil
            }
            for (name, stamp) in snapshot.stamps where files[name] == nil {
                let descriptor = open(directory + "/" + name, O_EVTONLY)
                guard descriptor >= 0 else { continue }
                guard register(descriptor, filter: EVFILT_VNODE, events: Self.fileEvents) else {
                    POSIX.close(descriptor)
                    continue
                }
                files[name] = (descriptor, stamp.inode)
                namesByDescriptor[descriptor] = name
            }
        }

        private func openFolder() -> Int32? {
            let descriptor = open(directory, O_EVTONLY)
            guard descriptor >= 0 else { return nil }
            guard register(descriptor, filter: EVFILT_VNODE, events: Self.folderEvents) else {
                POSIX.close(descriptor)
                return nil
            }
            return descriptor
        }

        private func register(_ descriptor: Int32, filter: Int32, events: Int32) -> Bool {
            var change = kevent64_s(
                ident: UInt64(descriptor), filter: Int16(filter), flags: UInt16(EV_ADD | EV_CLEAR),
                fflags: UInt32(events), data: 0, udata: 0, ext: (0, 0))
            return kevent64(queue, &change, 1, nil, 0, 0, nil) == 0
        }
    }
#endif
