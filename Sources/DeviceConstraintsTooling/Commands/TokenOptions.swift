/// `import <file>... --output <dir> [--mode <name>=<file-or-device>] [--base-mode <name>] [--catalog <file>]`.
package struct ImportOptions: ParsableCommand {
    package static var spec: CommandSpec { .importTokens }
    /// The token files, as typed.
    package var files: [String]
    /// The folder to write.
    package var output: String
    /// `--mode` values: a mode named for a file (file path → mode).
    package var modeOfFile: [String: String]
    /// `--mode` values: a device named for a mode (mode → device part).
    package var deviceOfMode: [String: String]
    /// The base mode.
    package var baseMode: String?
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?

    package init(
        files: [String], output: String, modeOfFile: [String: String] = [:], deviceOfMode: [String: String] = [:],
        baseMode: String? = nil, catalog: String? = nil
    ) {
        self.files = files
        self.output = output
        self.modeOfFile = modeOfFile
        self.deviceOfMode = deviceOfMode
        self.baseMode = baseMode
        self.catalog = catalog
    }

    /// - Throws: ``UsageError`` without `--output`, or for a `--mode` without `=`.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        files = parsed.list(CommandSpec.tokenFilesArgument)
        guard let output = parsed[CommandSpec.tokensOutputOption] else {
            throw Self.spec.error("missing '--output <dir>': the folder to write the constraint files to")
        }
        self.output = output
        modeOfFile = [:]
        deviceOfMode = [:]
        for mode in parsed.values(CommandSpec.modeOption) {
            guard let equals = mode.firstIndex(of: "="), equals != mode.startIndex,
                mode.index(after: equals) != mode.endIndex
            else {
                throw Self.spec.error(
                    "'--mode \(mode)': write the mode, '=' and a file or a device: --mode iPhone5=small.tokens.json, "
                        + "--mode \"iPhone SE=iPhone5\"")
            }
            let name = String(mode[..<equals])
            let target = String(mode[mode.index(after: equals)...])
            if files.contains(target) { modeOfFile[target] = name } else { deviceOfMode[name] = target }
        }
        baseMode = parsed[CommandSpec.baseModeOption]
        catalog = parsed[CommandSpec.catalogOption]
    }

    package var command: ToolCommand { .importTokens(self) }
}

/// `export [<dir>] --format dtcg|figma --output <dir> [--resolver] [--catalog <file>]`.
package struct ExportOptions: FolderCommand {
    /// The formats `export` writes.
    package enum Format: String, Sendable, Hashable {
        case dtcg, figma
    }

    package static var spec: CommandSpec { .exportTokens }
    package var directory: String
    package var format: Format
    package var output: String
    package var resolver: Bool
    package var catalog: String?

    package init(directory: String, format: Format, output: String, resolver: Bool = false, catalog: String? = nil) {
        self.directory = directory
        self.format = format
        self.output = output
        self.resolver = resolver
        self.catalog = catalog
    }

    /// - Throws: ``UsageError`` without `--format` or `--output`, for a format that is neither, or `--resolver`
    ///   with figma.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        directory = Self.folder(in: parsed)
        guard let text = parsed[CommandSpec.formatOption] else {
            throw Self.spec.error("missing '--format <dtcg|figma>': W3C design tokens, or Figma's variables")
        }
        guard let format = Format(rawValue: text) else {
            throw Self.spec.error("'--format \(text)': write dtcg (W3C design tokens) or figma (Figma's variables)")
        }
        guard let output = parsed[CommandSpec.tokensOutputOption] else {
            throw Self.spec.error("missing '--output <dir>': the folder to write the tokens to")
        }
        resolver = parsed.isSet(CommandSpec.resolverFlag)
        if resolver, format == .figma {
            throw Self.spec.error("'--resolver' writes a W3C resolver document; use it with --format dtcg")
        }
        self.format = format
        self.output = output
        catalog = parsed[CommandSpec.catalogOption]
    }

    package var command: ToolCommand { .exportTokens(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [directory],
            options: [
                Self.option("format", format.rawValue), Self.option("output", output), Self.flag("resolver", resolver),
                Self.option("catalog", catalog),
            ])
    }
}
