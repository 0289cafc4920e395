import DeviceConstraintsTooling
import Foundation
import Testing

struct OutputTests {
    // MARK: - JSONValue

    @Test func jsonKeepsTheOrderOfKeysAndIndentsByTwoSpaces() {
        let value = JSONValue.object([
            ("b", .integer(1)), ("a", .array([.bool(true), .null])), ("empty", .object([])), ("none", .array([])),
        ])
        #expect(
            value.rendered == """
                {
                  "b": 1,
                  "a": [
                    true,
                    null
                  ],
                  "empty": {},
                  "none": []
                }
                """)
    }

    @Test func jsonOnOneLineIsTheSameValueWithoutNewlines() throws {
        let value = JSONValue.object([
            ("b", .integer(1)), ("a", .array([.bool(true), .string("x\ny")])), ("empty", .object([])),
        ])
        #expect(value.line == #"{"b": 1, "a": [true, "x\ny"], "empty": {}}"#)
        #expect(value.setting("changed", to: .null)?.line.hasPrefix(#"{"changed": null, "b": 1"#) == true)
        #expect(value.setting("b", to: .integer(2))?.line.hasPrefix(#"{"b": 2, "a""#) == true)
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControlCharacters() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} é 🙂"
        let rendered = JSONValue.string(text).rendered
        #expect(rendered == #""quote \" backslash \\ newline \n tab \t bell \u0007 é 🙂""#)
        #expect(try JSONValue.array([.string(text)]).parsed() as? [String] == [text])
    }

    @Test func jsonNumbersAreValidAndNonFiniteOnesAreNull() throws {
        let value = JSONValue.array([.number(6), .number(-3.5), .number(1e20), .number(1e-5), .number(.infinity)])
        #expect(value.rendered.contains("6.0"))
        let parsed = try #require(try value.parsed() as? [Any])
        #expect(parsed.prefix(4).compactMap { ($0 as? NSNumber)?.doubleValue } == [6, -3.5, 1e20, 1e-5])
        #expect(parsed.last is NSNull)
    }

    @Test func nullableValuesAreNullWhenNil() {
        #expect(JSONValue.nullable(nil as String?).rendered == "null")
        #expect(JSONValue.nullable(nil as Int?).rendered == "null")
        #expect(JSONValue.nullable(3).rendered == "3")
    }

    // MARK: - TextTable

    @Test func aTableAlignsColumnsAndLeavesNoTrailingSpaces() {
        let table = TextTable(header: ["name", "size"], rows: [["iPhone5", "320×568"], ["iPad", "768×1024"]])
        #expect(
            table.rendered == """
                name     size
                iPhone5  320×568
                iPad     768×1024
                """)
    }

    @Test func cjkCellsArePaddedByTheirDisplayWidth() {
        let table = TextTable(header: ["name", "size"], rows: [["カード", "1"], ["Card", "2"], ["見出し表示", "3"]])
        #expect(
            table.rendered == """
                name        size
                カード      1
                Card        2
                見出し表示  3
                """)
        #expect(DisplayWidth.of("カード") == 6 && DisplayWidth.of("Card") == 4 && DisplayWidth.of("320×568") == 7)
        #expect(DisplayWidth.of("한글") == 4 && DisplayWidth.of("ｶ") == 1 && DisplayWidth.of("é") == 1)
        #expect(DisplayWidth.truncating("カードの一覧", to: 7) == "カード…")
        #expect(DisplayWidth.truncating("Card", to: 4) == "Card")
        #expect(DisplayWidth.truncating("Cards", to: 4) == "Car…")
    }

    @Test func emptyCellsAtTheEndOfALineLeaveNoTrailingSpaces() {
        let table = TextTable(header: ["view", "value", "rule"], rows: [["a", "1", ""], ["b", "2", "scaled"]])
        #expect(
            table.rendered == """
                view  value  rule
                a     1
                b     2      scaled
                """)
    }

    @Test func aTableWithoutRowsIsItsHeader() {
        #expect(TextTable(header: ["a", "b"], rows: []).rendered == "a  b")
        #expect(TextTable(rows: []).rendered == "")
    }

    // MARK: - Paths and counts

    @Test(arguments: [
        ("Constraints", "Constraints/Card.json"), ("Constraints/", "Constraints/Card.json"),
        ("Constraints//", "Constraints/Card.json"), (".", "Card.json"), ("./", "Card.json"), ("", "Card.json"),
        ("/", "/Card.json"), ("/tmp/c", "/tmp/c/Card.json"), ("../Other", "../Other/Card.json"),
    ])
    func aPathStartsWithTheFolderAsTyped(directory: String, expected: String) {
        #expect(DisplayPath.join(directory, "Card.json") == expected)
    }

    @Test func aCountIsSingularOnlyForOne() {
        #expect(counted(0, "file") == "0 files")
        #expect(counted(1, "file") == "1 file")
        #expect(counted(2, "error") == "2 errors")
    }
}
