import DeviceConstraints

/// A command that could not do its work: what standard error prints, how the tool exits, and with `--json` the
/// same as an object on standard output, shaped as a lint diagnostic is:
///
/// ```json
/// { "error": { "file": null, "line": null, "column": null, "code": "folderNotFound",
///              "message": "no folder '/nonexistent'; pass the folder that holds the constraint files …",
///              "keyPath": null, "exitCode": 1 } }
/// ```
struct ToolFailure: Error {
    /// What standard error prints: `error: …`, and the usage for a wrong command line.
    var text: String
    /// The exit status.
    var exitCode: ExitCode
    /// What kind of failure it is: a ``ConstraintError`` code (`folderNotFound`, `invalidCatalog`, …), or
    /// `usage` for a wrong command line.
    var code: String
    /// What went wrong and what to do, without `error: ` and the usage.
    var message: String
    /// Where, when a file is to blame.
    var file: String?
    var line: Int?
    var column: Int?
    var keyPath: String?

    /// A failure saying `message`, printed as `error: message` and, when given, the usage line.
    init(code: ConstraintError.Code, message: String, exitCode: ExitCode = .failure, usage: String? = nil) {
        self.text = "error: \(message)" + (usage.map { "\nusage: \($0)" } ?? "")
        self.exitCode = exitCode
        self.code = code.rawValue
        self.message = message
    }

    /// `error`, with its file named under `directory` (the folder as the user typed it) when given.
    init(_ error: ConstraintError, in directory: String? = nil) {
        var placed = error
        if let directory { placed.file = error.file.map { DisplayPath.join(directory, $0) } }
        self.text = placed.description
        self.exitCode = .failure
        self.code = error.code.rawValue
        self.message = error.message
        self.file = placed.file
        self.line = error.line
        self.column = error.column
        self.keyPath = error.keyPath
    }

    /// A wrong command line (exit status 2), as `code`.
    init(_ error: UsageError, code: String = "usage") {
        self.text = error.description
        self.exitCode = .usageError
        self.code = code
        self.message = error.message
    }

    /// The failure for `--json`.
    var json: JSONValue {
        .object([
            (
                "error",
                .object([
                    ("file", .nullable(file)),
                    ("line", .nullable(line)),
                    ("column", .nullable(column)),
                    ("code", .string(code)),
                    ("message", .string(message)),
                    ("keyPath", .nullable(keyPath)),
                    ("exitCode", .integer(Int(exitCode.rawValue))),
                ])
            )
        ])
    }
}
