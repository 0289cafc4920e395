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
/// interpreter only ever passes names it has checked: no `/`, `\` or `..`.
public protocol ConstraintSource: Sendable {
    /// The contents of the file named `name`, or `nil` when there is no such file.
    ///
    /// - Throws: any error when the file exists but cannot be read; the interpreter reports it as
    ///   ``ConstraintError/Code/unreadableFile`` with your error's description.
    func data(forFile name: String) throws -> Data?

    /// The names of every file the source holds (`Calendar_iPhone6.json`, `Calendar.json`, …).
    func fileNames() throws -> [String]
}
