public import DeviceConstraints

/// What ``Linter`` found in a folder: every diagnostic, sorted, and how many files it read.
///
/// ```swift
/// let report = Linter().lint(source, directory: "Constraints")
/// print(report.text)                  // the diagnostics, then "No problems in 7 files."
/// #expect(report.errorCount == 0)     // in a test of the app's own constraint files
/// ```
public struct LintReport: Sendable, Hashable {
    /// Every diagnostic, sorted by file, line and column.
    public let diagnostics: [ConstraintDiagnostic]
    /// How many `.json` files were read.
    public let fileCount: Int

    /// A report of `diagnostics` over `fileCount` files.
    package init(diagnostics: [ConstraintDiagnostic], fileCount: Int) {
        self.diagnostics = diagnostics
        self.fileCount = fileCount
    }

    /// The number of errors.
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }

    /// The number of warnings found, including those a file had past the parser's limit, which a note counts
    /// rather than lists (``/DeviceConstraints/ConstraintFileParser/Limits/maximumWarningsPerFile``).
    public var warningCount: Int {
        diagnostics.reduce(0) { count, diagnostic in
            count + (diagnostic.severity == .warning ? 1 : diagnostic.omittedWarningCount ?? 0)
        }
    }

    /// `3 errors, 2 warnings in 12 files`, `1 warning in 1 file`, or `No problems in 7 files.`
    public var summary: String {
        let counts = [(errorCount, "error"), (warningCount, "warning")].filter { $0.0 > 0 }
        let files = counted(fileCount, "file")
        guard !counts.isEmpty else { return "No problems in \(files)." }
        return counts.map { counted($0.0, $0.1) }.joined(separator: ", ") + " in \(files)"
    }

    /// Every diagnostic on a line of its own (`path:line:column: error: message`), then ``summary``.
    ///
    /// A control character that a file name or a view id brings into a diagnostic is escaped (`\u001B`), a line feed
    /// too, so that each diagnostic is one line and a terminal shows what it says.
    public var text: String {
        (diagnostics.map { TerminalText.line($0.description) } + [summary]).joined(separator: "\n")
    }
}
