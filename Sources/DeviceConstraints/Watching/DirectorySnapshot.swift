import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// The names in a folder with what `stat` says of each: what the polling watcher compares from one scan to the
/// next, and what the Apple watcher compares after the kernel says "something in this folder changed".
struct DirectorySnapshot: Equatable {
    /// What identifies one version of a file: a file replaced by a rename has a new inode, a file written in place
    /// a new size or modification time. The change time catches a write that keeps both (and `chmod`, `touch`).
    struct Stamp: Hashable {
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var modifiedNanoseconds: Int64
        var changed: Int64
        var changedNanoseconds: Int64
    }

    private(set) var stamps: [String: Stamp] = [:]

    /// An empty folder (or one that is not there).
    init() {}

    /// Lists `directory` and stats each entry (following symbolic links, so an edit behind a link is seen).
    ///
    /// - Throws: ``ConstraintError/Code/unreadableFile`` when the folder cannot be listed.
    init(directory: String) throws(ConstraintError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ConstraintError(
                code: .unreadableFile, message: "cannot list the folder to watch: \(error.localizedDescription)",
                file: directory)
        }
        for name in names {
            var info = stat()
            let path = directory + "/" + name
            // A broken link still counts as a file; an entry deleted since the listing is left out.
            guard stat(path, &info) == 0 || lstat(path, &info) == 0 else { continue }
            stamps[name] = Stamp(info)
        }
    }

    /// Every name in the folder.
    var names: Set<String> { Set(stamps.keys) }

    /// The names created, deleted or changed between `older` and this snapshot.
    func changedNames(since older: DirectorySnapshot) -> Set<String> {
        var changed: Set<String> = []
        for (name, stamp) in stamps where older.stamps[name] != stamp { changed.insert(name) }
        for name in older.stamps.keys where stamps[name] == nil { changed.insert(name) }
        return changed
    }
}

extension DirectorySnapshot.Stamp {
    init(_ info: stat) {
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtimespec.tv_nsec)
            changed = Int64(info.st_ctimespec.tv_sec)
            changedNanoseconds = Int64(info.st_ctimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
            changed = Int64(info.st_ctim.tv_sec)
            changedNanoseconds = Int64(info.st_ctim.tv_nsec)
        #endif
    }
}
