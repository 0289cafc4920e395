import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// What a path given on the command line leads to, checked before the tool reads or replaces it.

/// The file a path leads to (through symbolic links), as `stat` sees it.
struct PathCheck {
    /// What is at a path.
    enum Kind: Equatable {
        case missing
        case regular
        case directory
        /// A device, a FIFO, a socket: reading it may never end (`/dev/zero`, `/dev/stdin`), writing it is no file.
        case other
    }

    let kind: Kind
    /// The device and inode, to tell whether two paths lead to one file.
    let identity: (device: UInt64, inode: UInt64)?

    /// Looks at `path`, following links.
    init(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            kind = .missing
            identity = nil
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        default: kind = .other
        }
        identity = (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// Whether `self` and `other` are one file.
    func isSameFile(as other: PathCheck) -> Bool {
        guard let identity, let other = other.identity else { return false }
        return identity == other
    }

    /// What the tool says of a path that is not a regular file, or nil for a regular file or nothing at all.
    var notRegularFile: String? {
        switch kind {
        case .missing, .regular: nil
        case .directory: "is a folder, not a regular file"
        case .other: "is not a regular file (a device, a pipe or a socket)"
        }
    }
}
