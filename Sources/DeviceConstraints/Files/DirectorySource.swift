public import Foundation

/// Constraint files in a folder on disk.
///
/// ```swift
/// let source = DirectorySource(URL(fileURLWithPath: "Constraints"))
/// ```
///
/// Only plain file names are read (no `/`, `\`, `.` or `..`), so nothing outside the folder is reached
/// through a name. A symbolic link in the folder is followed when it points to a file inside the folder;
/// a link that leads out of the folder is refused (``ConstraintSourceError/Code/linkOutOfFolder``) unless
/// the source is made with `followingLinksOutOfFolder: true`. A file is read with `open` and `read`, its size
/// checked before any byte is read, and an empty file costs nothing.
public struct DirectorySource: ConstraintSource, CustomStringConvertible {
    /// The folder that holds the files.
    public let directory: URL
    /// Whether a symbolic link in the folder that points outside it is followed. `false` unless given.
    public let followsLinksOutOfFolder: Bool
    /// What a miss says about the folder.
    private let check: FolderCheck

    /// A source that reads files from `directory`.
    ///
    /// - Parameters:
    ///   - directory: the folder.
    ///   - followingLinksOutOfFolder: whether to follow a symbolic link that points out of the folder (a
    ///     shared folder of constraints linked into several apps' folders, say).
    public init(_ directory: URL, followingLinksOutOfFolder: Bool = false) {
        self.directory = directory
        self.followsLinksOutOfFolder = followingLinksOutOfFolder
        self.check = FolderCheck(
            folder: directory, name: "the folder \(directory.path)",
            missingAdvice: "check its name and where the app looks for it",
            emptyAdvice: "check that it is the right folder and that the constraint files were copied into it")
    }

    /// The contents of `directory/name`, or `nil` when there is no such file.
    ///
    /// - Throws: ``ConstraintSourceError`` — `.folderNotFound` when the folder itself is missing,
    ///   `.invalidFileName`, `.notAFile`, `.linkOutOfFolder`; or an error for a failed system call.
    public func data(forFile name: String) throws -> Data? {
        try read(name, maximumSize: nil)
    }

    /// The contents of `directory/name` if it has at most `maximumSize` bytes, or `nil` when there is no such
    /// file. The size is read from the file system first: a larger file is not read at all.
    ///
    /// - Throws: ``ConstraintSourceError`` `.fileTooLarge` (with the file's exact size) when the file is
    ///   larger, or what ``data(forFile:)`` throws.
    public func data(forFile name: String, maximumSize: Int) throws -> Data? {
        try read(name, maximumSize: max(0, maximumSize))
    }

    /// The names of the `.json` files directly in `directory`, sorted.
    ///
    /// - Throws: ``ConstraintSourceError`` `.folderNotFound` when the folder does not exist, or the file
    ///   system's error when it cannot be listed.
    public func fileNames() throws -> [String] {
        try check.checkExists()
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter(ConstraintFileName.hasSuffix)
            .sorted()
    }

    /// The folder the files are read from, as messages name it: `the folder /path/Constraints`.
    public var description: String { "the folder \(directory.path)" }

    private func read(_ name: String, maximumSize: Int?) throws -> Data? {
        try SourceFileName.check(name)
        let path = directory.appendingPathComponent(name, isDirectory: false).path
        let found: Data?
        do {
            found = try PosixFile.read(path: path, maximumSize: maximumSize, followLinks: followsLinksOutOfFolder)
        } catch .isLink {
            guard let target = try linkTargetInsideFolder(path, name: name) else { return nil }
            do {
                found = try PosixFile.read(path: target, maximumSize: maximumSize, followLinks: false)
            } catch {
                throw SourceFileName.error(for: error, file: name, path: path, maximumSize: maximumSize ?? 0)
            }
        } catch {
            throw SourceFileName.error(for: error, file: name, path: path, maximumSize: maximumSize ?? 0)
        }
        if let found {
            check.found()
            return found
        }
        try check.missed()
        return nil
    }

    /// The resolved path of the link at `path` when it leads to something inside the folder; nil for a
    /// dangling link.
    private func linkTargetInsideFolder(_ path: String, name: String) throws -> String? {
        guard let target = Self.resolved(path) else { return nil }
        guard let folder = Self.resolved(directory.path),
            target.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
        else {
            throw ConstraintSourceError(
                code: .linkOutOfFolder, file: name,
                message:
                    "\(path) is a symbolic link to \(target), outside the folder; make it a copy, or create the "
                    + "source with DirectorySource(_:followingLinksOutOfFolder: true)")
        }
        return target
    }

    /// The absolute path with every symbolic link resolved, or nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

}

/// The checks and messages that every file source shares.
enum SourceFileName {
    /// Throws `.invalidFileName` unless `name` is one plain file name that cannot reach outside a folder.
    static func check(_ name: String) throws(ConstraintSourceError) {
        let problem: String? =
            if name.isEmpty {
                "is empty"
            } else if name == "." || name == ".." {
                "names a folder"
            } else if name.utf8.contains(where: { $0 == 0x2F || $0 == 0x5C || $0 == 0 }) {
                "contains a path separator or a NUL"
            } else {
                nil
            }
        guard let problem else { return }
        throw ConstraintSourceError(
            code: .invalidFileName, file: name,
            message: "\"\(name.debugDescriptionContent)\" \(problem); a source reads plain file names only")
    }

    /// The error to throw for a failed read of `file` at `path`.
    static func error(for failure: PosixFile.Failure, file: String, path: String, maximumSize: Int) -> any Error {
        switch failure {
        case .tooLarge(let size, let exact):
            ConstraintSourceError.fileTooLarge(file, size: size, maximumSize: maximumSize, sizeIsExact: exact)
        case .notRegular(let isDirectory):
            ConstraintSourceError(
                code: .notAFile, file: file,
                message: "\(path) is \(isDirectory ? "a directory" : "not a regular file"), not a constraint file")
        case .isLink:
            ConstraintSourceError(
                code: .notAFile, file: file, message: "\(path) changed into a symbolic link while it was read")
        case .system:
            ReadFailure(message: "\(path): \(failure.systemMessage)")
        }
    }
}

/// A system call failed while a file was read.
struct ReadFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
