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
    /// `preview`.
    case preview(PreviewOptions)
    /// `bundle`.
    case bundle(BundleOptions)
    /// `compile`.
    case compile(CompileOptions)
    /// `import`.
    case importTokens(ImportOptions)
    /// `export`.
    case exportTokens(ExportOptions)
    /// `rollout`.
    case rollout(RolloutOptions)

    /// The commands, in the order the tool's help lists them: each reads its own options.
    package static let commands: [any ParsableCommand.Type] = [
        LintOptions.self, ShowOptions.self, DevicesOptions.self, CoverageOptions.self, PreviewOptions.self,
        BundleOptions.self, CompileOptions.self, ImportOptions.self, ExportOptions.self, RolloutOptions.self,
    ]

    /// Reads a command line.
    ///
    /// `-h`, `--help` or `help` ask for the tool's help; `help <command>` or `<command> --help` for a
    /// command's. No arguments at all is a usage error whose message is the tool's help.
    ///
    /// - Parameter arguments: the arguments after the tool's name (`CommandLine.arguments.dropFirst()`).
    /// - Throws: ``UsageError`` for a missing or unknown command or option, a missing or extra argument, or a
    ///   value that cannot be read.
    package init(parsing arguments: [String]) throws(UsageError) {
        guard let first = arguments.first else {
            throw UsageError("missing command", usage: CommandSpec.toolUsage, help: CommandSpec.toolHelp)
        }
        if first == "-h" || first == "--help" {
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
            self = .help(try Self.command(named: name).spec.help)
            return
        }
        let command = try Self.command(named: first)
        let parsed = try command.spec.parse(rest)
        if parsed.wantsHelp {
            self = .help(command.spec.help)
            return
        }
        self = try command.init(parsed).command
    }

    /// Whether the command prints JSON (`--json`).
    package var asksForJSON: Bool {
        switch self {
        case .lint(let options): options.json
        case .show(let options): options.json
        case .devices(let options): options.json
        case .coverage(let options): options.json
        case .help, .version, .preview, .bundle, .compile, .importTokens, .exportTokens, .rollout: false
        }
    }

    /// Whether a command line that could not be read asks for JSON: `--json` among its options (before `--`).
    package static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    /// The command called `name`, or an error that suggests the nearest.
    private static func command(named name: String) throws(UsageError) -> any ParsableCommand.Type {
        if let command = commands.first(where: { $0.spec.name == name }) { return command }
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
