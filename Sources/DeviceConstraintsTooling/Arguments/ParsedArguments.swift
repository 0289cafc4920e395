/// The arguments of one command, as ``CommandSpec/parse(_:)`` read them.
///
/// Values are looked up by the option or argument the command declared, never by a string typed again,
/// so a misspelt key does not compile:
///
/// ```swift
/// let parsed = try CommandSpec.lint.parse(["--catalog=devices.json", "Constraints"])
/// parsed[CommandSpec.catalogOption]     // "devices.json"
/// parsed[CommandSpec.folderArgument]    // "Constraints"
/// parsed.isSet(CommandSpec.jsonFlag)    // false
/// ```
package struct ParsedArguments: Sendable, Hashable {
    /// Whether `-h` or `--help` was given; nothing else is read then.
    package var wantsHelp = false
    /// The value of each option given, by name.
    var values: [String: String] = [:]
    /// The values of each repeatable option given, by name, in order.
    var lists: [String: [String]] = [:]
    /// The flags given, by name.
    var flags: Set<String> = []
    /// The positional arguments by name; one that was left out has its default value.
    var arguments: [String: String] = [:]

    /// Nothing given.
    package init() {}

    /// The value given to `option`, or nil when it was not given.
    package subscript(option: CommandSpec.Option) -> String? {
        precondition(option.valueName != nil, "--\(option.name) is a flag: ask isSet(_:)")
        return values[option.name]
    }

    /// Every value given to the repeatable `option`, in order; empty when it was not given.
    package func all(_ option: CommandSpec.Option) -> [String] {
        precondition(option.isRepeatable, "--\(option.name) is given once: use the subscript")
        return lists[option.name] ?? []
    }

    /// Whether the flag `flag` was given.
    package func isSet(_ flag: CommandSpec.Option) -> Bool {
        precondition(flag.valueName == nil, "--\(flag.name) takes a value: use the subscript")
        return flags.contains(flag.name)
    }

    /// The positional argument `argument`, or its default value (nil for a required one left out, which
    /// ``CommandSpec/parse(_:)`` does not allow).
    package subscript(argument: CommandSpec.Argument) -> String? {
        arguments[argument.name] ?? argument.defaultValue
    }
}
