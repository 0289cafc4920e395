import Foundation

/// What a source that reads a folder (``DirectorySource``, ``BundleSource``) says when a file is missing: once the
/// folder has shown a constraint file, a miss is only a miss; before that, a folder that does not exist or holds no
/// `.json` file at all is an error that names the folder, rather than every file of every container being "not
/// found". One check for both sources, so that they say the same thing the same way.
struct FolderCheck: Sendable {
    /// The folder, or nil when it cannot be known (a bundle without a resource folder): then a miss is a miss.
    let folder: URL?
    /// The folder as a sentence names it: `the folder /path/Constraints`.
    let name: String
    /// What to do when the folder does not exist.
    let missingAdvice: String
    /// What to do when it holds no `.json` file.
    let emptyAdvice: String
    /// Set once the folder is known to hold a `.json` file, so that a miss stops looking at the folder.
    private let holdsFiles = ConditionLocked(false)

    init(folder: URL?, name: String, missingAdvice: String, emptyAdvice: String) {
        self.folder = folder
        self.name = name
        self.missingAdvice = missingAdvice
        self.emptyAdvice = emptyAdvice
    }

    /// Notes that a file was found: from now on a miss is only a miss.
    func found() {
        holdsFiles.withLock { $0 = true }
    }

    /// Called when a file is missing: throws `.folderNotFound` or `.emptyFolder` when the folder is the reason.
    func missed() throws(ConstraintSourceError) {
        guard !holdsFiles.withLock({ $0 }), let folder else { return }
        try checkExists()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        guard names.contains(where: ConstraintFileName.hasSuffix) else {
            throw ConstraintSourceError(
                code: .emptyFolder, file: folder.path, message: "\(name) holds no .json files; \(emptyAdvice)")
        }
        found()
    }

    /// Throws `.folderNotFound` when the folder does not exist.
    func checkExists() throws(ConstraintSourceError) {
        guard let folder else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw ConstraintSourceError(
                code: .folderNotFound, file: folder.path, message: "\(name) does not exist; \(missingAdvice)")
        }
    }
}
