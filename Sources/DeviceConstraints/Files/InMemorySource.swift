public import Foundation

/// Constraint files held in memory, by file name: for tests, previews, and files that arrive over the network.
///
/// ```swift
/// let source = InMemorySource([
///     "Header_iPhone6.json": #"{"Header": [{"title": {"marginLeft": 15, "height": 44}}]}"#,
/// ])
/// ```
public struct InMemorySource: ConstraintSource {
    /// The files: file name → JSON text.
    public let files: [String: String]
    /// The files' UTF-8 bytes, converted once.
    private let data: [String: Data]
    /// The file names, sorted once.
    private let names: [String]

    /// A source that serves `files` (file name → JSON text).
    public init(_ files: [String: String]) {
        self.files = files
        self.data = files.mapValues { Data($0.utf8) }
        names = files.keys.sorted()
    }

    /// The UTF-8 bytes of the file named `name`, or `nil`.
    public func data(forFile name: String) -> Data? {
        data[name]
    }

    /// The UTF-8 bytes of the file named `name` if there are at most `maximumSize` of them, or `nil`.
    ///
    /// - Throws: ``ConstraintSourceError`` `.fileTooLarge`, with the exact size, when there are more.
    public func data(forFile name: String, maximumSize: Int) throws -> Data? {
        guard let data = data[name] else { return nil }
        guard data.count <= maximumSize else {
            throw ConstraintSourceError.fileTooLarge(name, size: data.count, maximumSize: maximumSize)
        }
        return data
    }

    /// The file names, sorted.
    public func fileNames() -> [String] {
        names
    }
}
