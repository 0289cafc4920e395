import Foundation
import Testing

@testable import DeviceConstraints

/// An update as one file (the bundle's format, both ways), and its version.
struct ConstraintUpdateTests {
    // MARK: - The bundle

    @Test func aBundleReadsBackAsTheUpdateItWasWrittenFrom() throws {
        let update = ConstraintUpdate(
            version: "1.4.2",
            files: [
                "Card.json": Data(#"{"Card": [{"title": {"imageName": "a\"b\\c", "height": 44}}]}"#.utf8),
                "Card_iPad.json": Data(
                    "{\n\t\"Card\": [{\"t\u{e9}tle\u{1F600}\": {\"x\": \"\u{1}\u{1f}\"}}]\r\n}".utf8),
                "Empty.json": Data(),
            ])
        let read = try ConstraintUpdate(data: update.data())
        #expect((read, read.version, read.files["Card_iPad.json"]) == (update, "1.4.2", update.files["Card_iPad.json"]))
    }

    @Test func aBundleOfTheFixturesReadsItsVersionAndFiles() throws {
        let update = try ConstraintUpdate(data: Fixtures.data("Store/Updates", "2.json"))
        #expect((update.version, update.files.keys.sorted()) == ("2", ["Badge.json", "Card_iPad.json"]))
        let card = try ConstraintFileParser().parse(
            try #require(update.files["Card_iPad.json"]), fileName: "Card_iPad.json")
        #expect(card["title"]?.height == 72)
    }

    /// A signature is made over the bytes downloaded: `data()` must give them back as they were, spaces and order
    /// included, not a rewriting of them.
    @Test func dataIsTheExactBytesABundleWasReadFrom() throws {
        let bytes = Data(#"  {"files" :[ {"text":"{\"A\": []}",  "name":"A.json"}], "version":"7"}  "#.utf8)
        let update = try ConstraintUpdate(data: bytes)
        #expect(update.data() == bytes)
        #expect(ConstraintUpdate(version: update.version, files: update.files).data() != bytes)
    }

    @Test func aBundleOverTheLimitIsRefusedBeforeItIsParsed() throws {
        // Not JSON at all: a parse would say so; the size is checked first.
        let bytes = Data(repeating: UInt8(ascii: "x"), count: 1_001)
        expectError(.fileTooLarge, says: "1001 bytes, over the limit of 1000 bytes") {
            try ConstraintUpdate(data: bytes, maximumSize: 1_000)
        }
        #expect(ConstraintUpdate.defaultMaximumSize == 64 << 20)
    }

    struct BadBundle: Sendable, CustomTestStringConvertible {
        let text: String
        let code: ConstraintError.Code
        let line: Int
        let column: Int
        let says: String
        var testDescription: String { says }
    }

    static let badBundles = [
        BadBundle(text: "[]", code: .invalidUpdate, line: 1, column: 1, says: "an object with a \"version\""),
        BadBundle(text: #"{"files": []}"#, code: .invalidUpdate, line: 1, column: 1, says: "has no \"version\""),
        BadBundle(text: #"{"version": "1"}"#, code: .invalidUpdate, line: 1, column: 1, says: "has no \"files\""),
        BadBundle(
            text: #"{"version": 1, "files": []}"#, code: .invalidUpdate, line: 1, column: 13, says: "must be a string"),
        BadBundle(
            text: "{\"version\": \"1\",\n \"file\": []}", code: .invalidUpdate, line: 2, column: 2,
            says: "unknown key \"file\""),
        BadBundle(
            text: #"{"version": "1", "files": [{"name": "A.json"}]}"#, code: .invalidUpdate, line: 1, column: 28,
            says: "has a \"name\" and a \"text\""),
        BadBundle(
            text: #"{"version": "1", "files": [{"name": "A.json", "text": ""}, {"name": "A.json", "text": ""}]}"#,
            code: .invalidUpdate, line: 1, column: 60, says: "listed twice"),
        BadBundle(
            text: #"{"version": "1", "files": [{"name": "A.json", "text": 3}]}"#, code: .invalidUpdate, line: 1,
            column: 55, says: "\"text\" must be a string"),
        BadBundle(text: #"{"version": "1", "files": [}"#, code: .malformedJSON, line: 1, column: 28, says: "expected"),
        BadBundle(
            text: #"{"version": "1.x", "files": []}"#, code: .invalidVersion, line: 0, column: 0,
            says: "other than digits and dots"),
    ]

    @Test(arguments: badBundles)
    func aBundleThatIsNotOneSaysWhatAndWhere(_ bad: BadBundle) {
        do {
            _ = try ConstraintUpdate(data: Data(bad.text.utf8))
            Issue.record("read \(bad.text)")
        } catch {
            if bad.line > 0 {
                expectError(error, bad.code, file: "update bundle", line: bad.line, column: bad.column, says: bad.says)
            } else {
                expectError(error, bad.code, says: bad.says)
            }
        }
    }

    // MARK: - Versions

    @Test func versionsCompareNumberByNumber() throws {
        func version(_ text: String) throws -> UpdateVersion { try UpdateVersion(text) }
        #expect(try version("10") > version("9"))
        #expect(try version("1.10") > version("1.9"))
        #expect(try version("1.0.1") > version("1"))
        #expect(try version("2") == version("2.0.0"))
        #expect(try version("0") < version("0.0.1"))
        #expect(try version("999999999999999999") > version("99999999999999999.9"))
        #expect(try version("3.2.1").description == "3.2.1")
    }

    @Test(arguments: [
        "", "1.", ".1", "1..2", "v1", "1.2b", "+1", "-1", "01", "1.02", " 1", "1 ", "1,2", "١",
        "1234567890123456789", String(repeating: "1.", count: 32) + "1",
    ])
    func aVersionThatIsNotDotSeparatedNumbersIsRefused(_ text: String) {
        expectError(.invalidVersion, says: "a version is numbers separated by dots") { try UpdateVersion(text) }
    }
}
