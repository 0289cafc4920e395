import Foundation

/// What a command of the tool is called, what it takes, and its help: parsed and printed the way
/// swift-argument-parser parses and prints, without depending on it.
///
/// ```swift
/// let spec = CommandSpec(
///     name: "lint", abstract: "Check every constraint file in a folder.",
///     arguments: [.init(name: "dir", help: "The folder.", defaultValue: "Constraints")],
///     options: [.init(name: "json", help: "Print JSON.")])
/// let parsed = try spec.parse(["Constraints", "--json"])
/// parsed.isSet(spec.options[0])      // true
/// parsed[spec.arguments[0]]          // "Constraints"
/// ```
package struct CommandSpec: Sendable {
    /// A positional argument.
    package struct Argument: Sendable {
        /// Its name in the usage and in ``ParsedArguments/argument(_:)``: `dir` prints as `<dir>`.
        package var name: String
        /// One sentence for the help.
        package var help: String
        /// The value when it is left out; nil makes the argument required.
        package var defaultValue: String?

        /// An argument; required unless it has a default value.
        package init(name: String, help: String, defaultValue: String? = nil) {
            self.name = name
            self.help = help
            self.defaultValue = defaultValue
        }
    }

    /// An option: `--name <value>` (also `--name=<value>`), or a flag `--name` when it takes no value.
    package struct Option: Sendable {
        /// The name without dashes: `catalog` is `--catalog`.
        package var name: String
        /// What the value is called in the usage (`file` prints `--catalog <file>`); nil for a flag.
        package var valueName: String?
        /// One sentence for the help.
        package var help: String
        /// Whether the option may be given more than once (`--when a --when b`): read with
        /// ``ParsedArguments/all(_:)``.
        package var isRepeatable: Bool

        /// An option that takes a value named `valueName`, or a flag when it is nil; `repeatable` when it may be given
        /// more than once.
        package init(name: String, valueName: String? = nil, help: String, repeatable: Bool = false) {
            self.name = name
            self.valueName = valueName
            self.help = help
            self.isRepeatable = repeatable
        }

        /// `--catalog <file>` or `--json`.
        package var label: String {
            valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
        }
    }

    /// The command's name: `lint`.
    package var name: String
    /// One sentence: what the command does.
    package var abstract: String
    /// More about it, for the help; may span lines.
    package var discussion: String?
    /// The positional arguments, in order.
    package var arguments: [Argument]
    /// The options.
    package var options: [Option]
    /// How the usage line writes options that go together (`show` needs `(--device <name> | --size <WxH>)`), in
    /// place of those options; every option it does not name follows in brackets, so none can be left out. Nil
    /// lists every option in brackets.
    package var optionsUsage: String?

    /// A command; see the properties.
    package init(
        name: String, abstract: String, discussion: String? = nil, arguments: [Argument] = [],
        options: [Option] = [], optionsUsage: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.optionsUsage = optionsUsage
    }

    /// `device-constraints lint [<dir>] [--catalog <file>] [--json] [--strict] [--watch]`.
    package var usage: String {
        let arguments = arguments.map { $0.defaultValue == nil ? "<\($0.name)>" : "[<\($0.name)>]" }
        let grouped = optionsUsage ?? ""
        let options =
            (optionsUsage.map { [$0] } ?? [])
            + self.options.filter { !grouped.contains($0.label) }.map { "[\($0.label)]" }
        return ([DeviceConstraintsTool.name, name] + arguments + options).joined(separator: " ")
    }

    /// The help, as `--help` prints it: overview, usage, arguments and options.
    package var help: String {
        var sections = ["OVERVIEW: \(abstract)"]
        if let discussion { sections.append(discussion) }
        sections.append("USAGE: \(usage)")
        if !arguments.isEmpty {
            sections.append(
                "ARGUMENTS:\n"
                    + Self.list(
                        arguments.map { argument in
                            (
                                "<\(argument.name)>",
                                argument.help + (argument.defaultValue.map { " (default: \($0))" } ?? "")
                            )
                        }))
        }
        let helpOption = ("-h, --help", "Show help information.")
        sections.append("OPTIONS:\n" + Self.list(options.map { ($0.label, $0.help) } + [helpOption]))
        return sections.joined(separator: "\n\n")
    }

    /// Labels and their help in two columns, indented by two spaces.
    static func list(_ entries: [(label: String, help: String)]) -> String {
        let width = max(22, (entries.map(\.label.count).max() ?? 0) + 2)
        return entries.map { entry in
            "  " + entry.label + String(repeating: " ", count: width - entry.label.count) + entry.help
        }.joined(separator: "\n")
    }

    // MARK: - Parsing

    /// Reads the arguments that follow the command's name.
    ///
    /// `--name value` and `--name=value` both work; an option that takes a value is given once at most (a flag
    /// given twice is still set); `--` ends the options, so every argument after it is positional; `-h` or
    /// `--help` anywhere before `--` asks for help, whatever else the line holds.
    ///
    /// - Throws: ``UsageError`` for an unknown option (suggesting the nearest), a flag given a value, an
    ///   option without one, an option that takes a value given twice, a positional argument too many, or a
    ///   required one missing.
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        let options = arguments.prefix { $0 != "--" }
        if options.contains("-h") || options.contains("--help") {
            parsed.wantsHelp = true
            return parsed
        }
        var positionals: [String] = []
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
            } else if argument == "--" {
                onlyPositionals = true
            } else {
                let (option, inlineValue) = try self.option(argument)
                if option.valueName == nil {
                    guard inlineValue == nil else { throw error("'--\(option.name)' does not take a value") }
                    parsed.flags.insert(option.name)
                } else {
                    var value = inlineValue
                    if value == nil, index < arguments.count, !looksLikeOption(arguments[index]) {
                        value = arguments[index]
                        index += 1
                    }
                    guard let value, !value.isEmpty else { throw error("missing value for '\(option.label)'") }
                    if option.isRepeatable {
                        parsed.lists[option.name, default: []].append(value)
                    } else if let first = parsed.values[option.name] {
                        throw repeated(option, first: first, second: value)
                    }
                    parsed.values[option.name] = value
                }
            }
        }
        guard positionals.count <= self.arguments.count else {
            throw error("unexpected argument '\(positionals[self.arguments.count])'")
        }
        for (position, spec) in self.arguments.enumerated() {
            if position < positionals.count {
                parsed.arguments[spec.name] = positionals[position]
            } else if let defaultValue = spec.defaultValue {
                parsed.arguments[spec.name] = defaultValue
            } else {
                throw error("missing argument '<\(spec.name)>'")
            }
        }
        return parsed
    }

    /// The option `argument` names (`--catalog` or `--catalog=file`), and the value written after `=`.
    private func option(_ argument: String) throws(UsageError) -> (Option, String?) {
        let body = argument.hasPrefix("--") ? argument.dropFirst(2) : argument.dropFirst()
        let name = body.prefix { $0 != "=" }
        let value = name.count < body.count ? String(body.dropFirst(name.count + 1)) : nil
        if argument.hasPrefix("--"), let option = options.first(where: { $0.name == name }) {
            return (option, value)
        }
        var message = "unknown option '\(argument.prefix { $0 != "=" })'"
        let names = options.map { "--\($0.name)" } + ["--help"]
        if let suggestion = ToolCommand.closest(to: "--\(name)", among: names) {
            message += "; did you mean '\(suggestion)'?"
        }
        throw error(message)
    }

    /// `--device A --device B`: which one was meant is a guess, so neither is taken.
    private func repeated(_ option: Option, first: String, second: String) -> UsageError {
        var message = "'--\(option.name)' is given twice ('\(first)' and '\(second)'); give it once"
        if option.name == "devices" {
            message += ", with the devices separated by commas: --devices \(first),\(second)"
        }
        return error(message)
    }

    /// A usage error of this command.
    package func error(_ message: String) -> UsageError {
        UsageError(message, usage: usage)
    }

    /// Whether `argument`, after an option that takes a value, is the next option rather than the value:
    /// `--`, `-h`, or one of this command's options. Anything else is the value, so `--size -1x5` reads
    /// `-1x5` and says what is wrong with it, rather than that the value is missing.
    private func looksLikeOption(_ argument: String) -> Bool {
        if argument == "--" || argument == "-h" || argument == "--help" { return true }
        guard argument.hasPrefix("--") else { return false }
        let name = argument.dropFirst(2).prefix { $0 != "=" }
        return options.contains { $0.name == name }
    }
}
