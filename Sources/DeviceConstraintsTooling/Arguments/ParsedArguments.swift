/// The arguments of one command, as ``CommandSpec/parse(_:)`` read them.
///
/// ```swift
/// let parsed = try CommandSpec.lint.parse(["--catalog=devices.json", "Constraints"])
/// parsed.value("catalog")   // "devices.json"
/// parsed.argument("dir")    // "Constraints"
/// parsed.flag("json")       // false
/// ```
package struct ParsedArguments: Sendable, Hashable {
    /// Whether `-h` or `--help` was given; nothing else is read then.
    package var wantsHelp = false
    /// The value of each option given, by name; the last wins when one is repeated.
    package var values: [String: String] = [:]
    /// The flags given, by name.
    package var flags: Set<String> = []
    /// The positional arguments by name; one that was left out has its default value.
    package var arguments: [String: String] = [:]

    /// Nothing given.
    package init() {}

    /// The value of the option `name` (`catalog` for `--catalog`), or nil when it was not given.
    package func value(_ name: String) -> String? { values[name] }

    /// Whether the flag `name` (`json` for `--json`) was given.
    package func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The positional argument `name`, or its default value.
    package func argument(_ name: String) -> String? { arguments[name] }
}
