package import DeviceConstraints

/// `rollout <update> --installation-id <id> [--app-version <v>] [--os <os>] [--os-version <v>] [--device <name>]
/// [--width <points>] [--locale <locale>] [--region <region>] [--signal <name=value>]… [--catalog <file>]`.
package struct RolloutOptions: ParsableCommand {
    package static var spec: CommandSpec { .rollout }
    /// The update bundle, as typed.
    package var update: String
    /// The installation's id, as the app reports it.
    package var installationID: String
    /// The facts given, as an app would give them (the device's idiom and width are filled in from the catalog).
    package var audience: UpdateAudience
    /// The device, by class or model name.
    package var device: String?
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?

    /// Options with these values.
    package init(
        update: String, installationID: String, audience: UpdateAudience = UpdateAudience(), device: String? = nil,
        catalog: String? = nil
    ) {
        self.update = update
        self.installationID = installationID
        self.audience = audience
        self.device = device
        self.catalog = catalog
    }

    /// - Throws: ``UsageError`` without `--installation-id`, or for a signal not written `name=value` or a width that
    ///   is not a number.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        update = parsed[CommandSpec.updateArgument] ?? ""
        guard let id = parsed[CommandSpec.installationIDOption] else {
            throw Self.spec.error(
                "missing '--installation-id <id>': the installation's id, as the app reports it "
                    + "(ConstraintStore.installationID)")
        }
        installationID = id
        device = parsed[CommandSpec.deviceOption]
        catalog = parsed[CommandSpec.catalogOption]
        var signals: [String: String] = [:]
        for signal in parsed.values(CommandSpec.signalOption) {
            guard let equals = signal.firstIndex(of: "="), equals != signal.startIndex else {
                throw Self.spec.error("'--signal \(signal)': write a signal as name=value, such as plan=pro")
            }
            signals[String(signal[..<equals])] = String(signal[signal.index(after: equals)...])
        }
        var width: Double?
        if let text = parsed[CommandSpec.widthOption] {
            guard let value = Double(text), value.isFinite, value > 0 else {
                throw Self.spec.error("'--width \(text)': give the window's width in points, such as 820")
            }
            width = value
        }
        audience = UpdateAudience(
            appVersion: parsed[CommandSpec.appVersionOption], os: parsed[CommandSpec.osOption],
            osVersion: parsed[CommandSpec.osVersionOption], width: width, locale: parsed[CommandSpec.localeOption],
            region: parsed[CommandSpec.regionOption], signals: signals)
    }

    package var command: ToolCommand { .rollout(self) }
}
