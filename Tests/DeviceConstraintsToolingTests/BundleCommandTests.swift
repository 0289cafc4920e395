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
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        #expect(result.errorOutput.isEmpty)
        let update = try ConstraintUpdate(data: Data(contentsOf: output.bundle))
        #expect(update.version == "3.1")
        let names = try DirectorySource(clean).fileNames()
        #expect(update.files.keys.sorted() == names)
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
        #expect(result.exitCode == .failure)
        #expect(result.output.isEmpty)
        let lines = result.errorOutput.split(separator: "\n")
        #expect(lines.count == 13)
        #expect(lines.last?.hasPrefix("error: not bundled: 11 errors, 1 warning in 12 files; fix the errors") == true)
        #expect(!FileManager.default.fileExists(atPath: output.bundle.path))
    }

    @Test func warningsAreShownAndTheFolderIsBundled() throws {
        let output = try Output()
        let result = tool.run(
            .bundle(
                BundleOptions(directory: try Fixtures.folder("Warnings").path, version: "2", output: output.bundle.path)
            ))
        #expect(result.exitCode == .success)
        #expect(result.errorOutput.split(separator: "\n").count == 3)
        #expect(FileManager.default.fileExists(atPath: output.bundle.path))
    }

    @Test(arguments: ["", "1.2b", "v2", "1..2", "02"])
    func aVersionThatIsNotNumbersAndDotsIsRefusedBeforeAnythingIsRead(_ version: String) throws {
        let output = try Output()
        let result = tool.run(
            .bundle(BundleOptions(directory: "/nonexistent", version: version, output: output.bundle.path)))
        #expect(result.exitCode == .failure)
        #expect(result.errorOutput.contains("a version is numbers separated by dots"), "\(result.errorOutput)")
        #expect(!FileManager.default.fileExists(atPath: output.bundle.path))
    }

    @Test func theVersionAndTheOutputAreRequiredAndTheToolsVersionIsNotTheBundles() throws {
        let missingVersion = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "Constraints", "--output", "u.json"])
        }
        #expect(missingVersion.message.hasPrefix("missing '--bundle-version <version>'"))
        let missingOutput = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "--bundle-version", "2"])
        }
        #expect(missingOutput.message.hasPrefix("missing '--output <file>'"))
        #expect(throws: UsageError.self) {
            try ToolCommand(parsing: ["bundle", "--version", "2", "--output", "u.json"])
        }
        let command = try ToolCommand(parsing: ["bundle", "--bundle-version", "2", "--output", "u.json"])
        #expect(command == .bundle(BundleOptions(directory: "Constraints", version: "2", output: "u.json")))
        #expect(CommandSpec.bundle.usage.contains("--bundle-version <version> --output <file>"))
    }

    @Test func theExecutableBundlesTheFolderItIsGiven() throws {
        let output = try Output()
        let run = try Executable.runInFixtures(
            "bundle", "Clean", "--bundle-version", "7", "--output", output.bundle.path)
        #expect(run.exitCode == 0, "\(run.errorOutput)")
        #expect(run.outputLines.first?.hasPrefix("wrote \(output.bundle.path): update 7, 8 files") == true)
        #expect(try ConstraintUpdate(data: Data(contentsOf: output.bundle)).version == "7")
    }
}
