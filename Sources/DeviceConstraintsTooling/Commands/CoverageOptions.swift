/// `coverage [<dir>] [--catalog <file>] [--json]`.
package struct CoverageOptions: FolderCommand {
    package static var spec: CommandSpec { .coverage }
    /// The folder, as typed.
    package var directory: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool

    /// Options with these values.
    package init(directory: String, catalog: String? = nil, json: Bool = false) {
        self.directory = directory
        self.catalog = catalog
        self.json = json
    }

    package init(_ parsed: ParsedArguments) {
        directory = Self.folder(in: parsed)
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
    }

    package var command: ToolCommand { .coverage(self) }

    package var arguments: [String] {
        Self.arguments(positionals: [directory], options: [Self.option("catalog", catalog), Self.flag("json", json)])
    }
}
