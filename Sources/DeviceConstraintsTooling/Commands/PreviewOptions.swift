package import DeviceConstraints

/// `preview <container> [<dir>] [--devices <names> | --all] [--text-size <size>] [--catalog <file>]
/// [--output <file>] [--html <file>] [--watch]`.
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
    /// The devices by name, in order, each once; empty for every device with a file of its own (or, when no device
    /// has one, the catalog's classes that fall back to none), or for every class with ``allDevices``.
    package var devices: [String]
    /// Draw every device class of the catalog (`--all`); never with ``devices``.
    package var allDevices: Bool
    /// The user's text size font sizes are drawn at.
    package var textSize: TextSize
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// The file to write, or nil for standard output.
    package var output: String?
    /// The gallery page to write (``RecordGallery``), if any.
    package var gallery: String?
    /// Write the files again after every change to the folder.
    package var watch: Bool

    /// Options with these values.
    package init(
        container: String, directory: String, devices: [String] = [], allDevices: Bool = false,
        textSize: TextSize = .large, catalog: String? = nil, output: String? = nil, gallery: String? = nil,
        watch: Bool = false
    ) {
        self.container = container
        self.directory = directory
        self.devices = devices
        self.allDevices = allDevices
        self.textSize = textSize
        self.catalog = catalog
        self.output = output
        self.gallery = gallery
        self.watch = watch
    }

    /// - Throws: ``UsageError`` for a container name that cannot name a file, an empty device list, `--all` with
    ///   `--devices`, an output file that does not end in `.svg` or `.html`, a gallery file that does not end in
    ///   `.html`, or `--watch` with no file to write.
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
        allDevices = parsed.isSet(CommandSpec.allDevicesFlag)
        if allDevices, !devices.isEmpty {
            throw Self.spec.error("'--all' draws every device class and '--devices' names some: give one of them")
        }
        textSize = try CommandSpec.textSize(in: parsed, for: Self.spec)
        catalog = parsed[CommandSpec.catalogOption]
        output = parsed[CommandSpec.outputOption]
        if let output, Self.format(of: output) == nil {
            throw Self.spec.error("the output file '\(output)' must end in .svg or .html")
        }
        gallery = parsed[CommandSpec.galleryOption]
        if let gallery, Self.format(of: gallery) != .html {
            throw Self.spec.error("the gallery file '\(gallery)' must end in .html")
        }
        watch = parsed.isSet(CommandSpec.watchFlag)
        if watch, output == nil, gallery == nil {
            throw Self.spec.error("'--watch' rewrites a file: add '--html <file>' (or '--output <file>')")
        }
    }

    package var command: ToolCommand { .preview(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [container, directory],
            options: [
                Self.option("devices", devices.isEmpty ? nil : devices.joined(separator: ",")),
                Self.flag("all", allDevices),
                Self.option("text-size", textSize == .large ? nil : textSize.rawValue),
                Self.option("catalog", catalog), Self.option("output", output), Self.option("html", gallery),
                Self.flag("watch", watch),
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
