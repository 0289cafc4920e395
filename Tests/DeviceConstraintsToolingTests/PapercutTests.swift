import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// What a new user ran into on a fresh clone, each kept fixed.
struct PapercutTests {
    private let tool = DeviceConstraintsTool()

    private func path(_ fixture: String) throws -> String {
        try Fixtures.root.appendingPathComponent(fixture).path
    }

    @Test func lintOnAFileSaysItWantsAFolderAndSuggestsTheFilesFolder() throws {
        let folder = try path("Warnings")
        let result = tool.run(.lint(LintOptions(directory: folder + "/TextSize.json")))
        #expect(
            (
                result.exitCode,
                result.errorOutput.hasPrefix(
                    "error: '\(folder)/TextSize.json' is a file; lint reads a folder of constraint files: try "
                        + "'device-constraints lint \(folder)'\nusage: device-constraints lint")
            ) == (.usageError, true), "\(result.errorOutput)")
        let bare = tool.run(.coverage(CoverageOptions(directory: "Package.swift")))
        #expect(
            (
                bare.errorOutput.hasPrefix("error: 'Package.swift' is a file; coverage reads a folder"),
                bare.errorOutput.contains("try 'device-constraints coverage .'")
            ) == (true, true), "\(bare.errorOutput)")
    }

    @Test func aFileGivenForTheFolderSuggestsTheWholeCommandWithTheFilesFolder() throws {
        let folder = try path("Warnings")
        let file = folder + "/TextSize.json"
        /// The command a usage error suggests, or nil when the run is not one.
        func suggestion(_ result: ToolResult) -> String? {
            guard result.exitCode == .usageError else { return nil }
            return result.errorOutput.split(separator: "\n").first.flatMap { line in
                line.range(of: ": try '").map { String(line[$0.upperBound...].dropLast()) }
            }
        }
        let cases: [(arguments: [String], suggestion: String)] = [
            (["show", "TextSize", file, "--device", "iPhone6"], "show TextSize \(folder) --device iPhone6"),
            (
                ["show", "TextSize", file, "--json", "--size=390x844.5", "--idiom", "pad", "--watch"],
                "show TextSize \(folder) --size 390x844.5 --idiom pad --json --watch"
            ),
            (
                ["preview", "TextSize", file, "--output", "a b.svg", "--devices", "iPhone6,iPad"],
                "preview TextSize \(folder) --devices iPhone6,iPad --output \"a b.svg\""
            ),
            (["lint", file, "--strict", "--json"], "lint \(folder) --json --strict"),
        ]
        for (arguments, expected) in cases {
            let result = tool.run(try ToolCommand(parsing: arguments))
            #expect(
                suggestion(result) == "device-constraints " + expected, "\(arguments): \(result.errorOutput)")
        }
        // A positional argument that starts with a dash goes after `--`.
        #expect(
            ShowOptions(container: "-Card", directory: "D", device: .named("iPhone6")).commandLine
                == "device-constraints show --device iPhone6 -- -Card D")
    }

    @Test func showPrintsTheParsersWarningsOnStandardError() throws {
        let folder = try path("Warnings")
        for json in [false, true] {
            let result = tool.run(
                .show(ShowOptions(container: "TextSize", directory: folder, device: .named("iPhone6"), json: json)))
            #expect(
                (
                    result.exitCode, result.errorOutput.hasPrefix("\(folder)/TextSize.json:"),
                    result.errorOutput.contains("warning: "), result.output.contains("warning: ")
                ) == (.success, true, true, false), "json \(json): \(result.errorOutput)")
        }
    }

    @Test func coverageFitsAHundredColumnTerminal() throws {
        let names = ["BMTReportCalendarDayButton.json", "BMTReportMeasureView_iPhone6.json"]
        let report = CoverageReport(fileNames: names, catalog: .standard)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 100 }, "\(lines.map(\.count).max() ?? 0) columns")
        // Every device is still there, each once.
        let headers = lines.filter { $0.hasPrefix("container ") }.flatMap { $0.split(separator: " ").dropFirst() }
        let headerNames: [String] = headers.map(String.init)
        let deviceNames: [String] = DeviceCatalog.standard.profiles.map(\.name.rawValue)
        #expect(headerNames == deviceNames)
        // A wide terminal gets one table.
        #expect(report.text(width: 1_000).split(separator: "\n").filter { $0.hasPrefix("container ") }.count == 1)
    }
}

/// `Card_iPad.json` with a catalog that has no `iPad`: one rule and one message in lint and coverage.
struct UnknownDeviceFileTests {
    private let files = [
        "Card_Small.json": #"{"Card": [{"title": {"width": 1}}]}"#,
        "Card_Large.json": #"{"Card": [{"title": {"width": 2}}]}"#,
        "Card_iPad.json": #"{"Card": [{"title": {"width": 3}}]}"#,
        "Solo_iPad.json": #"{"Solo": [{"title": {"width": 3}}]}"#,
    ]

    @Test func lintAndCoverageSayTheSameOfAFileForAnUnknownDevice() throws {
        let catalog = try Fixtures.catalog("phones.json")
        let message = "no device reads this file: \"iPad\" is not a device of the catalog"
        let report = Linter(catalog: catalog).lint(InMemorySource(files), directory: "Constraints")
        #expect(
            (report.codes, report.diagnostics.allSatisfy { $0.message.hasPrefix(message) })
                == (["deadFile", "deadFile"], true), "\(report.text)")

        let source = InMemorySource(files)
        let coverage = CoverageReport(fileNames: source.fileNames(), catalog: catalog) { name in
            source.data(forFile: name).flatMap(ConstraintFileParser.topLevelKey(of:))
        }
        #expect(
            (coverage.containers, coverage.deadFiles.map(\.file), coverage.text.contains("Card_iPad.json: \(message)"))
                == (["Card"], ["Card_iPad.json", "Solo_iPad.json"], true), "\(coverage.text)")
    }
}

// MARK: - Issue 27

extension PapercutTests {
    @Test func aCatalogThatIsNotARegularFileIsSaidToBeSoAndNotRead() throws {
        for path in ["/dev/zero", "/dev/stdin", NSTemporaryDirectory()] {
            let result = tool.run(.devices(DevicesOptions(catalog: path)))
            #expect(
                (
                    result.exitCode, result.errorOutput.contains("not a regular file"),
                    result.errorOutput.contains("permission")
                ) == (.failure, true, false), "\(path): \(result.errorOutput)")
        }
    }

    @Test func theOverviewNamesEveryCommand() {
        let overview = CommandSpec.toolHelp.split(separator: "\n").first ?? ""
        for command in ["preview", "bundle", "import", "export"] {
            #expect(overview.contains(command), "\(command)")
        }
    }

    @Test func oneDeviceIsOneDevice() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = tool.run(
            .preview(
                PreviewOptions(
                    container: "Card", directory: try Fixtures.folder("Clean").path, devices: ["iPad"],
                    output: file.path)))
        #expect(written.output == "wrote \(file.path): 1 device\n", "\(written.errorOutput)")
    }
}
