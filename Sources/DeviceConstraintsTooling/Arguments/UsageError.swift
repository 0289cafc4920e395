/// A command line the tool cannot run: an unknown command or option, a missing or extra argument, a value
/// it cannot read. Printed on standard error as one line and the usage, and the tool exits with 2.
///
/// ```swift
/// print(error)
/// // error: unknown option '--jsn'; did you mean '--json'?
/// // usage: device-constraints lint [<dir>] [--catalog <file>] [--json] [--strict] [--watch]
/// ```
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    package var message: String
    /// The usage line of the command, without `usage: `.
    package var usage: String
    /// The whole help, printed instead of the usage line when the command line says nothing at all.
    package var help: String?

    /// An error saying `message`, followed by `usage`, or by `help` when given.
    package init(_ message: String, usage: String, help: String? = nil) {
        self.message = message
        self.usage = usage
        self.help = help
    }

    /// `error: message` and `usage: usage`, on two lines; or `error: message`, a blank line and the help.
    package var description: String {
        if let help { return "error: \(message)\n\n\(help)" }
        return "error: \(message)\nusage: \(usage)"
    }
}
