/// What a run of the tool prints and how it exits: results on standard output, errors on standard error.
///
/// ```swift
/// let result = DeviceConstraintsTool().run(.version)
/// result.output      // "0.1.0\n"
/// result.exitCode    // .success
/// ```
///
/// Everything the tool prints is a result's ``output`` or ``errorOutput``, and both are made safe for a terminal
/// when they are set (``TerminalText``): a control character from a file name or a value in a file is printed as
/// `\u001B`, never sent. This is the one place for it, so that no command can forget it; JSON stays valid JSON.
package struct ToolResult: Sendable, Hashable {
    /// What goes to standard output: each line ends with a newline; no control character but the line feed.
    package var output: String {
        get { printedOutput }
        set { printedOutput = TerminalText.escaped(newValue) }
    }
    /// What goes to standard error: each line ends with a newline; no control character but the line feed.
    package var errorOutput: String {
        get { printedErrorOutput }
        set { printedErrorOutput = TerminalText.escaped(newValue) }
    }
    private var printedOutput: String
    private var printedErrorOutput: String
    /// The exit status.
    package var exitCode: ExitCode
    /// With `--json`: what ``output`` prints, as a value, for `--watch` to print as one line of JSON Lines.
    package var json: JSONValue?

    /// A result that prints `output` (a newline is added) and `errorOutput` (likewise), and exits with
    /// `exitCode`.
    package init(output: String = "", errorOutput: String = "", exitCode: ExitCode = .success) {
        self.printedOutput = TerminalText.escaped(Self.lines(output))
        self.printedErrorOutput = TerminalText.escaped(Self.lines(errorOutput))
        self.exitCode = exitCode
    }

    /// `json` indented on standard output, `errorOutput` on standard error.
    package init(json: JSONValue, errorOutput: String = "", exitCode: ExitCode = .success) {
        self.init(output: json.rendered, errorOutput: errorOutput, exitCode: exitCode)
        self.json = json
    }

    /// The usage error on standard error, exit status 2; with `json`, also as an object on standard output
    /// (`{"error": {"code": "usage", …}}`).
    package init(_ error: UsageError, json: Bool = false) {
        self.init(errorOutput: error.description, exitCode: .usageError)
        if json {
            let failure = ToolFailure(error)
            self.output = Self.lines(failure.json.rendered)
            self.json = failure.json
        }
    }

    /// `text` with a final newline, or empty.
    private static func lines(_ text: String) -> String {
        text.isEmpty || text.hasSuffix("\n") ? text : text + "\n"
    }
}
