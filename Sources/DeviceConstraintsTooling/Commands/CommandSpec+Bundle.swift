// The `bundle` command, as its help prints it.

extension CommandSpec {
    /// `bundle --bundle-version <version>`: named so, because the tool's own `--version` prints the tool's.
    package static let bundleVersionOption = Option(
        name: "bundle-version", valueName: "version",
        help: "The update's version: numbers separated by dots, greater than the last update's (14, 1.4.2).")
    /// `bundle --output <file>`.
    package static let bundleOutputOption = Option(
        name: "output", valueName: "file", help: "The bundle to write (update.json).")

    /// `bundle --allow-empty`.
    package static let allowEmptyFlag = Option(
        name: "allow-empty",
        help: "Bundle a folder without constraint files: an update that reverts every app to its own files.")

    /// `bundle [<dir>] --bundle-version <version> --output <file> [--catalog <file>]`.
    package static let bundle = CommandSpec(
        name: "bundle", abstract: "Write a folder's constraint files as one update for ConstraintStore to install.",
        discussion: """
            The folder is linted first, as 'lint' does: a folder with an error is not bundled (warnings are \
            allowed). Every constraint file of the folder goes into the bundle, a JSON file that \
            ConstraintUpdate(data:) reads and ConstraintStore.install(_:allowDowngrade:verify:) installs over the app's own files; \
            sign it, or publish its digest, for the app's verify to check.
            """,
        arguments: [folderArgument],
        options: [bundleVersionOption, bundleOutputOption, catalogOption, allowEmptyFlag],
        optionsUsage: "--bundle-version <version> --output <file>")
}
