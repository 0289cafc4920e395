import DeviceConstraints
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
        let changed = [value.setting("changed", to: .null)?.line, value.setting("b", to: .integer(2))?.line]
        #expect(
            zip(changed, [#"{"changed": null, "b": 1"#, #"{"b": 2, "a""#]).map { $0?.hasPrefix($1) } == [true, true],
            "\(changed)")
    }

    @Test func jsonStringsEscapeQuotesBackslashesAndControlCharacters() throws {
        let text = "quote \" backslash \\ newline \n tab \t bell \u{07} é 🙂"
        let rendered = JSONValue.string(text).rendered
        #expect(
            (rendered, try JSONValue.array([.string(text)]).parsed() as? [String])
                == (#""quote \" backslash \\ newline \n tab \t bell \u0007 é 🙂""#, [text]))
    }

    @Test func jsonNumbersAreValidAndNonFiniteOnesAreNull() throws {
        let value = JSONValue.array([.number(6), .number(-3.5), .number(1e20), .number(1e-5), .number(.infinity)])
        let parsed = try #require(try value.parsed() as? [Any])
        #expect(
            (
                value.rendered.contains("6.0"), parsed.prefix(4).compactMap { ($0 as? NSNumber)?.doubleValue },
                parsed.last is NSNull
            ) == (true, [6, -3.5, 1e20, 1e-5], true), "\(value.rendered)")
    }

    @Test func nullableValuesAreNullWhenNil() {
        #expect(
            [
                JSONValue.nullable(nil as String?).rendered, JSONValue.nullable(nil as Int?).rendered,
                JSONValue.nullable(3).rendered,
            ]
                == ["null", "null", "3"])
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
        for (text, width) in [("カード", 6), ("Card", 4), ("320×568", 7), ("한글", 4), ("ｶ", 1), ("é", 1)] {
            #expect(DisplayWidth.of(text) == width, "\(text)")
        }
        for (text, width, truncated) in [("カードの一覧", 7, "カード…"), ("Card", 4, "Card"), ("Cards", 4, "Car…")] {
            #expect(DisplayWidth.truncating(text, to: width) == truncated, "\(text) in \(width)")
        }
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
        #expect([TextTable(header: ["a", "b"], rows: []).rendered, TextTable(rows: []).rendered] == ["a  b", ""])
    }

    // MARK: - TerminalText

    /// Every scalar a terminal acts on: the C0 controls, DEL, the C1 controls, the bidirectional controls.
    static let unsafeScalars: [Unicode.Scalar] = {
        let values: [UInt32] =
            Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F] + Array(0x202A...0x202E)
            + Array(0x2066...0x2069)
        return values.compactMap { Unicode.Scalar($0) }
    }()

    @Test func everyControlCharacterIsEscapedAndTheLineFeedEndsALine() {
        for scalar in Self.unsafeScalars {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            let text = "a\(Character(scalar))b"
            #expect(
                (TerminalText.line(text), TerminalText.escaped(text))
                    == ("a\(escape)b", scalar == "\n" ? text : "a\(escape)b"), "\(escape)")
        }
        #expect(
            (
                TerminalText.escaped("t\u{1B}[2J\n"), TerminalText.escaped("\u{1B}]0;PWNED\u{07}"),
                TerminalText.line("two\nlines\r\n")
            ) == ("t\\u001B[2J\n", "\\u001B]0;PWNED\\u0007", "two\\u000Alines\\u000D\\u000A"))
    }

    @Test func textWithoutControlCharactersIsPrintedAsItIs() {
        // Neighbours of the escaped ranges in UTF-8 (0xC2 0xA0, 0xE2 0x80 0x8D, 0xE2 0x81 0xA5, …), marks and emoji.
        let text = "name → Größe\u{A0}\u{200D}\u{2028}\u{2065}\u{206A}\u{061B}\u{061D}\u{2010}\u{202F} e\u{301} 🙂 カード\n"
        #expect(
            (TerminalText.escaped(text), TerminalText.line("plain"), TerminalText.escaped(""), Self.unsafeScalars.count)
                == (text, "plain", "", 32 + 33 + 3 + 5 + 4))
        for value in UInt32(0)...0x2FFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(TerminalText.isUnsafe(scalar) == Self.unsafeScalars.contains(scalar))
        }
    }

    @Test func escapedJSONIsStillValidJSONWithTheSameStrings() throws {
        let text = String(String.UnicodeScalarView(Self.unsafeScalars)) + " \"quoted\" \\ é"
        let value = JSONValue.object([("message", .string(text)), ("list", .array([.string(text)]))])
        for printed in [TerminalText.escaped(value.rendered), TerminalText.escaped(value.line)] {
            #expect(!printed.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" })
            let parsed = try #require(
                try JSONSerialization.jsonObject(with: Data(printed.utf8)) as? [String: Any])
            #expect((parsed["message"] as? String, parsed["list"] as? [String]) == (text, [text]))
        }
    }

    @Test func aResultIsEscapedHoweverItIsMadeOrChanged() {
        var result = ToolResult(output: "view t\u{1B}[2J", errorOutput: "file \u{9B}31m.json")
        #expect(result.output == "view t\\u001B[2J\n" && result.errorOutput == "file \\u009B31m.json\n")
        result.output += "\u{202E}"
        result.errorOutput = "\u{07}"
        #expect(result.output == "view t\\u001B[2J\n\\u202E" && result.errorOutput == "\\u0007")
        let json = ToolResult(json: .object([("id", .string("\u{1B}"))]))
        #expect(json.output == "{\n  \"id\": \"\\u001B\"\n}\n")
    }

    @Test func aTableCellAndALintDiagnosticStayOnTheirLine() {
        let table = TextTable(header: ["view", "value"], rows: [["a\nb", "1"], ["c", "\u{1B}[2J"]])
        #expect(table.rendered == "view      value\na\\u000Ab  1\nc         \\u001B[2J")
        let diagnostic = ConstraintDiagnostic(
            severity: .error, code: .missingDefault, message: "view \"x\ny\" has no default", file: "C\u{1B}.json")
        #expect(
            LintReport(diagnostics: [diagnostic], fileCount: 1).text
                == "C\\u001B.json: error: view \"x\\u000Ay\" has no default\n1 error in 1 file")
    }

    // MARK: - Paths and counts

    @Test(arguments: [
        ("Constraints", "Constraints/Card.json"), ("Constraints/", "Constraints/Card.json"),
        ("Constraints//", "Constraints/Card.json"), (".", "Card.json"), ("./", "Card.json"), ("", "Card.json"),
        ("/", "/Card.json"), ("/path/to/c", "/path/to/c/Card.json"), ("../Other", "../Other/Card.json"),
    ])
    func aPathStartsWithTheFolderAsTyped(directory: String, expected: String) {
        #expect(DisplayPath.join(directory, "Card.json") == expected)
    }

    @Test func aCountIsSingularOnlyForOne() {
        #expect([counted(0, "file"), counted(1, "file"), counted(2, "error")] == ["0 files", "1 file", "2 errors"])
    }
}
