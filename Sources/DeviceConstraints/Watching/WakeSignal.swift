#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// A pipe that wakes a watcher's thread from its wait: ``signal()`` writes a byte, the thread polls the read end.
///
/// Owned by a ``WatchLoop``, which calls ``signal()`` at most once and ``close()`` once, both under its lock, so a
/// signal never writes to a descriptor number that was closed (and perhaps reused by then).
final class WakeSignal {
    /// The end the watcher's thread waits on.
    let readEnd: Int32
    private let writeEnd: Int32

    init() throws(ConstraintError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw ConstraintError(
                code: .unreadableFile, message: "cannot create the watcher's wake-up pipe: \(POSIX.errorText())")
        }
        for end in ends {
            // Close-on-exec so a child process does not inherit it; non-blocking so a second signal never waits.
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Makes the read end readable.
    func signal() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    func close() {
        POSIX.close(readEnd)
        POSIX.close(writeEnd)
    }
}

/// The few POSIX calls the watchers share, with `EINTR` handled once.
enum POSIX {
    /// What `errno` says, as text.
    static func errorText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    static func close(_ descriptor: Int32) {
        #if canImport(Darwin)
            _ = Darwin.close(descriptor)
        #elseif canImport(Glibc)
            _ = Glibc.close(descriptor)
        #elseif canImport(Musl)
            _ = Musl.close(descriptor)
        #elseif canImport(Bionic)
            _ = Bionic.close(descriptor)
        #endif
    }

    /// Which of `descriptors` became readable, waiting at most `timeout` seconds (nil: until one does).
    ///
    /// An empty result means the time ran out (or a signal interrupted the wait: callers treat both alike and
    /// work out their deadlines again). `nil` means `poll` failed for another reason.
    static func waitForReadable(_ descriptors: [Int32], timeout: Double?) -> [Bool]? {
        var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let milliseconds: Int32
        if let timeout {
            // Rounded up, so a wait for 0.3 ms sleeps 1 ms instead of spinning through zero-length polls.
            milliseconds = Int32(min((max(timeout, 0) * 1000).rounded(.up), Double(Int32.max)))
        } else {
            milliseconds = -1
        }
        let count = entries.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), milliseconds) }
        if count < 0 { return errno == EINTR ? Array(repeating: false, count: descriptors.count) : nil }
        return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }
}
