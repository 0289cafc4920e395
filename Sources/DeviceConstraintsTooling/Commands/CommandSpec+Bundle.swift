// The `bundle` command, as its help prints it.

extension CommandSpec {
    /// `bundle --bundle-version <version>`: named so, because the tool's own `--version` prints the tool's.
    package static let bundleVersionOption = Option(
        name: "bundle-version", valueName: "version",
        help: "The update's version: numbers separated by dots, greater than the last update's (14, 1.4.2).")
    /// `bundle --output <file>`.
    package static let bundleOutputOption = Option(
        name: "output", valueName: "file", help: "The bundle to write (update.json).")

    /// `bundle --allow-empty`.
    package static let allowEmptyFlag = Option(
        name: "allow-empty",
        help: "Bundle a folder without constraint files: an update that reverts every app to its own files.")

    /// `bundle --when <condition>`, repeatable.
    package static let whenOption = Option(
        name: "when", valueName: "condition",
        help:
            "A condition every installation that gets the update meets; repeat it, all must hold (appVersion>=3.2, "
            + "os=iOS, osVersion>=17, idiom=pad, device=iPhone16, w600, locale=de, region=CA, signal.plan=pro).",
        isRepeatable: true)
    /// `bundle --rollout <percent>`.
    package static let rolloutOption = Option(
        name: "rollout", valueName: "percent",
        help: "The share of installations (outside the holdback) that get the update: 0 to 100, up to two decimals.")
    /// `bundle --holdback <percent>`.
    package static let holdbackOption = Option(
        name: "holdback", valueName: "percent",
        help: "The share of installations that never get it, the control group: 0 to 100, up to two decimals.")
    /// `bundle --rollout-key <key>`.
    package static let rolloutKeyOption = Option(
        name: "rollout-key", valueName: "key",
        help: "Which installations are in: keep it while the percentage grows (default: the bundle's file name).")
    /// `bundle --max-layout-problems <n>`.
    package static let maxLayoutProblemsOption = Option(
        name: "max-layout-problems", valueName: "n",
        help:
            "The layout problems one launch may see in the update's containers while it is pending before the "
            + "store rolls it back (default 0).")

    /// `bundle [<dir>] --bundle-version <version> --output <file> [--catalog <file>]`.
    package static let bundle = CommandSpec(
        name: "bundle", abstract: "Write a folder's constraint files as one update for ConstraintStore to install.",
        discussion: """
            The folder is linted first, as 'lint' does: a folder with an error is not bundled (warnings are \
            allowed). Every constraint file of the folder goes into the bundle, a JSON file that \
            ConstraintUpdate(data:) reads and ConstraintStore.install(_:allowDowngrade:verify:) installs over the app's own files; \
            sign it, or publish its digest, for the app's verify to check. --when, --rollout and --holdback \
            choose the installations that get it, checked on the device before anything is written.
            """,
        arguments: [folderArgument],
        options: [
            bundleVersionOption, bundleOutputOption, catalogOption, allowEmptyFlag, whenOption, rolloutOption,
            holdbackOption, rolloutKeyOption, maxLayoutProblemsOption,
        ],
        optionsUsage: "--bundle-version <version> --output <file>")
}
