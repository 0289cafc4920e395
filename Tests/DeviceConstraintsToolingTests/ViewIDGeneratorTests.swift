import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct ViewIDGeneratorTests {
    private func generate(
        _ folder: String, catalog: DeviceCatalog = .standard, options: ViewIDGenerator.Options = .init()
    ) throws -> ViewIDGenerator.Result {
        ViewIDGenerator(catalog: catalog, options: options).generate(
            try Fixtures.source("Generate/\(folder)"), directory: folder)
    }

    private func generate(_ files: [String: String], options: ViewIDGenerator.Options = .init())
        -> ViewIDGenerator.Result
    {
        ViewIDGenerator(options: options).generate(InMemorySource(files), directory: "Constraints")
    }

    // MARK: - The source

    @Test func theBundledConstraintsGiveTheSourceTheReadmeShows() throws {
        let result = ViewIDGenerator().generate(DirectorySource(Fixtures.bundledConstraints), directory: "Constraints")
        #expect(result.report.diagnostics.isEmpty, "\(result.report.text)")
        let expected = try String(
            contentsOf: Fixtures.folder("Generate").appendingPathComponent("BundledConstraintIDs.swift.expected"),
            encoding: .utf8)
        #expect(result.source == expected)
    }

    @Test func keywordsAreEscapedAndIdsAreWrittenAsEscapedLiterals() {
        let result = generate([
            "Card.json": #"{ "Card": [ { "default": {} }, { "say \"hi\"\n": {} }, { "größe": {} } ] }"#
        ])
        let source = result.source ?? ""
        let lines = [
            #"    static let `default` = DeviceConstraints.ViewID(container: "Card", viewId: "default")"#,
            #"    static let sayHi = DeviceConstraints.ViewID(container: "Card", viewId: "say \"hi\"\n")"#,
            #"    static let größe = DeviceConstraints.ViewID(container: "Card", viewId: "größe")"#,
            // The id in the documentation comment is escaped too: a newline there would end the comment.
            #"        /// `say \"hi\"\n`, defined for"#,
        ]
        for line in lines {
            #expect(source.contains(line), "\(line)")
        }
    }

    @Test func eachMemberSaysWhichDevicesDefineItInWhichFileAndLine() {
        let result = generate([
            "Card.json": "{ \"Card\": [\n  { \"title\": {} } ] }",
            "Card_iPhone6.json": #"{ "Card": [ { "title": {} } ] }"#,
        ])
        #expect(
            result.source?.contains(
                """
                        /// `title`, defined for
                        /// - every device, in the base file `Card.json`, line 2
                        /// - iPhone6, in `Card_iPhone6.json`, line 1
                        static let title = DeviceConstraints.ViewID(container: "Card", viewId: "title")

                """) == true, "\(result.source ?? result.report.text)")
    }

    @Test func optionsSetTheNamespaceTheAccessAndThePrefix() {
        let files = ["Card.json": #"{ "Card": [ { "card_title": {} }, { "card_icon": {} } ] }"#]
        let source = generate(files, options: .init(namespace: "LayoutIDs", isPublic: true)).source ?? ""
        let kept = generate(files, options: .init(dropsSharedPrefix: false)).source ?? ""
        let parts = [
            ("public", source, "public import DeviceConstraints\n"), ("public", source, "public enum LayoutIDs {\n"),
            ("public", source, "    public enum Card {\n"),
            ("public", source, "        public static let title = DeviceConstraints.ViewID("),
            ("kept", kept, "\nenum ConstraintIDs {\n"),
            ("kept", kept, "        static let cardTitle = DeviceConstraints.ViewID("),
        ]
        for (name, source, part) in parts {
            #expect(source.contains(part), "\(name): \(part)")
        }
    }

    @Test func aLongIdIsWrappedAfterTheParenthesis() {
        let id = String(repeating: "long", count: 30)
        let source = generate(["Card.json": "{ \"Card\": [ { \"\(id)\": {} } ] }"]).source ?? ""
        #expect(
            source.contains(
                "        static let \(id) = DeviceConstraints.ViewID(\n            container: \"Card\",\n"
                    + "            viewId: \"\(id)\"\n        )\n"))
        #expect(source.split(separator: "\n").allSatisfy { $0.count <= 120 || $0.contains(id) })
    }

    // MARK: - What the compiler reads

    /// A stand-in for the module the generated code imports: what the generated code and its examples use.
    static let standInModule = """
        public struct ViewID: Sendable {
            public init(container: String, viewId: String) {}
        }
        public final class ConstraintInterpreter {
            public init() {}
            public func record(_ id: ViewID) throws -> Int { 0 }
        }
        """

    /// The generated source compiles, and every member is reached as its comment says: ids that are keywords (`init`
    /// and `self` in backticks after the dot, which its comment says; every other plainly), ids and a container that
    /// hold U+FFFC or U+FFFD (which the compiler refuses in a name, and which lint let through), and the example at
    /// the top. Typechecked by the toolchain's `swiftc` against a stand-in for DeviceConstraints.
    @Test func theGeneratedSourceCompilesAndEveryMemberIsReachedAsItsCommentSays() throws {
        let ids = [
            "self", "init", "deinit", "subscript", "Type", "Protocol", "default", "a\u{FFFD}b", "c\u{FFFC}d",
            "e\u{FFF8}",
        ]
        let records = ids.map { "{ \"\($0)\": {} }" }.joined(separator: ", ")
        let result = generate([
            "Card.json": "{ \"Card\": [ \(records) ] }", "Box\u{FFFD}.json": #"{ "Box\#u{FFFD}": [ { "init": {} } ] }"#,
        ])
        let source = try #require(result.source, "\(result.report.text)")
        // The example at the top names the first container's first member, `init` of Box.
        for line in [
            "/// let record = try interpreter.record(ConstraintIDs.Box.`init`)\n",
            "        /// let id = ConstraintIDs.Card.`self`\n",
        ] {
            #expect(source.contains(line), "\(line)")
        }
        // Every line of code in the comments, and every member as its comment says it is reached.
        let commentLines: [Substring] = source.split(separator: "\n").filter { (line: Substring) -> Bool in
            line.hasPrefix("///") || line.hasPrefix("        ///")
        }
        let commentCode: [Substring] = commentLines.map { (line: Substring) -> Substring in
            Substring(line.trimmingCharacters(in: .whitespaces).dropFirst(4))
        }
        var uses: [String] = commentCode.filter { $0.hasPrefix("let ") }.map(String.init)
        let members = [
            "`self`", "`init`", "deinit", "subscript", "type", "protocol", "default", "aB", "cD", "e\u{FFF8}",
        ]
        uses += members.map { "let _: DeviceConstraints.ViewID = ConstraintIDs.Card.\($0)" }
        #expect(uses.count == members.count + 4)  // the example at the top, and one in each comment of `init` or `self`
        let use =
            "import DeviceConstraints\n\nfunc use(interpreter: ConstraintInterpreter) throws {\n"
            + uses.map { "    do { \($0) }\n" }.joined() + "}\n"
        let (status, output) = try Compiler.run(
            [
                [
                    "-parse-as-library", "-module-name", "DeviceConstraints", "-emit-module", "-emit-module-path",
                    "DeviceConstraints.swiftmodule", "StandIn.swift",
                ],
                ["-typecheck", "-I", ".", "ConstraintIDs.swift", "Use.swift"],
            ],
            files: ["StandIn.swift": Self.standInModule, "ConstraintIDs.swift": source, "Use.swift": use])
        #expect(status == 0, "\(output)\n\(source)\n\(use)")
    }

    /// A file name with a U+202E (which would show the rest of a line backwards) or a zero-width space (which hides
    /// itself) is refused by the name rule the store applies, so no comment is generated for it.
    @Test func aFileNameWithInvisibleCharactersIsRefusedAndNothingIsGenerated() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "Odd\u{202E}Name\u{200B}", idiom: .phone, width: 320, height: 568)
        ])
        let result = ViewIDGenerator(catalog: catalog).generate(
            InMemorySource([
                "Card.json": #"{ "Card": [ { "title": {} } ] }"#,
                "Card_Odd\u{202E}Name\u{200B}.json": #"{ "Card": [ { "title": {} } ] }"#,
            ]), directory: "Constraints")
        #expect(
            (result.source, result.report.text.contains("invisible character U+202E")) == (nil, true),
            "\(result.report.text)")
    }

    // MARK: - Errors

    @Test func twoIdsThatBecomeOneNameAreAnErrorNamingBothFilesAndLines() throws {
        let result = try generate("Collision", catalog: Fixtures.catalog("phones.json"))
        #expect(
            result.report.diagnostics.map(\.description) == [
                "Collision/Card_Small.json:2:7: error: view ids \"titleLabel\" and \"title_label\" both become "
                    + "ConstraintIDs.Card.titleLabel; rename one of them (the other is at Collision/Card.json:2:7)",
                "Collision/my-view.json:1:3: error: containers \"MyView\" and \"my-view\" both become "
                    + "ConstraintIDs.MyView; rename one of them (the other is at Collision/MyView.json:1:3)",
            ])
        #expect(
            (result.source, result.report.diagnostics.map(\.code)) == (nil, [.duplicateSwiftName, .duplicateSwiftName]))
    }

    @Test func idsThatCannotBecomeNamesAreErrorsAtTheirLines() throws {
        let result = try generate("Names")
        #expect(
            result.report.diagnostics.map(\.description) == [
                "Names/Card.json:5:7: error: view id \"2up\" cannot become a Swift name in ConstraintIDs.Card: \"2up\" "
                    + "starts with a digit; rename the view id so that it starts with a letter",
                "Names/Card.json:6:7: error: view id \"--\" cannot become a Swift name in ConstraintIDs.Card: it has no "
                    + "letters or digits; rename the view id so that it starts with a letter",
            ])
        #expect(
            (result.source, result.report.text.hasSuffix("\n2 errors in 1 file")) == (nil, true),
            "\(result.report.text)")
    }

    @Test func lintErrorsComeFirstAndNoNamesAreMadeForABrokenFolder() throws {
        let result = ViewIDGenerator().generate(
            try Fixtures.source("MissingDefault"),
            directory: "Tests/DeviceConstraintsToolingTests/Fixtures/MissingDefault")
        let lint = Linter().lint(
            try Fixtures.source("MissingDefault"),
            directory: "Tests/DeviceConstraintsToolingTests/Fixtures/MissingDefault")
        #expect((result.source, result.report, result.report.errorCount) == (nil, lint, 2))
    }

    @Test func aMisspeltStandardAttributeFailsTheGenerationSoThePluginsBuildFails() throws {
        let result = ViewIDGenerator().generate(try Fixtures.source("Typo"), directory: "Typo")
        #expect((result.report.errorCount, result.source) == (3, nil))
    }

    @Test func warningsAreReportedAndTheSourceIsStillWritten() throws {
        let result = ViewIDGenerator().generate(try Fixtures.source("Warnings"), directory: "Warnings")
        #expect(
            (result.report.warningCount > 0, result.report.errorCount, result.source != nil) == (true, 0, true),
            "\(result.report.text)")
    }

    @Test func aNamespaceThatCannotBeATypeNameIsAnError() {
        let result = generate(["Card.json": #"{ "Card": [ { "title": {} } ] }"#], options: .init(namespace: "2IDs"))
        #expect(
            (result.source, result.report.diagnostics.map(\.description))
                == (nil, ["error: the namespace \"2IDs\" cannot be a Swift type name: it starts with a digit"]))
        #expect(
            generate(["Card.json": #"{ "Card": [ { "title": {} } ] }"#], options: .init(namespace: "Self")).report.text
                .hasPrefix("error: the namespace \"Self\" cannot be a Swift type name: it is a keyword"))
    }
}
