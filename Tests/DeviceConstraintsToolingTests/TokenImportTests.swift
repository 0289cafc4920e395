import DeviceConstraints
import DeviceConstraintsLint
import DeviceConstraintsTooling
import Foundation
import Testing

/// `device-constraints import`: W3C design tokens, resolver documents and Figma variables into constraint files.
struct TokenImportTests {
    private let tool = DeviceConstraintsTool()

    private static func tokens(_ path: String) throws -> String {
        try Fixtures.folder("Tokens").appendingPathComponent(path).path
    }

    private func run(_ options: ImportOptions) -> ToolResult {
        tool.run(.importTokens(options))
    }

    private static func read(_ folder: borrowing ScratchFolder, _ name: String) throws -> String {
        try String(contentsOfFile: folder.path(name), encoding: .utf8)
    }

    // MARK: - Design tokens

    @Test func designTokensBecomeABaseFileAndDeviceFilesHoldingWhatDiffers() throws {
        let output = try ScratchFolder()
        let result = run(
            ImportOptions(
                files: [
                    try Self.tokens("Modes/base.tokens.json"), try Self.tokens("Modes/iPhone5.tokens.json"),
                    try Self.tokens("Modes/small.tokens.json"),
                ],
                output: output.url.path, deviceOfMode: ["small": "iPhone6"]))
        let names = try FileManager.default.contentsOfDirectory(atPath: output.url.path).sorted()
        #expect(
            (result.exitCode, names) == (.success, ["Card.json", "Card_iPhone5.json", "Card_iPhone6.json"]),
            "\(result.errorOutput)")

        let parser = ConstraintFileParser()
        let base = try parser.parse(Data(try Self.read(output, "Card.json").utf8), fileName: "Card.json")
        let title = try #require(base["title"])
        // The alias {spacing.medium} is 1 rem: 16 points.
        #expect(
            (title.marginLeft, title.marginTop, title.imageName, base.designWidth) == (16, 8, "star", 375))
        #expect(
            [title[attribute: "selectable"], title[attribute: "remarkParameterOne"]] == [.bool(true), .number(3)])
        let text = try Self.read(output, "Card.json")

        // The device gives marginTop 8 as the base does, but the other device gives 4: each keeps its own.
        let iPhone5 = try Self.read(output, "Card_iPhone5.json")
        let iPhone6 = try Self.read(output, "Card_iPhone6.json")
        let parts: [(file: String, text: String, part: String, isThere: Bool)] = [
            ("Card.json", text, #""scaled": 300.0"#, true), ("Card.json", text, #""min": 200"#, true),
            ("Card.json", text, #""relativeTo": "title1""#, true), ("Card.json", text, #""standardColumns": 2"#, true),
            ("Card_iPhone5.json", iPhone5, #""marginLeft": 8.0"#, true),
            ("Card_iPhone5.json", iPhone5, #""marginTop": 8.0"#, true),
            ("Card_iPhone6.json", iPhone6, #""marginTop": 4.0"#, true),
            ("Card_iPhone6.json", iPhone6, "marginLeft", false),
        ]
        for (file, text, part, isThere) in parts {
            #expect(text.contains(part) == isThere, "\(file): \(part)")
        }
    }

    @Test func aValueEveryModeGivesAsTheBaseDoesIsLeftToTheBaseFile() throws {
        let output = try ScratchFolder()
        let result = run(
            ImportOptions(
                files: [try Self.tokens("Modes/base.tokens.json"), try Self.tokens("Modes/iPhone5.tokens.json")],
                output: output.url.path))
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        let iPhone5 = try Self.read(output, "Card_iPhone5.json")
        #expect(
            (iPhone5.contains(#""marginLeft": 8.0"#), iPhone5.contains("marginTop")) == (true, false), "\(iPhone5)")
    }

    /// Found by the round trip on the benchmark corpus: a view whose record is all defaults (`{"header": {}}`) is
    /// exported as an empty group, and an empty group declared nothing, so the view was lost.
    @Test func aViewGroupWithNoTokenIsAnEmptyRecordInItsPlace() throws {
        let output = try ScratchFolder()
        let folder = try Self.tokens("EmptyView")
        let result = run(
            ImportOptions(files: ["base", "iPad"].map { "\(folder)/\($0).tokens.json" }, output: output.url.path))
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        let base = try ConstraintFileParser().parse(
            Data(try Self.read(output, "Card.json").utf8), fileName: "Card.json")
        #expect(
            (base.viewIds, base["header"], base["spacer"], base["title"]?.marginLeft)
                == (["header", "title", "spacer"], ConstraintRecord(), ConstraintRecord(), 16))
        let iPad = try Self.read(output, "Card_iPad.json")
        #expect(iPad.contains(#""marginLeft": 24.0"#) && !iPad.contains("header"))
    }

    @Test func importingTheSameTokensAgainRewritesNoFile() throws {
        let output = try ScratchFolder()
        let options = ImportOptions(
            files: [try Self.tokens("Modes/base.tokens.json"), try Self.tokens("Modes/iPhone5.tokens.json")],
            output: output.url.path)
        #expect(run(options).exitCode == .success)
        let first = try Self.read(output, "Card.json")
        let stamp = try FileManager.default.attributesOfItem(atPath: output.path("Card.json"))[.modificationDate]
        Thread.sleep(forTimeInterval: 0.02)
        let again = run(options)
        let after = try FileManager.default.attributesOfItem(atPath: output.path("Card.json"))[.modificationDate]
        #expect(
            (again.output.contains("wrote 0 files, 2 unchanged"), try Self.read(output, "Card.json"), after as? Date)
                == (true, first, stamp as? Date), "\(again.output)")
    }

    // MARK: - Problems

    @Test func everyProblemNamesTheTokenAndWhereItsFileGivesIt() throws {
        let output = try ScratchFolder()
        let file = try Self.tokens("Bad/base.tokens.json")
        let result = run(ImportOptions(files: [file], output: output.url.path))
        let lines = result.errorOutput.split(separator: "\n").map(String.init)
        #expect(
            (
                result.exitCode, result.errorOutput.contains("\u{1B}"),
                lines.last?.hasPrefix("error: nothing written:"),
                lines.contains {
                    $0.hasPrefix("\(file):7:46: error: a color where a number is needed")
                        && $0.hasSuffix("at Card.title.width")
                }
            ) == (.failure, false, true, true), "\(result.errorOutput)")
        let prefixes = [
            "\(file):8:29: error: the unit \"em\"",
            "\(file):5:33: error: the aliases form a cycle: Card.title.marginLeft → Card.title.marginRight → Card.title.marginLeft",
            // A name with an escape is refused, and printed escaped.
            "\(file):10:5: error: the name \"bad\\u001B[2Jid\" holds a control character",
        ]
        for prefix in prefixes {
            #expect(lines.contains { $0.hasPrefix(prefix) }, "\(prefix)")
        }
    }

    /// An alias to no token is reported once, at the alias, not again for each token whose aliases lead there; a
    /// cycle is reported once, at its first token reached, naming it, not again for each of its tokens or of the
    /// tokens that lead into it.
    @Test func aBrokenAliasOrACycleIsReportedOnceWhereItIs() {
        let text =
            #"{"C": {"v": {"a": {"$type": "number", "$value": "{C.v.b}"}, "#
            + #""b": {"$type": "number", "$value": "{C.v.c}"}, "c": {"$type": "number", "$value": "{C.v.b}"}, "#
            + #""d": {"$type": "number", "$value": "{X.y}"}, "e": {"$type": "number", "$value": "{C.v.d}"}, "#
            + #""f": {"$type": "number", "$value": "{C.v.e}"}, "g": {"$type": "number", "$value": 1}}}}"#
        var problems = TokenProblems()
        let modes = TokenImport.modes(
            of: [TokenImport.InputFile(name: "base.tokens.json", bytes: Array(text.utf8))], modeOfFile: [:],
            baseMode: "base", problems: &problems)
        #expect(
            problems.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.keyPath ?? "") \($0.message)" } == [
                "1:96 C.v.b the aliases form a cycle: C.v.b → C.v.c → C.v.b; make one of them a value",
                "1:190 C.v.d the alias {X.y} names no token; check the path (names joined by dots)",
            ])
        #expect(modes.count == 1)
    }

    /// Figma variables: an alias to no variable, or a cycle, is reported once, by the first variable whose aliases
    /// lead there, with the text it had when each variable reported it.
    @Test(arguments: [
        (
            #"{"type": "VARIABLE_ALIAS", "id": "gone"}"#,
            #"C.v.a0 the alias names the variable "gone", which the file does not hold"#
        ),
        (
            #"{"type": "VARIABLE_ALIAS", "id": "v0"}"#,
            "C.v.a0 the aliases form a cycle: C/v/a0 → C/v/a1 → C/v/a2 → C/v/a0; make one of them a value"
        ),
    ])
    func aBrokenFigmaAliasOrACycleIsReportedOnce(last: String, expected: String) {
        var problems = TokenProblems()
        _ = TokenImport.modes(
            of: Self.figmaAliasChain(variables: 3, last: last), modeOfFile: [:], baseMode: "base",
            problems: &problems)
        #expect(problems.diagnostics.map { "\($0.keyPath ?? "") \($0.message)" } == [expected])
    }

    @Test func nothingIsWrittenWhenLintFindsAnErrorAndTheErrorIsPlacedAtItsToken() throws {
        let output = try ScratchFolder()
        let base = try Self.tokens("Modes/base.tokens.json")
        let typo = try Self.tokens("Bad/iPhone5.tokens.json")
        let result = run(ImportOptions(files: [base, typo], output: output.url.path))
        #expect(
            (
                result.exitCode,
                result.errorOutput.contains(
                    "\(typo):4:51: error: unknown attribute \"hieght\"; did you mean \"height\"?"),
                result.errorOutput.contains("at Card.title.hieght"),
                try FileManager.default.contentsOfDirectory(atPath: output.url.path)
            ) == (.failure, true, true, []), "\(result.errorOutput)")
    }

    @Test func aModeThatMapsToNoDeviceIsAnErrorThatSuggestsOne() throws {
        let output = try ScratchFolder()
        let folder = try ScratchFolder([
            "base.tokens.json": #"{"Card": {"t": {"width": {"$type": "number", "$value": 2}}}}"#,
            "iPhone 55.tokens.json": #"{"Card": {"t": {"width": {"$type": "number", "$value": 1}}}}"#,
        ])
        let files = [folder.path("base.tokens.json"), folder.path("iPhone 55.tokens.json")]
        let result = run(ImportOptions(files: files, output: output.url.path))
        #expect(
            (
                result.exitCode,
                result.errorOutput.contains(
                    "\(folder.path("iPhone 55.tokens.json")):1:1: error: the mode \"iPhone 55\" maps to no device of the catalog; did you mean \"iPhone5\"?"
                )
            ) == (.failure, true), "\(result.errorOutput)")
        let mapped = run(
            ImportOptions(
                files: files, output: output.url.path,
                deviceOfMode: ["iPhone 55": "iPhone5"]))
        #expect(
            (mapped.exitCode, FileManager.default.fileExists(atPath: output.path("Card_iPhone5.json"))) == (
                .success, true
            ),
            "\(mapped.errorOutput)")
    }

    @Test func modeOptionsNameAFilesModeOrAModesDevice() throws {
        let command = try ToolCommand(parsing: [
            "import", "a.json", "b.json", "--output", "out", "--mode", "iPhone SE=iPhone5", "--mode", "base=a.json",
            "--base-mode", "base",
        ])
        #expect(
            command
                == .importTokens(
                    ImportOptions(
                        files: ["a.json", "b.json"], output: "out", modeOfFile: ["a.json": "base"],
                        deviceOfMode: ["iPhone SE": "iPhone5"], baseMode: "base")))
        #expect(throws: UsageError.self) {
            try ToolCommand(parsing: ["import", "a.json", "--output", "o", "--mode", "x"])
        }
        #expect(throws: UsageError.self) { try ToolCommand(parsing: ["import", "--output", "o"]) }
    }

    // MARK: - Other shapes

    @Test func figmaVariablesImportByModeWithAliasesResolved() throws {
        let output = try ScratchFolder()
        let result = run(
            ImportOptions(
                files: [try Self.tokens("Figma/variables-local.json")], output: output.url.path,
                deviceOfMode: ["iPhone SE": "iPhone5"]))
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        let parser = ConstraintFileParser()
        let base = try parser.parse(Data(try Self.read(output, "Card.json").utf8), fileName: "Card.json")
        let iPad = try parser.parse(Data(try Self.read(output, "Card_iPad.json").utf8), fileName: "Card_iPad.json")
        let iPhone5 = try parser.parse(
            Data(try Self.read(output, "Card_iPhone5.json").utf8), fileName: "Card_iPhone5.json")
        let values: [(value: String, actual: Double?, expected: Double)] = [
            ("base title.marginLeft", base["title"]?.marginLeft, 16), ("base title.height", base["title"]?.height, 44),
            // The iPad mode aliases spacing/large of another collection: its default mode's 24.
            ("iPad title.marginLeft", iPad["title"]?.marginLeft, 24),
            ("iPhone5 title.marginLeft", iPhone5["title"]?.marginLeft, 12),
        ]
        for (name, actual, expected) in values {
            #expect(actual == expected, "\(name)")
        }
        #expect(iPhone5["title"]?.imageName == "star.small")
    }

    @Test func aResolverDocumentsDeviceContextsAreTheModes() throws {
        let output = try ScratchFolder()
        let result = run(
            ImportOptions(files: [try Self.tokens("Resolver/tokens.resolver.json")], output: output.url.path))
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        let parser = ConstraintFileParser()
        for (name, margin) in [("Card.json", 16.0), ("Card_iPhone5.json", 10), ("Card_iPad.json", 40)] {
            let file = try parser.parse(Data(try Self.read(output, name).utf8), fileName: name)
            #expect(file["title"]?.marginLeft == margin, "\(name)")
        }
    }

    /// Each mode is read over the one base: a token a mode redefines changes where the base's aliases end in that
    /// mode only, whichever mode comes first, in mode files as in a resolver document's contexts.
    @Test(arguments: [["iPhone5", "iPad"], ["iPad", "iPhone5"]])
    func aTokenOneModeRedefinesChangesNoOtherModesAliases(order: [String]) throws {
        let base =
            #"{"size": {"m": {"$type": "number", "$value": 16}}, "alias": {"x": {"$value": "{size.m}"}}, "#
            + #""Card": {"title": {"marginLeft": {"$value": "{alias.x}"}}}}"#
        let own = [
            "iPhone5": #"{"size": {"m": {"$type": "number", "$value": 10}}, "#
                + #""Card": {"title": {"marginLeft": {"$value": "{alias.x}"}}}}"#,
            "iPad": #"{"Card": {"title": {"marginLeft": {"$value": "{alias.x}"}, "marginTop": {"$value": 3}}}}"#,
        ]
        func margins(_ modes: [TokenImport.Mode], _ problems: TokenProblems) throws -> [String: Double?] {
            #expect(problems.isEmpty, "\(problems.diagnostics)")
            var problems = problems
            let files = TokenImport(catalog: .standard).files(modes: modes, baseMode: "base", problems: &problems)
            var margins: [String: Double?] = [:]
            for (name, file) in files {
                margins[name] = try ConstraintFileParser().parse(Data(file.text.utf8), fileName: name)["title"]?
                    .marginLeft
            }
            return margins
        }
        // iPad gives marginTop as well, so its file keeps the whole record, marginLeft the base's 16.
        let expected: [String: Double?] = ["Card.json": 16, "Card_iPhone5.json": 10, "Card_iPad.json": 16]
        let files =
            [TokenImport.InputFile(name: "base.tokens.json", bytes: Array(base.utf8))]
            + order.map { TokenImport.InputFile(name: "\($0).tokens.json", bytes: Array(own[$0, default: ""].utf8)) }
        var problems = TokenProblems()
        let modes = TokenImport.modes(of: files, modeOfFile: [:], baseMode: "base", problems: &problems)
        let got = try margins(modes, problems)
        #expect(got == expected, "\(got)")
        let contexts = order.map { #""\#($0)": [\#(own[$0, default: ""])]"# }.joined(separator: ", ")
        let resolver =
            #"{"sets": {"base": {"sources": [\#(base)]}}, "modifiers": {"device": {"contexts": {\#(contexts)}}}, "#
            + ##""resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/device"}]}"##
        problems = TokenProblems()
        let contextModes = TokenImport.modes(
            of: [TokenImport.InputFile(name: "tokens.resolver.json", bytes: Array(resolver.utf8))], modeOfFile: [:],
            baseMode: "base", problems: &problems)
        let fromContexts = try margins(contextModes, problems)
        #expect(fromContexts == expected, "\(fromContexts)")
    }

    @Test func anImportReplacesATemporaryFileAnInterruptedRunLeftAndLeavesNone() throws {
        let output = try ScratchFolder()
        // The temporary name this process writes Card.json under, left half-written by an interrupted run.
        let leftOver = ".Card.json.\(ProcessInfo.processInfo.processIdentifier).tmp"
        try Data("{\"Card\": [".utf8).write(to: output.url.appendingPathComponent(leftOver))
        let result = run(ImportOptions(files: [try Self.tokens("Modes/base.tokens.json")], output: output.url.path))
        let names = try FileManager.default.contentsOfDirectory(atPath: output.url.path).sorted()
        #expect((result.exitCode, names) == (.success, ["Card.json"]), "\(result.errorOutput)")
        let base = try ConstraintFileParser().parse(
            Data(try Self.read(output, "Card.json").utf8), fileName: "Card.json")
        #expect(base["title"]?.marginLeft == 16)
    }

    // MARK: - Scale

    /// `count` tokens (four attributes of views of 100-view containers) in each of 12 modes: the base and 11 devices,
    /// each giving every tenth value differently.
    static func generatedModes(tokens count: Int) -> [TokenImport.InputFile] {
        let devices = DeviceCatalog.standard.profiles.prefix(11).map(\.name.rawValue)
        let attributes = ["marginLeft", "marginTop", "width", "height"]
        var files: [TokenImport.InputFile] = []
        for (index, mode) in (["base"] + devices).enumerated() {
            var text = "{"
            var token = 0
            var container = 0
            while token < count {
                text += container == 0 ? "" : ","
                text += "\"C\(container)\": {"
                for view in 0..<25 where token < count {
                    text += view == 0 ? "" : ","
                    text += "\"v\(view)\": {\"$type\": \"dimension\""
                    for attribute in attributes where token < count {
                        let value = token % 10 == 0 ? token + index : token
                        text += ", \"\(attribute)\": {\"$value\": {\"value\": \(value), \"unit\": \"px\"}}"
                        token += 1
                    }
                    text += "}"
                }
                text += "}"
                container += 1
            }
            text += "}"
            files.append(TokenImport.InputFile(name: "\(mode).tokens.json", bytes: Array(text.utf8)))
        }
        return files
    }

    @Test(.longTier, .timeLimit(.minutes(10)))
    func tokensInTwelveModesImportInLinearTime() async throws {
        let files = try await LinearTime.expectLinear(from: 1_000, rounds: 3, "import, tokens × 12 modes") { count in
            Self.generatedModes(tokens: count)
        } _: { inputs in
            var problems = TokenProblems()
            let modes = TokenImport.modes(of: inputs, modeOfFile: [:], baseMode: "base", problems: &problems)
            let files = TokenImport(catalog: .standard).files(modes: modes, baseMode: "base", problems: &problems)
            let report = Linter().lint(InMemorySource(files.mapValues(\.text)), directory: "out")
            return (files.count, problems.diagnostics.count, report.errorCount)
        }
        // 25 views of four attributes a container: 40 containers in each of 12 modes.
        let expected: (files: Int, problems: Int, errors: Int) = (12 * 40, 0, 0)
        #expect(files == expected)
    }

    /// n mode files of one token each over a base of n tokens, and a resolver document of n contexts of one token
    /// each over a base of n tokens: each mode copied the whole base (and read its own tokens from among all of
    /// them), so the import took time in n squared.
    @Test(.longTier, .timeLimit(.minutes(10)), arguments: [false, true])
    func manyModesOverALargeBaseImportInLinearTime(resolver: Bool) async throws {
        let modes = try await LinearTime.expectLinear(from: 1_000, rounds: 3, "n modes over a base of n tokens") {
            count in
            // One container group of n views.
            let baseTokens =
                #"{"C": {"# + (0..<count).map { #""v\#($0)": {"width": {"$value": 1}}"# }.joined(separator: ",")
                + "}}"
            func own(_ i: Int) -> String { #"{"C": {"v\#(i)": {"width": {"$value": 2}}}}"# }
            if resolver {
                let contexts = (0..<count).map { #""m\#($0)": [\#(own($0))]"# }.joined(separator: ",")
                let text =
                    #"{"sets": {"base": {"sources": [\#(baseTokens)]}}, "modifiers": {"device": {"contexts": "#
                    + ##"{\##(contexts)}}}, "resolutionOrder": [{"$ref": "#/sets/base"}, {"$ref": "#/modifiers/device"}]}"##
                return [TokenImport.InputFile(name: "tokens.resolver.json", bytes: Array(text.utf8))]
            }
            return [TokenImport.InputFile(name: "base.tokens.json", bytes: Array(baseTokens.utf8))]
                + (0..<count).map { TokenImport.InputFile(name: "m\($0).tokens.json", bytes: Array(own($0).utf8)) }
        } _: { inputs in
            var problems = TokenProblems()
            let modes = TokenImport.modes(of: inputs, modeOfFile: [:], baseMode: "base", problems: &problems)
            return (modes.count, problems.diagnostics.count)
        }
        #expect(modes == (4_001, 0))
    }

    /// A base file of n tokens `C.v.a0` … whose each aliases the next, the last aliasing `last`.
    static func aliasChain(tokens count: Int, last: String) -> [TokenImport.InputFile] {
        let tokens = (0..<count).map { i in
            let alias = i + 1 < count ? "{C.v.a\(i + 1)}" : last
            return #""a\#(i)": {"$type": "dimension", "$value": "\#(alias)"}"#
        }
        let text = #"{"C": {"v": {"# + tokens.joined(separator: ", ") + "}}}"
        return [TokenImport.InputFile(name: "base.tokens.json", bytes: Array(text.utf8))]
    }

    /// Break: only the aliases that ended at a value were remembered, so each of n tokens of a chain ending at a
    /// missing token walked the rest of the chain again and reported the same error (8,000: 15.7 s), and each of n
    /// tokens of a cycle named the whole cycle (8,000: 47 s and 888 MB of errors). Now each chain is walked once and
    /// its failure reported once.
    @Test(.longTier, .timeLimit(.minutes(10)), arguments: ["{X.y.z}", "{C.v.a0}"])
    func anAliasChainThatFailsImportsInLinearTimeWithOneError(last: String) async throws {
        let problems = try await LinearTime.expectLinear(
            from: 1_000, rounds: 3, "n tokens of one alias chain ending at \(last)",
            prepare: { count in Self.aliasChain(tokens: count, last: last) },
            { inputs in
                var problems = TokenProblems()
                _ = TokenImport.modes(of: inputs, modeOfFile: [:], baseMode: "base", problems: &problems)
                return problems.diagnostics
            })
        #expect(problems.count == 1, "\(problems.prefix(3))")
        let expected =
            last == "{X.y.z}"
            ? ("the alias {X.y.z} names no token", "C.v.a3999")
            : ("the aliases form a cycle: C.v.a0 → C.v.a1 → ", "C.v.a0")
        #expect(
            (problems.first?.message.hasPrefix(expected.0), problems.first?.keyPath) == (true, expected.1),
            "\(problems.first?.message.prefix(200) ?? "")")
    }

    /// A Figma export of n FLOAT variables `C/v/a0` … of one collection and one mode, each aliasing the next, the
    /// last holding `last` (JSON).
    static func figmaAliasChain(variables count: Int, last: String) -> [TokenImport.InputFile] {
        let variables = (0..<count).map { i in
            let value = i + 1 < count ? #"{"type": "VARIABLE_ALIAS", "id": "v\#(i + 1)"}"# : last
            return #""v\#(i)": {"id": "v\#(i)", "name": "C/v/a\#(i)", "variableCollectionId": "c", "#
                + #""resolvedType": "FLOAT", "valuesByMode": {"m": \#(value)}}"#
        }
        let text =
            #"{"meta": {"variableCollections": {"c": {"id": "c", "name": "Layout", "#
            + #""modes": [{"modeId": "m", "name": "base"}], "defaultModeId": "m"}}, "#
            + #""variables": {"# + variables.joined(separator: ", ") + "}}}"
        return [TokenImport.InputFile(name: "figma.json", bytes: Array(text.utf8))]
    }

    /// Break: each of n Figma variables of one alias chain walked the rest of the chain, each step searching the
    /// names walked so far for a cycle, with nothing remembered: time in n cubed (1,600: 1.36 s, 3,200: 10.3 s), and
    /// each variable of a cycle named it whole.
    @Test(
        .longTier, .timeLimit(.minutes(10)),
        arguments: ["4", #"{"type": "VARIABLE_ALIAS", "id": "gone"}"#, #"{"type": "VARIABLE_ALIAS", "id": "v0"}"#])
    func aFigmaAliasChainImportsInLinearTime(last: String) async throws {
        let (modes, problems) = try await LinearTime.expectLinear(
            from: 800, rounds: 3, "n Figma variables of one alias chain ending at \(last)",
            prepare: { count in Self.figmaAliasChain(variables: count, last: last) },
            { inputs in
                var problems = TokenProblems()
                let modes = TokenImport.modes(of: inputs, modeOfFile: [:], baseMode: "base", problems: &problems)
                return (modes, problems.diagnostics)
            })
        if last == "4" {
            #expect(problems.isEmpty, "\(problems.prefix(3))")
            var problems = TokenProblems()
            let files = TokenImport(catalog: .standard).files(modes: modes, baseMode: "base", problems: &problems)
            let file = try ConstraintFileParser().parse(
                Data(try #require(files["C.json"]).text.utf8), fileName: "C.json")
            #expect([file["v"]?[attribute: "a0"], file["v"]?[attribute: "a3199"]] == [.number(4), .number(4)])
        } else {
            #expect(problems.count == 1, "\(problems.prefix(3))")
        }
    }
}
