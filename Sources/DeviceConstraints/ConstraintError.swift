/// An error from reading, parsing or looking up constraints.
///
/// Every error says what went wrong and, when it comes from a file, where: the file, the line and column
/// (1-based, counted in characters), and the key path of the value. Its `description` reads like a compiler
/// diagnostic, so it can be printed as it is:
///
/// ```
/// Calendar_iPhone6.json:4:21: error: "width" must be a number, found string ("sixty") at Calendar[0].dayButton.width
/// ```
///
/// Match on ``code`` to handle a kind of error:
///
/// ```swift
/// do {
///     let record = try interpreter.record(viewId: "title", container: "Header")
/// } catch where error.code == .unknownView {
///     // fall back to a default layout
/// }
/// ```
public struct ConstraintError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error this is. New codes may be added in any release, so a `switch` over codes
    /// needs a `default`.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No file of the container exists anywhere on the device's lookup chain.
        public static let fileNotFound = Code(rawValue: "fileNotFound")
        /// The source's folder does not exist: a missing, mistyped or not yet downloaded folder, or a bundle
        /// without the resource folder named (see ``ConstraintSourceError/Code/folderNotFound``).
        public static let folderNotFound = Code(rawValue: "folderNotFound")
        /// The source holds no constraint file: no `.json` file at all (an empty folder, or resources that were not
        /// copied into the app; see ``ConstraintSourceError/Code/emptyFolder``), or, for
        /// ``ConstraintInterpreter/preloadAll()``, only `.json` files that are something else (a `settings.json`,
        /// SwiftPM's `description.json`), each named in the message with the reason.
        public static let emptyFolder = Code(rawValue: "emptyFolder")
        /// A file could not be read (permissions, I/O, or the source threw).
        public static let unreadableFile = Code(rawValue: "unreadableFile")
        /// A file is larger than ``ConstraintFileParser/Limits/maximumFileSize``.
        public static let fileTooLarge = Code(rawValue: "fileTooLarge")
        /// A file is not valid JSON (RFC 8259). The location points at the offending character.
        public static let malformedJSON = Code(rawValue: "malformedJSON")
        /// JSON nests arrays and objects deeper than the documented limit.
        public static let nestingTooDeep = Code(rawValue: "nestingTooDeep")
        /// Valid JSON that is not a constraint file: a wrong type, a wrong shape, a top-level key that
        /// does not match the file name.
        public static let invalidFormat = Code(rawValue: "invalidFormat")
        /// A view id appears twice in one file.
        public static let duplicateView = Code(rawValue: "duplicateView")
        /// A container, device or file name is empty or contains `/`, `\`, `..` or control characters.
        public static let invalidName = Code(rawValue: "invalidName")
        /// The container was loaded but has no record with this view id.
        public static let unknownView = Code(rawValue: "unknownView")
        /// A device catalog is inconsistent: duplicate names, unknown fallbacks, a fallback cycle, bad sizes.
        public static let invalidCatalog = Code(rawValue: "invalidCatalog")
        /// A device name that the catalog does not know.
        public static let unknownDevice = Code(rawValue: "unknownDevice")
        /// A container was looked up from inside its own load (a constraint source that looks records up on the
        /// thread reading its files); the lookup fails instead of waiting for itself forever.
        public static let reentrantLoad = Code(rawValue: "reentrantLoad")

        // Updates (``ConstraintStore``, ``ConstraintUpdate``).

        /// An update bundle that is not in the format ``ConstraintUpdate/data()`` writes, or an update that carries
        /// something other than constraint files: a name that is not a plain `.json` file name, a file that is not a
        /// constraint file.
        public static let invalidUpdate = Code(rawValue: "invalidUpdate")
        /// An update's version is not dot-separated numbers (`"1.4.2"`).
        public static let invalidVersion = Code(rawValue: "invalidVersion")
        /// An update's version is not newer than the installed one (or is the one the store rolled back by itself);
        /// install it with `allowDowngrade: true` to go back on purpose.
        public static let versionNotNewer = Code(rawValue: "versionNotNewer")
        /// The app's `verify` hook refused an update (a signature or a digest that does not match).
        public static let verificationFailed = Code(rawValue: "verificationFailed")
        /// A view id that some device gets but another cannot reach through its lookup chain: on that device a
        /// lookup would throw. `lint` reports the same as a diagnostic of this code.
        public static let missingDefault = Code(rawValue: "missingDefault")
        /// The store's folder is already used by another ``ConstraintStore``, in this process or another.
        public static let storeInUse = Code(rawValue: "storeInUse")
        /// The store could not write to its folder (no space left, no permission); nothing was changed.
        public static let unwritableStore = Code(rawValue: "unwritableStore")
        /// The task that called an install, a rollback, a reset or a fetch was cancelled before its turn came (or,
        /// for a fetch, during its download or its wait between attempts); nothing was changed.
        public static let cancelled = Code(rawValue: "cancelled")
        /// An install, a rollback or a reset was called from inside a `verify` of the same store (or a task it
        /// started), which runs while the store's installs wait for it: the call would wait for itself forever, so
        /// it fails at once. Make the call after the install returns.
        public static let reentrantStoreCall = Code(rawValue: "reentrantStoreCall")
        /// An update's condition (`appVersion>=3.2`, `os=iOS`, `signal.plan=pro`) or rollout (a percentage over 100,
        /// more than two decimals) that cannot be read; the message says what was expected.
        public static let invalidCondition = Code(rawValue: "invalidCondition")
        /// An update that is not for this installation: a condition does not hold, or the installation is outside
        /// its rollout or in its holdback (``UpdateAssignment`` says which). Nothing was installed.
        public static let updateNotAssigned = Code(rawValue: "updateNotAssigned")

        // Fetching (``ConstraintUpdateFetcher``).

        /// The server answered a fetch with a status other than 200 or 304: a `4xx` (not tried again), or a `5xx`
        /// on every attempt.
        public static let httpError = Code(rawValue: "httpError")
        /// A fetch could not get the bundle: no connection, a connection lost or a body cut short on every attempt,
        /// or a redirect to a scheme the fetcher does not follow.
        public static let downloadFailed = Code(rawValue: "downloadFailed")
        /// No attempt of a fetch got a complete answer within its timeout.
        public static let timedOut = Code(rawValue: "timedOut")
        /// The server redirected a fetch more times than it follows: a redirect loop.
        public static let tooManyRedirects = Code(rawValue: "tooManyRedirects")

        // Compiled tables (``CompiledTable``).

        /// A compiled table that is not one this version reads: a wrong magic number or format version, a checksum
        /// that does not match, a count or an offset outside the file, a record that the parser could not have made.
        /// The message gives the byte offset and what was expected; the JSON files are read instead.
        public static let invalidCompiledTable = Code(rawValue: "invalidCompiledTable")
    }

    /// What kind of error this is.
    public var code: Code
    /// The file the error is in, as the source names it (`Calendar_iPhone6.json`), if it comes from a file.
    public var file: String?
    /// The 1-based line in ``file``.
    public var line: Int?
    /// The 1-based column in ``line``, counted in characters.
    public var column: Int?
    /// Where in the document: `Calendar[0].dayButton.width`.
    public var keyPath: String?
    /// What went wrong and what was expected, in one sentence without a location.
    public var message: String
    /// Further errors of the same operation, when it had several (``ConstraintInterpreter/preload(containers:)``
    /// loads every container it can and reports each that failed). Each is printed on a line of its own.
    public var additionalErrors: [ConstraintError] = []

    /// Creates an error.
    public init(
        code: Code, message: String, file: String? = nil, line: Int? = nil, column: Int? = nil,
        keyPath: String? = nil
    ) {
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// `file:line:column: error: message at keyPath`, leaving out the parts that are unknown.
    public var description: String {
        let first = DiagnosticFormatter.format(
            severity: "error", file: file, line: line, column: column, message: message, keyPath: keyPath)
        return ([first] + additionalErrors.map(\.description)).joined(separator: "\n")
    }
}

extension ConstraintError {
    /// The same error with its message, file and key path, and those of its additional errors, written for printing:
    /// every character a terminal would obey rather than show (``ControlCharacters``) escaped, the line feed too, so
    /// that its description prints as it reads, each error on a line of its own. What ``ConstraintStore`` throws: its
    /// messages carry file names, versions, paths and the errors of the app's `verify`.
    func escapingControlCharacters() -> ConstraintError {
        var escaped = self
        escaped.message = ControlCharacters.line(message)
        escaped.file = file.map(ControlCharacters.line)
        escaped.keyPath = keyPath.map(ControlCharacters.line)
        escaped.additionalErrors = additionalErrors.map { $0.escapingControlCharacters() }
        return escaped
    }

    /// The same error, placed in `file`. Locations already set are kept.
    func inFile(_ name: String) -> ConstraintError {
        var copy = self
        if copy.file == nil { copy.file = name }
        return copy
    }
}
