import Foundation
import Testing

/// Misuses of the DSL are compile errors: `Fixtures/CompileChecks/Misuses.swift` is type-checked against the
/// ConstraintDSL module this test target was built with: every line marked `// error` must get an error (one
/// that contains `<text>` if marked `// error: <text>`), while every other line compiles.
struct CompileCheckTests {
    /// The marked lines of a checked file: line number → the text its error must contain (maybe empty).
    private func expectedErrors(in source: String) -> [Int: String] {
        var expected: [Int: String] = [:]
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = line.range(of: "  // error") else { continue }
            let rest = line[marker.upperBound...]
            expected[index + 1] = rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : ""
        }
        return expected
    }

    /// Type-checks `file` with `swiftc`, returning line number → error messages.
    private func compilerErrors(in file: URL) throws -> [Int: [String]] {
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swiftc", "-typecheck", "-swift-version", "6", "-I", try PackageCompiler.modulesFolder().path, file.path])
        let text = run.log
        var errors: [Int: [String]] = [:]
        let prefix = file.lastPathComponent + ":"
        for line in text.split(separator: "\n") {
            // Misuses.swift:31:19: error: cannot convert value of type …
            guard let start = line.range(of: prefix), line.contains(": error: ") else { continue }
            let location = line[start.upperBound...].split(separator: ":", maxSplits: 2)
            guard location.count == 3, let number = Int(location[0]) else { continue }
            errors[number, default: []].append(String(line))
        }
        if errors.isEmpty && run.status != 0 {
            Issue.record("swiftc failed without errors in \(file.lastPathComponent):\n\(text)")
        }
        return errors
    }

    @Test func misusesOfTheChainAreCompileErrorsAndCorrectUseCompiles() throws {
        let file = try PackageCompiler.fixtures.appendingPathComponent("CompileChecks/Misuses.swift")
        let expected = expectedErrors(in: try String(contentsOf: file, encoding: .utf8))
        try #require(expected.count >= 10)
        let errors = try compilerErrors(in: file)
        for (line, text) in expected.sorted(by: { $0.key < $1.key }) {
            let messages = errors[line] ?? []
            #expect(
                messages.contains { text.isEmpty || $0.contains(text) },
                "line \(line) should fail with \"\(text)\": \(messages)")
        }
        for (line, messages) in errors.sorted(by: { $0.key < $1.key }) where expected[line] == nil {
            Issue.record("line \(line) should compile: \(messages)")
        }
    }
}
