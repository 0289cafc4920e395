/// `compile [<dir>] --output <file> [--catalog <file>]`.
package struct CompileOptions: FolderCommand {
    package static var spec: CommandSpec { .compile }
    /// The folder, as typed.
    package var directory: String
    /// The table to write.
    package var output: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?

    /// Options with these values.
    package init(directory: String, output: String, catalog: String? = nil) {
        self.directory = directory
        self.output = output
        self.catalog = catalog
    }

    /// - Throws: ``UsageError`` when `--output` is missing.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        directory = Self.folder(in: parsed)
        guard let output = parsed[CommandSpec.compileOutputOption] else {
            throw Self.spec.error("missing '--output <file>': the table to write, such as Constraints.dctable")
        }
        self.output = output
        catalog = parsed[CommandSpec.catalogOption]
    }

    package var command: ToolCommand { .compile(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [directory],
            options: [Self.option("output", output), Self.option("catalog", catalog)])
    }
}
