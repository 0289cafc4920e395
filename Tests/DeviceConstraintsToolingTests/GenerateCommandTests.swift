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
        let plain = try GenerateCommand(parsing: ["C", "--output", "o.swift"])
        #expect((plain.options, plain.table) == (ViewIDGenerator.Options(), nil))
    }

    @Test func aWrongCommandLineSaysWhatIsWrong() {
        let cases: [(arguments: [String], message: String)] = [
            (["Constraints"], "missing --output <file.swift>"),
            (["--output", "o.swift"], "missing the folder of constraint files"),
            (["C", "--output", "o.swift", "--namespace"], "--namespace needs a value"),
            (["C", "--output", "o.swift", "--pubic"], "unexpected argument '--pubic'"),
        ]
        for (arguments, message) in cases {
            #expect(throws: GenerateCommand.UsageError(message)) {
                try GenerateCommand(parsing: arguments)
            }
        }
    }

    // MARK: - Running

    @Test func theSourceIsWrittenOnceAndNotRewrittenWhenItIsTheSame() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("Generated/ConstraintIDs.generated.swift")
        let command = GenerateCommand(directory: Fixtures.bundledConstraints.path, output: output.path)
        let first = command.run()
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(
            (first, written.contains("static let selected = DeviceConstraints.ViewID("))
                == (GenerateCommand.Outcome(errorOutput: "", succeeded: true), true))
        // An old date, which a rewrite would replace.
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: output.path)
        let again = command.run()
        let date = try FileManager.default.attributesOfItem(atPath: output.path)[.modificationDate] as? Date
        #expect((again.succeeded, date) == (true, old), "\(again.errorOutput)")
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
        #expect(
            try (Data(contentsOf: table), CompiledTable(contentsOf: table).fileNames)
                == (CompiledTable.compile(files), names.sorted()))
        let old = Date(timeIntervalSince1970: 1_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: table.path)
        let again = command.run()
        let date = try FileManager.default.attributesOfItem(atPath: table.path)[.modificationDate] as? Date
        #expect((again.succeeded, date) == (true, old), "\(again.errorOutput)")
        // Without --table, no table.
        let other = folder.url.appendingPathComponent("Other")
        let plain = GenerateCommand(
            directory: Fixtures.bundledConstraints.path, output: other.appendingPathComponent("IDs.swift").path
        ).run()
        #expect(
            (plain.succeeded, try FileManager.default.contentsOfDirectory(atPath: other.path)) == (true, ["IDs.swift"]),
            "\(plain.errorOutput)")
    }

    @Test func lintErrorsArePrintedAsLintPrintsThemAndNothingIsWritten() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("IDs.swift")
        let table = folder.url.appendingPathComponent("Constraints.dctable")
        let directory = try Fixtures.folder("MissingDefault").path
        let outcome = GenerateCommand(directory: directory, output: output.path, table: table.path).run()
        let lint = Linter().lint(DirectorySource(URL(fileURLWithPath: directory)), directory: directory)
        #expect(outcome == GenerateCommand.Outcome(errorOutput: lint.text + "\n", succeeded: false))
        #expect(
            (
                outcome.errorOutput.hasPrefix("\(directory)/Card_iPad.json:3:7: error: view \"titel\" has no default"),
                FileManager.default.fileExists(atPath: output.path), FileManager.default.fileExists(atPath: table.path)
            ) == (true, false, false), "\(outcome.errorOutput)")
    }

    @Test func aCatalogFileIsUsedForTheLint() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("IDs.swift")
        let directory = try Fixtures.folder("PhoneOnly").path
        let catalog = try Fixtures.root.appendingPathComponent("Catalogs/phones.json").path
        #expect(
            [
                GenerateCommand(directory: directory, output: output.path).run().succeeded,
                GenerateCommand(directory: directory, output: output.path, catalog: catalog).run().succeeded,
            ] == [false, true])
        let broken = try Fixtures.root.appendingPathComponent("Catalogs/broken.json").path
        let outcome = GenerateCommand(directory: directory, output: output.path, catalog: broken).run()
        #expect(
            (outcome.succeeded, outcome.errorOutput.hasPrefix("\(broken):")) == (false, true), "\(outcome.errorOutput)")
    }
}
