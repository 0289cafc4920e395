/// `lint [<dir>] [--catalog <file>] [--json] [--strict] [--watch]`.
package struct LintOptions: FolderCommand {
    package static var spec: CommandSpec { .lint }
    /// The folder, as typed.
    package var directory: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool
    /// Fail on warnings too.
    package var strict: Bool
    /// Lint again after every change, printing what changed in the problem list.
    package var watch: Bool

    /// Options with these values.
    package init(
        directory: String, catalog: String? = nil, json: Bool = false, strict: Bool = false, watch: Bool = false
    ) {
        self.directory = directory
        self.catalog = catalog
        self.json = json
        self.strict = strict
        self.watch = watch
    }

    package init(_ parsed: ParsedArguments) {
        directory = Self.folder(in: parsed)
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
        strict = parsed.isSet(CommandSpec.strictFlag)
        watch = parsed.isSet(CommandSpec.watchFlag)
    }

    package var command: ToolCommand { .lint(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [directory],
            options: [
                Self.option("catalog", catalog), Self.flag("json", json), Self.flag("strict", strict),
                Self.flag("watch", watch),
            ])
    }
}
