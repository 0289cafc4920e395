// The `rollout` command, as its help prints it.

extension CommandSpec {
    /// `rollout <update>`.
    package static let updateArgument = Argument(name: "update", help: "The update bundle (update.json).")
    /// `rollout --installation-id <id>`.
    package static let installationIDOption = Option(
        name: "installation-id", valueName: "id",
        help: "The installation's id, as the app reports it (ConstraintStore.installationID).")
    /// `rollout --app-version <version>`.
    package static let appVersionOption = Option(
        name: "app-version", valueName: "version", help: "The app's version (3.2.1).")
    /// `rollout --os <os>`.
    package static let osOption = Option(name: "os", valueName: "os", help: "The operating system (iOS, iPadOS, …).")
    /// `rollout --os-version <version>`.
    package static let osVersionOption = Option(
        name: "os-version", valueName: "version", help: "The system's version (17.4.1).")
    /// `rollout --width <points>`.
    package static let widthOption = Option(
        name: "width", valueName: "points", help: "The window's width in points (default: the device's).")
    /// `rollout --locale <locale>`.
    package static let localeOption = Option(name: "locale", valueName: "locale", help: "The app's locale (de-CH).")
    /// `rollout --region <region>`.
    package static let regionOption = Option(name: "region", valueName: "region", help: "The region (CH).")
    /// `rollout --signal <name=value>`, repeatable.
    package static let signalOption = Option(
        name: "signal", valueName: "name=value", help: "One of the app's signals (plan=pro); repeat it for more.",
        isRepeatable: true)

    /// `rollout <update> --installation-id <id> [facts]`.
    package static let rollout = CommandSpec(
        name: "rollout", abstract: "Print the arm an installation is in for an update, and why.",
        discussion: """
            The update's conditions are checked against the facts given, in order, as the app checks them; \
            then the installation's bucket for the rollout key is drawn (FNV-1a of key:id, as UpdateRollout \
            documents). A fact not given fails the conditions on it. The arms: treatment (installed), \
            holdback, notInRollout, conditionsNotMet.
            """,
        arguments: [updateArgument],
        options: [
            installationIDOption, appVersionOption, osOption, osVersionOption, deviceOption, widthOption,
            localeOption, regionOption, signalOption, catalogOption,
        ],
        optionsUsage: "--installation-id <id>")
}
