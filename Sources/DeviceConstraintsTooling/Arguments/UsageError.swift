/// A command line the tool cannot run: an unknown command or option, a missing or extra argument, a value
/// it cannot read. Printed on standard error as one line and the usage, and the tool exits with 2.
///
/// ```swift
/// print(error)
/// // error: unknown option '--jsn'; did you mean '--json'?
/// // usage: device-constraints lint [<dir>] [--catalog <file>] [--json] [--strict]
/// ```
package struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    package var message: String
    /// The usage line of the command, without `usage: `.
    package var usage: String

    /// An error saying `message`, followed by `usage`.
    package init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    /// `error: message` and `usage: usage`, on two lines.
    package var description: String {
        "error: \(message)\nusage: \(usage)"
    }
}
