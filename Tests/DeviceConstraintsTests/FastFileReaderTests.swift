import Foundation
import Testing

@testable import DeviceConstraints

/// The plain reader is a fast path: on every input it must either give up or give exactly what the general
/// reader (a `JSONDocument` and the full checks) gives. These tests read the same bytes both ways.
struct FastFileReaderTests {
    /// What reading one file gives: the file, or the error's code and place; and the warnings.
    private struct Outcome: Equatable, CustomStringConvertible {
        var file: ContainerConstraints?
        var viewOffsets: [Int]?
        /// The scaled values and column rules, each with its view's entry.
        var adaptiveValues: [AdaptiveAttribute]?
        var error: String?
        var warnings: [String]

        var description: String {
            "\(file.map { "\($0.viewIds) \($0.records)" } ?? "no file") \(viewOffsets ?? []) "
                + "\(adaptiveValues ?? []) \(error ?? "") \(warnings)"
        }
    }

    private func read(_ data: Data, _ name: String, plain: Bool, listening: Bool) -> Outcome {
        var parser = ConstraintFileParser()
        parser.readsPlainFilesFast = plain
        let log = DiagnosticLog()
        do {
            let file = try parser.parse(data, fileName: name, diagnostics: listening ? log.handler : nil)
            let adaptive = try? parser.parsedFile(
                data, fileName: name, container: String(name.prefix { $0 != "_" && $0 != "." }),
                collectingWarnings: false
            ).table.adaptiveValues
            return Outcome(
                file: file, viewOffsets: file.viewOffsets, adaptiveValues: adaptive,
                warnings: log.all.map(\.description))
        } catch {
            let place = "\(error.code) \(error.line ?? 0):\(error.column ?? 0) \(error.keyPath ?? "")"
            return Outcome(error: place, warnings: log.all.map(\.description))
        }
    }

    /// Reads `data` both ways, with and without someone listening for warnings, and expects the same.
    private func expectSameOutcome(
        _ data: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for listening in [false, true] {
            let fast = read(data, name, plain: true, listening: listening)
            let general = read(data, name, plain: false, listening: listening)
            #expect(
                fast == general, "\(name), listening: \(listening)\n\(String(decoding: data, as: UTF8.self))",
                sourceLocation: sourceLocation)
        }
    }

    private static func fixtureFiles() throws -> [(name: String, data: Data)] {
        var files: [(String, Data)] = []
        for folder in ["Plain", "ConstraintFiles"] {
            let url = try Fixtures.folder(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".json") {
                files.append((name, try Data(contentsOf: url.appendingPathComponent(name))))
            }
        }
        let bundled = Fixtures.bundledConstraints
        for name in try FileManager.default.contentsOfDirectory(atPath: bundled.path).sorted()
        where name.hasSuffix(".json") {
            files.append((name, try Data(contentsOf: bundled.appendingPathComponent(name))))
        }
        return files
    }

    @Test func filesOfTheUsualShapeAreReadInOnePassAndOthersAreLeftToTheGeneralReader() throws {
        func readsPlainly(_ text: String, _ container: String) -> Bool {
            Data(text.utf8).withUnsafeBytes {
                FastFileReader.read($0, containers: [container], warnings: nil, offsets: true)
            } != nil
        }
        for name in ["Mixed_iPhone6.json", "Objects_iPhone6.json", "Objects.json"] {
            let text = String(decoding: try Fixtures.data("Plain", name), as: UTF8.self)
            #expect(readsPlainly(text, String(name.prefix { $0 != "_" && $0 != "." })), "\(name)")
        }
        // (text, container, read in one pass, what the case is)
        let cases: [(String, String, Bool, String)] = [
            (#"{"C": []}"#, "C", true, "an empty array"), (#"{"C": {}}"#, "C", true, "an empty object"),
            (#"{"\u0043": [{"\u0061": {"imageName": "x\u0079", "wi\u0064th": 1}}]}"#, "C", true, "escapes"),
            (#"{"C": [{"caf\#u{E9}": {"imageName": "\#u{1F600}\u00e9"}}]}"#, "C", true, "UTF-8"),
            (
                "\u{FEFF}" + #"{"C": [{"a": {"width": 1, "width": 2, "widht": 3, "x": 1, "x": 2}}]}"#, "C", true,
                "a byte order mark, repeated and misspelt names"
            ),
            (
                #"{"C": {"a" :{"width" : 1 ,"height":2,  "x":\#t3,\#n"y":  -4.5 , "z" :\#n 5}}}"#, "C", true,
                "whitespace on either side of a colon or a comma, none, or more than one space"
            ),
            (#"{"C": {"a": {"width": 1}}}"#, "C", true, "a colon near the end of the file"),
            (#"{"C": [{"a": {"caf\#u{E9}": 1}}]}"#, "C", false, "an attribute name outside ASCII"),
            (#"{"C": [{"a": {"x\u00e9": 1}}]}"#, "C", false, "the same, escaped"),
            (#"{"C": [{"a": {"x": "\ud800"}}]}"#, "C", false, "a lone surrogate: an error"),
            (#"{"C": [{"a": {"width": 1}}]}"#, "D", false, "another container"),
            (#"{"C": [{"a": {"width": 1}, "b": {}}]}"#, "C", false, "two views in one element"),
            (#"{"C": [{"a": {"width": {"scaled": 60}, "x": {"scaled": 1, "min": 0}}}]}"#, "C", true, "scaled values"),
            (#"{"C": [{"a": {"columns": {"standardWidth": 440, "standardColumns": 2}}}]}"#, "C", true, "a column rule"),
            // Errors in a scaled value or a column rule: the general reader reports them.
            (#"{"C": [{"a": {"width": {"scaled": 60, "min": 80, "max": 40}}}]}"#, "C", false, "min above max"),
            (#"{"C": [{"a": {"width": {"scaled": 60, "mni": 40}}}]}"#, "C", false, "a misspelt field"),
            (#"{"C": [{"a": {"width": {"min": 40}}}]}"#, "C", false, "no scaled number"),
            (
                #"{"C": [{"a": {"columns": {"standardWidth": 440, "standardColumns": 2.5}}}]}"#, "C", false,
                "fractional columns"
            ),
            (
                #"{"C": [{"a": {"columns": {"standardWidth": 440, "standardColumns": 2, "spacing": -1}}}]}"#, "C",
                false,
                "negative spacing"
            ),
            (#"{"C": [{"a": {"columns": 3}}]}"#, "C", false, "a column rule that is a number"),
            // A field given twice in a scaled value or a column rule: read in one pass, with the general reader's
            // warning.
            (#"{"C": [{"a": {"width": {"scaled": 5, "scaled": 600}}}]}"#, "C", true, "a field given twice"),
        ]
        for (text, container, plainly, what) in cases {
            #expect(readsPlainly(text, container) == plainly, "\(what): \(text)")
        }
    }

    /// `"designWidth"` before or after the container's key is read in one pass; anything wrong with it (not a number
    /// greater than 0, given twice, alone) is left to the general reader, and both ways read the same.
    @Test func aStatedDesignWidthIsReadInOnePassAndItsErrorsAreLeftToTheGeneralReader() throws {
        func plainWidth(_ text: String, _ container: String = "C") -> Double?? {
            Data(text.utf8).withUnsafeBytes {
                FastFileReader.read($0, containers: [container], warnings: nil, offsets: true)
            }.map(\.designWidth)
        }
        let view = #"[{"a": {"width": {"scaled": 60}}}]"#
        #expect(
            (
                plainWidth(#"{"designWidth": 375, "C": \#(view)}"#),
                plainWidth(#"{ "C": \#(view) , "designWidth" : 1366.5 }"#)
            ) == (.some(375), .some(1366.5)))
        #expect(
            (
                plainWidth(#"{"designWidth": 320, "C": \#(view)}"#),  // escaped
                plainWidth(#"{"C": \#(view)}"#)
            ) == (.some(320), .some(nil)))
        let refused = [
            #"{"designWidth": 0, "C": \#(view)}"#, #"{"designWidth": -1, "C": \#(view)}"#,
            #"{"designWidth": 1e400, "C": \#(view)}"#, #"{"designWidth": "375", "C": \#(view)}"#,
            #"{"designWidth": 375, "C": \#(view), "designWidth": 375}"#, #"{"designWidth": 375}"#,
            #"{"C": \#(view), "designWidth": 375, "designWidth": 375}"#, #"{"C": \#(view), "Other": 375}"#,
            #"{"designWidth": 375, "designWidth": 375, "C": \#(view)}"#, #"{"designWidth": null, "C": \#(view)}"#,
        ]
        for text in refused { #expect(plainWidth(text) == nil, "\(text)") }
        // A container named "designWidth" is the general reader's.
        #expect(plainWidth(#"{"designWidth": []}"#, "designWidth") == nil)
        for text in refused + [#"{"designWidth": 375, "C": \#(view)}"#, #"{"C": \#(view), "designWidth": 2}"#] {
            expectSameOutcome(Data(text.utf8), "C_iPhone6.json")
        }
        expectSameOutcome(Data(#"{"designWidth": []}"#.utf8), "designWidth.json")
        expectSameOutcome(Data(#"{"designWidth": 375, "designWidth": []}"#.utf8), "designWidth.json")
    }

    /// A key given twice in a scaled value or a column rule keeps its last value, as a record's attributes do, with
    /// the same kind of warning; both readers agree.
    @Test func aFieldGivenTwiceInAScaledValueOrAColumnRuleKeepsItsLastValueWithAWarning() throws {
        let text = """
            {"C": [{"a": {"width": {"scaled": 5, "scaled": 600},
                          "columns": {"standardWidth": 440, "standardColumns": 2, "scale": 1, "scale": 2}}}]}
            """
        let data = Data(text.utf8)
        expectSameOutcome(data, "C_iPhone6.json")
        let log = DiagnosticLog()
        let file = try ConstraintFileParser().parse(data, fileName: "C_iPhone6.json", diagnostics: log.handler)
        #expect(file.scaledValues(of: "a")["width"] == ScaledValue(600))
        #expect(
            log.all.map(\.description) == [
                #"C_iPhone6.json:1:38: warning: "scaled" is given twice in this scaled value; the last value is used at C[0].a.width.scaled"#,
                #"C_iPhone6.json:2:83: warning: "scale" is given twice in this column rule; the last value is used at C[0].a.columns.scale"#,
            ])
    }

    @Test func escapesRepeatedAndMisspeltAttributesAndWindowDependentValuesAreReadInOnePassWithTheSameWarnings() throws
    {
        // Issue 9, break 1: one escape, a handler with a misspelt or repeated key, or a scaled value sent the whole
        // file to the general reader (three times the instructions of this one on a plain file, more with many
        // extensions).
        for name in [
            "Escapes_iPhone6.json", "ByteOrderMark_iPhone6.json", "Repeated_iPhone6.json", "Unicode_iPhone6.json",
            "Dynamic_iPhone6.json",
        ] {
            let data = try Fixtures.data("Plain", name)
            let container = String(name.prefix { $0 != "_" })
            for listening in [false, true] {
                let collector = WarningCollector(limit: 100, fileName: name)
                let read = data.withUnsafeBytes {
                    FastFileReader.read(
                        $0, containers: [container], warnings: listening ? collector : nil, offsets: true)
                }
                #expect(read != nil, "\(name), listening: \(listening)")
            }
            expectSameOutcome(data, name)
        }
        let log = DiagnosticLog()
        let file = try ConstraintFileParser().parse(
            try Fixtures.data("Plain", "Repeated_iPhone6.json"), fileName: "Repeated_iPhone6.json",
            diagnostics: log.handler)
        #expect(file["first"] == ConstraintRecord(width: 2, imageName: "b"))
        #expect(file["second"]?[attribute: "cornerRadius"] == .number(3) && file["second"]?.extensions.count == 3)
        #expect((file["third"]?[attribute: "marginTopp"], log.all.count) == (.number(5), 10))
        #expect(
            log.all.map(\.description).contains(
                #"Repeated_iPhone6.json:3:81: warning: attribute "cornerRadius" is given twice in this record; the last value is used at Repeated.second.cornerRadius"#
            ))
        let escaped = try ConstraintFileParser().parse(
            try Fixtures.data("Plain", "Escapes_iPhone6.json"), fileName: "Escapes_iPhone6.json")
        #expect(escaped["titleLabel"]?.imageName == "day\t\"one\"\\/" && escaped["\u{0}nul"]?.height == 2)
        #expect(escaped["titleLabel"]?[attribute: "tint"] == .string("\u{E9}t\u{E9} \u{1F600}"))
    }

    /// An attribute given again, plain after adaptive, adaptive after plain, or adaptive twice, keeps its last
    /// value, adaptive or not, in one pass as in the general reader, and a record after it starts afresh.
    @Test func anAttributeGivenAgainKeepsItsLastValueWhetherPlainOrAdaptive() throws {
        let name = "RepeatedAdaptive_iPhone6.json"
        let data = try Fixtures.data("Plain", name)
        let collector = WarningCollector(limit: 100, fileName: name)
        let read = data.withUnsafeBytes {
            FastFileReader.read($0, containers: ["RepeatedAdaptive"], warnings: collector, offsets: false)
        }
        #expect(read != nil)
        expectSameOutcome(data, name)
        let file = try ConstraintFileParser().parse(data, fileName: name)
        #expect(file.scaledValues(of: "a") == ["corner": ScaledValue(9)] && file["a"]?.width == 6)
        #expect(file.scaledValues(of: "b") == ["shadow": ScaledValue(7), "height": ScaledValue(4, minimum: 1)])
        #expect(file["b"]?[attribute: "corner"] == .number(4))
        #expect(file["c"]?[attribute: "edge"] == .bool(true) && file.scaledValues(of: "c").isEmpty)
        let columns = file.table.adaptiveValues.filter { $0.entry == file.table.index(of: "c") }
        #expect(
            columns.map(\.name) == [ColumnRule.key]
                && columns.first?.value
                    == .columns(
                        ColumnRule(standardWidth: 900, standardColumns: 3))
        )
        #expect(file.scaledValues(of: "d").isEmpty && file.scaledValues(of: "e").isEmpty)
    }

    @Test func warningsOfAFileTheOnePassReaderGivesUpOnAreReportedOnce() throws {
        // The one-pass reader warns about "a" and "b", then meets a name outside ASCII and gives up; the general reader
        // reads the file again and warns again: the first reader's warnings must be taken back.
        let data = try Fixtures.data("Plain", "TypoThenNonASCIIName_iPhone6.json")
        let log = DiagnosticLog()
        _ = try ConstraintFileParser().parse(
            data, fileName: "TypoThenNonASCIIName_iPhone6.json", diagnostics: log.handler)
        #expect(log.all.map(\.code) == [.possibleTypo, .duplicateKey, .possibleTypo, .duplicateKey, .possibleTypo])
        let collector = WarningCollector(limit: 100, fileName: "TypoThenNonASCIIName_iPhone6.json")
        let read = data.withUnsafeBytes {
            FastFileReader.read($0, containers: ["TypoThenNonASCIIName"], warnings: collector, offsets: false)
        }
        #expect(read == nil && collector.all.isEmpty)
    }

    /// Found by the differential fuzzer: an empty record after one with a scaled value took that value as its own.
    @Test func anEmptyRecordAfterOneWithAScaledValueHasNoScaledValue() throws {
        let data = try Fixtures.data("Plain", "ScaledThenEmpty_iPhone6.json")
        expectSameOutcome(data, "ScaledThenEmpty_iPhone6.json")
        let file = try ConstraintFileParser().parse(data, fileName: "ScaledThenEmpty_iPhone6.json")
        #expect(
            (
                file.scaledValues(of: "banner")["width"], file.scaledValues(of: "grid").isEmpty,
                file.scaledValues(of: "footer")["height"]
            ) == (ScaledValue(375), true, ScaledValue(44)))
    }

    @Test func everyFixtureFileReadsTheSameBothWays() throws {
        let files = try Self.fixtureFiles()
        #expect(files.count >= 25)
        for (name, data) in files { expectSameOutcome(data, name) }
    }

    @Test func plainFilesGiveTheRecordsTheirTextSays() throws {
        let file = try ConstraintFileParser().parse(
            try Fixtures.data("Plain", "Mixed_iPhone6.json"), fileName: "Mixed_iPhone6.json")
        let day = try #require(file["dayButton"])
        #expect(day.marginRight == -3.5 && day.height == 100 && day.width == 60.25)
        #expect(day.marginBottom.sign == .minus && day.contains(.marginBottom))
        let title = try #require(file["titleLabel"])
        #expect(title.imageName == "calendar_day" && title.remarkParameterTwo == 0.30000000000000004)
        let big = try #require(file["big"])
        #expect(big.width == 1.2345678901234568e20 && big.height == 9_007_199_254_740_992)
        #expect(big.marginLeft == .greatestFiniteMagnitude && big.marginTop == .leastNonzeroMagnitude)
        let extensions = try #require(file["extensions"])
        #expect(extensions[attribute: "spacing"] == .number(-0.002) && extensions[attribute: "hidden"] == .bool(false))
        #expect(file.viewIds.count == 9 && file.viewOffsets.count == 9)
        let near = try #require(file["nearNames"])
        #expect(near.attributeNames.count == 9 && near.extensions.count == 9 && near.width == 0)
    }

    @Test func numbersConvertAlikeBothWays() throws {
        let literals = [
            "0", "-0", "0.0", "-0.0", "1", "-1", "0.1", "0.5", "2.675", "1.005", "123.456", "9007199254740992",
            "9007199254740993", "18446744073709551615", "18446744073709551616", "1234567890123456789",
            "12345678901234567890", "0.1234567890123456789", "0.00000000000000000000001", "3.141592653589793238",
            "1e0", "1E+2", "2.5e-3", "-7e22", "1e23", "5e-324", "2e-324", "1.7976931348623157e308", "4.9e-324",
            "0.0000000000000000000000000001", "100000000000000000000000", "1.00000000000000011102230246251565",
            // Integers around the 15 digits read without a further check.
            "999999999999999", "-999999999999999", "1000000000000000", "-1234567890123456", "7", "-42",
        ]
        for literal in literals {
            let data = Data(#"{"N": [{"v": {"width": \#(literal), "ext": \#(literal)}}]}"#.utf8)
            var general = ConstraintFileParser()
            general.readsPlainFilesFast = false
            let fast = try ConstraintFileParser().parse(data, fileName: "N_iPhone6.json")["v"]
            let slow = try general.parse(data, fileName: "N_iPhone6.json")["v"]
            #expect(fast?.width.bitPattern == slow?.width.bitPattern, "\(literal)")
            #expect(fast?[attribute: "ext"]?.numberValue?.bitPattern == slow?.width.bitPattern, "\(literal)")
            #expect(fast?.width.bitPattern == Double(literal)?.bitPattern, "\(literal)")
        }
    }

    @Test func mutatedFilesReadTheSameBothWays() throws {
        // Small random edits of real files: most become invalid or leave the plain subset, some stay valid.
        // Either way both readers must agree, on the records or on the error and where it is.
        let pieces: [UInt8] = Array(#"{}[],:" \-+.eE0159aZ_"#.utf8) + [0x0A, 0x09, 0x7F, 0xC3, 0xA9, 0x00]
        var random = SeededRandom(seed: 0xF00D_0005)
        let files = try Self.fixtureFiles().filter { $0.data.count < 4096 }
        for round in 0..<1500 {
            let (name, original) = files[round % files.count]
            var bytes = Array(original)
            for _ in 0..<(1 + random.next(below: 3)) {
                let at = random.next(below: bytes.count)
                switch random.next(below: 3) {
                case 0: bytes[at] = pieces[random.next(below: pieces.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(pieces[random.next(below: pieces.count)], at: at)
                }
                if bytes.isEmpty { bytes = [0x7B] }
            }
            expectSameOutcome(Data(bytes), name)
        }
    }

    @Test func aFallbackFileThatStopsBeingPlainHalfWayIsMergedOnceByTheGeneralReader() throws {
        // The base file merges into "a" and adds "c" before the escape makes the plain reader give up: the
        // chain must be as it was before the file, or the general reader would see "a" and "c" as repeated.
        let source = InMemorySource([
            "C_iPhone6.json": #"{"C": [{"a": {"width": 1}}, {"b": {"width": 2}}]}"#,
            "C.json": #"{"C": [{"a": {"height": 10}}, {"c": {"width": 3}}, {"b": {"height": 20, "imageName": "xy"}}]}"#,
        ])
        let interpreter = ConstraintInterpreter(source: source, device: try DeviceCatalog.profile("iPhone6"))
        let records = try interpreter.records(container: "C")
        #expect(
            (records["a"], records["b"], records["c"]) == (
                ConstraintRecord(width: 1, height: 10), ConstraintRecord(width: 2, height: 20, imageName: "xy"),
                ConstraintRecord(width: 3)
            ))
    }

    @Test func aFileThatRepeatsAViewIdLeavesTheChainAsItWas() throws {
        // The plain reader gives up on the repeated id after adding the first; the general reader must then
        // see the chain as it was before the file, and report the repeat at its second place.
        let data = Data(#"{"C": [{"a": {"width": 1}}, {"b": {"width": 2}}, {"a": {"width": 3}}]}"#.utf8)
        let error = try #require(throws: ConstraintError.self) {
            try ConstraintFileParser().parse(data, fileName: "C_iPhone6.json")
        }
        #expect(error.code == .duplicateView && error.keyPath == "C[2].a" && error.message.contains("first on line 1"))
    }
}
