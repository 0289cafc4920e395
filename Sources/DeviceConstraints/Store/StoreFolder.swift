package import struct Foundation.Data

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#else
    #error("StoreFolder needs openat, mkdirat, renameat, unlinkat and flock: add this platform's C library above")
#endif

/// A folder of a ``ConstraintStore``, open once: every name in it is reached relative to the open folder (`openat`,
/// `renameat`, `unlinkat`), never through a path, and never through a symbolic link, so nothing the store does can
/// leave it, even if the folder's path is changed while the store is open.
///
/// Every system call's result is checked and retried on `EINTR`; a failure is a ``PosixFile/Failure``. Names are
/// the caller's to check: the store only passes names it made or validated (no `/`, no `..`).
package final class StoreFolder: Sendable {
    /// The open folder.
    let descriptor: Int32
    /// The folder's path, for messages only.
    let path: String
    /// For tests: when set, every call that would change the disk (create, write, rename, remove, open a file for
    /// writing) fails with this `errno` instead of being made, as on a full (`ENOSPC`) or read-only (`EROFS`) file
    /// system, which tests cannot make (root writes through a folder's permissions). The folders opened inside this
    /// one inherit it.
    let simulatedFailure: Int32?

    private init(descriptor: Int32, path: String, simulatedFailure: Int32?) {
        self.descriptor = descriptor
        self.path = path
        self.simulatedFailure = simulatedFailure
    }

    deinit {
        _ = close(descriptor)
    }

    /// What a name in the folder is, as `lstat` sees it (a link is never followed).
    enum Entry: Equatable {
        case file(size: Int)
        case folder
        /// A symbolic link, a FIFO, a socket, a device.
        case other
    }

    /// Opens the folder at `path`, creating it (and the folders above it) when it does not exist. The path itself
    /// may lead through symbolic links (`/var` is one on iOS): it is the app's; what is inside belongs to the store.
    ///
    /// - Parameter simulatedFailure: for tests, the `errno` every change fails with (see ``simulatedFailure``).
    package static func open(path: String, simulatedFailure: Int32? = nil) throws(PosixFile.Failure) -> StoreFolder {
        var descriptor = retrying { systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if descriptor < 0, errno == ENOENT {
            try makeFolders(path, simulatedFailure: simulatedFailure)
            descriptor = retrying { systemOpen(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { throw .system(call: "open", errno: errno) }
        return StoreFolder(descriptor: descriptor, path: path, simulatedFailure: simulatedFailure)
    }

    /// Creates the folder at `path` and any missing folder above it.
    private static func makeFolders(_ path: String, simulatedFailure: Int32?) throws(PosixFile.Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component
            if changing(simulatedFailure, { mkdir(prefix, 0o755) }) != 0, errno != EEXIST {
                throw .system(call: "mkdir", errno: errno)
            }
            prefix += "/"
        }
    }

    /// The folder `name` inside this one, open; nil when there is none. A symbolic link is not followed: it is
    /// ``PosixFile/Failure/isLink``.
    func folder(_ name: String) throws(PosixFile.Failure) -> StoreFolder? {
        let opened = retrying { openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) }
        if opened < 0 {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .isLink
            case ENOTDIR: throw entry(name) == .other ? .isLink : .notRegular(isDirectory: false)
            case let code: throw .system(call: "openat", errno: code)
            }
        }
        return StoreFolder(descriptor: opened, path: path + "/" + name, simulatedFailure: simulatedFailure)
    }

    /// Creates the folder `name` and opens it. Fails with `EEXIST` when the name is taken.
    func makeFolder(_ name: String) throws(PosixFile.Failure) -> StoreFolder {
        guard changing({ mkdirat(descriptor, name, 0o755) }) == 0 else { throw .system(call: "mkdirat", errno: errno) }
        guard let made = try folder(name) else { throw .system(call: "openat", errno: ENOENT) }
        return made
    }

    /// The bytes of the regular file `name`, nil when there is none; a symbolic link is ``PosixFile/Failure/isLink``.
    func read(_ name: String, maximumSize: Int?) throws(PosixFile.Failure) -> Data? {
        try PosixFile.read(name, in: descriptor, maximumSize: maximumSize)
    }

    /// Writes `data` to a new file `name` (which must not exist: nothing is ever written through an existing
    /// name or link), then flushes it to the disk unless told not to (``flush(_:)`` does it later).
    ///
    /// - Parameters:
    ///   - flush: whether to flush the file before returning.
    ///   - barrier: on Apple platforms, flush with a barrier (`F_BARRIERFSYNC`), so that every write issued
    ///     before reaches the disk before any issued after: what must precede a commit's rename. `fsync` alone
    ///     does not order writes there; elsewhere it does.
    package func write(_ name: String, _ data: Data, flush: Bool = true, barrier: Bool = false)
        throws(PosixFile.Failure)
    {
        let file = changing {
            openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard file >= 0 else { throw .system(call: "openat", errno: errno) }
        defer { _ = close(file) }
        var written = 0
        while written < data.count {
            let count = data.withUnsafeBytes { bytes in
                retrying { systemWrite(file, bytes.baseAddress! + written, bytes.count - written) }
            }
            guard count > 0 else { throw .system(call: "write", errno: count < 0 ? errno : EIO) }
            written += count
        }
        if flush { try Self.flush(file, barrier: barrier) }
    }

    /// Flushes the file `name`, written before, to the disk.
    func flush(_ name: String) throws(PosixFile.Failure) {
        let file = retrying { openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        guard file >= 0 else { throw .system(call: "openat", errno: errno) }
        defer { _ = close(file) }
        try Self.flush(file, barrier: false)
    }

    /// Renames `name` to `newName` in one atomic step, replacing what `newName` was.
    package func rename(_ name: String, to newName: String) throws(PosixFile.Failure) {
        guard changing({ renameat(descriptor, name, descriptor, newName) }) == 0 else {
            throw .system(call: "renameat", errno: errno)
        }
    }

    /// Removes the file or link `name` (a link itself, never what it points to); a missing name is no error.
    package func remove(_ name: String) throws(PosixFile.Failure) {
        guard changing({ unlinkat(descriptor, name, 0) }) == 0 || errno == ENOENT else {
            throw .system(call: "unlinkat", errno: errno)
        }
    }

    /// Removes `name` and everything in it when it is a folder (never following a link inside); removes it as a
    /// file otherwise. Folders nest at most `depth` deep below it; the store makes none.
    func removeAll(_ name: String, depth: Int = 4) throws(PosixFile.Failure) {
        guard entry(name) == .folder else { return try remove(name) }
        if depth > 0, let inside = try? folder(name) {
            for child in try inside.names() { try inside.removeAll(child, depth: depth - 1) }
        }
        guard changing({ unlinkat(descriptor, name, AT_REMOVEDIR) }) == 0 || errno == ENOENT else {
            throw .system(call: "unlinkat", errno: errno)
        }
    }

    /// What `name` is, without following a link; nil when there is nothing of that name.
    func entry(_ name: String) -> Entry? {
        var info = stat()
        guard retrying({ fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) }) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// The names in the folder, without `.` and `..`, sorted.
    func names() throws(PosixFile.Failure) -> [String] {
        // fdopendir takes the descriptor it is given: a duplicate, so that this one stays open.
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw .system(call: "fcntl", errno: errno) }
        guard let stream = fdopendir(copy) else {
            let code = errno
            _ = close(copy)
            throw .system(call: "fdopendir", errno: code)
        }
        defer { _ = closedir(stream) }
        // The duplicate shares the read position with this descriptor: start from the first entry.
        rewinddir(stream)
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw .system(call: "readdir", errno: errno) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Flushes the folder's entries (names added, renamed or removed) to the disk.
    func flush(barrier: Bool = false) throws(PosixFile.Failure) {
        try Self.flush(descriptor, barrier: barrier)
    }

    /// An exclusive lock on a file, held until the lock is released.
    final class Lock: Sendable {
        private let descriptor: Int32

        fileprivate init(_ descriptor: Int32) {
            self.descriptor = descriptor
        }

        deinit {
            // Closing the file ends the lock.
            _ = close(descriptor)
        }
    }

    /// Takes an exclusive lock on the file `name` (created if needed) for as long as the returned lock lives; nil
    /// when another holder has it: another store, in this process or another. `flock` locks belong to an open
    /// file, so two opens in one process exclude each other, and the lock ends with the process.
    ///
    /// On a disk that takes no change (read-only, or full) the file is opened for reading, which `flock` locks as
    /// well; where it cannot be made, the folder itself is locked, as every store on such a disk does.
    func lock(_ name: String) throws(PosixFile.Failure) -> Lock? {
        var file = changing { openat(descriptor, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        if file < 0, [EROFS, ENOSPC, EACCES, EPERM, EDQUOT].contains(errno) {
            file = retrying { openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
            if file < 0, errno == ENOENT {
                file = retrying { openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            }
        }
        guard file >= 0 else { throw errno == ELOOP ? .isLink : .system(call: "openat", errno: errno) }
        guard retrying({ flock(file, LOCK_EX | LOCK_NB) }) == 0 else {
            let code = errno
            _ = close(file)
            if code == EWOULDBLOCK { return nil }
            throw .system(call: "flock", errno: code)
        }
        return Lock(file)
    }

    // MARK: - System calls

    /// Makes `call`, a change of the disk, retrying on `EINTR`; fails it with ``simulatedFailure`` when set.
    private func changing<Result: BinaryInteger>(_ call: () -> Result) -> Result {
        Self.changing(simulatedFailure, call)
    }

    private static func changing<Result: BinaryInteger>(_ simulatedFailure: Int32?, _ call: () -> Result) -> Result {
        if let simulatedFailure {
            errno = simulatedFailure
            return -1
        }
        return retrying(call)
    }

    /// `F_BARRIERFSYNC` of Apple's `<sys/fcntl.h>` (macOS 10.13, iOS 11): written out, as not every SDK's Swift
    /// overlay imports it.
    private static let barrierSync: Int32 = 85

    private static func flush(_ file: Int32, barrier: Bool) throws(PosixFile.Failure) {
        #if canImport(Darwin)
            if barrier, retrying({ fcntl(file, barrierSync) }) == 0 { return }
        #endif
        guard retrying({ fsync(file) }) == 0 else { throw .system(call: "fsync", errno: errno) }
    }

}

/// Calls `call` again while it fails with `EINTR`.
@inline(__always)
private func retrying<Result: BinaryInteger>(_ call: () -> Result) -> Result {
    var result: Result
    repeat { result = call() } while result < 0 && errno == EINTR
    return result
}

/// The C library's `open` and `write`, under names that the methods of ``StoreFolder`` do not shadow.
@inline(__always)
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

@inline(__always)
private func systemWrite(_ file: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(file, buffer, count)
}
