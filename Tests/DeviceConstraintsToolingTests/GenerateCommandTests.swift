import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct GenerateCommandTests {
    // MARK: - The command line

    @Test func theArgumentsTheBuildPluginPassesAreRead() throws {
        let command = try GenerateCommand(parsing: [
            "/p/Constraints", "--output", "/out/IDs.swift", "--namespace", "LayoutIDs", "--catalog", "/p/catalog.json",
            "--public", "--keep-shared-prefix",
        ])
        #expect(
            command
                == GenerateCommand(
                    directory: "/p/Constraints", output: "/out/IDs.swift", catalog: "/p/catalog.json",
                    options: .init(namespace: "LayoutIDs", isPublic: true, dropsSharedPrefix: false)))
        #expect(try GenerateCommand(parsing: ["C", "--output", "o.swift"]).options == ViewIDGenerator.Options())
    }

    @Test func aWrongCommandLineSaysWhatIsWrong() {
        #expect(throws: GenerateCommand.UsageError("missing --output <file.swift>")) {
            try GenerateCommand(parsing: ["Constraints"])
        }
        #expect(throws: GenerateCommand.UsageError("missing the folder of constraint files")) {
            try GenerateCommand(parsing: ["--output", "o.swift"])
        }
        #expect(throws: GenerateCommand.UsageError("--namespace needs a value")) {
            try GenerateCommand(parsing: ["C", "--output", "o.swift", "--namespace"])
        }
        #expect(throws: GenerateCommand.UsageError("unexpected argument '--pubic'")) {
            try GenerateCommand(parsing: ["C", "--output", "o.swift", "--pubic"])
        }
    }

    // MARK: - Running

    @Test func theSourceIsWrittenOnceAndNotRewrittenWhenItIsTheSame() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("Generated/ConstraintIDs.generated.swift")
        let command = GenerateCommand(directory: Fixtures.bundledConstraints.path, output: output.path)
        let first = command.run()
        #expect(first == GenerateCommand.Outcome(errorOutput: "", succeeded: true))
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(written.contains("static let selected = DeviceConstraints.ViewID("))
        // An old date, which a rewrite would replace.
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output.path)
        #expect(command.run().succeeded)
        let date = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect(date == old)
    }

    @Test func lintErrorsArePrintedAsLintPrintsThemAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("IDs.swift")
        let directory = try Fixtures.folder("MissingDefault").path
        let outcome = GenerateCommand(directory: directory, output: output.path).run()
        let lint = Linter().lint(DirectorySource(URL(fileURLWithPath: directory)), directory: directory)
        #expect(outcome == GenerateCommand.Outcome(errorOutput: lint.text + "\n", succeeded: false))
        #expect(outcome.errorOutput.hasPrefix("\(directory)/Card_iPad.json:3:7: error: view \"titel\" has no default"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aCatalogFileIsUsedForTheLint() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("IDs.swift")
        let directory = try Fixtures.folder("PhoneOnly").path
        let catalog = try Fixtures.root.appendingPathComponent("Catalogs/phones.json").path
        #expect(GenerateCommand(directory: directory, output: output.path).run().succeeded == false)
        #expect(GenerateCommand(directory: directory, output: output.path, catalog: catalog).run().succeeded)
        let broken = try Fixtures.root.appendingPathComponent("Catalogs/broken.json").path
        let outcome = GenerateCommand(directory: directory, output: output.path, catalog: broken).run()
        #expect(!outcome.succeeded)
        #expect(outcome.errorOutput.hasPrefix("\(broken):"))
    }
}
