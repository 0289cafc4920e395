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

    /// The Figma body of a few files, byte for byte as the export wrote it before it walked each mode's chain once
    /// (Fixtures/Tokens/Figma/export-body.json): values a device file shadows, a fallback class's value for a device
    /// without its own (iPhone6Plus reads iPhone6), a width part, a view with no attribute in one mode and some in
    /// another, and a variable whose modes give a number, a string and a bool.
    @Test func figmaBodyOfAFewFilesIsTheOneWrittenBefore() throws {
        let files: [String: String] = [
            "Card.json": #"{"Card": {"title": {"marginLeft": 8, "width": 100, "imageName": "icon"}, "empty": {}, "#
                + #""flag": {"x": true}}}"#,
            "Card_iPhone6.json":
                #"{"Card": {"title": {"marginLeft": 12}, "empty": {"width": 3}, "flag": {"x": "yes"}}}"#,
            "Card_iPhone6Plus.json": #"{"Card": {"title": {"height": 40}, "extra": {}}}"#,
            "Card_iPad.json": #"{"Card": {"title": {"width": {"scaled": 300}}}}"#,
            "Card_w600.json": #"{"Card": {"title": {"marginRight": 5}}}"#,
            "List.json": #"{"List": {"row": {"height": 44}}}"#,
            "List_iPhone5.json": #"{"List": {"row": {"height": 40, "fontSize": 17}}}"#,
        ]
        var problems = TokenProblems()
        let export = TokenExport(files: files.mapValues { Array($0.utf8) }, catalog: .standard, problems: &problems)
        let expected = try Data(contentsOf: Fixtures.folder("Tokens/Figma").appendingPathComponent("export-body.json"))
        #expect(problems.isEmpty)
        #expect(export.figmaBody.rendered + "\n" == String(decoding: expected, as: UTF8.self))
    }

    /// A base file and n width files, each a mode with an attribute of its own: every variable's value was looked
    /// for in every mode (variables times modes: 1,300 files took 2.2 s in a debug build, for 630 KB of output);
    /// now each mode walks its own chain once, and the time follows what is written.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func figmaBodyOfManyModesEachWithAnAttributeOfItsOwnTakesLinearTime() async throws {
        let counts = try await LinearTime.expectLinear(
            from: 400, "the Figma body of a base file and n width files, each giving a view an attribute of its own",
            prepare: { count in
                var files = ["Card.json": Array(#"{"Card": {"v": {"width": 1}}}"#.utf8)]
                for width in 1...count {
                    files["Card_w\(width).json"] = Array(#"{"Card": {"v": {"a\#(width)": \#(width)}}}"#.utf8)
                }
                return files
            },
            { files in
                var problems = TokenProblems()
                guard
                    case .object(let members) = TokenExport(files: files, catalog: .standard, problems: &problems)
                        .figmaBody
                else { return [Int]() }
                return members.map { member in
                    if case .array(let elements) = member.value { elements.count } else { -1 }
                }
            })
        // One collection; the base and 1,600 width modes; width and 1,600 attributes; width in every mode, and each
        // attribute in its own mode.
        #expect(counts == [1, 1_601, 1_601, 1_601 + 1_600])
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
