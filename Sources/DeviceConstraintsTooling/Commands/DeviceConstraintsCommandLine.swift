/// Runs a command of the `device-constraints` tool in this process, as the tool itself does, without starting it:
/// for scripts, tests and benchmarks that import tokens, lint or export from Swift.
///
/// ```swift
/// let result = DeviceConstraintsCommandLine.run(["import", "tokens/base.tokens.json", "--output", "Constraints"])
/// result.status   // 0
/// result.output   // "Constraints: wrote 1 file (Card.json)\n"
/// ```
///
/// `--watch` runs the command once here; the tool itself keeps watching.
public enum DeviceConstraintsCommandLine: Sendable {
    /// What a command printed and how it ended.
    public struct Result: Sendable, Hashable {
        /// The exit status: 0 on success, 1 when the command found errors, 2 for a usage error.
        public var status: Int32
        /// What the tool prints on standard output.
        public var output: String
        /// What the tool prints on standard error.
        public var errorOutput: String
    }

    /// Runs the command `arguments` give, read relative to the current directory.
    ///
    /// - Parameter arguments: the tool's arguments, without its name: `["lint", "Constraints"]`.
    /// - Returns: what the tool would print and its exit status; a usage error is a result too (status 2).
    public static func run(_ arguments: [String]) -> Result {
        let result: ToolResult
        do throws(UsageError) {
            result = DeviceConstraintsTool().run(try ToolCommand(parsing: arguments))
        } catch {
            result = ToolResult(error, json: ToolCommand.asksForJSON(arguments))
        }
        return Result(status: result.exitCode.rawValue, output: result.output, errorOutput: result.errorOutput)
    }
}
