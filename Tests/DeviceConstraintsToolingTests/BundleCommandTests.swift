import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// `device-constraints bundle`: a folder's constraint files as one update, after lint.
struct BundleCommandTests {
    private let tool = DeviceConstraintsTool()

    /// A fresh folder for the bundle, removed when released.
    final class Output: Sendable {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "BundleCommandTests-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        var bundle: URL { folder.appendingPathComponent("update.json") }
    }

    @Test func aCleanFolderIsBundledAndTheBundleInstallsInAStore() async throws {
        let output = try Output()
        let clean = try Fixtures.folder("Clean")
        let result = tool.run(.bundle(BundleOptions(directory: clean.path, version: "3.1", output: output.bundle.path)))
        #expect((result.exitCode, result.errorOutput) == (.success, ""), "\(result.errorOutput)")
        let update = try ConstraintUpdate(data: Data(contentsOf: output.bundle))
        let names = try DirectorySource(clean).fileNames()
        #expect((update.version, update.files.keys.sorted()) == ("3.1", names))
        for name in names {
            #expect(update.files[name] == (try DirectorySource(clean).data(forFile: name)))
        }
        #expect(result.output.hasPrefix("wrote \(output.bundle.path): update 3.1, 8 files, "))

        let store = try ConstraintStore(
            directory: output.folder.appendingPathComponent("Store"), base: InMemorySource([:]))
        try await store.install(update) { _ in }
        #expect(store.installedVersion == "3.1")
        let pad = ConstraintInterpreter(
            source: store, environment: LayoutEnvironment(width: 1024, height: 1366, idiom: .pad))
        #expect(!(try pad.records(container: "Card")).isEmpty)
    }

    @Test func aFolderWithAnErrorIsNotBundled() throws {
        let output = try Output()
        let result = tool.run(
            .bundle(
                BundleOptions(directory: try Fixtures.folder("Errors").path, version: "2", output: output.bundle.path)))
        let lines = result.errorOutput.split(separator: "\n")
        #expect(
            (
                result.exitCode, result.output, lines.count,
                lines.last?.hasPrefix("error: not bundled: 11 errors, 1 warning in 12 files; fix the errors"),
                FileManager.default.fileExists(atPath: output.bundle.path)
            ) == (.failure, "", 13, true, false), "\(result.errorOutput)")
    }

    @Test func warningsAreShownAndTheFolderIsBundled() throws {
        let output = try Output()
        let result = tool.run(
            .bundle(
                BundleOptions(directory: try Fixtures.folder("Warnings").path, version: "2", output: output.bundle.path)
            ))
        #expect(
            (
                result.exitCode, result.errorOutput.split(separator: "\n").count,
                FileManager.default.fileExists(atPath: output.bundle.path)
            ) == (.success, 3, true), "\(result.errorOutput)")
    }

    @Test(arguments: ["", "1.2b", "v2", "1..2", "02"])
    func aVersionThatIsNotNumbersAndDotsIsRefusedBeforeAnythingIsRead(_ version: String) throws {
        let output = try Output()
        let result = tool.run(
            .bundle(BundleOptions(directory: "/nonexistent", version: version, output: output.bundle.path)))
        #expect(
            (
                result.exitCode, result.errorOutput.contains("a version is numbers separated by dots"),
                FileManager.default.fileExists(atPath: output.bundle.path)
            ) == (.failure, true, false), "\(result.errorOutput)")
    }

    @Test func theVersionAndTheOutputAreRequiredAndTheToolsVersionIsNotTheBundles() throws {
        let missingVersion = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "Constraints", "--output", "u.json"])
        }
        let missingOutput = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "--bundle-version", "2"])
        }
        let prefixes = [
            (missingVersion, "missing '--bundle-version <version>'"), (missingOutput, "missing '--output <file>'"),
        ]
        for (error, prefix) in prefixes {
            #expect(error.message.hasPrefix(prefix))
        }
        #expect(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "--version", "2", "--output", "u.json"])
        }
        let command = try ToolCommand(parsing: ["bundle", "--bundle-version", "2", "--output", "u.json"])
        #expect(
            (command, CommandSpec.bundle.usage.contains("--bundle-version <version> --output <file>"))
                == (.bundle(BundleOptions(directory: "Constraints", version: "2", output: "u.json")), true))
    }

    @Test func theExecutableBundlesTheFolderItIsGiven() throws {
        let output = try Output()
        let run = try Executable.runInFixtures(
            "bundle", "Clean", "--bundle-version", "7", "--output", output.bundle.path)
        let version = try ConstraintUpdate(data: Data(contentsOf: output.bundle)).version
        #expect(
            (run.exitCode, run.outputLines.first?.hasPrefix("wrote \(output.bundle.path): update 7, 8 files"), version)
                == (0, true, "7"), "\(run.output)\(run.errorOutput)")
    }
}

// MARK: - The store's name rules, and what bundle replaces (issue 27)

extension BundleCommandTests {
    private static let card = #"{"Card": [{"title": {"height": 22}}]}"#

    /// The names on this disk, to skip a check a case-insensitive or normalizing file system cannot set up.
    private static func holds(_ folder: borrowing ScratchFolder, _ names: [String]) -> Bool {
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.url.path)) ?? []
        return names.allSatisfy { name in listed.contains { Array($0.utf8) == Array(name.utf8) } }
    }

    @Test func namesThatDifferOnlyInCaseAreNotBundledAndBothFilesAreNamed() throws {
        let folder = try ScratchFolder(["Card.json": Self.card, "card.json": Self.card])
        guard Self.holds(folder, ["Card.json", "card.json"]) else { return }
        let output = try Output()
        let result = tool.run(
            .bundle(BundleOptions(directory: folder.url.path, version: "2", output: output.bundle.path)))
        let lines = result.errorOutput.split(separator: "\n")
        let named = ["Card.json", "card.json"].map { name in
            lines.contains { $0.hasPrefix(folder.path(name) + ": error: ") && $0.contains("differ only in case") }
        }
        #expect(
            (result.exitCode, named, FileManager.default.fileExists(atPath: output.bundle.path))
                == (.failure, [true, true], false), "\(result.errorOutput)")
    }

    @Test func aNamePrecomposedAndDecomposedIsNotBundledAsOneFileOfTheOthersText() throws {
        let composed = "Caf\u{E9}.json"
        let decomposed = "Cafe\u{301}.json"
        let folder = try ScratchFolder()
        try Data(#"{"Café": [{"title": {"height": 1}}]}"#.utf8).write(to: URL(fileURLWithPath: folder.path(composed)))
        try Data(#"{"Café": [{"title": {"height": 2}}]}"#.utf8).write(to: URL(fileURLWithPath: folder.path(decomposed)))
        guard Self.holds(folder, [composed, decomposed]) else { return }
        let output = try Output()
        let result = tool.run(
            .bundle(BundleOptions(directory: folder.url.path, version: "2", output: output.bundle.path)))
        #expect(
            (
                result.exitCode, result.errorOutput.contains("differ only in how their accents are encoded"),
                result.errorOutput.split(separator: "\n").filter { $0.contains(": error: ") }.count,
                FileManager.default.fileExists(atPath: output.bundle.path)
            ) == (.failure, true, 2, false), "\(result.errorOutput)")
    }

    @Test func anEmptyFolderIsBundledOnlyWhenAllowed() throws {
        let folder = try ScratchFolder()
        let output = try Output()
        let refused = tool.run(
            .bundle(BundleOptions(directory: folder.url.path, version: "2", output: output.bundle.path)))
        #expect(
            (
                refused.exitCode, refused.errorOutput.contains("reverts every app to its own files"),
                refused.errorOutput.contains("--allow-empty"),
                FileManager.default.fileExists(atPath: output.bundle.path)
            ) == (.failure, true, true, false), "\(refused.errorOutput)")

        let parsed = try ToolCommand(parsing: [
            "bundle", folder.url.path, "--bundle-version", "2", "--output", output.bundle.path, "--allow-empty",
        ])
        let allowed = tool.run(parsed)
        #expect(allowed.exitCode == .success, "\(allowed.errorOutput)")
        #expect(try ConstraintUpdate(data: Data(contentsOf: output.bundle)).files.isEmpty)
    }

    @Test func aNameWithABidiControlOrAZeroWidthSpaceIsRefusedByTheStoreLintAndBundle() async throws {
        for name in ["Card\u{202E}nosj.json", "Ca\u{200B}rd.json"] {
            let problem = try #require(ConstraintUpdate.problem(withFileName: name))
            #expect(problem.contains("invisible character"))

            let store = try ConstraintStore(
                directory: try Output().folder.appendingPathComponent("Store"), base: InMemorySource([:]))
            let error = await #expect(throws: ConstraintError.self) {
                try await store.install(ConstraintUpdate(version: "1", files: [name: Data(Self.card.utf8)])) { _ in }
            }
            #expect((error?.code, error?.message.contains("invisible character")) == (.invalidUpdate, true), "\(name)")

            let folder = try ScratchFolder([name: Self.card])
            let output = try Output()
            let result = tool.run(
                .bundle(BundleOptions(directory: folder.url.path, version: "2", output: output.bundle.path)))
            let lint = tool.run(.lint(LintOptions(directory: folder.url.path)))
            let runs = [("bundle", result.exitCode, result.errorOutput), ("lint", lint.exitCode, lint.output)]
            for (command, exitCode, printed) in runs {
                #expect(
                    (exitCode, printed.contains("invisible character")) == (.failure, true), "\(command): \(printed)")
            }
        }
    }

    @Test func theOutputIsNeverADeviceOrOneOfTheFolderSFiles() throws {
        let folder = try ScratchFolder(["Card.json": Self.card])
        let device = tool.run(.bundle(BundleOptions(directory: folder.url.path, version: "2", output: "/dev/null")))
        let own = tool.run(
            .bundle(BundleOptions(directory: folder.url.path, version: "2", output: folder.path("Card.json"))))
        for (result, part) in [(device, "'/dev/null' is not a regular file"), (own, "is the folder's own file")] {
            #expect((result.exitCode, result.errorOutput.contains(part)) == (.failure, true), "\(result.errorOutput)")
        }
        #expect(try String(contentsOfFile: folder.path("Card.json"), encoding: .utf8) == Self.card)
    }

    @Test func aVersionThatCannotBeReadIsAUsageError() throws {
        let error = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "--bundle-version", "2.x", "--output", "update.json"])
        }
        #expect(error.description.contains("'--bundle-version 2.x'"), "\(error.description)")
        let run = try Executable.runInFixtures(
            "bundle", "Clean", "--bundle-version", "2.x", "--output", "/nonexistent/u.json")
        #expect(run.exitCode == 2, "\(run.errorOutput)")
    }

    @Test func theHelpNamesTheStoreSInstallAsItIs() {
        for part in ["install(_:allowDowngrade:verify:)", "--allow-empty"] {
            #expect(CommandSpec.bundle.help.contains(part))
        }
    }

    // MARK: - Who gets it

    @Test func conditionsRolloutAndLimitGoIntoTheBundleAndTheRolloutKeyIsTheBundlesName() throws {
        let output = try Output()
        let command = try ToolCommand(
            parsing: [
                "bundle", try Fixtures.folder("Clean").path, "--bundle-version", "4", "--output", output.bundle.path,
                "--when", "appVersion>=3.2", "--when=device=iPhone16,iPad", "--rollout", "12.5", "--holdback", "5",
                "--max-layout-problems", "3",
            ])
        let result = tool.run(command)
        #expect(
            (
                result.exitCode,
                result.output.contains(
                    "; when appVersion>=3.2, device=iPhone16,iPad; rollout 12.5% of key \"update\", 5% held back")
            ) == (.success, true), "\(result.output)\(result.errorOutput)")
        let update = try ConstraintUpdate(data: Data(contentsOf: output.bundle))
        let rollout = try UpdateRollout(key: "update", percent: "12.5", holdback: "5")
        #expect(
            (update.conditions.map(\.description), update.rollout, update.maximumLayoutProblems)
                == (["appVersion>=3.2", "device=iPhone16,iPad"], rollout, 3))
        let keyed = try ToolCommand(
            parsing: ["bundle", "--bundle-version", "4", "--output", "u.json", "--rollout", "1", "--rollout-key", "k"])
        guard case .bundle(let options) = keyed else { throw UsageError("not a bundle", usage: "") }
        #expect(try options.updateRollout()?.key == "k")
    }

    @Test(arguments: [
        (["--when", "appVerison>=3"], "'--when appVerison>=3': the condition \"appVerison>=3\" has an unknown key"),
        (["--when", "os=Symbian"], "not one of iOS"),
        (["--rollout", "100.5"], "over 100%"),
        (["--rollout", "12.345"], "at most two decimals"),
        (["--holdback", "-3"], "at most two decimals"),
        (["--rollout-key", "k"], "'--rollout-key' without '--rollout <percent>'"),
        (["--max-layout-problems", "many"], "give a whole number from 0"),
    ])
    func aMalformedConditionOrPercentageIsAUsageErrorSayingWhatWasExpected(_ test: ([String], String)) {
        do {
            _ = try ToolCommand(parsing: ["bundle", "--bundle-version", "4", "--output", "u.json"] + test.0)
            Issue.record("parsed")
        } catch {
            #expect(error.message.contains(test.1), "\(error.message)")
        }
    }

    @Test func aDeviceConditionMustNameAClassOrModelOfTheCatalog() throws {
        let output = try Output()
        let result = tool.run(
            .bundle(
                BundleOptions(
                    directory: try Fixtures.folder("Clean").path, version: "4", output: output.bundle.path,
                    conditions: ["device=iPhone17ProMx"])))
        #expect(
            (
                result.exitCode,
                result.errorOutput.contains(
                    "the catalog has no device class or model \"iPhone17ProMx\"; did you mean \"iPhone17ProMax\"?"),
                FileManager.default.fileExists(atPath: output.bundle.path)
            ) == (.failure, true, false), "\(result.errorOutput)")
    }
}
