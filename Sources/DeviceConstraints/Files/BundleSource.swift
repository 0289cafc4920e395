public import Foundation

/// Constraint files shipped as resources of a bundle: the app's main bundle, or a package's `Bundle.module`.
///
/// ```swift
/// // An app target, with the files added to its resources:
/// let interpreter = ConstraintInterpreter(source: BundleSource(.main), device: device)
/// // A SwiftPM target with `resources: [.copy("Constraints")]`:
/// let fromPackage = BundleSource(.module, subdirectory: "Constraints")
/// ```
public struct BundleSource: ConstraintSource, CustomStringConvertible, @unchecked Sendable {
    // Bundle is not marked Sendable on every platform; it is immutable and documented thread-safe.
    /// The bundle that holds the files.
    public let bundle: Bundle
    /// A folder inside the bundle's resources, or `nil` for the top level.
    public let subdirectory: String?
    /// What a miss says about the folder.
    private let check: FolderCheck

    /// A source that reads `.json` resources of `bundle`, in `subdirectory` if given.
    ///
    /// A folder that the bundle lacks, or one without any `.json` resource, is reported as such
    /// (``ConstraintSourceError/Code/folderNotFound``, ``ConstraintSourceError/Code/emptyFolder``) by the first
    /// lookup and by ``ConstraintInterpreter/preloadAll()``, rather than every container being "not found".
    public init(_ bundle: Bundle, subdirectory: String? = nil) {
        self.bundle = bundle
        self.subdirectory = subdirectory
        let bundleName = "the bundle \(bundle.bundlePath)"
        let resources = bundle.resourceURL
        if let subdirectory {
            check = FolderCheck(
                folder: resources?.appendingPathComponent(subdirectory, isDirectory: true),
                name: "the folder \"\(subdirectory)\" of \(bundleName)",
                missingAdvice:
                    "check the name, and that the target copies the folder into its resources "
                    + "(in Package.swift: resources: [.copy(\"\(subdirectory)\")])",
                emptyAdvice: "check that the constraint files were copied into it")
        } else {
            check = FolderCheck(
                folder: resources, name: bundleName, missingAdvice: "check the bundle",
                emptyAdvice:
                    "add the constraint files to the target's resources; in a SwiftPM target, copy their folder "
                    + "(resources: [.copy(\"Constraints\")]) and read it with "
                    + "BundleSource(.module, subdirectory: \"Constraints\")")
        }
    }

    /// The contents of the resource `name`, or `nil` when the bundle has no such resource.
    ///
    /// - Throws: ``ConstraintSourceError`` `.invalidFileName` for a name that is not a plain file name,
    ///   `.notAFile` for a directory, `.folderNotFound` or `.emptyFolder` for a miss while the bundle has not
    ///   shown a constraint file, because it lacks `subdirectory` or has no `.json` resource there; or an error for
    ///   a failed system call.
    public func data(forFile name: String) throws -> Data? {
        try read(name, maximumSize: nil)
    }

    /// The contents of the resource `name` if it has at most `maximumSize` bytes, or `nil` when the bundle
    /// has no such resource. The size is read from the file system first: a larger file is not read.
    ///
    /// - Throws: ``ConstraintSourceError`` `.fileTooLarge` (with the exact size), or what
    ///   ``data(forFile:)`` throws.
    public func data(forFile name: String, maximumSize: Int) throws -> Data? {
        try read(name, maximumSize: max(0, maximumSize))
    }

    /// The names of the bundle's `.json` resources, sorted.
    ///
    /// - Throws: ``ConstraintSourceError`` `.folderNotFound` when the bundle has no `subdirectory`.
    public func fileNames() throws -> [String] {
        try check.checkExists()
        // Linux's Foundation returns [NSURL] here, Apple's [URL]; the path reads the same from both.
        let paths = bundle.paths(forResourcesOfType: "json", inDirectory: subdirectory)
        return paths.map { ($0 as NSString).lastPathComponent }.sorted()
    }

    /// The folder the files are read from, as messages name it: `the folder /path/Constraints`.
    public var description: String { check.name }

    private func read(_ name: String, maximumSize: Int?) throws -> Data? {
        try SourceFileName.check(name)
        let stem = ConstraintFileName.stem(ofFile: name) ?? name
        let suffix = ConstraintFileName.suffix.dropFirst()
        guard let url = bundle.url(forResource: stem, withExtension: String(suffix), subdirectory: subdirectory) else {
            try check.missed()
            return nil
        }
        let data: Data?
        do {
            data = try PosixFile.read(path: url.path, maximumSize: maximumSize, followLinks: true)
        } catch {
            throw SourceFileName.error(for: error, file: name, path: url.path, maximumSize: maximumSize ?? 0)
        }
        if data != nil { check.found() } else { try check.missed() }
        return data
    }
}
