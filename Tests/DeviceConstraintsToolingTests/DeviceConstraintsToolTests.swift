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
        #expect(result.status == 0, "\(result.errorOutput)")
        #expect(result.output == "\(output.url.path): wrote 1 file (Card.json)\n")
        #expect(FileManager.default.fileExists(atPath: output.path("Card.json")))

        let usage = DeviceConstraintsCommandLine.run(["import", "--output"])
        #expect(usage.status == 2)
        #expect(usage.errorOutput.contains("--output"))
    }

    @Test func helpPrintsOnStandardOutputAndSucceeds() {
        let result = tool.run(.help("OVERVIEW: x"))
        #expect(result.output == "OVERVIEW: x\n")
        #expect(result.exitCode == .success)
    }

    @Test func aFatalErrorWithJSONIsAlsoAJSONObjectOnStandardOutput() throws {
        let missing = tool.run(.lint(LintOptions(directory: "/nonexistent", json: true)))
        #expect(missing.exitCode == .failure)
        #expect(missing.errorOutput.hasPrefix("error: no folder '/nonexistent'"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(missing.output.utf8)) as? [String: [String: Any]])
        let error = try #require(object["error"])
        #expect(error["code"] as? String == "folderNotFound")
        #expect((error["message"] as? String)?.hasPrefix("no folder '/nonexistent'; pass the folder") == true)
        #expect(error["exitCode"] as? Int == 1)
        #expect(error["file"] is NSNull)
        // A constraint file show cannot parse is placed, as lint places a diagnostic.
        let broken = tool.run(
            .show(
                ShowOptions(
                    container: "WrongType", directory: try path("Errors"), device: .named("iPhone6"), json: true)))
        let placed = try #require(
            try JSONSerialization.jsonObject(with: Data(broken.output.utf8)) as? [String: [String: Any]])
        #expect(placed["error"]?["file"] as? String == "\(try path("Errors"))/WrongType.json")
        #expect(placed["error"]?["line"] as? Int == 3)
        #expect(placed["error"]?["code"] as? String == "invalidFormat")
        // Without --json, standard output stays empty.
        #expect(tool.run(.lint(LintOptions(directory: "/nonexistent"))).output.isEmpty)
    }

    @Test func lintPrintsDiagnosticsUnderTheFolderAsGiven() throws {
        let folder = try path("Warnings")
        let result = tool.run(.lint(LintOptions(directory: folder)))
        #expect(result.exitCode == .success)
        #expect(result.output.hasPrefix("\(folder)/DuplicateKey.json:3:45: warning: "))
        #expect(result.output.hasSuffix("3 warnings in 2 files\n"))
        #expect(tool.run(.lint(LintOptions(directory: folder, strict: true))).exitCode == .failure)
    }

    @Test func lintAsJSONPrintsOnlyJSON() throws {
        let result = tool.run(.lint(LintOptions(directory: try path("Clean"), json: true)))
        #expect(result.exitCode == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["files"] as? Int == 8)
    }

    @Test func anUnreadableCatalogFileFailsOnStandardError() throws {
        let result = tool.run(.devices(DevicesOptions(catalog: try path("Catalogs/none.json"))))
        #expect(result.exitCode == .failure)
        #expect(result.output.isEmpty)
        #expect(result.errorOutput.hasPrefix("error: could not read the catalog file '"))
    }

    @Test func aCatalogThatIsNotACatalogNamesItsFile() throws {
        let file = try path("Clean/Card.json")
        let result = tool.run(.devices(DevicesOptions(catalog: file)))
        #expect(result.exitCode == .failure)
        #expect(result.errorOutput.hasPrefix("\(file):2:3: error: unknown key \"Card\""))
    }

    @Test func showOfAnUnknownDeviceIsAUsageError() throws {
        let options = ShowOptions(container: "Card", directory: try path("Clean"), device: .named("iPhone99"))
        let result = tool.run(.show(options))
        #expect(result.exitCode == .usageError)
        #expect(result.errorOutput.hasSuffix("usage: \(CommandSpec.show.usage)\n"))
    }

    @Test func showOfABrokenFilePlacesTheErrorUnderTheFolder() throws {
        let folder = try path("Errors")
        let result = tool.run(.show(ShowOptions(container: "WrongType", directory: folder, device: .named("iPad"))))
        #expect(result.exitCode == .failure)
        #expect(result.errorOutput.hasPrefix("\(folder)/WrongType.json:3:27: error: "))
    }

    @Test func everyCommandOnAMissingFolderFails() {
        let missing = "/no/such/folder"
        let results = [
            tool.run(.lint(LintOptions(directory: missing))),
            tool.run(.show(ShowOptions(container: "Card", directory: missing, device: .named("iPad")))),
            tool.run(.coverage(CoverageOptions(directory: missing))),
        ]
        for result in results {
            #expect(result.exitCode == .failure)
            #expect(result.errorOutput.hasPrefix("error: no folder '/no/such/folder'"))
        }
    }

    @Test func coverageAndDevicesPrintTheirReports() throws {
        let catalog = try path("Catalogs/phones.json")
        let coverage = tool.run(
            .coverage(CoverageOptions(directory: try path("PhoneOnly"), catalog: catalog, json: true)))
        #expect(coverage.exitCode == .success)
        #expect(coverage.output.hasPrefix("{\n  \"devices\": [\n    \"Small\",\n    \"Large\"\n  ],"))
        let devices = tool.run(.devices(DevicesOptions(catalog: catalog)))
        #expect(devices.output.hasSuffix("2 devices in \(catalog)\n"))
    }

    // MARK: - ToolResult

    @Test func aResultEndsEachStreamWithANewline() {
        #expect(ToolResult(output: "a", errorOutput: "b\n").output == "a\n")
        #expect(ToolResult(output: "a", errorOutput: "b\n").errorOutput == "b\n")
        #expect(ToolResult().output.isEmpty)
    }
}
