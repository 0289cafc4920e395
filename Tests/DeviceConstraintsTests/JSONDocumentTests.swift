import Foundation
import Testing

@testable import DeviceConstraints

struct JSONDocumentTests {
    // MARK: - Helpers

    private static func document(_ text: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth) throws
        -> JSONDocument
    {
        try JSONDocument(bytes: Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// The error `bytes` is rejected with; fails the test and returns nil when it is accepted.
    private static func rejection(
        of bytes: [UInt8], maximumDepth: Int = JSONDocument.defaultMaximumDepth,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ConstraintError? {
        do {
            _ = try JSONDocument(bytes: bytes, maximumDepth: maximumDepth)
            Issue.record("the document was accepted", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    private static func rejection(
        of text: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> ConstraintError? {
        rejection(of: Array(text.utf8), maximumDepth: maximumDepth, sourceLocation: sourceLocation)
    }

    /// The single element of the array document `[text]`.
    private static func element(_ text: String) throws -> (JSONDocument, JSONDocument.Index) {
        let document = try document("[\(text)]")
        return (document, 1)
    }

    private static let conformanceFolder: URL? = Bundle.module.url(forResource: "Fixtures", withExtension: nil)?
        .appendingPathComponent("JSONConformance")

    private static func fixtureNames(prefix: String) -> [String] {
        guard let folder = conformanceFolder,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    private static func fixture(_ name: String) throws -> [UInt8] {
        let folder = try #require(conformanceFolder)
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    // MARK: - Conformance fixtures

    @Test func theConformanceSuiteHasEnoughCasesOfEachKind() {
        let counts = (valid: Self.fixtureNames(prefix: "y_").count, invalid: Self.fixtureNames(prefix: "n_").count)
        #expect(counts.valid >= 40 && counts.invalid >= 60, "\(counts)")
    }

    @Test(arguments: fixtureNames(prefix: "y_"))
    func acceptsEveryValidConformanceCase(_ name: String) throws {
        let document = try JSONDocument(bytes: try Self.fixture(name))
        #expect(document.count > 0)
    }

    @Test(arguments: fixtureNames(prefix: "n_"))
    func rejectsEveryInvalidConformanceCaseWithALocation(_ name: String) throws {
        let bytes = try Self.fixture(name)
        let error = try #require(Self.rejection(of: bytes))
        #expect(
            [.malformedJSON, .nestingTooDeep].contains(error.code) && (error.line ?? 0) >= 1 && (error.column ?? 0) >= 1
                && !error.message.isEmpty, "\(error)")
    }

    @Test func acceptsTheSameConformanceCasesFromData() throws {
        let document = try JSONDocument(data: Data(try Self.fixture("y_object_nested.json")))
        #expect(document.kind(document.root) == .object)
        expectConstraintError {
            try JSONDocument(data: Data(try Self.fixture("n_array_trailing_comma.json")))
        }
    }

    // MARK: - Strings

    @Test func decodesEveryShortEscape() throws {
        let (document, string) = try Self.element(#""\"\\\/\b\f\n\r\t""#)
        #expect(document.string(string) == "\"\\/\u{8}\u{C}\n\r\t")
    }

    @Test func decodesUnicodeEscapesInBothCases() throws {
        let (document, string) = try Self.element(#""\u0041\u00e9\u00E9\u20AC\u0000""#)
        #expect(document.string(string) == "Aéé€\u{0}")
    }

    @Test func combinesASurrogatePairIntoOneScalar() throws {
        let (document, string) = try Self.element(#""a\uD83D\uDE00b""#)
        #expect(
            (document.string(string), document.string(string).unicodeScalars.count) == ("a😀b", 3))
    }

    @Test func decodesTheLastScalarFromASurrogatePair() throws {
        let (document, string) = try Self.element(#""\uDBFF\uDFFF""#)
        #expect(document.string(string) == "\u{10FFFF}")
    }

    @Test func keepsRawUTF8AsItIs() throws {
        let (document, string) = try Self.element(#""é € 中文 😀""#)
        #expect(document.string(string) == "é € 中文 😀")
    }

    @Test func decodesLongStringsWithAndWithoutEscapes() throws {
        let plain = String(repeating: "abcdefghij", count: 30)
        let (document, string) = try Self.element("\"\(plain)\"")
        let (escapedDocument, escaped) = try Self.element("\"\(plain)\\n\(plain)\"")
        #expect([document.string(string), escapedDocument.string(escaped)] == [plain, plain + "\n" + plain])
    }

    @Test func decodesTheEmptyString() throws {
        let (document, string) = try Self.element(#""""#)
        #expect((document.string(string), ["", "a"].map { document.stringEquals(string, $0) }) == ("", [true, false]))
    }

    @Test func comparesStringsWithoutEscapesByteForByte() throws {
        let (document, string) = try Self.element(#""marginLeft""#)
        let cases = [("marginLeft", true), ("marginleft", false), ("marginLef", false), ("marginLeft2", false)]
        for (other, equal) in cases {
            #expect(document.stringEquals(string, other) == equal, "\(other)")
        }
    }

    @Test func comparesStringsWithEscapesByTheirDecodedValue() throws {
        let (document, string) = try Self.element(#""margin\u004Ceft\n""#)
        let cases = [("marginLeft\n", true), ("marginLeft", false), (#"margin\u004Ceft\n"#, false)]
        for (other, equal) in cases {
            #expect(document.stringEquals(string, other) == equal, "\(other.debugDescription)")
        }
    }

    @Test func comparesUnicodeScalarsWithoutCanonicalEquivalence() throws {
        let (document, string) = try Self.element(#""é""#)
        #expect(["\u{E9}", "e\u{301}"].map { document.stringEquals(string, $0) } == [true, false])
    }

    @Test func doesNotCompareOtherKindsToStrings() throws {
        let (document, number) = try Self.element("60")
        #expect(!document.stringEquals(number, "60"))
    }

    @Test func givesTheSourceTextOfScalars() throws {
        let document = try Self.document(#"["six\tty", 1E+2, true, false, null, {}, []]"#)
        let elements = Array(document.elements(document.root))
        #expect(
            elements.map { document.rawText($0) } == [#""six\tty""#, "1E+2", "true", "false", "null", "{...}", "[...]"])
    }

    // MARK: - Numbers

    @Test(arguments: [
        ("0.1", 0.1), ("1e-7", 1e-7), ("123456789012345678901234567890", 123_456_789_012_345_678_901_234_567_890.0),
        ("2.5E3", 2500.0), ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("5e-324", Double.leastNonzeroMagnitude),
        ("1E+2", 100.0), ("-0.5E-7", -0.5e-7), ("60", 60.0), ("6.0", 6.0), ("-123", -123.0),
        ("9007199254740993", 9_007_199_254_740_993.0), ("2.2250738585072014e-308", 2.2250738585072014e-308),
        ("0.30000000000000004", 0.30000000000000004), ("1e22", 1e22), ("1e23", 1e23),
        ("0.10000000000000000000000000000000000000001", 0.1), ("123456.789e-3", 123.456789),
        // 20 digits whose 64-bit mantissa wraps to exactly 0: must not read as 0.
        ("18446744073709551616", 18_446_744_073_709_551_616.0), ("0.18446744073709551616", 0.18446744073709551616),
    ])
    func convertsNumbersToTheNearestDouble(_ literal: String, _ expected: Double) throws {
        let (document, number) = try Self.element(literal)
        #expect((document.kind(number), document.number(number)) == (.number, expected))
    }

    @Test func keepsTheSignOfNegativeZero() throws {
        let cases: [(String, FloatingPointSign)] = [("-0.0", .minus), ("0e5", .plus), ("-0", .minus)]
        for (literal, sign) in cases {
            let (document, number) = try Self.element(literal)
            #expect(
                (document.number(number), document.number(number).sign) == (0, sign), "\(literal)")
        }
    }

    @Test func givesInfinityAndZeroForHugeExponents() throws {
        let cases: [(String, Double)] = [
            ("1e999999", .infinity), ("-1e99999999999999999999", -.infinity), ("1e-999999", 0),
        ]
        for (literal, expected) in cases {
            let (document, number) = try Self.element(literal)
            #expect(document.number(number) == expected, "\(literal)")
        }
    }

    @Test func convertsLikeTheStandardLibraryForManyLiterals() throws {
        // A fixed seed, so a failure can be reproduced.
        var generator = SeededRandom(seed: 0x2545_F491_4F6C_DD1D)
        func random(_ bound: Int) -> Int { generator.next(below: bound) }
        var literals: [String] = []
        for _ in 0..<5000 {
            // 1 to 20 significant digits, around and beyond 2^53, with exponents around and beyond ±22.
            var digits = String(random(9) + 1)
            for _ in 0..<random(20) { digits += String(random(10)) }
            let point = random(digits.count + 1)
            var literal = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if literal.hasPrefix(".") { literal = "0" + literal }
            if literal.hasSuffix(".") { literal.removeLast() }
            if random(3) != 0 { literal += "e\(random(80) - 40)" }
            if random(2) == 0 { literal = "-" + literal }
            literals.append(literal)
        }
        let document = try Self.document("[" + literals.joined(separator: ",") + "]")
        #expect(document.count(document.root) == literals.count)
        for (literal, index) in zip(literals, document.elements(document.root)) {
            #expect(document.number(index) == Double(literal), "\(literal)")
        }
    }

    @Test func tellsIntegersFromOtherNumbers() throws {
        let document = try Self.document(#"[60, -3, 60.0, 1e2, 0, "60"]"#)
        let elements = Array(document.elements(document.root))
        #expect(elements.map { document.isInteger($0) } == [true, true, false, false, true, false])
    }

    // MARK: - Error messages and locations

    /// Malformed texts, each with the message, line and column of its error. Typed: as the argument list of
    /// `@Test`, the literal took 966 ms to type-check.
    static let malformed: [(String, String, Int, Int)] = [
        (#"{"a": 1 x}"#, "expected ',' or '}' after object member, found 'x'", 1, 9),
        (#"{"a": 1"#, "unexpected end of input; expected ',' or '}'", 1, 8),
        (#"{"#, "unexpected end of input; expected a string key or '}'", 1, 2),
        (#"[1 2]"#, "expected ',' or ']' after array element, found '2'", 1, 4),
        (#"{"a" 1}"#, "expected ':' after object key, found '1'", 1, 6),
        (#"{"a":1, 2}"#, "expected a string key after ',', found '2'", 1, 9),
        (#"[1,]"#, "trailing comma before ']'", 1, 3),
        (#"{"a":1,}"#, "trailing comma before '}'", 1, 7),
        (#"["\q"]"#, #"invalid escape '\q' in string"#, 1, 3),
        ("[\"a\nb\"]", "control character U+000A must be escaped in a string", 1, 4),
        ("[\"a\tb\"]", "control character U+0009 must be escaped in a string", 1, 4),
        (
            #"["\uD800"]"#,
            #"unpaired surrogate '\uD800' in string; a high surrogate \uD800-\uDBFF must be followed by a low surrogate \uDC00-\uDFFF"#,
            1, 3
        ),
        (#"["\u12G4"]"#, #"invalid escape '\u12G4' in string; expected 4 hexadecimal digits after '\u'"#, 1, 3),
        (#"["\u12"]"#, #"invalid escape '\u12' in string; expected 4 hexadecimal digits after '\u'"#, 1, 3),
        (#"["abc"#, #"unterminated string; expected '"' before the end of input"#, 1, 2),
        ("[1] // note", "comments are not allowed in JSON", 1, 5),
        ("/* note */ [1]", "comments are not allowed in JSON", 1, 1),
        ("[NaN]", "'NaN' is not valid JSON; write a number", 1, 2),
        ("[-Infinity]", "'-Infinity' is not valid JSON; write a finite number", 1, 2),
        ("[Infinity]", "'Infinity' is not valid JSON; write a finite number", 1, 2),
        ("[True]", "'True' is not valid JSON; use true, false or null", 1, 2),
        ("['a']", "single quotes are not allowed in JSON; strings use double quotes '\"'", 1, 2),
        ("[012]", "leading zeros are not allowed in numbers, found '012'", 1, 2),
        ("[+1]", "numbers cannot start with '+'", 1, 2),
        ("[1.]", "expected a digit after '.' in a number, found ']'", 1, 4),
        ("[1e]", "expected a digit after the exponent marker in a number, found ']'", 1, 4),
        ("-", "unexpected end of input; expected a digit after '-'", 1, 2),
        ("[1.2.3]", "expected ',' or ']' after array element, found '.'", 1, 5),
        ("[-]", "expected a digit after '-' in a number, found ']'", 1, 3),
        ("[tru]", "expected a value or ']', found 'tru'", 1, 2),
        ("[1, hello]", "expected a value after ',', found 'hello'", 1, 5),
        (#"{"a": }"#, "expected a value after ':', found '}'", 1, 7),
        ("", "unexpected end of input; expected a JSON value", 1, 1),
        ("  \n ", "unexpected end of input; expected a JSON value", 2, 2),
        ("[1]x", "expected end of input after the root value, found 'x'", 1, 4),
        ("[1]\u{0}", "expected end of input after the root value, found U+0000", 1, 4),
        ("[é]", "expected a value or ']', found 'é'", 1, 2),
    ]

    @Test(arguments: malformed)
    func explainsWhatWasFoundAndWhatWasExpected(_ text: String, _ message: String, _ line: Int, _ column: Int) throws {
        let error = try #require(Self.rejection(of: text))
        #expect(
            (error.code, error.message, error.line, error.column) == (.malformedJSON, message, line, column))
    }

    @Test func namesTheBytesOfInvalidUTF8() throws {
        let lone = Self.rejection(of: [0x5B, 0x22, 0xFF, 0x22, 0x5D])
        #expect((lone?.message, lone?.column) == ("invalid UTF-8 byte 0xFF in string", 3))
        let surrogate = Self.rejection(of: [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D])
        let outside = Self.rejection(of: [0x5B, 0xFF, 0x5D])
        #expect(
            [surrogate?.message, outside?.message] == [
                "invalid UTF-8 sequence 0xED 0xA0 0x80 in string", "expected a value or ']', found byte 0xFF",
            ])
    }

    /// A file saved as UTF-16 (Windows editors do it) is named as such, with or without a byte order mark.
    @Test func namesAFileSavedAsUTF16() throws {
        let text = #"{"Card": {}}"#
        let littleEndian = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let bigEndian = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [[0xFF, 0xFE] + littleEndian, [0xFE, 0xFF] + bigEndian, littleEndian, bigEndian] {
            let error = Self.rejection(of: bytes)
            #expect(
                (error?.message, error?.line) == ("the file is UTF-16, not UTF-8; save it as UTF-8", 1),
                "\(bytes.prefix(4))")
        }
        // A UTF-8 byte order mark is skipped, so such a file is read.
        #expect(throws: Never.self) { try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8)) }
    }

    @Test func findsTheFirstBadCharacterAtEveryPositionInALongString() throws {
        // Positions inside and across the 8-byte words the string scanner reads at once.
        for position in 0..<20 {
            let prefix = [UInt8](repeating: UInt8(ascii: "a"), count: position)
            let suffix = [UInt8](repeating: UInt8(ascii: "b"), count: 20)
            // `["<prefix><bad><suffix>"]`, built with its type stated: the sums of literals inside the macros took
            // seconds to type-check.
            let open: [UInt8] = [0x5B, 0x22] + prefix
            let close: [UInt8] = suffix + [0x22, 0x5D]
            let control = Self.rejection(of: open + [0x01] + close)
            let invalid = Self.rejection(of: open + [0xC0, 0x80] + close)
            #expect(
                [control?.message, invalid?.message] == [
                    "control character U+0001 must be escaped in a string",
                    "invalid UTF-8 sequence 0xC0 0x80 in string",
                ] && [control?.column, invalid?.column] == [position + 3, position + 3], "at \(position)")
            // "aaa\"é\\bbb"
            let escaped: [UInt8] = [0x22] + prefix + Array(#"\"é\\"#.utf8) + suffix + [0x22]
            let document = try JSONDocument(bytes: escaped)
            let unescaped: String =
                String(repeating: "a", count: position) + #""é\"# + String(repeating: "b", count: 20)
            #expect(document.string(document.root) == unescaped, "at \(position)")
        }
    }

    @Test func countsColumnsInCharactersNotBytes() throws {
        let error = Self.rejection(of: "[\n1,\n\"é\",x]")
        #expect((error?.line, error?.column, error?.message) == (3, 5, "expected a value after ',', found 'x'"))
    }

    @Test func countsACarriageReturnLineFeedAsOneLineBreak() throws {
        let error = Self.rejection(of: "{\r\n  \"a\": x}")
        #expect((error?.line, error?.column) == (2, 8))
    }

    @Test func skipsOneByteOrderMarkWithoutCountingIt() throws {
        let document = try JSONDocument(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": 1}"#.utf8))
        #expect(document.location(of: document.root) == (1, 1))
        #expect(
            (document.offset(document.root), Self.rejection(of: [0xEF, 0xBB, 0xBF] + Array("[1,]".utf8))?.column) == (
                3, 3
            ))
    }

    @Test func locatesValuesByLineAndColumn() throws {
        let document = try Self.document("{\n  \"名前\": \"x\",\n\t\"w\": 60\n}")
        let members = Array(document.members(document.root))
        let locations = [
            document.location(of: members[0].key), document.location(of: members[0].value),
            document.location(of: members[1].value), document.location(ofOffset: 0),
        ]
        #expect(locations.map { "\($0.0):\($0.1)" } == ["2:3", "2:9", "3:7", "1:1"])
    }

    // MARK: - Depth

    @Test func rejects100000NestedArraysWithoutOverflowingTheStack() throws {
        let error = Self.rejection(of: [UInt8](repeating: 0x5B, count: 100_000))
        #expect(
            (error?.code, error?.message, error?.line, error?.column)
                == (.nestingTooDeep, "nesting exceeds the maximum depth of 512", 1, 513))
    }

    @Test func reads100000NestedArraysWhenTheLimitAllowsIt() throws {
        let depth = 100_000
        let bytes = [UInt8](repeating: 0x5B, count: depth) + [UInt8](repeating: 0x5D, count: depth)
        let document = try JSONDocument(bytes: bytes, maximumDepth: depth)
        // count, next(root), count(depth - 1), count(depth - 2).
        #expect(
            (document.count, document.next(document.root), document.count(depth - 1), document.count(depth - 2))
                == (depth, depth, 0, 1))
    }

    @Test func acceptsTheDefaultMaximumDepthButNotOneMore() throws {
        let limit = JSONDocument.defaultMaximumDepth
        #expect(limit == 512)
        _ = try Self.document(String(repeating: "[", count: limit) + String(repeating: "]", count: limit))
        let error = try #require(
            Self.rejection(of: String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)))
        #expect(error.code == .nestingTooDeep)
    }

    @Test func respectsACustomMaximumDepth() throws {
        _ = try Self.document(#"{"a": [1]}"#, maximumDepth: 2)
        let error = Self.rejection(of: #"{"a": [{}]}"#, maximumDepth: 2)
        #expect(
            (error?.code, error?.message, error?.column) == (
                .nestingTooDeep, "nesting exceeds the maximum depth of 2", 8
            ))
        _ = try Self.document("42", maximumDepth: 0)
        #expect(Self.rejection(of: "[]", maximumDepth: 0)?.code == .nestingTooDeep)
    }

    // MARK: - Navigation

    private static let nested = """
        {"Container": [{"title": {"w": 60, "h": 6.5}}, [], {}, "x", [true, null]], "empty": {}, "n": null}
        """

    @Test func listsObjectMembersInDocumentOrder() throws {
        let document = try Self.document(Self.nested)
        #expect(
            (
                document.root, document.kind(document.root), document.count(document.root),
                document.members(document.root).count
            )
                == (0, .object, 3, 3))
        let members = Array(document.members(document.root))
        #expect(
            (members.map { document.string($0.key) }, members.map { document.kind($0.value) }) == (
                ["Container", "empty", "n"], [.array, .object, .null]
            ))
    }

    @Test func listsArrayElementsAndSkipsTheirDescendants() throws {
        let document = try Self.document(Self.nested)
        let container = try #require(
            document.members(document.root).first { document.stringEquals($0.key, "Container") })
        #expect(document.count(container.value) == 5)
        let elements = Array(document.elements(container.value))
        #expect(elements.map { document.kind($0) } == [.object, .array, .object, .string, .array])
        #expect(
            (document.next(elements[0]), document.next(elements[4])) == (elements[1], document.next(container.value)))
        #expect(
            (
                Array(document.elements(elements[4])).map { document.kind($0) },
                [document.elements(elements[1]).count, document.members(elements[2]).count]
            ) == ([.true, .null], [0, 0]))
    }

    @Test func reachesDeeplyNestedValues() throws {
        let document = try Self.document(Self.nested)
        let container = try #require(Array(document.members(document.root)).first?.value)
        let first = try #require(Array(document.elements(container)).first)
        let title = try #require(Array(document.members(first)).first)
        #expect(document.string(title.key) == "title")
        let size = Array(document.members(title.value))
        try #require(size.count == 2)
        #expect(document.stringEquals(size[0].key, "w") && document.isInteger(size[0].value))
        #expect([document.number(size[0].value), document.number(size[1].value)] == [60, 6.5])
        let literal = try #require(Self.nested.range(of: "6.5"))
        #expect(
            document.offset(size[1].value)
                == Self.nested.utf8.distance(from: Self.nested.startIndex, to: literal.lowerBound))
    }

    @Test func countsEveryValueAndKeyAsAToken() throws {
        let document = try Self.document(Self.nested)
        // The root, its 3 keys and 3 values; in Container: {"title": {"w": 60, "h": 6.5}} is 7 tokens,
        // [], {} and "x" one each, [true, null] three.
        #expect((document.count, document.next(document.root)) == (20, 20))
    }

    @Test func doesNotListElementsOfScalarsOrMembersOfArrays() throws {
        let document = try Self.document("[1, 2]")
        #expect(Array(document.members(document.root)).isEmpty)
        // elements(1).count, count(1), next(1).
        #expect((document.elements(1).count, document.count(1), document.next(1)) == (0, 0, 2))
    }

    @Test func storesEachTokenIn16Bytes() {
        #expect(MemoryLayout<JSONDocument.Token>.stride == 16)
    }

    @Test func readsAScalarRoot() throws {
        let document = try Self.document(#"  "root"  "#)
        #expect(
            (
                document.count, document.kind(document.root), document.string(document.root),
                document.offset(document.root)
            )
                == (1, .string, "root", 2))
    }
}
