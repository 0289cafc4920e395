package import DeviceConstraints
import Foundation

/// `bundle [<dir>] --bundle-version <version> --output <file> [--catalog <file>] [--allow-empty]`.
package struct BundleOptions: FolderCommand {
    package static var spec: CommandSpec { .bundle }
    /// The folder, as typed.
    package var directory: String
    /// The update's version.
    package var version: String
    /// The bundle to write.
    package var output: String
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// Whether a folder without constraint files may be bundled: an update that reverts every app to its own files.
    package var allowEmpty: Bool
    /// The conditions (`--when`), as typed.
    package var conditions: [String]
    /// The rollout's percentage, as typed; nil: every installation (less the holdback).
    package var rollout: String?
    /// The holdback's percentage, as typed.
    package var holdback: String?
    /// The rollout's key; nil: the bundle's file name without its extension.
    package var rolloutKey: String?
    /// The layout problems a pending update may see in one launch.
    package var maxLayoutProblems: Int

    /// Options with these values.
    package init(
        directory: String, version: String, output: String, catalog: String? = nil, allowEmpty: Bool = false,
        conditions: [String] = [], rollout: String? = nil, holdback: String? = nil, rolloutKey: String? = nil,
        maxLayoutProblems: Int = 0
    ) {
        self.directory = directory
        self.version = version
        self.output = output
        self.catalog = catalog
        self.allowEmpty = allowEmpty
        self.conditions = conditions
        self.rollout = rollout
        self.holdback = holdback
        self.rolloutKey = rolloutKey
        self.maxLayoutProblems = maxLayoutProblems
    }

    /// - Throws: ``UsageError`` when `--bundle-version` or `--output` is missing, or the version is not numbers
    ///   separated by dots.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        directory = Self.folder(in: parsed)
        guard let version = parsed[CommandSpec.bundleVersionOption] else {
            throw Self.spec.error(
                "missing '--bundle-version <version>': the update's version, greater than the last update's (14, 1.4.2)"
            )
        }
        guard let output = parsed[CommandSpec.bundleOutputOption] else {
            throw Self.spec.error("missing '--output <file>': the bundle to write, such as update.json")
        }
        do throws(ConstraintError) {
            try ConstraintUpdate.checkVersion(version)
        } catch {
            throw Self.spec.error("'--bundle-version \(version)': \(error.message)")
        }
        self.version = version
        self.output = output
        catalog = parsed[CommandSpec.catalogOption]
        allowEmpty = parsed.isSet(CommandSpec.allowEmptyFlag)
        conditions = parsed.values(CommandSpec.whenOption)
        rollout = parsed[CommandSpec.rolloutOption]
        holdback = parsed[CommandSpec.holdbackOption]
        rolloutKey = parsed[CommandSpec.rolloutKeyOption]
        maxLayoutProblems = 0
        if let limit = parsed[CommandSpec.maxLayoutProblemsOption] {
            guard let number = Int(limit), number >= 0, number < 1_000_000_000 else {
                throw Self.spec.error(
                    "'--max-layout-problems \(limit)': give a whole number from 0, the layout problems a pending "
                        + "update may see in one launch before it is rolled back")
            }
            maxLayoutProblems = number
        }
        guard rollout != nil || holdback != nil || rolloutKey == nil else {
            throw Self.spec.error("'--rollout-key' without '--rollout <percent>': give the percentage too")
        }
        do throws(ConstraintError) {
            _ = try updateConditions()
            _ = try updateRollout()
        } catch {
            throw Self.spec.error(error.message)
        }
    }

    /// The conditions of `--when`, read.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCondition` for the first that cannot be read, saying what was expected.
    package func updateConditions() throws(ConstraintError) -> [UpdateCondition] {
        try conditions.map { (text) throws(ConstraintError) -> UpdateCondition in
            do throws(ConstraintError) {
                return try UpdateCondition(text)
            } catch {
                var error = error
                error.message = "'--when \(text)': " + error.message
                throw error
            }
        }
    }

    /// The rollout these options ask for, with `--rollout-key` or the bundle's name as its key; nil without
    /// `--rollout` or `--holdback`.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCondition` for a percentage out of range or with more than two
    ///   decimals, or a key that cannot be one.
    package func updateRollout() throws(ConstraintError) -> UpdateRollout? {
        guard rollout != nil || holdback != nil else { return nil }
        let name = (output as NSString).lastPathComponent
        let key = rolloutKey ?? (name.hasSuffix(".json") ? String(name.dropLast(5)) : name)
        return try UpdateRollout(key: key, percent: rollout ?? "100", holdback: holdback ?? "0")
    }

    package var command: ToolCommand { .bundle(self) }

    package var arguments: [String] {
        Self.arguments(
            positionals: [directory],
            options: [
                Self.option("bundle-version", version), Self.option("output", output), Self.option("catalog", catalog),
                Self.flag("allow-empty", allowEmpty),
            ] + conditions.map { Self.option("when", $0) } + [
                Self.option("rollout", rollout), Self.option("holdback", holdback),
                Self.option("rollout-key", rolloutKey),
                Self.option("max-layout-problems", maxLayoutProblems == 0 ? nil : String(maxLayoutProblems)),
            ])
    }
}
