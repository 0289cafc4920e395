package import DeviceConstraints

/// `show <container> [<dir>] (--device <name> | --size <WxH> [--idiom <idiom>]) [--text-size <size>]
/// [--catalog <file>] [--json] [--watch]`.
package struct ShowOptions: FolderCommand {
    package static var spec: CommandSpec { .show }
    /// The container.
    package var container: String
    /// The folder, as typed.
    package var directory: String
    /// The device, by name or window size.
    package var device: DeviceSelection
    /// The user's text size the values are evaluated at.
    package var textSize: TextSize
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool
    /// Print the records again after every change.
    package var watch: Bool

    /// Options with these values.
    package init(
        container: String, directory: String, device: DeviceSelection, textSize: TextSize = .large,
        catalog: String? = nil, json: Bool = false, watch: Bool = false
    ) {
        self.container = container
        self.directory = directory
        self.device = device
        self.textSize = textSize
        self.catalog = catalog
        self.json = json
        self.watch = watch
    }

    /// - Throws: ``UsageError`` for a container name that cannot name a file (empty, `..`, a path), or what
    ///   ``DeviceSelection/init(_:)`` throws.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        container = try Self.container(in: parsed)
        directory = Self.folder(in: parsed)
        device = try DeviceSelection(parsed)
        textSize = try CommandSpec.textSize(in: parsed, for: Self.spec)
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
        watch = parsed.isSet(CommandSpec.watchFlag)
    }

    package var command: ToolCommand { .show(self) }

    package var arguments: [String] {
        let device: [[String]] =
            switch device {
            case .named(let name): [Self.option("device", name)]
            case .size(let width, let height, let idiom):
                [
                    Self.option("size", "\(width.compactDescription)x\(height.compactDescription)"),
                    Self.option("idiom", idiom?.rawValue),
                ]
            }
        return Self.arguments(
            positionals: [container, directory],
            options: device + [
                Self.option("text-size", textSize == .large ? nil : textSize.rawValue), Self.option("catalog", catalog),
                Self.flag("json", json), Self.flag("watch", watch),
            ])
    }
}
