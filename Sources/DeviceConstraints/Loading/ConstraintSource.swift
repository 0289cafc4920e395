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

/// An error from a ``ConstraintSource`` that a caller may want to tell apart from other read failures.
///
/// ```swift
/// } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
///     print(error)   // Card_iPhone6.json is 2147483648 bytes, over the limit of 8388608 bytes
/// }
/// ```
public struct ConstraintSourceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error this is. New codes may be added in any release.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The file has more bytes than the caller accepts; it was not read (or read only up to the limit).
        public static let fileTooLarge = Code(rawValue: "fileTooLarge")
        /// The source's folder does not exist (a missing, mistyped or not yet downloaded folder).
        public static let folderNotFound = Code(rawValue: "folderNotFound")
        /// The source's folder exists but holds no constraint files (`*.json`) at all.
        public static let emptyFolder = Code(rawValue: "emptyFolder")
        /// The name is not a plain file name: it is empty, `.` or `..`, or contains `/`, `\` or a NUL.
        public static let invalidFileName = Code(rawValue: "invalidFileName")
        /// The name is a directory, a device or another thing that is not a regular file.
        public static let notAFile = Code(rawValue: "notAFile")
        /// The name is a symbolic link to a file outside the source's folder, and the source does not follow
        /// such links (``DirectorySource/followsLinksOutOfFolder``).
        public static let linkOutOfFolder = Code(rawValue: "linkOutOfFolder")
    }

    /// What kind of error this is.
    public var code: Code
    /// The file, as the source names it (`Card_iPhone6.json`), or the folder for ``Code/folderNotFound``.
    public var file: String
    /// For ``Code/fileTooLarge``: the file's size in bytes when ``sizeIsExact``, else a lower bound (the
    /// source stopped reading after `maximumSize + 1` bytes). `0` for other codes.
    public var size: Int
    /// Whether ``size`` is the file's exact size.
    public var sizeIsExact: Bool
    /// For ``Code/fileTooLarge``: the limit the caller gave. `0` for other codes.
    public var maximumSize: Int
    /// What went wrong, in one sentence.
    public var message: String

    /// Creates an error.
    public init(
        code: Code, file: String, message: String, size: Int = 0, sizeIsExact: Bool = true, maximumSize: Int = 0
    ) {
        self.code = code
        self.file = file
        self.message = message
        self.size = size
        self.sizeIsExact = sizeIsExact
        self.maximumSize = maximumSize
    }

    /// The error for a file of `size` bytes (at least `size` when not `sizeIsExact`) over `maximumSize`.
    public static func fileTooLarge(_ file: String, size: Int, maximumSize: Int, sizeIsExact: Bool = true) -> Self {
        ConstraintSourceError(
            code: .fileTooLarge, file: file,
            message: "\(file) is \(sizeIsExact ? "" : "more than ")\(sizeIsExact ? size : maximumSize) bytes, "
                + "over the limit of \(maximumSize) bytes",
            size: size, sizeIsExact: sizeIsExact, maximumSize: maximumSize)
    }

    /// The message.
    public var description: String { message }
}
