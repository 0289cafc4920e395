#if os(Linux) || os(Android)
    #if canImport(Darwin)
        // Only when the Apple watcher is type-checked on Linux against a stand-in `Darwin` (see the tests).
        import Darwin
    #elseif canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Bionic)
        import Bionic
    #endif

    /// Linux's file-system events: one inotify watch on the folder, read on the watcher's thread with `poll`
    /// (so an idle watcher sleeps in the kernel and costs no CPU).
    ///
    /// The folder is watched, not the files: an editor that saves by renaming a new file over the old one leaves a
    /// watch on the old file's inode silent. If the folder itself is removed or renamed, the watch ends; the
    /// detector then tries to watch the path again every `retryInterval` seconds and, when the folder is back,
    /// reports every name in it.
    final class InotifyDetector: ChangeDetector {
        /// Created, written (every write, so a long save keeps the watcher waiting), closed after writing,
        /// renamed in or out, deleted, `touch`ed or `chmod`ed; the folder itself deleted or renamed.
        private static let events: UInt32 =
            UInt32(IN_CREATE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_FROM)
            | UInt32(IN_MOVED_TO) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF)
            | UInt32(IN_MOVE_SELF) | UInt32(IN_ONLYDIR) | UInt32(IN_EXCL_UNLINK)
        /// Room for hundreds of events per read; the kernel never splits an event across reads.
        private static let bufferSize = 64 * 1024

        private let directory: String
        private let wake: WakeSignal
        private let retryInterval: Double
        private let descriptor: Int32
        /// The watch on the folder, or nil after the folder went away.
        private var watch: Int32?
        private var buffer: [UInt8]

        /// - Throws: ``ConstraintError/Code/unreadableFile`` when inotify cannot start (the per-user limits on
        ///   instances and watches, `fs.inotify.max_user_instances` and `max_user_watches`, are the usual reason).
        init(directory: String, wake: WakeSignal, retryInterval: Double) throws(ConstraintError) {
            self.directory = directory
            self.wake = wake
            self.retryInterval = retryInterval
            descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
            guard descriptor >= 0 else {
                throw ConstraintError(
                    code: .unreadableFile, message: "cannot start inotify: \(POSIX.errorText())", file: directory)
            }
            let watch = inotify_add_watch(descriptor, directory, Self.events)
            guard watch >= 0 else {
                let reason = POSIX.errorText()
                POSIX.close(descriptor)
                throw ConstraintError(
                    code: .unreadableFile, message: "cannot watch the folder with inotify: \(reason)", file: directory)
            }
            self.watch = watch
            buffer = Array(repeating: 0, count: Self.bufferSize)
        }

        func wait(timeout: Double?) -> DetectorEvent {
            guard watch != nil else { return waitForFolderToReturn(timeout: timeout) }
            guard let readable = POSIX.waitForReadable([wake.readEnd, descriptor], timeout: timeout) else {
                return .failed
            }
            if readable[0] { return .woken }
            guard readable[1] else { return .timedOut }
            return readEvents()
        }

        func close() {
            POSIX.close(descriptor)
        }

        /// Reads every event queued now. The descriptor is non-blocking, so this stops when the queue is empty.
        private func readEvents() -> DetectorEvent {
            var names: Set<String> = []
            var folderGone = false
            var overflowed = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 {
                    if errno == EINTR { continue }
                    if errno == EAGAIN || errno == EWOULDBLOCK { break }
                    return .failed
                }
                if count == 0 { break }
                buffer.withUnsafeBytes { bytes in
                    Self.forEachEvent(in: UnsafeRawBufferPointer(rebasing: bytes[0..<count])) { watch, mask, name in
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 { overflowed = true }
                        if mask & (UInt32(IN_IGNORED) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)) != 0 {
                            // Only the current watch: an IN_IGNORED for one removed earlier is old news.
                            if watch == self.watch { folderGone = true }
                        } else if let name {
                            names.insert(name)
                        }
                    }
                }
            }
            if overflowed {
                // The kernel dropped events: which names changed is lost, so every name there is reported.
                names.formUnion((try? DirectorySnapshot(directory: directory).names) ?? [])
            }
            if folderGone, let watch {
                // After IN_MOVE_SELF the watch would follow the folder to its new path; the path is what counts.
                _ = inotify_rm_watch(descriptor, watch)
                self.watch = nil
            }
            return .changed(names)
        }

        /// Calls `body` with the watch, mask and name (nil for an event about the folder itself) of each event in
        /// `bytes`.
        ///
        /// The one place that reads raw kernel records. Invariant (the kernel's): `bytes` holds whole
        /// `struct inotify_event`s — a 16-byte header (`wd`, `mask`, `cookie`, `len`, 4 bytes each) followed by
        /// `len` bytes of name, NUL-padded. Checked in debug builds; a short record in a release build ends the
        /// walk rather than reading past the buffer.
        static func forEachEvent(in bytes: UnsafeRawBufferPointer, _ body: (Int32, UInt32, String?) -> Void) {
            let headerSize = 16
            var offset = 0
            while offset + headerSize <= bytes.count {
                let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                let nameLength = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                let nameStart = offset + headerSize
                let next = nameStart + nameLength
                assert(next <= bytes.count, "inotify returned a partial event")
                guard next <= bytes.count else { return }
                let nameBytes = UnsafeRawBufferPointer(rebasing: bytes[nameStart..<next])
                let end = nameBytes.firstIndex(of: 0) ?? nameBytes.count
                let name = end == 0 ? nil : String(decoding: nameBytes[..<end], as: UTF8.self)
                body(watch, mask, name)
                offset = next
            }
            assert(offset == bytes.count, "inotify returned trailing bytes")
        }

        /// While the folder is away: sleep `retryInterval` at a time, then try to watch the path again.
        private func waitForFolderToReturn(timeout: Double?) -> DetectorEvent {
            guard
                let readable = POSIX.waitForReadable([wake.readEnd], timeout: min(timeout ?? .infinity, retryInterval))
            else { return .failed }
            if readable[0] { return .woken }
            let watch = inotify_add_watch(descriptor, directory, Self.events)
            guard watch >= 0 else { return .timedOut }
            self.watch = watch
            return .changed((try? DirectorySnapshot(directory: directory).names) ?? [])
        }
    }
#endif
