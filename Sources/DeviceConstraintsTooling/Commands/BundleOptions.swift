import DeviceConstraints

/// `bundle [<dir>] --bundle-version <version> --output <file> [--catalog <file>] [--allow-empty]`.
package struct BundleOptions: FolderCommand {
    package static var spec: CommandSpec { .bundle }
    /// The folder, as typed.
    package var directory: String
    /// The update's version.
    package var version: String
    /// The bundle to write.
    package var output: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Whether a folder without constraint files may be bundled: an update that reverts every app to its own files.
    package var allowEmpty: Bool

    /// Options with these values.
    package init(
        directory: String, version: String, output: String, catalog: String? = nil, allowEmpty: Bool = false
    ) {
        self.directory = directory
        self.version = version
        self.output = output
        self.catalog = catalog
        self.allowEmpty = allowEmpty
    }

    /// - Throws: ``UsageError`` when `--bundle-version` or `--output` is missing, or the version is not numbers
    ///   separated by dots.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        directory = Self.folder(in: parsed)
        guard let version = parsed[CommandSpec.bundleVersionOption] else {
            throw Self.spec.error(
                "missing '--bundle-version <version>': the update's version, greater than the last update's (14, 1.4.2)"
            )
        }
        guard let output = parsed[CommandSpec.bundleOutputOption] else {
            throw Self.spec.error("missing '--output <file>': the bundle to write, such as update.json")
        }
        do throws(ConstraintError) {
            try ConstraintUpdate.checkVersion(version)
        } catch {
            throw Self.spec.error("'--bundle-version \(version)': \(error.message)")
        }
        self.version = version
        self.output = output
        catalog = parsed[CommandSpec.catalogOption]
        allowEmpty = parsed.isSet(CommandSpec.allowEmptyFlag)
    }

    package var command: ToolCommand { .bundle(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [directory],
            options: [
                Self.option("bundle-version", version), Self.option("output", output), Self.option("catalog", catalog),
                Self.flag("allow-empty", allowEmpty),
            ])
    }
}
