import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct RecordTableTests {
    private func table(
        _ container: String, on device: DeviceName, in folder: String = "Clean", catalog: DeviceCatalog = .standard
    ) throws -> RecordTable {
        let profile = try #require(catalog.profile(named: device))
        return try RecordTable(container: container, device: profile, catalog: catalog, source: Fixtures.source(folder))
    }

    private func row(_ table: RecordTable, _ viewId: String, _ attribute: String) -> RecordTable.Row? {
        table.rows.first { $0.viewId == viewId && $0.attribute == attribute }
    }

    // MARK: - The lookup chain

    @Test func theLookupListsTheClassWithTheOrientationTheWidthsTheOrientationAloneThenTheBaseFile() throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: .iPad))
        let table = try RecordTable(
            container: "Card", device: profile, catalog: .standard, source: Fixtures.source("QualifiedChain"),
            environment: LayoutEnvironment(width: 1024, height: 768, idiom: .pad))
        let chain = [
            "Card_iPad-landscape.json", "Card_iPad.json", "Card_w700.json", "Card_w600-landscape.json",
            "Card_w600.json",
            "Card_landscape.json", "Card.json",
        ]
        #expect(
            (table.lookup, table.text(directory: "Q").contains("lookup:      " + chain.joined(separator: " → ")))
                == (chain, true))
        #expect(
            [row(table, "title", "marginBottom")?.source, row(table, "title", "height")?.source] == [
                "Card_w600-landscape.json", "Card_iPad-landscape.json",
            ])
    }

    // MARK: - Values that follow the window

    @Test func scaledValuesAndColumnRulesAreEvaluatedForTheWindowWithTheirRule() throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: .iPhone6))
        let window = LayoutEnvironment(width: 750, height: 1334, idiom: .phone)
        let table = try RecordTable(
            container: "Feed", device: profile, catalog: .standard, source: Fixtures.source("Scaled"),
            environment: window)
        // The base file scales against the resolved device's design width (375): 375 × 750 ÷ 375.
        #expect(
            [row(table, "banner", "width")?.value, row(table, "grid", "columns")?.value] == [
                .number(750), .string("2 × 355 (spacing 8, insets 16)"),
            ])
        let rules: [(row: String, rule: String?, expected: String?)] = [
            ("banner.width", row(table, "banner", "width")?.rule, "scaled 375 at 375 pt"),
            ("banner.height", row(table, "banner", "height")?.rule, nil),
            ("grid.columns", row(table, "grid", "columns")?.rule, "2 columns at 440 pt × 1.2, spacing 8, insets 16"),
        ]
        for (name, rule, expected) in rules {
            #expect(rule == expected, "\(name)")
        }
        let lines = table.text(directory: "Scaled").split(separator: "\n")
        #expect(
            (rule: table.text(directory: "Scaled").contains("rule"), untrimmed: lines.filter { $0.hasSuffix(" ") })
                == (true, []))
    }

    // MARK: - Values that follow the text size

    @Test(arguments: [
        // At the default size every value is the file's number.
        (TextSize.large, 17.0, 44.0, 12.0, nil as String?),
        // body 17 → 40 at accessibility3; caption1 12 → 32; the height follows body up to its max of 80.
        (.accessibility3, 40, 80, 32, "follows body at accessibility3"),
        (.xSmall, 14, 36, 11, "follows body at xSmall"),
    ])
    func valuesThatFollowTheTextSizeAreEvaluatedAtItWithTheirRule(
        _ size: TextSize, title: Double, height: Double, caption: Double, bodyRule: String?
    ) throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: .iPhone6))
        let table = try RecordTable(
            container: "Row", device: profile, catalog: .standard, source: Fixtures.source("TextScaled"),
            environment: LayoutEnvironment(width: 375, height: 667, idiom: .phone, textSize: size))
        let values: [(row: String, value: ConstraintValue?, expected: ConstraintValue)] = [
            ("title.fontSize", row(table, "title", "fontSize")?.value, .number(title)),
            ("title.height", row(table, "title", "height")?.value, .number(height)),
            ("caption.fontSize", row(table, "caption", "fontSize")?.value, .number(caption)),
            ("badge.fontSize", row(table, "badge", "fontSize")?.value, .number(11)),
        ]
        for (name, value, expected) in values {
            #expect(value == expected, "\(name)")
        }
        let rules: [(row: String, rule: String?, expected: String?)] = [
            ("title.fontSize", row(table, "title", "fontSize")?.rule, bodyRule),
            (
                "title.height", row(table, "title", "height")?.rule,
                "size 44 relativeTo body (max 80) at \(size.rawValue)"
            ),
            ("badge.fontSize", row(table, "badge", "fontSize")?.rule, "fixed"),
        ]
        for (name, rule, expected) in rules {
            #expect(rule == expected, "\(name)")
        }
        #expect(
            table.text(directory: "T", textSize: size).contains(
                "device:      iPhone6 (phone, 375×667)" + (size == .large ? "\n" : ", text size \(size.rawValue)\n")))
    }

    // MARK: - Values and where they came from

    @Test func eachValueNamesTheFirstFileOnTheChainThatSetsIt() throws {
        let table = try table("Card", on: .iPhone5)
        #expect(
            [table.lookup, table.filesRead] == [
                ["Card_iPhone5.json", "Card.json"], ["Card_iPhone5.json", "Card.json"],
            ])
        #expect(
            [
                row(table, "title", "marginLeft")?.value, row(table, "title", "fontSize")?.value,
                row(table, "icon", "imageName")?.value,
            ] == [.number(12), .number(15), .string("card")])
        #expect(
            [
                row(table, "title", "marginLeft")?.source, row(table, "title", "marginTop")?.source,
                row(table, "icon", "imageName")?.source,
            ] == ["Card_iPhone5.json", "Card.json", "Card.json"])
    }

    @Test func eachValueIsPlacedAtTheLineAndColumnOfItsKeyInTheFileThatSetsIt() throws {
        let table = try table("Card", on: .iPhone5)
        #expect(
            [
                row(table, "title", "marginLeft")?.place, row(table, "title", "marginTop")?.place,
                row(table, "icon", "imageName")?.place,
                // A default has no file, so no place.
                row(table, "title", "width")?.place,
            ] == ["Card_iPhone5.json:3:18", "Card.json:3:36", "Card.json:4:44", nil])
        let json = table.json(directory: "Clean").line
        let marginLeft =
            #""name": "marginLeft", "value": 12.0, "source": "Card_iPhone5.json", "line": 3, "column": 18}"#
        for part in [marginLeft, #""name": "width", "value": 0.0, "source": null}"#] {
            #expect(json.contains(part), "\(part)")
        }
    }

    @Test func aValueFromAQualifierFileIsPlacedInThatFile() throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: .iPad))
        let table = try RecordTable(
            container: "Card", device: profile, catalog: .standard, source: Fixtures.source("QualifiedChain"),
            environment: LayoutEnvironment(width: 1024, height: 768, idiom: .pad))
        #expect(row(table, "title", "marginBottom")?.place == "Card_w600-landscape.json:1:26")
    }

    @Test func aStandardAttributeNoFileSetsIsListedAsZeroFromNoFile() throws {
        let table = try table("Card", on: .iPhone5)
        #expect(
            [row(table, "title", "width"), row(table, "title", "imageName")] == [
                .init(viewId: "title", attribute: "width", value: .number(0), source: nil), nil,
            ])
    }

    @Test func attributesComeInTheStandardOrderThenExtensionsByName() throws {
        let table = try table("Header", on: .iPhone6)
        let attributes = table.rows.filter { $0.viewId == "headline" }.map(\.attribute)
        #expect(attributes == ["marginLeft", "marginRight", "marginTop", "marginBottom", "width", "height", "isBold"])
        #expect(
            (row(table, "headline", "isBold")?.value, table.rows.map(\.viewId).first) == (.bool(true), "back"))
    }

    @Test func aDeviceWithoutAFileOfItsOwnReadsThroughItsFallbacks() throws {
        let table = try table("Header", on: .iPhone14Pro)
        #expect(
            (
                table.lookup, table.filesRead,
                table.rows.allSatisfy { $0.source == "Header_iPhone6.json" || $0.source == nil }
            ) == (["Header_iPhone14Pro.json", "Header_iPhone6.json", "Header.json"], ["Header_iPhone6.json"], true))
    }

    @Test func theBundledSeedShowsItsValuesOnIPhone6Plus() throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: .iPhone6Plus))
        let table = try RecordTable(
            container: "BMTReportCalendarDayButton", device: profile, catalog: .standard,
            source: DirectorySource(Fixtures.bundledConstraints))
        let selected = table.rows.filter { $0.viewId == "bmt_reportCalendarDayButtonId_Selected" }
        #expect(
            (
                selected.map(\.value),
                table.rows.filter { $0.viewId == "bmt_reportCalendarDayButtonId_Normal" }.map(\.value).last
            ) == ([6, 0, 0, 0, 60, 60].map(ConstraintValue.number), .number(20)))
    }

    // MARK: - Errors

    @Test func aContainerWithoutFilesOnTheChainSuggestsASimilarName() throws {
        let error = try #require(throws: ConstraintError.self) { try table("Crad", on: .iPhone6) }
        #expect(
            (error.code, error.message.contains("looked for Crad_iPhone6.json, Crad.json; did you mean \"Card\"?"))
                == (.fileNotFound, true), "\(error.message)")
    }

    /// A container whose files are all for other devices: not "did you mean" itself, but which devices have files
    /// and what to add.
    @Test func aContainerWithFilesOnlyForOtherDevicesSaysForWhichAndWhatToAdd() throws {
        let error = try #require(throws: ConstraintError.self) { try table("Card", on: .iPhone5, in: "OneDevice") }
        #expect(
            (
                error.code, error.message.contains("did you mean"),
                error.message.hasSuffix(
                    #"the folder has files of "Card" only for iPhone6: add Card.json, which every device reads, or a file "#
                        + "for a device this one falls back to")
            ) == (.fileNotFound, false, true), "\(error.message)")
    }

    @Test func aBrokenFileOnTheChainIsTheParsersError() throws {
        let error = try #require(throws: ConstraintError.self) { try table("WrongType", on: .iPhone6, in: "Errors") }
        #expect((error.file, error.line) == ("WrongType.json", 3))
    }

    @Test func anInvalidContainerNameIsRejectedBeforeAnyFileIsRead() throws {
        let error = try #require(throws: ConstraintError.self) { try table("../Card", on: .iPhone6) }
        #expect(error.code == .invalidName)
    }

    // MARK: - Output

    @Test func theTextHasAHeaderAndAnAlignedTable() throws {
        let lines = try table("Card", on: .iPhone5).text(directory: "Clean").components(separatedBy: "\n")
        #expect(
            Array(lines.prefix(7)) == [
                "container:   Card",
                "device:      iPhone5 (phone, 320×568)",
                "lookup:      Card_iPhone5.json → Card.json",
                "files read:  Clean/Card_iPhone5.json, Clean/Card.json",
                "",
                "view   attribute     value   source",
                "title  marginLeft    12.0    Card_iPhone5.json:3:18",
            ])
        #expect(
            (lines.contains("title  width         0.0     default (0)"), lines.last)
                == (true, "icon   imageName     \"card\"  Card.json:4:44"), "\(lines)")
    }

    @Test func theTextNamesTheWindowADeviceWasResolvedFrom() throws {
        let text = try table("Card", on: .iPhone5).text(directory: "Clean", window: "330×600")
        #expect(text.contains("device:      iPhone5 (phone, 320×568), resolved from a 330×600 window"))
    }

    @Test func theJSONIsValidWithTheDocumentedShape() throws {
        let object = try #require(try table("Card", on: .iPhone5).json(directory: "Clean").parsed() as? [String: Any])
        #expect(
            (
                object["container"] as? String, (object["device"] as? [String: Any])?["name"] as? String,
                object["filesRead"] as? [String]
            ) == ("Card", "iPhone5", ["Clean/Card_iPhone5.json", "Clean/Card.json"]))
        let views = try #require(object["views"] as? [[String: Any]])
        #expect(views.map { $0["id"] as? String } == ["title", "icon"])
        let attributes = try #require(views[0]["attributes"] as? [[String: Any]])
        #expect(
            (
                attributes[0]["name"] as? String, attributes[0]["value"] as? Double,
                attributes[0]["source"] as? String,
                attributes.first { $0["name"] as? String == "width" }?["source"] is NSNull
            ) == ("marginLeft", 12, "Card_iPhone5.json", true))
    }
}

// MARK: - Issue 27: output linear in the input

extension RecordTableTests {
    @Test func oneLongViewIdDoesNotPadEveryRowToItsWidth() throws {
        let long = String(repeating: "x", count: 20_000)
        var views = (0..<1_000).map { #"{"v\#($0)": {"height": 1}}"# }
        views.append(#"{"\#(long)": {"height": 2}}"#)
        let text = #"{"Card": ["# + views.joined(separator: ",\n") + "]}"
        let folder = try ScratchFolder(["Card.json": text])
        let result = DeviceConstraintsTool().run(
            .show(ShowOptions(container: "Card", directory: folder.url.path, device: .named("iPhone6"))))
        // Padded to the long id, the rows would print 20 MB; linear output is a few times the file (the id is printed
        // a few times over).
        #expect(
            (result.exitCode, result.output.contains(long), result.output.utf8.count < 10 * text.utf8.count)
                == (.success, true, true), "\(result.output.utf8.count) bytes; \(result.errorOutput)")
    }

    @Test func aTableCellWiderThanTheCapIsNotPaddedAndDoesNotWidenItsColumn() {
        let wide = String(repeating: "w", count: TextTable.maximumPaddedWidth + 1)
        let table = TextTable(rows: [["a", "1"], [wide, "2"], ["bb", "3"]])
        #expect(table.rendered == "a   1\n\(wide)  2\nbb  3")
    }
}
