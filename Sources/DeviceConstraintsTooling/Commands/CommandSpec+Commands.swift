// The commands of device-constraints, as their help prints them.

package import DeviceConstraints

extension CommandSpec {
    /// Every command, in the order the tool's help lists them.
    package static var all: [CommandSpec] { ToolCommand.commands.map { $0.spec } }

    /// The folder argument every command but `devices` takes.
    package static let folderArgument = Argument(
        name: "dir", help: "The folder of constraint files.", defaultValue: DeviceConstraintsTool.defaultFolder)
    /// `--catalog <file>`, which every command takes.
    package static let catalogOption = Option(
        name: "catalog", valueName: "file",
        help: "A device catalog file (JSON) to use instead of the standard catalog.")
    /// `--json`, which every command takes.
    package static let jsonFlag = Option(name: "json", help: "Print the result as JSON.")
    /// `lint --watch`, `show --watch`.
    package static let watchFlag = Option(
        name: "watch", help: "Run again after every change to the folder, until interrupted (Ctrl-C).")
    /// `lint --strict`.
    package static let strictFlag = Option(name: "strict", help: "Fail (exit 1) on warnings too.")
    /// `show <container>`.
    package static let containerArgument = Argument(name: "container", help: "The container: the files' top-level key.")
    /// `show --device <name>`.
    package static let deviceOption = Option(
        name: "device", valueName: "name", help: "The device, by its name in the catalog.")
    /// `show --size <WxH>`.
    package static let sizeOption = Option(
        name: "size", valueName: "WxH", help: "A window size in points, such as 390x844.")
    /// `show --idiom <idiom>`.
    package static let idiomOption = Option(
        name: "idiom", valueName: "idiom", help: "With --size: phone or pad (default: from the size).")

    /// `show --text-size <size>`, `preview --text-size <size>`.
    package static let textSizeOption = Option(
        name: "text-size", valueName: "size",
        help: "The user's text size (Dynamic Type): xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, "
            + "accessibility1 … accessibility5 (default: large).")

    /// Reads `--text-size`: `.large` when it is not given.
    ///
    /// - Throws: ``UsageError`` naming the sizes (and the nearest one) for a value that is none of them.
    package static func textSize(in parsed: ParsedArguments, for spec: CommandSpec) throws(UsageError) -> TextSize {
        guard let value = parsed[textSizeOption] else { return .large }
        if let size = TextSize(rawValue: value) { return size }
        let names = TextSize.allCases.map(\.rawValue)
        let suggestion = EditDistance.closest(to: value, among: names, maximum: 3).map { "did you mean '\($0)'? " }
        throw spec.error(
            "invalid text size '\(value)'; \(suggestion ?? "")use one of \(names.joined(separator: ", "))")
    }

    /// `lint [<dir>] [--catalog <file>] [--json] [--strict] [--watch]`.
    package static let lint = CommandSpec(
        name: "lint", abstract: "Check every constraint file in a folder, and what each device gets from them.",
        discussion: """
            Each file: its name (Container_Device.json with a device of the catalog, or Container.json), \
            JSON, the format, the top-level key, attribute types, misspelt attribute names, view ids given \
            twice. Across files: a view id that some device gets but another cannot reach through its \
            lookup chain (missing default), and files for a device the catalog does not know (dead files).
            Diagnostics print as path:line:column: error|warning: message, then a summary. Exit status: 0 \
            when there are no errors (warnings are allowed unless --strict), 1 when there are, 2 for a \
            wrong command line.
            """,
        arguments: [folderArgument],
        options: [catalogOption, jsonFlag, strictFlag, watchFlag])

    /// `show <container> [<dir>] (--device <name> | --size <WxH> [--idiom <idiom>]) [--catalog <file>] [--json]
    /// [--watch]`.
    package static let show = CommandSpec(
        name: "show", abstract: "Print the records a device gets for a container, and the file each value came from.",
        discussion: """
            The device is named (--device iPhone6Plus) or resolved from a window size in points, as the \
            app resolves it (--size 390x844, optionally with --idiom). Values are merged along the device's \
            lookup chain: the first file that sets an attribute wins. Values that follow the window or the \
            text size are evaluated as the app evaluates them, for --text-size (default large).
            """,
        arguments: [containerArgument, folderArgument],
        options: [deviceOption, sizeOption, idiomOption, textSizeOption, catalogOption, jsonFlag, watchFlag],
        optionsUsage: "(--device <name> | --size <WxH> [--idiom <idiom>])")

    /// `devices [--catalog <file>] [--json]`.
    package static let devices = CommandSpec(
        name: "devices", abstract: "List the devices of the catalog: name, idiom, size and lookup chain.",
        options: [catalogOption, jsonFlag])

    /// `coverage [<dir>] [--catalog <file>] [--json]`.
    package static let coverage = CommandSpec(
        name: "coverage",
        abstract: "Show which file serves each container on each device: its own, one through a fallback, or none.",
        discussion: "It goes by file names, as the app chooses files; lint checks what the files hold.",
        arguments: [folderArgument], options: [catalogOption, jsonFlag])

    /// The help of the tool itself.
    package static var toolHelp: String {
        let options = [("--version", "Show the version."), ("-h, --help", "Show help information.")]
        let commands = list(all.map { ($0.name, $0.abstract) })
        return """
            OVERVIEW: Lint, show, map, preview and bundle a folder of per-device constraint files; import and export design tokens.

            USAGE: \(DeviceConstraintsTool.name) <command>

            OPTIONS:
            \(list(options))

            COMMANDS:
            \(commands)

              See '\(DeviceConstraintsTool.name) help <command>' for detailed help.
            """
    }

    /// The usage of the tool itself.
    package static var toolUsage: String {
        "\(DeviceConstraintsTool.name) <command> [<options>]   (commands: \(all.map(\.name).joined(separator: ", ")))"
    }
}
