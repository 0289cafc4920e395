// The `compile` command, as its help prints it.

extension CommandSpec {
    /// `compile --output <file>`.
    package static let compileOutputOption = Option(
        name: "output", valueName: "file", help: "The table to write (Constraints.dctable).")

    /// `compile [<dir>] --output <file> [--catalog <file>]`.
    package static let compile = CommandSpec(
        name: "compile", abstract: "Compile a folder's constraint files into one binary table that an app maps.",
        discussion: """
            The folder is linted first, as 'lint' does: a folder with an error is not compiled (warnings are \
            allowed). Every constraint file of the folder goes into the table, which CompiledTableSource reads \
            instead of parsing the JSON files; the same files give the same bytes. The build plugin does the same \
            for a target's files.
            """,
        arguments: [folderArgument], options: [compileOutputOption, catalogOption],
        optionsUsage: "--output <file>")
}
