import struct Foundation.Data

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#else
    #error("PosixFile needs open, fstat and read: add this platform's C library above")
#endif

/// Reads regular files with `open`, `fstat` and `read`: the size is known before a byte is read, an empty
/// file costs no allocation, and a FIFO or a directory is refused instead of blocking or failing late.
///
/// Foundation's `Data(contentsOf:)` reads the whole file before anyone can look at its size, and on Linux it
/// leaks a page for every empty file it reads.
package enum PosixFile {
    /// Why a read failed.
    package enum Failure: Error {
        /// The path names a symbolic link and `followLinks` was false.
        case isLink
        /// The file is larger than the limit: `size` bytes if `exact`, else more than the limit.
        case tooLarge(size: Int, exact: Bool)
        /// A directory, a FIFO, a device: anything but a regular file.
        case notRegular(isDirectory: Bool)
        /// A system call failed with `errno`.
        case system(call: String, errno: Int32)

        package var systemMessage: String {
            guard case .system(let call, let code) = self else { return "" }
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }

    /// The bytes of the regular file at `path`, or `nil` when nothing is there.
    ///
    /// At most `maximumSize + 1` bytes are ever read, even from a file that grows while it is read.
    ///
    /// - Parameters:
    ///   - path: the file's path.
    ///   - maximumSize: the largest size accepted, or `nil` for no limit.
    ///   - followLinks: whether a symbolic link as the last component is followed; when false such a link
    ///     throws ``Failure/isLink``.
    static func read(path: String, maximumSize: Int?, followLinks: Bool) throws(Failure) -> Data? {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below, after fstat.
        var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
        if !followLinks { flags |= O_NOFOLLOW }
        var descriptor: Int32
        repeat { descriptor = open(path, flags) } while descriptor < 0 && errno == EINTR
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return nil
            case ELOOP where !followLinks: throw .isLink
            default: throw .system(call: "open", errno: code)
            }
        }
        defer { _ = close(descriptor) }
        return try readOpened(descriptor, maximumSize: maximumSize)
    }

    /// The bytes of the regular file `name` in the folder open as `folder`, or `nil` when nothing is there. The
    /// name is never followed when it is a symbolic link (``Failure/isLink``), so a read cannot leave the folder.
    ///
    /// - Parameters:
    ///   - name: a plain file name (no `/`): the caller checks it.
    ///   - folder: a descriptor of the folder, open with `O_DIRECTORY`.
    ///   - maximumSize: the largest size accepted, or `nil` for no limit.
    static func read(_ name: String, in folder: Int32, maximumSize: Int?) throws(Failure) -> Data? {
        var descriptor: Int32
        repeat {
            descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        } while descriptor < 0 && errno == EINTR
        if descriptor < 0 {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return nil
            case ELOOP: throw .isLink
            default: throw .system(call: "openat", errno: code)
            }
        }
        defer { _ = close(descriptor) }
        return try readOpened(descriptor, maximumSize: maximumSize)
    }

    /// Reads the regular file open as `descriptor`, after checking its type and size.
    private static func readOpened(_ descriptor: Int32, maximumSize: Int?) throws(Failure) -> Data {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(call: "fstat", errno: errno) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else { throw .notRegular(isDirectory: type == S_IFDIR) }
        let limit = min(maximumSize ?? Int.max - 1, Int.max - 1)
        let size = Int(info.st_size)
        if size > limit { throw .tooLarge(size: size, exact: true) }
        return try readAll(descriptor, expected: size, limit: limit)
    }

    /// Reads until the end of the file, expecting `expected` bytes but believing only `read`.
    private static func readAll(_ descriptor: Int32, expected: Int, limit: Int) throws(Failure) -> Data {
        // One byte more than expected, to see the end of the file (or that it grew) without a second buffer.
        // Up to 14 bytes are stored inline in `Data`, so an empty file allocates nothing.
        var capacity = min(expected, limit) + 1
        var data = Data(count: capacity)
        var total = 0
        while true {
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                var count: Int
                repeat {
                    count = Glue.read(descriptor, base + total, capacity - total)
                } while count < 0 && errno == EINTR
                return count
            }
            if count < 0 { throw .system(call: "read", errno: errno) }
            if count == 0 { break }
            total += count
            guard total == capacity else { continue }
            // The buffer is full: the file is larger than its size said (it grew, or it is a procfs file).
            if capacity > limit { throw .tooLarge(size: capacity, exact: false) }
            capacity = capacity <= limit / 2 ? capacity * 2 : limit + 1
            data.count = capacity
        }
        data.count = total
        return data
    }
}

/// The C library's `read`, under a name that the static method `PosixFile.read` does not shadow.
private enum Glue {
    @inline(__always)
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.read(descriptor, buffer, count)
        #elseif canImport(Glibc)
            Glibc.read(descriptor, buffer, count)
        #elseif canImport(Musl)
            Musl.read(descriptor, buffer, count)
        #elseif canImport(Bionic)
            Bionic.read(descriptor, buffer, count)
        #endif
    }
}
