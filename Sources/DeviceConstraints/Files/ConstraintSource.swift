public import Foundation

/// Where constraint files come from: a folder, an app bundle, memory, or a source of your own.
///
/// The interpreter asks a source for files by name (`BMTReportCalendarDayButton_iPhone6.json`) and for the
/// list of names (to preload every container). Write your own to read from a download cache or an
/// encrypted bundle:
///
/// ```swift
/// struct DownloadedConstraints: ConstraintSource {
///     let cache: URL
///     func data(forFile name: String) throws -> Data? {
///         let url = cache.appendingPathComponent(name)
///         return FileManager.default.fileExists(atPath: url.path) ? try Data(contentsOf: url) : nil
///     }
///     func fileNames() throws -> [String] {
///         try FileManager.default.contentsOfDirectory(atPath: cache.path)
///     }
/// }
/// ```
///
/// A source is called from several threads at once, so it must be `Sendable` and thread-safe. The
/// interpreter only ever passes names it has checked: no `/`, `\` or `..`. A read must not wait for a thread
/// that looks records up (the main thread, through `DispatchQueue.main.sync`, say): a lookup of a container whose
/// load is under way waits for that load, and a preload's worker publishes the few containers it takes at a time
/// together, so such a lookup waits for their reads too.
///
/// The interpreter reads files through ``data(forFile:maximumSize:)``, so that a file over the size limit
/// (``ConstraintFileParser/Limits/maximumFileSize``) is refused before it is read. Its default implementation
/// calls ``data(forFile:)`` and checks the size afterwards; a source that can tell a file's size without
/// reading it (a file system, a download with a `Content-Length`) should implement it.
public protocol ConstraintSource: Sendable {
    /// The contents of the file named `name`, or `nil` when there is no such file.
    ///
    /// - Throws: any error when the file exists but cannot be read; the interpreter reports it as
    ///   ``ConstraintError/Code/unreadableFile`` with your error's description.
    func data(forFile name: String) throws -> Data?

    /// The contents of the file named `name` if it has at most `maximumSize` bytes, or `nil` when there is
    /// no such file.
    ///
    /// A larger file is not read: an implementation learns the size first (from the file system) or reads
    /// at most `maximumSize + 1` bytes, then throws ``ConstraintSourceError/fileTooLarge(_:size:maximumSize:sizeIsExact:)``.
    ///
    /// ```swift
    /// do {
    ///     let data = try source.data(forFile: "Card_iPhone6.json", maximumSize: 8 << 20)
    /// } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
    ///     print("\(error.file) has \(error.size) bytes")   // at least `error.size` when not `sizeIsExact`
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: the file's name, such as `Card_iPhone6.json`.
    ///   - maximumSize: the largest size, in bytes, that the caller accepts; `0` or more.
    /// - Throws: ``ConstraintSourceError`` with code ``ConstraintSourceError/Code/fileTooLarge`` when the file
    ///   is larger than `maximumSize`; any other error when the file exists but cannot be read.
    func data(forFile name: String, maximumSize: Int) throws -> Data?

    /// The names of every file the source holds (`Calendar_iPhone6.json`, `Calendar.json`, …).
    func fileNames() throws -> [String]
}

extension ConstraintSource {
    /// Reads the whole file with ``data(forFile:)``, then throws ``ConstraintSourceError/Code/fileTooLarge``
    /// when it has more than `maximumSize` bytes: the file is in memory before it is refused. Implement this
    /// method in a source that can do better.
    public func data(forFile name: String, maximumSize: Int) throws -> Data? {
        guard let data = try data(forFile: name) else { return nil }
        guard data.count <= maximumSize else {
            throw ConstraintSourceError.fileTooLarge(name, size: data.count, maximumSize: maximumSize)
        }
        return data
    }
}
