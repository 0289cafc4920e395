import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// The tool's commands run in-process, on absolute paths.
struct DeviceConstraintsToolTests {
    private let tool = DeviceConstraintsTool()

    private func path(_ fixture: String) throws -> String {
        try Fixtures.root.appendingPathComponent(fixture).path
    }

    // MARK: - Results and exit codes

    @Test func versionPrintsTheVersionOnStandardOutput() {
        #expect(tool.run(.version) == ToolResult(output: "0.1.0\n"))
    }

    @Test func theCommandLineRunsACommandInThisProcessWithItsOutputAndStatus() throws {
        let output = try ScratchFolder()
        let base = try path("Tokens/Modes/base.tokens.json")
        let result = DeviceConstraintsCommandLine.run(["import", base, "--output", output.url.path])
        #expect(
            (result.status, result.output, FileManager.default.fileExists(atPath: output.path("Card.json")))
                == (0, "\(output.url.path): wrote 1 file (Card.json)\n", true), "\(result.errorOutput)")

        let usage = DeviceConstraintsCommandLine.run(["import", "--output"])
        #expect((usage.status, usage.errorOutput.contains("--output")) == (2, true), "\(usage.errorOutput)")
    }

    @Test func helpPrintsOnStandardOutputAndSucceeds() {
        let result = tool.run(.help("OVERVIEW: x"))
        #expect((result.output, result.exitCode) == ("OVERVIEW: x\n", .success))
    }

    @Test func aFatalErrorWithJSONIsAlsoAJSONObjectOnStandardOutput() throws {
        let missing = tool.run(.lint(LintOptions(directory: "/nonexistent", json: true)))
        #expect(
            (missing.exitCode, missing.errorOutput.hasPrefix("error: no folder '/nonexistent'")) == (.failure, true),
            "\(missing.errorOutput)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(missing.output.utf8)) as? [String: [String: Any]])
        let error = try #require(object["error"])
        #expect(
            (
                error["code"] as? String,
                (error["message"] as? String)?.hasPrefix("no folder '/nonexistent'; pass the folder"),
                error["exitCode"] as? Int, error["file"] is NSNull
            ) == ("folderNotFound", true, 1, true), "\(error)")
        // A constraint file show cannot parse is placed, as lint places a diagnostic.
        let broken = tool.run(
            .show(
                ShowOptions(
                    container: "WrongType", directory: try path("Errors"), device: .named("iPhone6"), json: true)))
        let placed = try #require(
            try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as? [String: [String: Any]])
        let errors = try path("Errors")
        #expect(
            (
                placed["error"]?["file"] as? String, placed["error"]?["line"] as? Int,
                placed["error"]?["code"] as? String
            ) == ("\(errors)/WrongType.json", 3, "invalidFormat"))
        // Without --json, standard output stays empty.
        #expect(tool.run(.lint(LintOptions(directory: "/nonexistent"))).output.isEmpty)
    }

    @Test func lintPrintsDiagnosticsUnderTheFolderAsGiven() throws {
        let folder = try path("Warnings")
        let result = tool.run(.lint(LintOptions(directory: folder)))
        #expect(
            (
                result.exitCode, result.output.hasPrefix("\(folder)/DuplicateKey.json:3:45: warning: "),
                result.output.hasSuffix("3 warnings in 2 files\n"),
                tool.run(.lint(LintOptions(directory: folder, strict: true))).exitCode
            ) == (.success, true, true, .failure), "\(result.output)")
    }

    @Test func lintAsJSONPrintsOnlyJSON() throws {
        let result = tool.run(.lint(LintOptions(directory: try path("Clean"), json: true)))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect((result.exitCode, object["files"] as? Int) == (.success, 8))
    }

    @Test func anUnreadableCatalogFileFailsOnStandardError() throws {
        let result = tool.run(.devices(DevicesOptions(catalog: try path("Catalogs/none.json"))))
        #expect(
            (result.exitCode, result.output, result.errorOutput.hasPrefix("error: could not read the catalog file '"))
                == (.failure, "", true), "\(result.errorOutput)")
    }

    @Test func aCatalogThatIsNotACatalogNamesItsFile() throws {
        let file = try path("Clean/Card.json")
        let result = tool.run(.devices(DevicesOptions(catalog: file)))
        #expect(
            (result.exitCode, result.errorOutput.hasPrefix("\(file):2:3: error: unknown key \"Card\""))
                == (.failure, true), "\(result.errorOutput)")
    }

    @Test func showOfAnUnknownDeviceIsAUsageError() throws {
        let options = ShowOptions(container: "Card", directory: try path("Clean"), device: .named("iPhone99"))
        let result = tool.run(.show(options))
        #expect(
            (result.exitCode, result.errorOutput.hasSuffix("usage: \(CommandSpec.show.usage)\n")) == (
                .usageError, true
            ),
            "\(result.errorOutput)")
    }

    @Test func showOfABrokenFilePlacesTheErrorUnderTheFolder() throws {
        let folder = try path("Errors")
        let result = tool.run(.show(ShowOptions(container: "WrongType", directory: folder, device: .named("iPad"))))
        #expect(
            (result.exitCode, result.errorOutput.hasPrefix("\(folder)/WrongType.json:3:27: error: ")) == (
                .failure, true
            ),
            "\(result.errorOutput)")
    }

    @Test func everyCommandOnAMissingFolderFails() {
        let missing = "/no/such/folder"
        let results = [
            tool.run(.lint(LintOptions(directory: missing))),
            tool.run(.show(ShowOptions(container: "Card", directory: missing, device: .named("iPad")))),
            tool.run(.coverage(CoverageOptions(directory: missing))),
        ]
        for result in results {
            #expect(
                (result.exitCode, result.errorOutput.hasPrefix("error: no folder '/no/such/folder'")) == (
                    .failure, true
                ),
                "\(result.errorOutput)")
        }
    }

    @Test func coverageAndDevicesPrintTheirReports() throws {
        let catalog = try path("Catalogs/phones.json")
        let coverage = tool.run(
            .coverage(CoverageOptions(directory: try path("PhoneOnly"), catalog: catalog, json: true)))
        #expect(
            (coverage.exitCode, coverage.output.hasPrefix("{\n  \"devices\": [\n    \"Small\",\n    \"Large\"\n  ],"))
                == (.success, true), "\(coverage.output)")
        let devices = tool.run(.devices(DevicesOptions(catalog: catalog)))
        #expect(devices.output.hasSuffix("2 devices in \(catalog)\n"))
    }

    // MARK: - ToolResult

    @Test func aResultEndsEachStreamWithANewline() {
        let result = ToolResult(output: "a", errorOutput: "b\n")
        #expect([result.output, result.errorOutput, ToolResult().output] == ["a\n", "b\n", ""])
    }
}
