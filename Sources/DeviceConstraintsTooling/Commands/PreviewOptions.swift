package import DeviceConstraints

/// `preview <container> [<dir>] [--devices <names>] [--text-size <size>] [--catalog <file>] [--output <file>]`.
package struct PreviewOptions: FolderCommand {
    /// What the sheet is written as.
    package enum Format: Sendable, Hashable {
        /// An SVG document.
        case svg
        /// An HTML page holding the SVG.
        case html
    }

    package static var spec: CommandSpec { .preview }
    /// The container.
    package var container: String
    /// The folder, as typed.
    package var directory: String
    /// The devices by name, in order, each once; empty for the catalog's classes that fall back to none.
    package var devices: [String]
    /// The user's text size font sizes are drawn at.
    package var textSize: TextSize
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// The file to write, or nil for standard output.
    package var output: String?

    /// Options with these values.
    package init(
        container: String, directory: String, devices: [String] = [], textSize: TextSize = .large,
        catalog: String? = nil, output: String? = nil
    ) {
        self.container = container
        self.directory = directory
        self.devices = devices
        self.textSize = textSize
        self.catalog = catalog
        self.output = output
    }

    /// - Throws: ``UsageError`` for a container name that cannot name a file, an empty device list, or an
    ///   output file that does not end in `.svg` or `.html`.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        container = try Self.container(in: parsed)
        directory = Self.folder(in: parsed)
        devices = []
        if let list = parsed[CommandSpec.devicesOption] {
            // A name given twice draws one panel: the first place it is named keeps it.
            var seen: Set<String> = []
            devices = list.split(separator: ",").map { String($0).trimmingWhitespace() }.filter {
                !$0.isEmpty && seen.insert($0).inserted
            }
            guard !devices.isEmpty else {
                throw Self.spec.error("'--devices' needs at least one device name, such as iPhone5,iPad")
            }
        }
        textSize = try CommandSpec.textSize(in: parsed, for: Self.spec)
        catalog = parsed[CommandSpec.catalogOption]
        output = parsed[CommandSpec.outputOption]
        if let output, Self.format(of: output) == nil {
            throw Self.spec.error("the output file '\(output)' must end in .svg or .html")
        }
    }

    package var command: ToolCommand { .preview(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [container, directory],
            options: [
                Self.option("devices", devices.isEmpty ? nil : devices.joined(separator: ",")),
                Self.option("text-size", textSize == .large ? nil : textSize.rawValue),
                Self.option("catalog", catalog), Self.option("output", output),
            ])
    }

    /// What a file named `path` is written as: by its extension, nil for any other.
    package static func format(of path: String) -> Format? {
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".svg") { return .svg }
        if lowercased.hasSuffix(".html") || lowercased.hasSuffix(".htm") { return .html }
        return nil
    }
}

extension String {
    /// The string without spaces and tabs at either end.
    fileprivate func trimmingWhitespace() -> String {
        var characters = Substring(self)
        while characters.first == " " || characters.first == "\t" { characters.removeFirst() }
        while characters.last == " " || characters.last == "\t" { characters.removeLast() }
        return String(characters)
    }
}
