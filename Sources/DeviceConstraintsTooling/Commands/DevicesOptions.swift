/// `devices [--catalog <file>] [--json]`.
package struct DevicesOptions: ParsableCommand {
    package static var spec: CommandSpec { .devices }
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool

    /// Options with these values.
    package init(catalog: String? = nil, json: Bool = false) {
        self.catalog = catalog
        self.json = json
    }

    package init(_ parsed: ParsedArguments) {
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
    }

    package var command: ToolCommand { .devices(self) }
}
