import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// Builds `Fixtures/PluginPackage`, a package that uses DeviceConstraintsPlugin on the repository's
/// `Constraints/` (the BMT calendar's files), in a temporary folder with a scratch path of its own: clean, with an error
/// planted in a constraint file, and unchanged. The App target reads its records from the compiled table the plugin
/// writes; the Custom target turns the table off. A nested build takes a minute or more on two cores, so the
/// test runs only with `DEVICE_CONSTRAINTS_PLUGIN_E2E=1` (CI has a step for it):
///
/// ```sh
/// DEVICE_CONSTRAINTS_PLUGIN_E2E=1 swift test --filter PluginEndToEndTests
/// ```
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["DEVICE_CONSTRAINTS_PLUGIN_E2E"] == "1",
        "builds a nested package: set DEVICE_CONSTRAINTS_PLUGIN_E2E=1"))
struct PluginEndToEndTests {
    /// The line SwiftPM prints when it runs the plugin's command for the App target.
    private let pluginRan = "Linting Constraints and generating ConstraintIDs for App"

    @Test func aPackageUsingThePluginBuildsFailsOnALintErrorAndDoesNoWorkWhenUnchanged() throws {
        let folder = try TemporaryFolder()
        let package = try FixturePackage(in: folder.url)

        // Clean: it builds, and the generated ids resolve the bundled records.
        let clean = try package.build()
        #expect(
            (
                clean.status, clean.log.contains(pluginRan),
                clean.log.contains("Linting Layout and generating LayoutIDs for Custom")
            ) == (0, true, true), "\(clean.log)")
        let generated = try package.generatedFile(named: "ConstraintIDs.generated.swift")
        let expected = try String(
            contentsOf: Fixtures.folder("Generate").appendingPathComponent("BundledConstraintIDs.swift.expected"),
            encoding: .utf8)
        #expect(try String(contentsOf: generated, encoding: .utf8) == expected)
        // The generated code compiles without a warning, and swift-format leaves it as it is.
        #expect(!clean.log.contains("warning:"), "\(clean.log)")
        for file in [generated, try package.generatedFile(named: "LayoutIDs.generated.swift")] {
            let formatted = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "swift", "format", "format", "--configuration", Fixtures.packageRoot.path + "/.swift-format",
                    file.path,
                ],
                in: package.root)
            #expect(formatted.log == (try String(contentsOf: file, encoding: .utf8)), "\(formatted.log)")
        }
        // The table: the folder compiled, in App's resource bundle (where `Bundle.module` finds it); none for Custom.
        let table = try package.generatedFile(named: "Constraints.dctable")
        let constraintFiles = try FileManager.default.contentsOfDirectory(atPath: package.constraints.path)
            .filter { $0.hasSuffix(".json") }.map { name in
                (name: name, data: try Data(contentsOf: package.constraints.appendingPathComponent(name)))
            }
        #expect(try Data(contentsOf: table) == CompiledTable.compile(constraintFiles))
        #expect(
            (
                package.files(named: "Constraints.dctable").contains { $0.path.contains(".resources/") },
                package.files(named: "Layout.dctable").isEmpty
            ) == (true, true))
        let app = try ChildProcess.run(package.scratch.appendingPathComponent("debug/App"), [], in: package.root)
        #expect((app.status, app.log) == (0, try bundledRecords()), "\(app.log)")

        // A planted error: the build fails with the lines `device-constraints lint` prints for the folder.
        let iPad = package.constraints.appendingPathComponent("BMTReportCalendarDayButton_iPad.json")
        let good = try String(contentsOf: iPad, encoding: .utf8)
        try good.replacingOccurrences(of: "DayButtonId_Selected", with: "DayButtonId_Selectd")
            .write(to: iPad, atomically: true, encoding: .utf8)
        let broken = try package.build()
        let lint = Linter().lint(DirectorySource(package.constraints), directory: package.constraints.path)
        // The files that spell the id right are not told to take the typo.
        #expect(
            (
                broken.status != 0, lint.errorCount,
                lint.diagnostics.contains {
                    $0.message.contains(#"did you mean "bmt_reportCalendarDayButtonId_Selectd""#)
                }
            ) == (true, 2, false), "\(lint.text)")
        for diagnostic in lint.diagnostics {
            #expect(broken.lines.contains(diagnostic.description), "\(broken.log)")
        }
        #expect(
            broken.lines.contains {
                $0.hasPrefix(
                    "\(package.constraints.path)/BMTReportCalendarDayButton_iPad.json:4:7: error: view "
                        + "\"bmt_reportCalendarDayButtonId_Selectd\" has no default: 12 devices (iPhone5, ")
            }, "\(broken.log)")

        // Fixed, it builds again; then an unchanged build runs no command of the plugin. (Not the build right
        // after the clean one: there SwiftPM 6.3 links the plugin's tool once more, which runs the command again.)
        try good.write(to: iPad, atomically: true, encoding: .utf8)
        let fixed = try package.build()
        #expect(fixed.status == 0, "\(fixed.log)")
        let before = try modificationDate(of: generated)
        let tableBefore = try modificationDate(of: table)
        let unchanged = try package.build()
        #expect(
            (unchanged.status, unchanged.log.contains("Linting"), unchanged.log.contains("Compiling App"))
                == (0, false, false), "\(unchanged.log)")
        #expect(try [modificationDate(of: generated), modificationDate(of: table)] == [before, tableBefore])
    }

    /// What the fixture's App prints: each bundled record through its generated id, looked up here by strings.
    private func bundledRecords() throws -> String {
        let ids = [
            ("BMTReportCalendarDayButton", "bmt_reportCalendarDayButtonId_Selected"),
            ("BMTReportCalendarDayButton", "bmt_reportCalendarDayButtonId_Normal"),
            ("BMTReportMeasureView", "bmt_reportMeasureViewId_TopView"),
        ]
        var lines: [String] = []
        for device in [DeviceName.iPhone5, .iPhone6, .iPhone6Plus, .iPad] {
            let profile = try #require(DeviceCatalog.standard.profile(named: device))
            let interpreter = ConstraintInterpreter(
                source: DirectorySource(Fixtures.bundledConstraints), device: profile)
            for (container, viewId) in ids {
                let record = try interpreter.record(viewId: viewId, container: container)
                lines.append("\(device) \(container).\(viewId) \(record.width) \(record.height)")
            }
        }
        lines += ["base Card.default 100.0", "base Card.größe 30.0"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func modificationDate(of url: URL) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
    }
}

/// `Fixtures/PluginPackage` copied into a folder, with its manifest pointing at this checkout and the
/// repository's `Constraints/` in its App target.
private struct FixturePackage {
    let root: URL
    let scratch: URL
    let constraints: URL

    init(in folder: URL) throws {
        root = folder.appendingPathComponent("PluginPackage", isDirectory: true)
        scratch = folder.appendingPathComponent("scratch", isDirectory: true)
        constraints = root.appendingPathComponent("Sources/App/Constraints", isDirectory: true)
        let files = FileManager.default
        try files.copyItem(at: Fixtures.folder("PluginPackage"), to: root)
        try files.copyItem(at: Fixtures.bundledConstraints, to: constraints)
        let template = root.appendingPathComponent("Package.swift.in")
        let manifest = try String(contentsOf: template, encoding: .utf8)
            .replacingOccurrences(of: "@ROOT@", with: Fixtures.packageRoot.path)
        try manifest.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try files.removeItem(at: template)
    }

    func build() throws -> ProcessRun {
        try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["swift", "build", "--package-path", root.path, "--scratch-path", scratch.path], in: root)
    }

    /// The file the plugin wrote, wherever this SwiftPM keeps plugin outputs under the scratch path.
    func generatedFile(named name: String) throws -> URL {
        let found = files(named: name).first { $0.path.contains("/plugins/") } ?? files(named: name).first
        return try #require(found, "no \(name) under \(scratch.path)")
    }

    /// Every file named `name` under the scratch path.
    func files(named name: String) -> [URL] {
        (FileManager.default.enumerator(at: scratch, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? [])
            .filter { $0.lastPathComponent == name }
    }
}
