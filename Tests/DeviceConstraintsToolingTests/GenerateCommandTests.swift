import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct GenerateCommandTests {
    // MARK: - The command line

    @Test func theArgumentsTheBuildPluginPassesAreRead() throws {
        let command = try GenerateCommand(parsing: [
            "/p/Constraints", "--output", "/out/IDs.swift", "--namespace", "LayoutIDs", "--catalog", "/p/catalog.json",
            "--public", "--keep-shared-prefix", "--table", "/out/Constraints.dctable",
        ])
        #expect(
            command
                == GenerateCommand(
                    directory: "/p/Constraints", output: "/out/IDs.swift", table: "/out/Constraints.dctable",
                    catalog: "/p/catalog.json",
                    options: .init(namespace: "LayoutIDs", isPublic: true, dropsSharedPrefix: false)))
        #expect(try GenerateCommand(parsing: ["C", "--output", "o.swift"]).options == ViewIDGenerator.Options())
        #expect(try GenerateCommand(parsing: ["C", "--output", "o.swift"]).table == nil)
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

    @Test func theTableIsTheFolderCompiledAndIsNotRewrittenWhenItIsTheSame() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("ConstraintIDs.generated.swift")
        let table = folder.url.appendingPathComponent("Generated/Constraints.dctable")
        let command = GenerateCommand(
            directory: Fixtures.bundledConstraints.path, output: output.path, table: table.path)
        #expect(command.run() == GenerateCommand.Outcome(errorOutput: "", succeeded: true))
        // The bytes `device-constraints compile` writes for the folder: every constraint file, compiled.
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixtures.bundledConstraints.path)
            .filter { $0.hasSuffix(".json") }
        let files = try names.map { name in
            (name: name, data: try Data(contentsOf: Fixtures.bundledConstraints.appendingPathComponent(name)))
        }
        #expect(try Data(contentsOf: table) == CompiledTable.compile(files))
        #expect(try CompiledTable(contentsOf: table).fileNames == names.sorted())
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: table.path)
        #expect(command.run().succeeded)
        #expect(try FileManager.default.attributesOfItem(atPath: table.path)[.modificationDate] as? Date == old)
        // Without --table, no table.
        let other = folder.url.appendingPathComponent("Other")
        #expect(
            GenerateCommand(
                directory: Fixtures.bundledConstraints.path, output: other.appendingPathComponent("IDs.swift").path
            ).run().succeeded)
        #expect(try FileManager.default.contentsOfDirectory(atPath: other.path) == ["IDs.swift"])
    }

    @Test func lintErrorsArePrintedAsLintPrintsThemAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("IDs.swift")
        let table = folder.url.appendingPathComponent("Constraints.dctable")
        let directory = try Fixtures.folder("MissingDefault").path
        let outcome = GenerateCommand(directory: directory, output: output.path, table: table.path).run()
        let lint = Linter().lint(DirectorySource(URL(fileURLWithPath: directory)), directory: directory)
        #expect(outcome == GenerateCommand.Outcome(errorOutput: lint.text + "\n", succeeded: false))
        #expect(outcome.errorOutput.hasPrefix("\(directory)/Card_iPad.json:3:7: error: view \"titel\" has no default"))
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(!FileManager.default.fileExists(atPath: table.path))
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
