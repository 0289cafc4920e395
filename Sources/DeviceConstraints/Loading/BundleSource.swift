public import Foundation

/// Constraint files shipped as resources of a bundle: the app's main bundle, or a package's `Bundle.module`.
///
/// ```swift
/// // An app target, with the files added to its resources:
/// let interpreter = ConstraintInterpreter(source: BundleSource(.main), device: device)
/// // A SwiftPM target with `resources: [.copy("Constraints")]`:
/// let fromPackage = BundleSource(.module, subdirectory: "Constraints")
/// ```
public struct BundleSource: ConstraintSource, @unchecked Sendable {
    // Bundle is not marked Sendable on every platform; it is immutable and documented thread-safe.
    /// The bundle that holds the files.
    public let bundle: Bundle
    /// A folder inside the bundle's resources, or `nil` for the top level.
    public let subdirectory: String?

    /// A source that reads `.json` resources of `bundle`, in `subdirectory` if given.
    public init(_ bundle: Bundle, subdirectory: String? = nil) {
        self.bundle = bundle
        self.subdirectory = subdirectory
    }

    /// The contents of the resource `name`, or `nil` when the bundle has no such resource.
    ///
    /// - Throws: ``ConstraintSourceError`` `.invalidFileName` for a name that is not a plain file name,
    ///   `.notAFile` for a directory; or an error for a failed system call.
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
    public func fileNames() throws -> [String] {
        // Linux's Foundation returns [NSURL] here, Apple's [URL]; the path reads the same from both.
        let paths = bundle.paths(forResourcesOfType: "json", inDirectory: subdirectory)
        return paths.map { ($0 as NSString).lastPathComponent }.sorted()
    }

    private func read(_ name: String, maximumSize: Int?) throws -> Data? {
        try SourceFileName.check(name)
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard let url = bundle.url(forResource: stem, withExtension: "json", subdirectory: subdirectory) else {
            return nil
        }
        do {
            return try PosixFile.read(path: url.path, maximumSize: maximumSize, followLinks: true)
        } catch {
            throw SourceFileName.error(for: error, file: name, path: url.path, maximumSize: maximumSize ?? 0)
        }
    }
}
