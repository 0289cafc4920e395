import Foundation
import Testing

@testable import DeviceConstraints

struct ConstraintFileParserTests {
    private func parse(_ file: String, container: String? = nil, diagnostics: ConstraintDiagnosticHandler? = nil)
        throws -> ContainerConstraints
    {
        try ConstraintFileParser().parse(
            Fixtures.data("ConstraintFiles", file), fileName: file, container: container, diagnostics: diagnostics)
    }

    private func parseError(_ file: String, limits: ConstraintFileParser.Limits = .default) throws -> ConstraintError {
        let data = try Fixtures.data("ConstraintFiles", file)
        return try #require(throws: ConstraintError.self) {
            try ConstraintFileParser(limits: limits).parse(data, fileName: file)
        }
    }

    // MARK: - The format

    @Test func theArrayFormReadsEveryStandardSpecialAndExtensionAttribute() throws {
        let file = try parse("Calendar_iPhone6.json")
        #expect((file.container, file.viewIds) == ("Calendar", ["dayButton", "titleLabel"]))
        let button = try #require(file["dayButton"])
        // marginLeft, width, height; marginRight and marginTop present.
        #expect(
            (
                [button.marginLeft, button.width, button.height],
                [button.contains("marginRight"), button.contains("marginTop")]
            ) == ([4, 55, 55], [true, false]))
        let title = try #require(file["titleLabel"])
        // fontSize, remarkParameterOne, remarkParameterTwo; imageName; the three extensions.
        #expect(
            ([title.fontSize, title.remarkParameterOne, title.remarkParameterTwo], title.imageName) == (
                [17, 1.5, -20], "calendar"
            ))
        #expect(
            [title[attribute: "columnSpacing"], title[attribute: "style"], title[attribute: "isBold"]] == [
                .number(6), .string("compact"), .bool(true),
            ])
    }

    @Test func theObjectFormReadsTheSameWayAsTheArrayForm() throws {
        let file = try parse("Calendar_iPad.json")
        #expect(
            (file.viewIds, [file["dayButton"]?.marginLeft, file["titleLabel"]?.height]) == (
                ["dayButton", "titleLabel"], [62.5, 28]
            ))
    }

    @Test func integersDecimalsAndExponentsAllReadAsNumbers() throws {
        let record = try #require(try parse("Integers_iPhone6.json")["a"])
        // marginLeft, width, height, marginTop.
        #expect([record.marginLeft, record.width, record.height, record.marginTop] == [-3, 60, 60, 5])
    }

    @Test func aContainerNameMayContainUnderscoresInABaseFile() throws {
        #expect(try parse("My_View.json").container == "My_View")
    }

    @Test func aLeadingByteOrderMarkIsSkipped() throws {
        #expect(try parse("WithBOM_iPhone6.json")["a"]?.width == 1)
    }

    @Test func everyBundledConstraintFileParses() throws {
        let source = DirectorySource(Fixtures.bundledConstraints)
        let names = try source.fileNames()
        #expect(names.count >= 7)
        for name in names {
            let data = try #require(try source.data(forFile: name))
            let log = DiagnosticLog()
            _ = try ConstraintFileParser().parse(data, fileName: name, diagnostics: log.handler)
            #expect(log.all.isEmpty, "\(name): \(log.all)")
        }
    }

    // MARK: - Errors say where and what

    @Test func aWrongTypeIsReportedWithLineColumnAndKeyPath() throws {
        let error = try parseError("WrongType_iPhone6.json")
        expectError(
            error, .invalidFormat, file: "WrongType_iPhone6.json", line: 4, column: 18,
            keyPath: "WrongType[0].dayButton.width")
        #expect(
            error.description
                == #"WrongType_iPhone6.json:4:18: error: "width" must be a number, found string ("sixty") at WrongType[0].dayButton.width"#
        )
    }

    // MARK: - Scaled values and column rules

    @Test func scaledValuesReadAsTheirDesignNumberAndColumnRulesAreListedForResolution() throws {
        let data = try Fixtures.data("ConstraintFiles", "Dynamic_iPhone6.json")
        let parsed = try ConstraintFileParser().parsedFile(
            data, fileName: "Dynamic_iPhone6.json", container: "Dynamic", collectingWarnings: true)
        #expect(parsed.warnings.isEmpty)
        let banner = try #require(parsed.table.record("banner"))
        #expect(banner.width == 375 && banner.height == 120)
        #expect((banner[attribute: "cornerRadius"], parsed.table.record("grid")?.marginLeft) == (.number(8), 16))
        let adaptiveValues = parsed.table.adaptiveValues.map { "\(parsed.table.viewId(at: $0.entry)).\($0.name)" }
        #expect(adaptiveValues == ["banner.cornerRadius", "banner.height", "banner.width", "grid.columns"])
        #expect(
            parsed.table.adaptiveValues.last?.value
                == .columns(ColumnRule(standardWidth: 440, standardColumns: 2, scale: 1.2, spacing: 8, insets: 16)))
    }

    @Test(arguments: [
        (
            "ScaledMinAboveMax_iPhone6.json",
            #"ScaledMinAboveMax_iPhone6.json:3:50: error: "min" (80) is greater than "max" (40) at ScaledMinAboveMax[0].title.width.min"#
        ),
        (
            "ScaledNotFinite_iPhone6.json",
            #"ScaledNotFinite_iPhone6.json:3:40: error: "scaled" is 1e400, too large for a Double at ScaledNotFinite[0].title.height.scaled"#
        ),
        (
            "ScaledTypo_iPhone6.json",
            #"ScaledTypo_iPhone6.json:3:43: error: unknown key "mni" in a scaled value such as {"scaled": 60, "min": 40} or {"size": 17, "relativeTo": "body"}; did you mean "min"? at ScaledTypo[0].title.width.mni"#
        ),
        (
            "ScaledWrongType_iPhone6.json",
            #"ScaledWrongType_iPhone6.json:3:44: error: "scaled" must be a number, found string ("wide") at ScaledWrongType[0].title.marginLeft.scaled"#
        ),
        (
            "ColumnsZeroWidth_iPhone6.json",
            #"ColumnsZeroWidth_iPhone6.json:3:47: error: "standardWidth" must be greater than 0, found 0 at ColumnsZeroWidth[0].grid.columns.standardWidth"#
        ),
        (
            "ColumnsFractional_iPhone6.json",
            #"ColumnsFractional_iPhone6.json:3:71: error: "standardColumns" must be a whole number of columns from 1 to 10000, found 2.5 at ColumnsFractional[0].grid.columns.standardColumns"#
        ),
        (
            "ColumnsNotAnObject_iPhone6.json",
            #"ColumnsNotAnObject_iPhone6.json:3:28: error: expected a column rule such as {"standardWidth": 440, "standardColumns": 2, "scale": 1.2, "spacing": 8, "insets": 16}, found number (3) at ColumnsNotAnObject[0].grid.columns"#
        ),
        (
            "ColumnsNegativeSpacing_iPhone6.json",
            #"ColumnsNegativeSpacing_iPhone6.json:3:85: error: "spacing" must be 0 or more, found -8 at ColumnsNegativeSpacing[0].grid.columns.spacing"#
        ),
    ])
    func aBadScaledValueOrColumnRuleIsAnErrorThatSaysWhereAndWhat(file: String, expected: String) throws {
        let error = try parseError(file)
        #expect((error.code, error.description) == (.invalidFormat, expected))
    }

    @Test func aMisspeltColumnsKeyIsAWarningThatSuggestsIt() throws {
        let log = DiagnosticLog()
        let data = Data(#"{"C": {"grid": {"colums": 3}}}"#.utf8)
        _ = try ConstraintFileParser().parse(data, fileName: "C.json", diagnostics: log.handler)
        #expect(log.all.map(\.message).first?.contains(#"did you mean "columns"?"#) == true)
    }

    // MARK: - Text sizes

    @Test(arguments: [
        (
            #"{"C": {"v": {"fontSize": {"size": 17, "fixed": 11}}}}"#,
            #"C.json:1:26: error: a scaled value takes one of "size" and "fixed"; keep one at C.v.fontSize"#
        ),
        (
            #"{"C": {"v": {"fontSize": {"fixed": 11, "max": 20}}}}"#,
            #"C.json:1:47: error: a fixed value never scales, so "max" has no meaning beside "fixed"; remove it at C.v.fontSize.max"#
        ),
        (
            #"{"C": {"v": {"height": {"size": 44, "relativeTo": 3}}}}"#,
            #"C.json:1:51: error: "relativeTo" must be the name of a text style, such as "body" or "title1"; found number (3) at C.v.height.relativeTo"#
        ),
    ])
    func aBadTextScaledValueIsAnErrorThatSaysWhereAndWhat(file: String, expected: String) throws {
        let error = try #require(throws: ConstraintError.self) {
            try ConstraintFileParser().parse(Data(file.utf8), fileName: "C.json")
        }
        #expect(error.description == expected)
    }

    @Test func anUnknownTextStyleAndASmallFixedFontAreWarningsThatSayWhere() throws {
        let log = DiagnosticLog()
        let data = Data(
            #"{"C": {"v": {"height": {"size": 44, "relativeTo": "bdy"}, "fontSize": {"fixed": 9}}}}"#.utf8)
        _ = try ConstraintFileParser().parse(data, fileName: "C.json", diagnostics: log.handler)
        let warnings = log.all
        #expect(
            (
                warnings.map(\.code), warnings.first?.message.contains(#"did you mean "body"?"#),
                warnings.map { "\($0.line ?? 0):\($0.column ?? 0)" }
            ) == ([.unknownTextStyle, .smallFixedFont], true, ["1:51", "1:81"]))
    }

    // MARK: - Linear time on the worst shapes (issue 9, breaks 1 and 2)

    /// Break 1: a record with tens of thousands of extension attributes read by the general reader (one escape
    /// kept the file off the plain path then) took 125 s at 512 KiB; every extension rebuilt the whole set. Now the
    /// escape is read in one pass; a scaled value still sends the file to the general reader: both are linear.
    @Test(.longTier, .timeLimit(.minutes(10)), arguments: [#""\u0079":2"#, #""y":{"scaled":2}"#])
    func aRecordWithManyExtensionsReadsInLinearTime(last: String) async throws {
        let count = 60_000
        let file = try await LinearTime.expectLinear(
            from: count / 4, "a record of n extensions",
            prepare: { count in
                var text = #"{"C":{"v":{"#
                for i in 0..<count { text += #""x\#(i)":1,"# }
                return Data((text + last + "}}}").utf8)
            },
            { data in try ConstraintFileParser().parse(data, fileName: "C.json") })
        #expect(
            (file["v"]?.extensions.count, [file["v"]?[attribute: "x59999"], file["v"]?[attribute: "y"]]) == (
                count + 1, [.number(1), .number(2)]
            ))
    }

    /// A record of n scaled values, half of them given again as plain numbers, and a known attribute given again n
    /// times: each value given removed the earlier adaptive value of its name by searching the record's list of
    /// them (32,000 took 0.97 s, four times as many sixteen times as long); now a repeat is appended and each
    /// name's last entry is kept, once the record is read.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aRecordOfManyScaledValuesGivenAgainReadsInLinearTime() async throws {
        let count = 40_000
        let file = try await LinearTime.expectLinear(
            from: count / 4, "a record of n scaled values, half given again, and a width given n times",
            prepare: { count in
                var text = #"{"C":{"v":{"#
                for i in 0..<count { text += #""x\#(i)":{"scaled":1},"# }
                for i in stride(from: 0, to: count, by: 2) { text += #""x\#(i)":2,"# }
                for _ in 0..<count { text += #""width":{"scaled":3},"width":4,"# }
                return Data((text + #""z":{"scaled":5}}}}"#).utf8)
            },
            { data in try ConstraintFileParser().parse(data, fileName: "C.json") })
        let scaled = file.scaledValues(of: "v")
        #expect((file["v"]?.extensions.count, scaled.count) == (count + 1, count / 2 + 1))
        #expect((scaled["x0"], scaled["x1"], scaled["width"], file["v"]?.width) == (nil, ScaledValue(1), nil, 4))
    }

    /// A record with many extensions over another with as many others (a device file over its base file): each
    /// name was inserted into a sorted array, quadratic in the number of names; now one merge of two sorted lists.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func mergingRecordsWithManyExtensionsTakesLinearTime() async throws {
        let count = 40_000
        let profile = try DeviceCatalog.profile("iPhone6")
        let record = try await LinearTime.expectLinear(
            from: count / 4, "two files of n extensions merged",
            prepare: { count in
                func file(_ prefix: String) -> String {
                    #"{"C":{"v":{"# + (0..<count).map { #""\#(prefix)\#($0)":\#($0)"# }.joined(separator: ",") + "}}}"
                }
                // The fallback's names sort before the device file's: each one went in at the front.
                return InMemorySource(["C_iPhone6.json": file("b"), "C.json": file("a")])
            },
            { source in try ConstraintInterpreter(source: source, device: profile).record(viewId: "v", container: "C") }
        )
        #expect(record.extensions.count == 2 * count)
        #expect(record[attribute: "a39999"] == .number(39_999) && record[attribute: "b0"] == .number(0))
        #expect(record.attributeNames == record.attributeNames.sorted())
    }

    /// A record built in code with many extension attributes: each was inserted into a sorted array.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aRecordBuiltWithManyExtensionsTakesLinearTime() async throws {
        let count = 20_000
        let record = try await LinearTime.expectLinear(
            from: count / 4, "a record built with n extensions",
            prepare: { count in
                Dictionary(uniqueKeysWithValues: (0..<count).map { ("x\($0)", ConstraintValue.number(1)) })
                    .merging(["height": .number(2)]) { a, _ in a }
            },
            { extensions in ConstraintRecord(width: 1, imageName: "i", extensions: extensions) })
        #expect(record.extensions.count == count && record.height == 2 && record.imageName == "i")
        #expect(record.attributeNames.dropFirst(3) == ArraySlice((0..<count).map { "x\($0)" }.sorted()))
    }

    /// Break 2: a file of repeated and misspelt keys with a handler installed; each warning's location was counted
    /// from byte 0. Now at most 100 are located and the rest only counted.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aFileFullOfWarningsReadsInLinearTimeAndReportsACappedNumber() async throws {
        let (file, warnings) = try await LinearTime.expectLinear(
            from: 5_000, "a file of n views with warnings",
            prepare: { count in
                let views = (0..<count).map { #"{"v\#($0)":{"witdh":1,"height":1,"height":2}}"# }
                return Data(#"{"C":[\#(views.joined(separator: ","))]}"#.utf8)
            },
            { data in
                let log = DiagnosticLog()
                return (try ConstraintFileParser().parse(data, fileName: "C.json", diagnostics: log.handler), log.all)
            })
        #expect(
            (file["v19999"]?.height, warnings.count, warnings.last?.message.hasPrefix("39900 more warnings")) == (
                2, 101, true
            ))
    }

    /// View ids outside ASCII (a team that names views in Chinese): each new id is a byte miss that canonical
    /// equivalence might turn into a hit, and the table settled it by comparing the id with every id before it.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aFileOfManyViewIdsOutsideASCIIReadsInLinearTime() async throws {
        let count = 20_000
        let (file, merged) = try await LinearTime.expectLinear(
            from: count / 4, "a file of n view ids outside ASCII, read and merged",
            prepare: { count in
                Data(#"{"C":[\#((0..<count).map { #"{"标题\#($0)":{"width":\#($0)}}"# }.joined(separator: ","))]}"#.utf8)
            },
            { data in
                let file = try ConstraintFileParser().parse(data, fileName: "C.json")
                return (file, ContainerConstraints.merge([file, file]))
            })
        #expect(file.count == count && merged.viewIds.count == count)
        #expect(file["标题19999"]?.width == 19999)
        // Still equal as strings: a decomposed form of an id finds it.
        let accented = try ConstraintFileParser().parse(
            Data(#"{"C":[{"caf\u00e9":{"width":1}},{"标题":{"width":2}}]}"#.utf8), fileName: "C.json")
        #expect(accented["cafe\u{301}"]?.width == 1)
    }

    @Test func malformedJSONIsReportedAtTheOffendingCharacter() throws {
        expectError(
            try parseError("Malformed_iPhone6.json"), .malformedJSON, file: "Malformed_iPhone6.json", line: 3,
            column: 34)
    }

    // MARK: - The width a file was drawn for

    @Test func aFileMayStateTheWidthItWasDrawnForBeforeOrAfterItsContainer() throws {
        let before = try parse("DesignWidth_iPhone6.json")
        #expect((before.designWidth, before.viewIds) == (375, ["banner", "title"]))
        #expect(before["banner"]?.width == 375 && before["banner"]?.marginLeft == 8)
        // Each of its scaled values scales against it.
        #expect(
            (before.table.adaptiveValues.map(\.designWidth), before.scaledValues(of: "title")["tracking"]) == (
                [375, 375, 375], ScaledValue(2)
            ))

        let after = try parse("DesignWidthAfter_iPhone6.json")
        #expect((after.designWidth, after.table.adaptiveValues.map(\.designWidth)) == (1366, [1366]))
        // A file that states none keeps today's rule: its class's width, or the resolved class's for a base file.
        let unstated = try parse("Dynamic_iPhone6.json")
        #expect(([unstated.designWidth] + unstated.table.adaptiveValues.map(\.designWidth)).allSatisfy { $0 == nil })
    }

    @Test(arguments: [
        (
            "DesignWidthString_iPhone6.json",
            #"DesignWidthString_iPhone6.json:2:18: error: "designWidth" must be a number, the width in points the file was drawn for, such as "designWidth": 375; found string ("375") at designWidth"#
        ),
        (
            "DesignWidthZero_iPhone6.json",
            #"DesignWidthZero_iPhone6.json:3:18: error: "designWidth" must be a number greater than 0, the width in points the file was drawn for, such as "designWidth": 375; found 0 at designWidth"#
        ),
        (
            "DesignWidthNegative_iPhone6.json",
            #"DesignWidthNegative_iPhone6.json:2:18: error: "designWidth" must be a number greater than 0, the width in points the file was drawn for, such as "designWidth": 375; found -375 at designWidth"#
        ),
        (
            "DesignWidthHuge_iPhone6.json",
            #"DesignWidthHuge_iPhone6.json:2:18: error: "designWidth" must be a number greater than 0, the width in points the file was drawn for, such as "designWidth": 375; found 1e400 at designWidth"#
        ),
        (
            "DesignWidthTwice_iPhone6.json",
            #"DesignWidthTwice_iPhone6.json:4:3: error: "designWidth" is given twice (first on line 2); a file is drawn for one width, keep one at designWidth"#
        ),
        (
            "DesignWidthAlone_iPhone6.json",
            #"DesignWidthAlone_iPhone6.json:1:3: error: the file gives "designWidth" but no container; write its records beside it, such as {"DesignWidthAlone": [...], "designWidth": 375}"#
        ),
    ])
    func aBadDesignWidthIsAnErrorThatSaysWhereAndWhat(file: String, expected: String) throws {
        let error = try parseError(file)
        #expect((error.code, error.description) == (.invalidFormat, expected))
    }

    /// Lint reads on after a bad width (the file's records are still checked), with the error in document order.
    @Test func collectingErrorsReportsABadDesignWidthAndReadsTheRecords() throws {
        let data = try Fixtures.data("ConstraintFiles", "DesignWidthTwice_iPhone6.json")
        let (file, errors) = ConstraintFileParser().parseCollectingErrors(
            data, fileName: "DesignWidthTwice_iPhone6.json")
        #expect((errors.map(\.line), file?.designWidth, file?.viewIds) == ([4], 375, ["banner"]))
        let mixed = Data(#"{"designWidth": -1, "C": [{"a": {"width": "x"}}], "designWidth": 2}"#.utf8)
        let (_, mixedErrors) = ConstraintFileParser().parseCollectingErrors(mixed, fileName: "C.json")
        #expect(mixedErrors.map(\.column) == [17, 43, 51], "\(mixedErrors)")
    }

    @Test func aTopLevelKeyThatDoesNotMatchTheFileNameIsAnError() throws {
        let error = try parseError("WrongKey_iPhone6.json")
        expectError(error, .invalidFormat, line: 1, says: "\"Calender\"", "expected \"WrongKey\"")
    }

    /// An empty file object, two containers, or one container given twice: the message says what was found.
    @Test(arguments: [
        (#"{}"#, "found an empty object"),
        (#"{"Card": [], "Other": []}"#, #"found an object with 2 keys ("Card", "Other")"#),
        (#"{"Card": [], "Card": []}"#, #"found an object with 2 keys ("Card", "Card")"#),
        (#"{"a": 1, "b": 2, "c": 3, "d": 4}"#, #"found an object with 4 keys ("a", "b", "c", …)"#),
    ])
    func aFileThatIsNotAnObjectWithOneKeySaysWhichKeysItHas(text: String, found: String) throws {
        let error = try #require(throws: ConstraintError.self) {
            try ConstraintFileParser().parse(Data(text.utf8), fileName: "Card.json")
        }
        #expect(error.code == .invalidFormat)
        #expect(
            error.message.hasPrefix("a constraint file is an object with one key, the container name")
                && error.message.hasSuffix(found), "\(error)")
    }

    @Test func aTopLevelKeyMustMatchTheContainerTheCallerExpects() throws {
        expectError(.invalidFormat) {
            try parse("Calendar_iPhone6.json", container: "Agenda")
        }
    }

    @Test func aDuplicateViewIdIsAnErrorThatNamesTheFirstLine() throws {
        expectError(try parseError("DuplicateView_iPhone6.json"), .duplicateView, line: 4, says: "first on line 3")
    }

    @Test func aDuplicateViewIdIsReportedBeforeAnErrorInItsRecord() throws {
        let data = Data(
            #"{"Dup": [{"a": {"width": 1}}, {"a": {"width": "wide"}}, {"b": {"width": "wide"}}]}"#.utf8)
        expectError(.duplicateView, keyPath: "Dup[1].a") {
            try ConstraintFileParser().parse(data, fileName: "Dup_iPhone6.json")
        }
    }

    @Test func anEscapedAttributeNameIsStillTheKnownAttribute() throws {
        let data = Data(#"{"Esc": [{"a": {"w\u0069dth": 7, "marginTop": 2}}]}"#.utf8)
        let record = try #require(try ConstraintFileParser().parse(data, fileName: "Esc_iPhone6.json")["a"])
        #expect(([record.width, record.marginTop], record.extensions.isEmpty) == ([7, 2], true))
    }

    @Test func aTypoIsOnlySearchedForWhenSomeoneListens() throws {
        let data = Data(#"{"Typo": [{"a": {"witdh": 7}}]}"#.utf8)
        let silent = try ConstraintFileParser().parse(data, fileName: "Typo_iPhone6.json")
        #expect(silent["a"]?[attribute: "witdh"] == .number(7))
        let log = DiagnosticLog()
        _ = try ConstraintFileParser().parse(data, fileName: "Typo_iPhone6.json", diagnostics: log.handler)
        #expect(log.all.map(\.code) == [.possibleTypo])
    }

    @Test(arguments: [
        ("TwoKeys_iPhone6.json", "an object with one key"),
        ("NotAnArray_iPhone6.json", "found number (42)"),
        ("TwoViewsInOneElement_iPhone6.json", "one key, the view id"),
        ("RecordNotObject_iPhone6.json", "found an array"),
        ("NullExtension_iPhone6.json", "found null"),
        ("ImageNumber_iPhone6.json", "\"imageName\" must be a string, found number (3)"),
        ("HugeNumber_iPhone6.json", "too large"),
    ])
    func aFileOfTheWrongShapeIsAnInvalidFormatError(file: String, expected: String) throws {
        let error = try parseError(file)
        expectError(error, .invalidFormat, says: expected)
        #expect(error.line != nil)
    }

    @Test(arguments: ["TrailingComma_iPhone6.json", "Comment_iPhone6.json"])
    func relaxedJSONIsRejected(file: String) throws {
        #expect(try parseError(file).code == .malformedJSON)
    }

    @Test func aFileOverTheSizeLimitIsRejectedBeforeParsing() throws {
        let error = try parseError("Calendar_iPhone6.json", limits: .init(maximumFileSize: 64))
        expectError(error, .fileTooLarge, says: "64 bytes")
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let data = Data(#"{"Deep": [{"a": "#.utf8) + Data(deep.utf8) + Data("}]}".utf8)
        let error = try #require(throws: ConstraintError.self) {
            try ConstraintFileParser().parse(data, fileName: "Deep_iPhone6.json")
        }
        expectError(error, .nestingTooDeep, file: "Deep_iPhone6.json")
    }

    // MARK: - Collecting every error of a file

    @Test func collectingErrorsReportsEveryRecoverableErrorInDocumentOrder() throws {
        let data = try Fixtures.data("ConstraintFiles", "SeveralErrors_iPhone6.json")
        let log = DiagnosticLog()
        let (file, errors) = ConstraintFileParser().parseCollectingErrors(
            data, fileName: "SeveralErrors_iPhone6.json", diagnostics: log.handler)
        #expect(
            errors.map { "\($0.code) \($0.line ?? 0) \($0.keyPath ?? "")" } == [
                "invalidFormat 3 SeveralErrors[0].dayButton.width",
                "invalidFormat 3 SeveralErrors[0].dayButton.imageName",
                "invalidFormat 4 SeveralErrors[1].titleLabel", "invalidFormat 5 SeveralErrors[2]",
                "duplicateView 6 SeveralErrors[3].dayButton",
            ])
        let parsed = try #require(file)
        #expect(
            (
                parsed.viewIds, [parsed["dayButton"], parsed["titleLabel"]], parsed["footer"]?.marginLeft,
                log.all.map(\.code)
            ) == (
                ["dayButton", "titleLabel", "footer"], [ConstraintRecord(height: 60), ConstraintRecord()], 8,
                [.possibleTypo]
            ))
    }

    @Test func parsingStillThrowsTheFirstOfThoseErrors() throws {
        let error = try parseError("SeveralErrors_iPhone6.json")
        #expect(error.keyPath == "SeveralErrors[0].dayButton.width")
    }

    @Test func collectingErrorsGivesNoFileWhenTheFileCannotBeReadAtAll() throws {
        let data = try Fixtures.data("ConstraintFiles", "Malformed_iPhone6.json")
        let (file, errors) = ConstraintFileParser().parseCollectingErrors(data, fileName: "Malformed_iPhone6.json")
        #expect((file, errors.map { "\($0.code) \($0.file ?? "")" }) == (nil, ["malformedJSON Malformed_iPhone6.json"]))
    }

    // MARK: - Warnings

    @Test func misspeltAttributesAndDuplicateKeysAreWarnedAbout() throws {
        let log = DiagnosticLog()
        let file = try parse("Typo_iPhone6.json", diagnostics: log.handler)
        let warnings = log.all
        #expect((warnings.count, warnings.allSatisfy { $0.severity == .warning }) == (3, true))
        let typos = warnings.filter { $0.code == .possibleTypo }
        #expect(typos.map(\.keyPath) == ["Typo[0].dayButton.witdh", "Typo[0].dayButton.marginLeftt"])
        #expect(typos.first?.message.contains("did you mean \"width\"") == true && typos.first?.line == 3)
        #expect(warnings.contains { $0.code == .duplicateKey && $0.keyPath == "Typo[0].dayButton.height" })
        let record = try #require(file["dayButton"])
        #expect((record[attribute: "witdh"], [record.width, record.height]) == (.number(60), [0, 22]))
    }

    @Test func aWarningPrintsLikeACompilerDiagnostic() {
        let warning = ConstraintDiagnostic(
            severity: .warning, code: .possibleTypo, message: "unknown attribute", file: "A_iPhone6.json", line: 3,
            column: 22, keyPath: "A[0].b.witdh")
        #expect(warning.description == "A_iPhone6.json:3:22: warning: unknown attribute at A[0].b.witdh")
    }
}
