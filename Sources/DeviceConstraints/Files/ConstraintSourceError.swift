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
