// The options of each command: each reads its own from the command line, as swift-argument-parser's
// commands do, and names the command that runs it.

import DeviceConstraints

/// A command of the tool: what it takes (its ``CommandSpec``) and how it reads that from a parsed command
/// line into typed options.
package protocol ParsableCommand: Sendable, Hashable {
    /// The command's name, arguments, options and help.
    static var spec: CommandSpec { get }
    /// Reads the options from `parsed`, which `spec` parsed.
    ///
    /// - Throws: ``UsageError`` for a value that cannot be read.
    init(_ parsed: ParsedArguments) throws(UsageError)
    /// The command to run.
    var command: ToolCommand { get }
}

/// `lint [<dir>] [--catalog <file>] [--json] [--strict]`.
package struct LintOptions: ParsableCommand {
    package static var spec: CommandSpec { .lint }
    /// The folder, as typed.
    package var directory: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Print JSON.
    package var json: Bool
    /// Fail on warnings too.
    package var strict: Bool
    /// Lint again after every change, printing what changed in the problem list.
    package var watch: Bool

    /// Options with these values.
    package init(
        directory: String, catalog: String? = nil, json: Bool = false, strict: Bool = false, watch: Bool = false
    ) {
        self.directory = directory
        self.catalog = catalog
        self.json = json
        self.strict = strict
        self.watch = watch
    }

    package init(_ parsed: ParsedArguments) {
        directory = parsed[CommandSpec.folderArgument] ?? DeviceConstraintsTool.defaultFolder
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
        strict = parsed.isSet(CommandSpec.strictFlag)
        watch = parsed.isSet(CommandSpec.watchFlag)
    }

    package var command: ToolCommand { .lint(self) }
}

/// `show <container> [<dir>] (--device <name> | --size <WxH> [--idiom <idiom>]) [--catalog <file>] [--json]`.
package struct ShowOptions: ParsableCommand {
    package static var spec: CommandSpec { .show }
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
    /// Print the records again after every change.
    package var watch: Bool

    /// Options with these values.
    package init(
        container: String, directory: String, device: DeviceSelection, catalog: String? = nil, json: Bool = false,
        watch: Bool = false
    ) {
        self.container = container
        self.directory = directory
        self.device = device
        self.catalog = catalog
        self.json = json
        self.watch = watch
    }

    /// - Throws: ``UsageError`` for a container name that cannot name a file (empty, `..`, a path), or what
    ///   ``DeviceSelection/init(_:)`` throws.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        container = parsed[CommandSpec.containerArgument] ?? ""
        if let error = ConstraintFileName.validateContainer(container) { throw Self.spec.error(error.message) }
        directory = parsed[CommandSpec.folderArgument] ?? DeviceConstraintsTool.defaultFolder
        device = try DeviceSelection(parsed)
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
        watch = parsed.isSet(CommandSpec.watchFlag)
    }

    package var command: ToolCommand { .show(self) }
}

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

/// `coverage [<dir>] [--catalog <file>] [--json]`.
package struct CoverageOptions: ParsableCommand {
    package static var spec: CommandSpec { .coverage }
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

    package init(_ parsed: ParsedArguments) {
        directory = parsed[CommandSpec.folderArgument] ?? DeviceConstraintsTool.defaultFolder
        catalog = parsed[CommandSpec.catalogOption]
        json = parsed.isSet(CommandSpec.jsonFlag)
    }

    package var command: ToolCommand { .coverage(self) }
}
