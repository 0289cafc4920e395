import DeviceConstraints

/// What a command line asks the tool to do, read from the arguments after the tool's name.
///
/// ```swift
/// let command = try ToolCommand(parsing: ["show", "Calendar", "--size=390x844"])
/// // .show(ShowOptions(container: "Calendar", directory: "Constraints",
/// //                   device: .size(width: 390, height: 844, idiom: nil)))
/// ```
package enum ToolCommand: Sendable, Hashable {
    /// Print this help on standard output.
    case help(String)
    /// Print the version.
    case version
    /// `lint`.
    case lint(LintOptions)
    /// `show`.
    case show(ShowOptions)
    /// `devices`.
    case devices(DevicesOptions)
    /// `coverage`.
    case coverage(CoverageOptions)

    /// Reads a command line.
    ///
    /// No arguments, `-h`, `--help` or `help` ask for the tool's help; `help <command>` or `<command> --help`
    /// for a command's.
    ///
    /// - Parameter arguments: the arguments after the tool's name (`CommandLine.arguments.dropFirst()`).
    /// - Throws: ``UsageError`` for an unknown command or option, a missing or extra argument, or a value
    ///   that cannot be read.
    package init(parsing arguments: [String]) throws(UsageError) {
        guard let first = arguments.first, first != "-h", first != "--help" else {
            self = .help(CommandSpec.toolHelp)
            return
        }
        let rest = Array(arguments.dropFirst())
        if first == "--version" {
            guard rest.isEmpty else {
                throw UsageError("unexpected argument '\(rest[0])'", usage: CommandSpec.toolUsage)
            }
            self = .version
            return
        }
        if first == "help" {
            guard let name = rest.first, name != "-h", name != "--help" else {
                self = .help(CommandSpec.toolHelp)
                return
            }
            guard rest.count == 1 else {
                throw UsageError("unexpected argument '\(rest[1])'", usage: CommandSpec.toolUsage)
            }
            self = .help(try Self.spec(named: name).help)
            return
        }
        let spec = try Self.spec(named: first)
        let parsed = try spec.parse(rest)
        if parsed.wantsHelp {
            self = .help(spec.help)
            return
        }
        let folder = parsed.argument("dir") ?? DeviceConstraintsTool.defaultFolder
        let catalog = parsed.value("catalog")
        let json = parsed.flag("json")
        switch spec.name {
        case CommandSpec.lint.name:
            self = .lint(LintOptions(directory: folder, catalog: catalog, json: json, strict: parsed.flag("strict")))
        case CommandSpec.show.name:
            self = .show(
                ShowOptions(
                    container: parsed.argument("container") ?? "", directory: folder,
                    device: try DeviceSelection(parsed, spec: spec), catalog: catalog, json: json))
        case CommandSpec.devices.name:
            self = .devices(DevicesOptions(catalog: catalog, json: json))
        default:
            self = .coverage(CoverageOptions(directory: folder, catalog: catalog, json: json))
        }
    }

    /// The command called `name`, or an error that suggests the nearest.
    private static func spec(named name: String) throws(UsageError) -> CommandSpec {
        if let spec = CommandSpec.all.first(where: { $0.name == name }) { return spec }
        let what = name.hasPrefix("-") ? "option" : "command"
        var message = "unknown \(what) '\(name)'"
        let candidates = CommandSpec.all.map(\.name) + ["--version", "--help", "help"]
        if let suggestion = closest(to: name, among: candidates) { message += "; did you mean '\(suggestion)'?" }
        throw UsageError(message, usage: CommandSpec.toolUsage)
    }

    /// The candidate within two edits of `word` (three for long words), if any: for "did you mean".
    package static func closest(to word: String, among candidates: [String]) -> String? {
        EditDistance.closest(to: word, among: candidates, maximum: word.count > 8 ? 3 : 2)
    }
}
