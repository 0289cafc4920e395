/// A warning or note found while parsing a constraint file: the file is usable, but probably not what
/// its author meant (a misspelt attribute name, a key given twice).
///
/// Pass a handler to ``ConstraintInterpreter/init(source:device:catalog:limits:diagnostics:)`` or to
/// ``ConstraintFileParser/parse(_:fileName:container:diagnostics:)`` to receive them:
///
/// ```swift
/// let interpreter = ConstraintInterpreter(source: source, device: device) { diagnostic in
///     print(diagnostic)   // Calendar_iPhone6.json:5:9: warning: unknown attribute "witdh"; did you mean "width"?
/// }
/// ```
public struct ConstraintDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        case note, warning, error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs.order < rhs.order
        }
        private var order: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    /// What kind of diagnostic this is.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// An attribute name within two edits of a known one (`witdh`): almost surely a typo.
        public static let possibleTypo = Code(rawValue: "possibleTypo")
        /// The same key twice in one JSON object; the last one is used.
        public static let duplicateKey = Code(rawValue: "duplicateKey")
        /// A file had more warnings than ``ConstraintFileParser/Limits/maximumWarningsPerFile``: a note, after the
        /// warnings reported, that counts those that were not (``ConstraintDiagnostic/omittedWarningCount``).
        public static let tooManyWarnings = Code(rawValue: "tooManyWarnings")
        /// A lookup of ``LiveConstraints`` failed (no such view, no file for its container, a file that does not
        /// parse): the view reads the empty record. Reported once per view and cause.
        public static let lookupFailed = Code(rawValue: "lookupFailed")
        /// A file whose name differs only in case from one the interpreter looked for (`Card_iphone5.json` for
        /// `Card_iPhone5.json`): it is never read, and a Mac's simulator may hide that a device cannot find it.
        public static let fileNameCase = Code(rawValue: "fileNameCase")
        /// A ``ConstraintStore`` rolled an update back by itself when it was opened: it stayed unconfirmed for
        /// ``ConstraintStore/rollbackAfterUnconfirmedLaunches`` launches, or its files were damaged.
        public static let updateRolledBack = Code(rawValue: "updateRolledBack")
        /// A ``ConstraintStore`` found its state damaged or changed by something else when it was opened, and went
        /// back to the last complete version it could read (or to the app's own files).
        public static let storeRecovered = Code(rawValue: "storeRecovered")
        /// A ``ConstraintStore`` opened on a disk that takes no change (full, or read-only): it serves what is
        /// installed, but could not record what the opening decided (a launch of a pending update, a rollback);
        /// the next change that can be written records it, and installs fail until the disk takes changes again.
        public static let storeNotRecorded = Code(rawValue: "storeNotRecorded")
        /// A `relativeTo` that names no text style (`"relativeTo": "bodyy"`): the value follows `body` instead.
        public static let unknownTextStyle = Code(rawValue: "unknownTextStyle")
        /// A font size written `{"fixed": n}` with n under 11 points, the smallest size Apple's Human Interface
        /// Guidelines recommend on iOS: text that never grows and starts that small is hard to read.
        public static let smallFixedFont = Code(rawValue: "smallFixedFont")
    }

    /// How serious it is.
    public var severity: Severity
    /// What kind of diagnostic it is.
    public var code: Code
    /// The file, as the source names it.
    public var file: String?
    /// The 1-based line.
    public var line: Int?
    /// The 1-based column, counted in characters.
    public var column: Int?
    /// Where in the document: `Calendar[0].dayButton.witdh`.
    public var keyPath: String?
    /// What was found and what to do about it.
    public var message: String
    /// For the note ``Code/tooManyWarnings``: how many warnings of the file were not reported; nil for any other
    /// diagnostic.
    public var omittedWarningCount: Int?
    /// For ``Code/possibleTypo``: the attribute name as the file writes it (`hieght`), so that lint can tell a name
    /// the catalog declares (``DeviceCatalog/extensionAttributes``) from a misspelling; nil for any other diagnostic.
    package var attribute: String?

    /// Creates a diagnostic.
    public init(
        severity: Severity, code: Code, message: String, file: String? = nil, line: Int? = nil,
        column: Int? = nil, keyPath: String? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.keyPath = keyPath
    }

    /// `file:line:column: warning: message at keyPath`.
    public var description: String {
        DiagnosticFormatter.format(
            severity: severity.rawValue, file: file, line: line, column: column, message: message,
            keyPath: keyPath)
    }
}

/// Receives warnings while files are parsed. Called on the thread that parses, possibly several at once.
public typealias ConstraintDiagnosticHandler = @Sendable (ConstraintDiagnostic) -> Void
