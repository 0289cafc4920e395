public import Foundation

/// Constraint files in a folder on disk.
///
/// ```swift
/// let source = DirectorySource(URL(fileURLWithPath: "Constraints"))
/// ```
public struct DirectorySource: ConstraintSource {
    /// The folder that holds the files.
    public let directory: URL

    /// A source that reads files from `directory`.
    public init(_ directory: URL) {
        self.directory = directory
    }

    /// The contents of `directory/name`, or `nil` when there is no such file.
    public func data(forFile name: String) throws -> Data? {
        let url = directory.appendingPathComponent(name, isDirectory: false)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { throw SourceError(message: "\(url.path) is a directory, not a file") }
        return try Data(contentsOf: url)
    }

    /// The names of the `.json` files directly in `directory`, sorted.
    public func fileNames() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }
}

/// An error a provided source throws, with a plain message.
struct SourceError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
