import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// `device-constraints export`: a folder as W3C design tokens, a resolver document or Figma variables, and back.
struct TokenExportTests {
    private let tool = DeviceConstraintsTool()

    /// The folders the round trip is checked on, with their catalogs. `BenchmarkCorpus` is the first 10 containers
    /// of the benchmarks' standard corpus (Benchmarks/Sources/BenchmarkSupport/Corpus.swift, standard seed: the
    /// generator draws container after container, so these are the standard corpus's own files), 50 files.
    static var corpora: [(folder: URL, catalog: String?)] {
        get throws {
            let examples = Fixtures.packageRoot.appendingPathComponent("Examples")
            let columns = examples.appendingPathComponent("SplitViewColumns/Sources/SplitViewColumns")
            return [
                (Fixtures.bundledConstraints, nil),
                (examples.appendingPathComponent("SwiftUICards/Constraints"), nil),
                (examples.appendingPathComponent("WindowTour/Sources/WindowTour/Constraints"), nil),
                (columns.appendingPathComponent("Constraints"), columns.appendingPathComponent("catalog.json").path),
                (try Fixtures.folder("Clean"), nil),
                (try Fixtures.folder("Scaled"), nil),
                (try Fixtures.folder("BenchmarkCorpus"), nil),
            ]
        }
    }

    enum Route: String, CaseIterable {
        case dtcg, resolver, figma
    }

    /// Every value each device reads, attribute by attribute, along its lookup chain: for each class of the catalog
    /// and each device part that has files, the part itself, its class's chain, then the base.
    static func resolved(_ folder: String, catalog: DeviceCatalog, parts extra: Set<String> = []) throws -> [String:
        [String: JSONValue]]
    {
        var files: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) where name.hasSuffix(".json") {
            files[name] = Array(try Data(contentsOf: URL(fileURLWithPath: folder).appendingPathComponent(name)))
        }
        var problems = TokenProblems()
        let export = TokenExport(files: files, catalog: catalog, problems: &problems)
        #expect(problems.isEmpty)
        let modes = Dictionary(export.modes.map { ($0.name, $0.tree) }, uniquingKeysWith: { first, _ in first })
        var result: [String: [String: JSONValue]] = [:]
        let parts = Set(catalog.profiles.map(\.name.rawValue)).union(modes.keys).union(extra)
        for part in parts {
            var chain = [part]
            if let device = catalog.deviceClass(named: DeviceName(part)) {
                chain += catalog.lookupChain(for: device).map(\.rawValue)
            }
            chain.append(TokenExport.baseMode)
            var values: [String: JSONValue] = [:]
            for name in chain.reversed() {
                for container in modes[name]?.containers ?? [] {
                    for view in container.views {
                        for attribute in view.attributes {
                            values["\(container.name).\(view.id).\(attribute.name)"] = attribute.value
                        }
                        values["\(container.name).\(view.id)"] = values["\(container.name).\(view.id)"] ?? .null
                    }
                    if let width = container.designWidth {
                        values["\(container.name)@designWidth@\(name)"] = .number(width)
                    }
                }
            }
            result[part] = values
        }
        return result
    }

    private func roundTrip(_ folder: URL, catalog: String?, route: Route) throws {
        let tokens = try ScratchFolder()
        let back = try ScratchFolder()
        let export = tool.run(
            .exportTokens(
                ExportOptions(
                    directory: folder.path, format: route == .figma ? .figma : .dtcg, output: tokens.url.path,
                    resolver: route == .resolver, catalog: catalog)))
        #expect(export.exitCode == .success, "\(folder.lastPathComponent) \(route): \(export.errorOutput)")
        let names = try FileManager.default.contentsOfDirectory(atPath: tokens.url.path).sorted()
        let imported = tool.run(
            .importTokens(
                ImportOptions(files: names.map { tokens.path($0) }, output: back.url.path, catalog: catalog)))
        #expect(imported.exitCode == .success, "\(folder.lastPathComponent) \(route): \(imported.errorOutput)")
        let deviceCatalog =
            try catalog.map { try DeviceCatalog(json: Data(contentsOf: URL(fileURLWithPath: $0))) }
            ?? .standard
        let original = try Self.resolved(folder.path, catalog: deviceCatalog)
        let again = try Self.resolved(back.url.path, catalog: deviceCatalog, parts: Set(original.keys))
        for (part, values) in original {
            for (key, value) in values where !key.contains("@designWidth@") {
                #expect(again[part]?[key] == value, "\(folder.lastPathComponent) \(route): \(part) \(key)")
            }
            #expect(
                Set(values.keys.filter { !$0.contains("@") })
                    == Set((again[part] ?? [:]).keys.filter { !$0.contains("@") }),
                "\(folder.lastPathComponent) \(route): \(part) reads other views or attributes")
        }
        // Design widths come back on the files that stated them.
        let widths = original.values.flatMap { $0.filter { $0.key.contains("@designWidth@") } }
        let widthsAgain = Set(again.values.flatMap { $0.filter { $0.key.contains("@designWidth@") } }.map(\.key))
        for width in widths where route != .figma {
            #expect(widthsAgain.contains(width.key), "\(folder.lastPathComponent) \(route): \(width.key)")
        }
    }

    // MARK: - Round trips

    @Test(arguments: Route.allCases)
    func exportThenImportGivesEveryDeviceEveryValueBack(route: Route) throws {
        for (folder, catalog) in try Self.corpora {
            try roundTrip(folder, catalog: catalog, route: route)
        }
    }

    @Test func designTokensKeepScaledValuesTextSizesAndColumnRulesUnderOurExtension() throws {
        let tokens = try ScratchFolder()
        let result = tool.run(
            .exportTokens(
                ExportOptions(directory: try Fixtures.folder("Scaled").path, format: .dtcg, output: tokens.url.path)))
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        let text = try String(contentsOfFile: tokens.path("base.tokens.json"), encoding: .utf8)
        let json = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let feed = try #require(json["Feed"] as? [String: Any])
        let banner = try #require(feed["banner"] as? [String: Any])
        let width = try #require(banner["width"] as? [String: Any])
        let ours = (width["$extensions"] as? [String: Any])?["com.deviceconstraints"] as? [String: Any]
        let grid = try #require(feed["grid"] as? [String: Any])
        let columns = ((grid["$extensions"] as? [String: Any])?["com.deviceconstraints"] as? [String: Any])?["columns"]
        #expect(
            (
                width["$type"] as? String, (width["$value"] as? [String: Any])?["unit"] as? String,
                ours?["scaled"] as? Double, (columns as? [String: Any])?["standardColumns"] as? Int
            ) == ("dimension", "px", 375, 2), "\(text)")
    }

    @Test func figmaBodyIsOneCollectionWhoseModesAreTheBaseAndTheDevices() throws {
        let tokens = try ScratchFolder()
        let result = tool.run(
            .exportTokens(
                ExportOptions(directory: Fixtures.bundledConstraints.path, format: .figma, output: tokens.url.path)))
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        let data = try Data(contentsOf: URL(fileURLWithPath: tokens.path("figma-variables.json")))
        let body = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let modes = (body["variableModes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        let names = (body["variables"] as? [[String: Any]])?.compactMap { $0["name"] as? String } ?? []
        #expect(
            (
                (body["variableCollections"] as? [Any])?.count, modes,
                names.contains("BMTReportMeasureView/bmt_reportMeasureViewId_TopView/height"),
                (body["variableModeValues"] as? [Any])?.isEmpty
            ) == (1, ["base", "iPad", "iPhone5", "iPhone6", "iPhone6Plus"], true, false))
    }

    @Test func exportingAnUnchangedFolderAgainRewritesNoFile() throws {
        let tokens = try ScratchFolder()
        let options = ExportOptions(directory: Fixtures.bundledConstraints.path, format: .dtcg, output: tokens.url.path)
        #expect(tool.run(.exportTokens(options)).exitCode == .success)
        let again = tool.run(.exportTokens(options))
        #expect(again.output.contains("wrote 0 files, 5 unchanged"), "\(again.output)")
    }

    // MARK: - Bad input

    @Test func namesNoTokenCanHaveAreRefusedAndPrintedEscaped() throws {
        let folder = try ScratchFolder([
            "Card.json": #"{"Card": [{"t\u001b[2J": {"width": 1}}, {"a.b": {"width": 2}}]}"#
        ])
        let tokens = try ScratchFolder()
        for format in [ExportOptions.Format.dtcg, .figma] {
            let result = tool.run(
                .exportTokens(ExportOptions(directory: folder.url.path, format: format, output: tokens.url.path)))
            #expect(
                (
                    result.exitCode,
                    result.errorOutput.contains("the view id \"t\\u001B[2J\" cannot be a token's name"),
                    result.errorOutput.contains("the view id \"a.b\" cannot be a token's name"),
                    result.errorOutput.contains("\u{1B}"),
                    try FileManager.default.contentsOfDirectory(atPath: tokens.url.path)
                ) == (.failure, true, true, false, []), "\(format): \(result.errorOutput)")
        }
    }

    @Test func aFolderWithALintErrorIsNotExported() throws {
        let tokens = try ScratchFolder()
        let result = tool.run(
            .exportTokens(
                ExportOptions(directory: try Fixtures.folder("Errors").path, format: .dtcg, output: tokens.url.path)))
        #expect(
            (result.exitCode, result.errorOutput.contains("error: nothing written:")) == (.failure, true),
            "\(result.errorOutput)")
    }
}
