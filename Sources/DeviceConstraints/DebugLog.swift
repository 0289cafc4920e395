import Foundation

/// Where warnings go when the app gave no diagnostics handler: debug builds report each warning once, so that a typo
/// (`"witdh"`) or a file name in the wrong case is seen at the desk instead of silently reading 0; release builds stay
/// silent.
///
/// On Apple platforms a report goes to the unified log (`os.Logger`, subsystem `DeviceConstraints`: Xcode's console
/// shows it, and `log stream --predicate 'subsystem == "DeviceConstraints"'` filters it); elsewhere to standard error.
package enum DebugLog {
    /// The handler an interpreter uses when it was given none: a reporter in debug builds, nil in release builds.
    static func defaultHandler() -> ConstraintDiagnosticHandler? {
        #if DEBUG
            let reporter = Reporter(write: DebugLog.write)
            return { reporter.report($0) }
        #else
            return nil
        #endif
    }

    /// Reports each diagnostic once, by its text, through `write`; after `limit` distinct reports it says so once
    /// and stops, so that a runaway file can fill neither the log nor the memory.
    package final class Reporter: Sendable {
        private struct State {
            var seen: Set<String> = []
            var full = false
        }

        private enum Outcome {
            case new, seen, full, over
        }

        private let write: @Sendable (ConstraintDiagnostic.Severity, String) -> Void
        private let limit: Int
        private let state = ConditionLocked(State())

        /// - Parameters:
        ///   - limit: the most distinct diagnostics reported.
        ///   - write: where a report goes, with its severity.
        package init(limit: Int = 1_000, write: @escaping @Sendable (ConstraintDiagnostic.Severity, String) -> Void) {
            self.limit = limit
            self.write = write
        }

        package func report(_ diagnostic: ConstraintDiagnostic) {
            let text = diagnostic.description
            let outcome = state.withLock { state -> Outcome in
                if state.seen.contains(text) { return .seen }
                guard state.seen.count < limit else {
                    defer { state.full = true }
                    return state.full ? .over : .full
                }
                state.seen.insert(text)
                return .new
            }
            switch outcome {
            case .new:
                write(diagnostic.severity, "DeviceConstraints: " + text)
            case .full:
                write(
                    .note,
                    "DeviceConstraints: \(limit) distinct warnings were reported; the rest are not (give the "
                        + "interpreter a diagnostics handler to receive every one)")
            case .seen, .over:
                break
            }
        }
    }

    #if !canImport(os)
        /// Standard error, one line per report.
        static func write(_ severity: ConstraintDiagnostic.Severity, _ text: String) {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        }
    #endif
}
