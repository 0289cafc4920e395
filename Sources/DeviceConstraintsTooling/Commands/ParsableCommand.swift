// The options of each command: each reads its own from the command line, as swift-argument-parser's
// commands do, and names the command that runs it.

/// A command of the tool: what it takes (its ``CommandSpec``) and how it reads that from a parsed command
/// line into typed options.
package protocol ParsableCommand: Sendable, Hashable {
    /// The command's name, arguments, options and help.
    static var spec: CommandSpec { get }
    /// Reads the options from `parsed`, which `spec` parsed.
    ///
    /// - Throws: ``UsageError`` for a value that cannot be read.
    init(_ parsed: ParsedArguments) throws(UsageError)
    /// The command to run.
    var command: ToolCommand { get }
}
