public import Foundation

/// Constraint files shipped as resources of a bundle: the app's main bundle, or a package's `Bundle.module`.
///
/// ```swift
/// let interpreter = ConstraintInterpreter(source: BundleSource(.main), device: device)
/// let fromFolder = BundleSource(.main, subdirectory: "Constraints")
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
    public func data(forFile name: String) throws -> Data? {
        let stem = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard let url = bundle.url(forResource: stem, withExtension: "json", subdirectory: subdirectory) else {
            return nil
        }
        return try Data(contentsOf: url)
    }

    /// The names of the bundle's `.json` resources, sorted.
    public func fileNames() throws -> [String] {
        // Linux's Foundation returns [NSURL] here, Apple's [URL]; the path reads the same from both.
        let paths = bundle.paths(forResourcesOfType: "json", inDirectory: subdirectory)
        return paths.map { ($0 as NSString).lastPathComponent }.sorted()
    }
}
