import Foundation
import Testing

@testable import DeviceConstraints

/// Loud in debug builds: with no diagnostics handler, a debug build reports each warning once; release builds stay
/// silent (the tests are a debug build, so only the first half can run here).
struct DebugLogTests {
    private static func typo(_ line: Int) -> ConstraintDiagnostic {
        ConstraintDiagnostic(
            severity: .warning, code: .possibleTypo, message: "unknown attribute \"witdh\"; did you mean \"width\"?",
            file: "Card_iPhone6.json", line: line, column: 9)
    }

    @Test func aWarningIsReportedOnceHoweverOftenItIsFound() {
        let lines = LockedList<String>()
        let reporter = DebugLog.Reporter { _, text in lines.append(text) }
        for _ in 0..<3 {
            reporter.report(Self.typo(3))
            reporter.report(Self.typo(4))
        }
        #expect(
            lines.all == [
                "DeviceConstraints: Card_iPhone6.json:3:9: warning: unknown attribute \"witdh\"; did you mean \"width\"?",
                "DeviceConstraints: Card_iPhone6.json:4:9: warning: unknown attribute \"witdh\"; did you mean \"width\"?",
            ])
    }

    @Test func afterTheLimitOneNoteSaysWhyTheReportsStop() {
        let lines = LockedList<(ConstraintDiagnostic.Severity, String)>()
        let reporter = DebugLog.Reporter(limit: 2) { severity, text in lines.append((severity, text)) }
        for line in 1...10 { reporter.report(Self.typo(line)) }
        #expect(
            (lines.all.count, lines.all.last?.0, lines.all.last?.1.contains("2 distinct warnings were reported")) == (
                3, .note, true
            ))
    }

    @Test func anInterpreterWithoutAHandlerReportsInADebugBuild() throws {
        let interpreter = ConstraintInterpreter(
            source: InMemorySource([:]), environment: LayoutEnvironment(width: 375, height: 667, idiom: .phone))
        #if DEBUG
            #expect(interpreter.diagnostics != nil)
        #else
            #expect(interpreter.diagnostics == nil)
        #endif
    }
}
