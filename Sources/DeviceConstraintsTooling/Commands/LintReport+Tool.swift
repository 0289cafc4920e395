import DeviceConstraints
import DeviceConstraintsLint

// What the tool makes of a lint report: its exit code and its `--json` form. Here rather than beside LintReport
// because the exit codes and the JSON writer are the tool's, which the build plugin's tool does not build.
extension LintReport {
    /// Success when there are no errors (and, if `strict`, no warnings either); failure otherwise.
    package func exitCode(strict: Bool) -> ExitCode {
        errorCount > 0 || (strict && warningCount > 0) ? .failure : .success
    }

    /// The report for `lint --json`:
    ///
    /// ```json
    /// { "files": 7, "errors": 1, "warnings": 0,
    ///   "diagnostics": [
    ///     { "file": "Constraints/Card_iPhone6.json", "line": 4, "column": 18, "severity": "error",
    ///       "code": "invalidFormat", "message": "\"width\" must be a number, found string (\"sixty\")",
    ///       "keyPath": "Card[0].title.width" } ] }
    /// ```
    ///
    /// `line`, `column` and `keyPath` are `null` when the diagnostic is about a whole file; `severity` is
    /// `error`, `warning`, or `note` for the note that counts a file's warnings past the limit, which `warnings`
    /// includes.
    package var json: JSONValue {
        .object([
            ("files", .integer(fileCount)),
            ("errors", .integer(errorCount)),
            ("warnings", .integer(warningCount)),
            (
                "diagnostics",
                .array(
                    diagnostics.map { diagnostic in
                        .object([
                            ("file", .nullable(diagnostic.file)),
                            ("line", .nullable(diagnostic.line)),
                            ("column", .nullable(diagnostic.column)),
                            ("severity", .string(diagnostic.severity.rawValue)),
                            ("code", .string(diagnostic.code.rawValue)),
                            ("message", .string(diagnostic.message)),
                            ("keyPath", .nullable(diagnostic.keyPath)),
                        ])
                    })
            ),
        ])
    }
}
