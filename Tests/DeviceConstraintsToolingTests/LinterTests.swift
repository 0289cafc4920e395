import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct LinterTests {
    private func lint(_ folder: String, catalog: DeviceCatalog = .standard) throws -> LintReport {
        Linter(catalog: catalog).lint(try Fixtures.source(folder), directory: folder)
    }

    private func lint(_ files: [String: String], catalog: DeviceCatalog = .standard) -> LintReport {
        Linter(catalog: catalog).lint(InMemorySource(files), directory: "Constraints")
    }

    // MARK: - Clean folders

    @Test func aCleanFolderHasNoProblems() throws {
        let report = try lint("Clean")
        #expect(report.diagnostics.isEmpty, "\(report.text)")
        #expect(
            (report.fileCount, report.summary, report.exitCode(strict: true)) == (
                8, "No problems in 8 files.", .success
            ))
    }

    @Test func theBundledConstraintsHaveNoProblems() {
        let report = Linter().lint(DirectorySource(Fixtures.bundledConstraints), directory: "Constraints")
        #expect(report.text == "No problems in 7 files.")
    }

    // MARK: - Scaled values that cannot scale

    /// Precisely when: at least two devices read the value, and it resolves to the same number at each one's width.
    /// Banner.json (a base file without "designWidth": every device scales against its own width) and a max that
    /// clamps every reader (Clamped_iPhone6.json) warn; a file that states its width (Drawn.json), a value that
    /// changes (badge.height) and a value only one device reads (Single_iPhone5.json) do not.
    @Test func aScaledValueThatCanNeverChangeAcrossTheDevicesThatReadItIsAWarning() throws {
        let report = try lint("ConstantScaled")
        let warnings = report.diagnostics.filter { $0.code == .constantScaledValue }
        #expect(
            (
                report.errorCount, warnings.count == report.diagnostics.count, warnings.map(\.file),
                warnings.first?.line, warnings.first?.column, report.exitCode(strict: false)
            ) == (0, true, ["ConstantScaled/Banner.json", "ConstantScaled/Clamped_iPhone6.json"], 4, 7, .success),
            "\(report.text)")
        let devices = DeviceCatalog.standard.profiles.count
        #expect(
            warnings.map(\.message) == [
                "2 scaled values never change across the devices that read them, at each device's width: "
                    + "top.height is 50 on all \(devices), top.width is 375 on all \(devices); this base file states no "
                    + "\"designWidth\", so each device scales its values against its own design width; add \"designWidth\": "
                    + "<the width it was drawn for, such as 375> beside the container key, or write plain numbers",
                "a scaled value never changes across the devices that read it, at each device's width: badge.width "
                    + "is 10 on all 5; their min and max, or the widths of the devices that read them, leave no room to "
                    + "change; write plain numbers, or loosen min and max",
            ])
    }

    /// A more specific file that sets the attribute takes the value away from its devices: a base value that only
    /// one device still reads is not warned about, and the devices that read a file's value are counted alone.
    @Test func onlyTheDevicesThatReadAScaledValueCount() {
        var files = [
            "Card.json": #"{"Card": [{"top": {"width": {"scaled": 375}}}]}"#,
            "Card_iPad.json": #"{"Card": [{"top": {"width": 700}}]}"#,
        ]
        let phones = DeviceCatalog.standard.profiles.filter { $0.idiom == .phone }.count
        let some = lint(files).diagnostics.filter { $0.code == .constantScaledValue }
        #expect(
            (some.count, some.first?.message.contains("top.width is 375 on all \(phones);")) == (1, true), "\(some)")
        for profile in DeviceCatalog.standard.profiles where profile.name != .iPhone5 {
            files["Card_\(profile.name.rawValue).json"] = #"{"Card": [{"top": {"width": 1}}]}"#
        }
        #expect(lint(files).diagnostics.filter { $0.code == .constantScaledValue }.isEmpty)
    }

    @Test func aBaseFileThatStatesItsDesignWidthIsClean() throws {
        let report = try lint("DesignWidth")
        #expect(report.diagnostics.isEmpty, "\(report.text)")
    }

    @Test func aFolderWrittenForACustomCatalogIsCleanWithThatCatalog() throws {
        #expect(try lint("PhoneOnly", catalog: Fixtures.catalog("phones.json")).diagnostics.isEmpty)
    }

    // MARK: - Every error of every file

    @Test func everyKindOfErrorIsReportedAndLintGoesOnAfterEachOne() throws {
        let report = try lint("Errors")
        // WrongKey.json, alone and holding "Calender": not a constraint file by the rule every tool follows, which
        // the interpreter skips; a warning, in case it was meant as one.
        #expect((report.fileCount, report.warningCount) == (12, 1))
        let lines = report.diagnostics.map { "\($0.file ?? ""):\($0.line ?? 0) \($0.code)" }
        #expect(
            lines == [
                "Errors/Bad..Name.json:0 invalidName",
                "Errors/Card_iPhone6.json:4 missingDefault",
                "Errors/Card_iPhone99.json:2 deadFile",
                "Errors/Deep.json:1 nestingTooDeep",
                "Errors/DeviceKey_iPhone6.json:2 invalidFormat",
                "Errors/DuplicateView.json:4 duplicateView",
                "Errors/HugeNumber.json:1 invalidFormat",
                "Errors/Malformed.json:3 malformedJSON",
                "Errors/NotAnArray.json:1 invalidFormat",
                "Errors/WrongKey.json:0 notConstraintFile",
                "Errors/WrongType.json:3 invalidFormat",
                "Errors/WrongType.json:4 invalidFormat",
            ])
        #expect(
            (report.summary, report.exitCode(strict: false)) == ("11 errors, 1 warning in 12 files", .failure))
    }

    /// Other JSON among the resources (a `description.json`): the interpreter skips it, so lint warns and a build
    /// does not fail over it; a file that could only be a constraint file (its container has device files) is still
    /// an error when its key is wrong.
    @Test func aLoneJSONFileHoldingAnotherKeyIsAWarningNotAnError() throws {
        let source = InMemorySource([
            "description.json": #"{"about": "the app's resources"}"#,
            "Card.json": #"{"Crad": {"a": {"width": 1}}}"#,
            "Card_iPhone6.json": #"{"Card": {"a": {"width": 2}}}"#,
        ])
        let report = Linter().lint(source, directory: "Resources")
        let lines = report.diagnostics.map { "\($0.file ?? ""):\($0.line ?? 0) \($0.severity) \($0.code)" }
        #expect(
            lines == [
                "Resources/Card.json:0 note checksNotRun",
                "Resources/Card.json:1 error invalidFormat",
                "Resources/description.json:0 warning notConstraintFile",
            ])
        #expect(
            report.diagnostics.last?.message
                == #"not a constraint file: its top-level key "about" is not "description", so the interpreter skips "#
                + "it; if it holds constraints, rename the key or the file")
    }

    @Test func aDiagnosticPrintsWithThePathAsTypedAndTheLocation() throws {
        let report = try lint("Errors")
        let wrongType = try #require(report.diagnostics.first { $0.file == "Errors/WrongType.json" })
        #expect(
            wrongType.description
                == #"Errors/WrongType.json:3:27: error: "width" must be a number, found string ("sixty") at WrongType[0].title.width"#
        )
    }

    @Test func aDeviceFileMustHoldTheContainerOfItsName() {
        let report = lint(["Card_iPhone6.json": #"{"Card_iPhone6": {"a": {}}}"#])
        #expect(
            (report.codes, report.diagnostics.first?.message.contains("does not match the container \"Card\""))
                == (["invalidFormat"], true), "\(report.text)")
    }

    @Test func aFileThatCannotBeReadAtAllDoesNotCascadeIntoMissingDefaults() {
        let report = lint([
            "Card.json": #"{"Card": [{"title": {"width": 1},}]}"#,
            "Card_iPhone6.json": #"{"Card": [{"badge": {"width": 1}}]}"#,
        ])
        // The base file did not parse: no device is checked, and a note says so.
        #expect(report.codes == ["checksNotRun", "malformedJSON"])
    }

    @Test func aFolderWithoutConstraintFilesIsAWarning() {
        let report = lint(["notes.txt": "hello"])
        #expect(
            (
                report.codes, report.diagnostics.first?.file, report.exitCode(strict: false),
                report.exitCode(strict: true)
            )
                == (["noConstraintFiles"], "Constraints", .success, .failure))
    }

    // MARK: - Symbolic links

    /// A folder holding `Card.json` and, beside it, a folder `Shared` holding `Other.json`.
    private func folderWithLinks() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("Links-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Constraints")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Shared"), withIntermediateDirectories: true)
        let card = Data(#"{"Card": [{"title": {"width": 1}}]}"#.utf8)
        try card.write(to: folder.appendingPathComponent("Card.json"))
        try Data(#"{"Other": [{"title": {"width": 1}}]}"#.utf8).write(
            to: root.appendingPathComponent("Shared/Other.json"))
        return folder
    }

    private func link(_ name: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent(name).path, withDestinationPath: target)
    }

    @Test func aBrokenLinkOrALinkLoopSaysWhatItIsAndWhatToDo() throws {
        let folder = try folderWithLinks()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try link("Gone.json", to: "Nowhere.json", in: folder)
        try link("Hop.json", to: "Gone.json", in: folder)
        try link("Loop.json", to: "Loop2.json", in: folder)
        try link("Loop2.json", to: "Loop.json", in: folder)
        let report = Linter().lint(DirectorySource(folder), directory: "Constraints")
        let messages = Dictionary(
            report.diagnostics.map { ($0.file ?? "", $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(
            (
                gone: messages["Constraints/Gone.json"],
                hop: messages["Constraints/Hop.json"]?.hasPrefix(
                    "a broken symbolic link: it points to Nowhere.json (through Gone.json), which does not exist"),
                loop: messages["Constraints/Loop.json"],
                disappeared: report.diagnostics.contains { $0.message.contains("disappeared") }
            )
                == (
                    "a broken symbolic link: it points to Nowhere.json, which does not exist; make the link point to "
                        + "an existing file, or remove it",
                    true,
                    "a symbolic link loop: Loop.json → Loop2.json → Loop.json never reaches a file; make the link "
                        + "point to a constraint file, or replace it with the file",
                    false
                ), "\(messages)")
    }

    @Test func aLinkOutOfTheFolderGivesTheCommandLineAdviceToCopyTheFileAndTheLibraryItsOwn() throws {
        let folder = try folderWithLinks()
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try link("Other.json", to: "../Shared/Other.json", in: folder)
        let library = Linter().lint(DirectorySource(folder), directory: "Constraints")
        #expect(
            (
                library.diagnostics.count,
                library.diagnostics.first?.message.contains("DirectorySource(_:followingLinksOutOfFolder: true)")
            ) == (1, true), "\(library.text)")
        var linter = Linter()
        linter.commandLineAdvice = true
        let tool = linter.lint(DirectorySource(folder), directory: "Constraints")
        let message = try #require(tool.diagnostics.first?.message)
        let parts = (
            directorySource: message.contains("DirectorySource"), prefix: message.hasPrefix("a symbolic link to "),
            outside: message.contains("/Shared/Other.json outside the folder"),
            suffix: message.hasSuffix(
                "replace the link with a copy of the file (remove the link, then copy the file into the folder as Other.json)"
            )
        )
        #expect(parts == (false, true, true, true), "\(message)")
        // The tool gives the command-line advice.
        let run = DeviceConstraintsTool().run(.lint(LintOptions(directory: folder.path)))
        #expect(run.output.contains("replace the link with a copy of the file"))
    }

    // MARK: - Warnings

    @Test func warningsPastTheLimitAreCountedAndTheirNoteStaysANote() throws {
        let views = (0..<250).map { #"{"view\#($0)": {"width": 1, "width": 2}}"# }.joined(separator: ", ")
        let report = lint(["Typo.json": #"{"Typo": [\#(views)]}"#])
        let limit = ConstraintFileParser.Limits.default.maximumWarningsPerFile
        let note = try #require(report.diagnostics.first { $0.code == .tooManyWarnings })
        let json = try #require(try report.json.parsed() as? [String: Any])
        #expect(
            (
                report.diagnostics.count { $0.severity == .warning }, note.severity, report.warningCount,
                report.summary, json["warnings"] as? Int
            ) == (limit, .note, 250, "250 warnings in 1 file", 250))
        #expect(
            (
                note.description.hasPrefix("Constraints/Typo.json: note: \(250 - limit) more warnings"),
                report.exitCode(strict: false), report.exitCode(strict: true)
            ) == (true, .success, .failure), "\(note.description)")
    }

    @Test func aFileEndingInJSONInAnotherCaseIsAWarningThatSuggestsTheRename() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Case-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Card.JSON", "Head.Json", "Head.json"] {
            let container = name.prefix { $0 != "." }
            try Data(#"{"\#(container)": [{"title": {"width": 1}}]}"#.utf8).write(
                to: folder.appendingPathComponent(name))
        }
        let report = Linter().lint(DirectorySource(folder), directory: "Constraints")
        #expect((report.fileCount, report.errorCount) == (1, 0))
        #expect(
            report.diagnostics.map(\.description) == [
                #"Constraints/Card.JSON: warning: not read: only names ending in ".json" are read, and this one ends in ".JSON"; rename it to Card.json"#,
                #"Constraints/Head.Json: warning: not read: only names ending in ".json" are read, and this one ends in ".Json"; Head.json is there too: keep one of them, named Head.json"#,
            ])
        // A source that lists every name gets the same warning; so does a folder holding only such files.
        let inMemory = lint(["Card.JSON": #"{"Card": []}"#])
        #expect(
            [report.codes, inMemory.codes] == [
                ["misnamedExtension", "misnamedExtension"], ["noConstraintFiles", "misnamedExtension"],
            ])
    }

    @Test func aMisspeltStandardAttributeIsAnErrorThatNamesTheAttributeItMissesAndWhereToDeclareIt() throws {
        let report = try lint("Typo")
        #expect(report.codes == ["possibleTypo", "possibleTypo", "possibleTypo"])
        #expect(
            report.diagnostics.first?.description
                == #"Typo/Card.json:3:18: error: unknown attribute "hieght"; did you mean "height"? As written, "height" is not set here; fix the name, or, if "hieght" is an attribute of your own, declare it in the device catalog's "extensionAttributes" at Card[0].title.hieght"#
        )
        #expect(
            (report.diagnostics.allSatisfy { $0.severity == .error }, report.exitCode(strict: false)) == (
                true, .failure
            ))
    }

    @Test func aNameTheCatalogDeclaresAsAnExtensionAttributeIsNoProblem() throws {
        let catalog = try DeviceCatalog(
            json: Data(contentsOf: Fixtures.root.appendingPathComponent("Catalogs/extension-attributes.json")))
        #expect(catalog.extensionAttributes == ["hieght", "witdh", "marginLeftt"])
        let report = Linter(catalog: catalog).lint(try Fixtures.source("Typo"), directory: "Constraints")
        #expect(report.diagnostics.isEmpty, "\(report.text)")
        // Declaring one name leaves the others errors.
        let one = Linter(catalog: try DeviceCatalog(DeviceCatalog.standard.profiles, extensionAttributes: ["witdh"]))
            .lint(try Fixtures.source("Typo"), directory: "Constraints")
        #expect(one.diagnostics.compactMap(\.keyPath) == ["Card[0].title.hieght", "Typo[1].icon.marginLeftt"])
    }

    @Test func warningsAloneDoNotFailUnlessStrict() throws {
        let report = try lint("Warnings")
        #expect(report.codes == ["duplicateKey", "unknownTextStyle", "smallFixedFont"])
        #expect(
            (
                report.diagnostics[1].message.contains("did you mean \"body\""),
                report.diagnostics.allSatisfy { $0.severity == .warning }, report.summary,
                report.exitCode(strict: false), report.exitCode(strict: true)
            ) == (true, true, "3 warnings in 2 files", .success, .failure), "\(report.text)")
    }

    // MARK: - Across files

    @Test func aViewSomeDevicesCannotReachIsAMissingDefaultNamingThoseDevices() throws {
        let report = try lint("MissingDefault")
        #expect(report.codes == ["missingDefault", "missingDefault"])
        let badge = try #require(report.diagnostics.first { $0.file == "MissingDefault/Card_iPhone6.json" })
        #expect((badge.line, badge.column) == (4, 7))
        let parts = (
            prefix: badge.message.hasPrefix("view \"badge\" has no default: 18 devices (iPhone5, iPhone6Plus, iPad,"),
            iPhoneX: badge.message.contains("iPhoneX,"),
            suffix: badge.message.hasSuffix("add it to the base file Card.json, which every device reads")
        )
        #expect(parts == (true, false, true), "\(badge.message)")
    }

    @Test func aMissingDefaultSuggestsAViewTheMissingDevicesHave() throws {
        let report = try lint("MissingDefault")
        let titel = try #require(report.diagnostics.first { $0.file == "MissingDefault/Card_iPad.json" })
        for part in ["12 devices (iPhone5, iPhone6, iPhone6Plus,", "did you mean \"title\", which they have?"] {
            #expect(titel.message.contains(part))
        }
    }

    /// The plugin's end-to-end test plants this typo in a copy of `Constraints/`: lint suggested renaming the
    /// three files that spell the id right to the one typo.
    @Test func aRenameIsSuggestedTowardTheSpellingMoreFilesUseNeverTowardATypo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("Typo-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Fixtures.bundledConstraints, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let iPad = folder.appendingPathComponent("BMTReportCalendarDayButton_iPad.json")
        try String(contentsOf: iPad, encoding: .utf8)
            .replacingOccurrences(of: "DayButtonId_Selected", with: "DayButtonId_Selectd")
            .write(to: iPad, atomically: true, encoding: .utf8)
        let report = Linter().lint(DirectorySource(folder), directory: "Constraints")
        #expect(report.errorCount == 2)
        let typo = try #require(
            report.diagnostics.first { $0.message.hasPrefix(#"view "bmt_reportCalendarDayButtonId_Selectd""#) })
        let right = try #require(
            report.diagnostics.first { $0.message.hasPrefix(#"view "bmt_reportCalendarDayButtonId_Selected""#) })
        #expect(
            (
                typo.message.contains(#"did you mean "bmt_reportCalendarDayButtonId_Selected", which they have?"#),
                right.message.contains("did you mean"),
                right.message.contains("; add it to the base file BMTReportCalendarDayButton.json")
            ) == (true, false, true), "\(typo.message)\n\(right.message)")
    }

    @Test func aRenameIsSuggestedTowardTheBaseFilesSpellingAndOnATie() throws {
        // The base file spells it "title": the device files' "titel" is the typo, though two files spell it so.
        let base = lint([
            "Card.json": #"{"Card": [{"title": {"width": 1}}]}"#,
            "Card_iPhone6.json": #"{"Card": [{"titel": {"width": 2}}]}"#,
            "Card_iPad.json": #"{"Card": [{"titel": {"width": 3}}]}"#,
        ])
        // One file each way: neither spelling is less common, so the suggestion stands.
        let tie = lint(
            [
                "Card_Small.json": #"{"Card": [{"title": {"width": 2}}]}"#,
                "Card_Large.json": #"{"Card": [{"titel": {"width": 3}}]}"#,
            ], catalog: try Fixtures.catalog("phones.json"))
        for (name, report) in [("base", base), ("tie", tie)] {
            #expect(report.errorCount == 1, "\(name)")
            #expect(
                report.diagnostics.first?.message.contains(#"did you mean "title", which they have?"#) == true,
                "\(name)")
        }
    }

    @Test func aViewEveryDeviceReachesThroughItsChainNeedsNoBaseFile() {
        let report = lint([
            "Card_iPhone5.json": #"{"Card": {"a": {}}}"#, "Card_iPhone6.json": #"{"Card": {"a": {}}}"#,
            "Card_iPhone6Plus.json": #"{"Card": {"a": {}}}"#, "Card_iPad.json": #"{"Card": {"a": {}}}"#,
        ])
        #expect(report.diagnostics.isEmpty)
    }

    @Test func aMissingDefaultNamesTheFirstFewDevicesAndCountsTheRest() throws {
        let profiles = (0..<1_000).map {
            DeviceProfile(name: DeviceName("Phone\($0)"), idiom: .phone, width: 320, height: 568)
        }
        let catalog = try DeviceCatalog(profiles)
        let report = lint(["Card_Phone0.json": #"{"Card": [{"badge": {"width": 1}}]}"#], catalog: catalog)
        let message = try #require(report.diagnostics.first?.message)
        #expect(
            message.hasPrefix(
                "view \"badge\" has no default: 999 devices (Phone1, Phone2, Phone3, Phone4, Phone5, Phone6, Phone7, "
                    + "Phone8, Phone9, Phone10, and 989 more) read no file that defines it")
                && message.count < 250, "\(message)")
    }

    @Test func aMissingDefaultForOneDeviceNamesIt() throws {
        let catalog = try Fixtures.catalog("phones.json")
        let report = lint(["Card_Large.json": #"{"Card": {"a": {}}}"#], catalog: catalog)
        #expect(
            report.diagnostics.map(\.message) == [
                "view \"a\" has no default: Small reads no file that defines it; add it to the base file Card.json, which every device reads"
            ])
    }

    @Test func aFileForADeviceTheCatalogDoesNotKnowIsADeadFileWithASuggestion() throws {
        let report = try lint("DeadFile")
        #expect(report.codes == ["deadFile"])
        let dead = try #require(report.diagnostics.first)
        #expect(
            (
                dead.file, dead.line, dead.column,
                dead.message.contains("\"iPhone99\" is not a device of the catalog; did you mean \"iPhone5\"?")
            ) == ("DeadFile/Card_iPhone99.json", 2, 3, true), "\(dead.message)")
    }

    @Test func aFileForAnotherCatalogsDevicesIsDeadWithTheStandardCatalog() throws {
        let report = try lint("PhoneOnly")
        #expect(
            (report.codes, report.diagnostics.allSatisfy { $0.message.contains("; rename the file") })
                == (["deadFile", "deadFile"], true), "\(report.text)")
    }

    @Test func aBaseFileWithAnUnderscoreInItsContainerIsNotDead() {
        #expect(lint(["My_View.json": #"{"My_View": {"a": {}}}"#]).diagnostics.isEmpty)
    }

    // MARK: - Output

    @Test func theSummaryCountsErrorsAndWarningsInTheSingularAndPlural() {
        func report(_ severities: [ConstraintDiagnostic.Severity], files: Int) -> String {
            LintReport(
                diagnostics: severities.map { ConstraintDiagnostic(severity: $0, code: .possibleTypo, message: "m") },
                fileCount: files
            ).summary
        }
        let cases: [(severities: [ConstraintDiagnostic.Severity], files: Int, summary: String)] = [
            ([], 1, "No problems in 1 file."),
            ([.error], 1, "1 error in 1 file"),
            ([.error, .error, .error, .warning, .warning], 12, "3 errors, 2 warnings in 12 files"),
            ([.warning], 2, "1 warning in 2 files"),
        ]
        for (severities, files, summary) in cases {
            #expect(report(severities, files: files) == summary, "\(severities), \(files) files")
        }
    }

    @Test func diagnosticsAreSortedByFileLineAndColumnWithWholeFileOnesFirst() {
        let diagnostics = [
            ConstraintDiagnostic(
                severity: .warning, code: .possibleTypo, message: "b", file: "B.json", line: 2, column: 1),
            ConstraintDiagnostic(severity: .error, code: .deadFile, message: "c", file: "A.json", line: 10, column: 1),
            ConstraintDiagnostic(severity: .error, code: .deadFile, message: "d", file: "A.json", line: 9, column: 5),
            ConstraintDiagnostic(severity: .error, code: .deadFile, message: "e", file: "B.json"),
        ]
        #expect(diagnostics.sorted(by: ConstraintDiagnostic.lintOrder).map(\.message) == ["d", "c", "e", "b"])
    }

    @Test func theJSONReportIsValidJSONWithTheDocumentedShape() throws {
        let report = try lint("Errors")
        let object = try #require(try report.json.parsed() as? [String: Any])
        #expect(
            [object["files"] as? Int, object["errors"] as? Int, object["warnings"] as? Int] == [12, 11, 1])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 12)
        let first = diagnostics[0]
        #expect(Set(first.keys) == ["file", "line", "column", "severity", "code", "message", "keyPath"])
        #expect(
            (first["line"] is NSNull, diagnostics.last?["keyPath"] as? String)
                == (true, "WrongType[1].icon.imageName"))
    }
}

// MARK: - Issue 27: what one broken file hides, typos of standard attributes, names no tool can read

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension LinterTests {
    @Test func aFileThatDoesNotParseHidesNoErrorOfTheOtherFilesAndSaysWhichChecksDidNotRun() throws {
        let report = Linter().lint(try Fixtures.source("UnparsedFile"), directory: "UnparsedFile")
        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(
            lines.contains { $0.hasPrefix("UnparsedFile/Card_iPhone5.json:") && $0.contains(": error: ") },
            "\(report.text)")
        #expect(
            lines.contains {
                $0.hasPrefix("UnparsedFile/Card_iPhone6Plus.json:4:7: error: view \"subtitle\" has no default")
            }, "\(report.text)")
        #expect(
            lines.contains {
                $0.hasPrefix("UnparsedFile/Card_iPhone5.json: note: checks across files not run")
            }, "\(report.text)")
        // The devices that read the broken file are not said to miss "subtitle": fixing the file may give it to them.
        let missing = report.diagnostics.first { $0.code == .missingDefault }
        for part in ["iPhone5,", "iPhone5 "] {
            #expect(missing?.message.contains(part) == false, "\(part)")
        }
    }

    @Test func aNameThatIsNotUTF8IsReportedForWhatItIs() throws {
        let folder = try ScratchFolder(["Card.json": #"{"Card": [{"title": {"height": 1}}]}"#])
        // "Bad\xFF.json": a byte that is not UTF-8, as a file made on another system can have.
        let bytes: [UInt8] = Array(folder.url.path.utf8) + Array("/Bad".utf8) + [0xFF] + Array(".json".utf8) + [0]
        let descriptor = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                open($0, O_WRONLY | O_CREAT, 0o644)
            }
        }
        try #require(descriptor >= 0)
        close(descriptor)
        let report = Linter().lint(DirectorySource(folder.url), directory: "F")
        #expect(
            (report.text.contains("disappeared"), report.text.contains("is not valid UTF-8"), report.errorCount)
                == (false, true, 1), "\(report.text)")
    }
}

// MARK: - Device names

extension LinterTests {
    @Test func twoFilesThatNameTheSameClassAreAnErrorNamingBoth() throws {
        let report = Linter(catalog: .standard).lint(try Fixtures.source("Models"), directory: "Models")
        let same = report.diagnostics.filter { $0.code == .sameClassFiles }
        #expect((same.count, same.first?.file) == (1, "Models/Card_iPhone16.json"))
        #expect(
            same.first?.message.contains("Card_iPhone15.json and Card_iPhone16.json name the same class, iPhone14Pro")
                == true)
    }

    @Test func anUnknownNameSuggestsTheNearestModelAndSaysItsClass() throws {
        let report = Linter(catalog: .standard).lint(try Fixtures.source("Models"), directory: "Models")
        let dead = try #require(report.diagnostics.first { $0.code == .deadFile })
        #expect(dead.file == "Models/Card_iPhone15Plu.json")
        #expect(dead.message.contains("did you mean \"iPhone15Plus\" (iPhone 15 Plus, read for class iPhone14ProMax)?"))
    }
}

// MARK: - Qualifiers

extension LinterTests {
    @Test func malformedQualifiersAreErrorsThatSuggestTheMeantName() throws {
        let report = Linter(catalog: .standard).lint(try Fixtures.source("Qualifiers"), directory: "Q")
        let malformed = report.diagnostics.filter { $0.code == .malformedQualifier }
        #expect(
            malformed.map(\.file) == [
                "Q/Card_w-3.json", "Q/Card_w0.json", "Q/Card_w600-lanscape.json", "Q/Card_w600dp.json",
            ])
        let messages = Dictionary(uniqueKeysWithValues: malformed.map { ($0.file ?? "", $0.message) })
        let advice = [
            ("Q/Card_w-3.json", "did you mean Card_w3.json?"),
            ("Q/Card_w600dp.json", "did you mean Card_w600.json?"),
            ("Q/Card_w600-lanscape.json", "did you mean Card_w600-landscape.json?"),
            ("Q/Card_w0.json", "is met by every window"),
        ]
        for (file, part) in advice {
            #expect(messages[file]?.contains(part) == true, "\(file): \(messages[file] ?? "no message")")
        }
        #expect(!report.diagnostics.contains { $0.code == .deadFile })
    }

    @Test func aQualifierNoWindowCanMeetIsAnError() throws {
        let report = Linter(catalog: .standard).lint(try Fixtures.source("Qualifiers"), directory: "Q")
        let unreachable = report.diagnostics.filter { $0.code == .unreachableQualifier }
        #expect(unreachable.map(\.file) == ["Q/Card_w1100-portrait.json", "Q/Card_w1400.json"])
        #expect(
            (
                unreachable.first?.message.contains("iPadPro13 in portrait, is 1032"),
                unreachable.last?.message.contains("iPadPro13 in landscape, is 1376")
            ) == (true, true), "\(unreachable.map(\.message))")
    }

    @Test func twoFilesForTheSamePlaceOfTheChainCanNeverBothBeReadAndAreAnError() throws {
        let report = Linter(catalog: .standard).lint(try Fixtures.source("Qualifiers"), directory: "Q")
        let same = report.diagnostics.filter { $0.code == .sameClassFiles }
        #expect(same.map(\.file) == ["Q/Card_iPadMini5-landscape.json"])
        #expect(
            same.first?.message.hasPrefix(
                "Card_iPad-landscape.json and Card_iPadMini5-landscape.json name the same class, iPad") == true)
    }

    @Test func aFolderOfWellFormedQualifiersIsClean() throws {
        let report = Linter(catalog: .standard).lint(try Fixtures.source("QualifiedChain"), directory: "Q")
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
    }
}

extension LinterTests {
    /// Phones whose fallbacks form diamonds: E reaches A through B and through C, F through C first, and H reaches
    /// G and B. A lookup chain lists each device once, depth first: E reads E, B, A, C; F reads F, C, A, B.
    static func diamondCatalog() throws -> DeviceCatalog {
        let devices: [(String, Double, [String])] = [
            ("A", 320, []), ("B", 375, ["A"]), ("C", 390, ["A"]), ("E", 414, ["B", "C"]), ("F", 430, ["C", "B"]),
            ("G", 428, []), ("H", 440, ["G", "B"]),
        ]
        return try DeviceCatalog(
            devices.map { name, width, fallbacks in
                DeviceProfile(
                    name: DeviceName(name), idiom: .phone, width: width, height: 900,
                    fallbacks: fallbacks.map { DeviceName($0) })
            })
    }

    /// Which file each device reads a scaled value from, and which devices reach a view, follow each lookup chain
    /// in its order where fallbacks meet again (the first file along the chain that sets an attribute wins): the
    /// diagnostics are the ones walking every device's chain gave.
    @Test func scaledValuesAndMissingDefaultsFollowEveryChainThroughDiamondsOfFallbacks() throws {
        let report = lint(
            [
                "Card.json": #"{"Card": {"top": {"width": {"scaled": 375}, "height": {"scaled": 50}}, "badge": {}}}"#,
                "Card_A.json": #"{"Card": {"badge": {"width": {"scaled": 10}, "height": {"scaled": 10, "min": 40}}}}"#,
                "Card_B.json": #"{"Card": {"top": {"width": 200}, "extra": {"width": 1}}}"#,
                "Card_C.json": #"{"Card": {"top": {"width": {"scaled": 100, "max": 50}}, "side": {}}}"#,
                "Card_E.json": #"{"Card": {"bdge": {"width": 1}}}"#,
                "Other.json": #"{"Other": {"a": {}}}"#,
                "Other_B.json": #"{"Other": {"b": {}}}"#,
                "Other_G.json": #"{"Other": {"#,
            ], catalog: try Self.diamondCatalog())
        #expect(
            report.text.split(separator: "\n").map(String.init) == [
                #"Constraints/Card.json:1:11: warning: 2 scaled values never change across the devices that read them, at each device's width: top.height is 50 on all 7, top.width is 375 on all 2; this base file states no "designWidth", so each device scales its values against its own design width; add "designWidth": <the width it was drawn for, such as 375> beside the container key, or write plain numbers"#,
                #"Constraints/Card_A.json:1:11: warning: a scaled value never changes across the devices that read it, at each device's width: badge.height is 40 on all 6; their min and max, or the widths of the devices that read them, leave no room to change; write plain numbers, or loosen min and max"#,
                #"Constraints/Card_B.json:1:34: error: view "extra" has no default: 3 devices (A, C, G) read no file that defines it; add it to the base file Card.json, which every device reads"#,
                #"Constraints/Card_C.json:1:11: warning: a scaled value never changes across the devices that read it, at each device's width: top.width is 50 on all 2; their min and max, or the widths of the devices that read them, leave no room to change; write plain numbers, or loosen min and max"#,
                #"Constraints/Card_C.json:1:57: error: view "side" has no default: 4 devices (A, B, G, H) read no file that defines it; add it to the base file Card.json, which every device reads"#,
                #"Constraints/Card_E.json:1:11: error: view "bdge" has no default: 6 devices (A, B, C, F, G, H) read no file that defines it; did you mean "badge", which they have? Otherwise add it to the base file Card.json, which every device reads"#,
                #"Constraints/Other_B.json:1:12: error: view "b" has no default: 2 devices (A, C) read no file that defines it; did you mean "a", which they have? Otherwise add it to the base file Other.json, which every device reads"#,
                #"Constraints/Other_G.json: note: checks across files not run: until this file is fixed, lint cannot tell whether the devices that read it miss a view, nor check Other's scaled values across devices; the other files were checked"#,
                #"Constraints/Other_G.json:1:12: error: unexpected end of input; expected a string key or '}'"#,
                #"5 errors, 3 warnings in 8 files"#,
            ])
    }
}
