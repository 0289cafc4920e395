// The options of each command, as ToolCommand(parsing:) reads them.

/// `lint [<dir>] [--catalog <file>] [--json] [--strict]`.
package struct LintOptions: Sendable, Hashable {
    /// The folder, as typed.
    package var directory: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool
    /// Fail on warnings too.
    package var strict: Bool

    /// Options with these values.
    package init(directory: String, catalog: String? = nil, json: Bool = false, strict: Bool = false) {
        self.directory = directory
        self.catalog = catalog
        self.json = json
        self.strict = strict
    }
}

/// `show <container> [<dir>] (--device <name> | --size <WxH> [--idiom <idiom>]) [--catalog <file>] [--json]`.
package struct ShowOptions: Sendable, Hashable {
    /// The container.
    package var container: String
    /// The folder, as typed.
    package var directory: String
    /// The device, by name or window size.
    package var device: DeviceSelection
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool

    /// Options with these values.
    package init(
        container: String, directory: String, device: DeviceSelection, catalog: String? = nil, json: Bool = false
    ) {
        self.container = container
        self.directory = directory
        self.device = device
        self.catalog = catalog
        self.json = json
    }
}

/// `devices [--catalog <file>] [--json]`.
package struct DevicesOptions: Sendable, Hashable {
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool

    /// Options with these values.
    package init(catalog: String? = nil, json: Bool = false) {
        self.catalog = catalog
        self.json = json
    }
}

/// `coverage [<dir>] [--catalog <file>] [--json]`.
package struct CoverageOptions: Sendable, Hashable {
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
}
