/// How the tool ends, as swift-argument-parser's `ExitCode`: 0 success, 1 failure, 2 a usage error.
///
/// ```swift
/// exit(LintReport(diagnostics: [], fileCount: 7).exitCode(strict: false).rawValue)   // 0
/// ```
package struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The process exit status.
    package let rawValue: Int32

    /// An exit code with this status.
    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the command did its work and found nothing wrong (lint: no errors, or only warnings without
    /// `--strict`).
    package static let success = ExitCode(rawValue: 0)
    /// 1: the command ran and failed: lint found errors, or a folder, catalog or constraint file could not
    /// be read.
    package static let failure = ExitCode(rawValue: 1)
    /// 2: the command line is wrong: an unknown command or option, an option that takes a value given twice, a
    /// missing or extra argument, a value that cannot be read (`--size 390`), a device the catalog does not know.
    package static let usageError = ExitCode(rawValue: 2)

    /// The status as a number.
    package var description: String { "\(rawValue)" }
}
