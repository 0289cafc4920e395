import Testing

@testable import DeviceConstraintsLint
@testable import DeviceConstraintsTooling

struct SwiftNameTests {
    // MARK: - Words and case

    @Test func wordsAreCutWhereAnIdentifierCannotGoOnButNotAtCamelCaseHumps() {
        let cases: [(id: String, words: [String])] = [
            ("bmt_reportCalendarDayButtonId_Selected", ["bmt", "reportCalendarDayButtonId", "Selected"]),
            ("title-label.main view$2", ["title", "label", "main", "view", "2"]),
            ("__leading__and__trailing__", ["leading", "and", "trailing"]),
        ]
        for (id, words) in cases {
            #expect(SwiftName.words(of: id) == words, "\(id)")
        }
    }

    @Test func aMemberNameIsLowerCamelCaseWithALeadingAcronymLowered() {
        let cases: [(words: [String], name: String)] = [
            (["bmt", "reportCalendarDayButtonId", "Selected"], "bmtReportCalendarDayButtonIdSelected"),
            (["URLTitle"], "urlTitle"),
            (["URL"], "url"),
            (["Selected", "state"], "selectedState"),
            (["size", "2x"], "size2x"),
        ]
        for (words, name) in cases {
            #expect(SwiftName.lowerCamelCase(words) == name, "\(words)")
        }
    }

    @Test func aTypeNameIsUpperCamelCase() {
        for (id, name) in [
            ("BMTReportCalendarDayButton", "BMTReportCalendarDayButton"), ("my-view_header", "MyViewHeader"),
        ] {
            #expect(SwiftName.upperCamelCase(SwiftName.words(of: id)) == name, "\(id)")
        }
    }

    // MARK: - The shared prefix

    @Test func thePrefixEveryIdOfAContainerSharesIsDropped() {
        let ids = ["bmt_reportCalendarDayButtonId_Selected", "bmt_reportCalendarDayButtonId_Normal"]
        #expect(
            [SwiftName.memberNames(for: ids), SwiftName.memberNames(for: ids, droppingSharedPrefix: false)] == [
                ["selected", "normal"],
                ["bmtReportCalendarDayButtonIdSelected", "bmtReportCalendarDayButtonIdNormal"],
            ])
    }

    @Test func aContainersOnlyIdKeepsItsLastWord() {
        for (id, name) in [("bmt_reportMeasureViewId_TopView", "topView"), ("titleLabel", "titleLabel")] {
            #expect(SwiftName.memberNames(for: [id]) == [name], "\(id)")
        }
    }

    @Test func idsThatShareNoWholeWordKeepTheirNames() {
        // `title` is a camelCase hump, not a word: nothing is shared.
        let cases: [(ids: [String], names: [String])] = [
            (["titleLabel", "titleIcon"], ["titleLabel", "titleIcon"]),
            (["header_title", "footer_title"], ["headerTitle", "footerTitle"]),
        ]
        for (ids, names) in cases {
            #expect(SwiftName.memberNames(for: ids) == names, "\(ids)")
        }
    }

    @Test func lessIsDroppedWhenWhatRemainsWouldStartWithADigit() {
        for ids in [["icon_size_1x", "icon_size_2x"], ["size_1x", "size_2x"]] {
            #expect(SwiftName.memberNames(for: ids) == ["size1x", "size2x"], "\(ids)")
        }
    }

    @Test func lessIsDroppedWhenWhatRemainsWouldCollide() {
        // Dropping `a_b` leaves `url` twice; dropping `a` alone keeps them apart.
        #expect(SwiftName.memberNames(for: ["a_b_URL", "a_b_url"]) == ["bURL", "bUrl"])
    }

    @Test func namesThatCollideAnywayAreReturnedInFullForTheCallerToReport() {
        #expect(
            SwiftName.memberNames(for: ["card_title_label", "card_titleLabel"]) == ["cardTitleLabel", "cardTitleLabel"])
    }

    // MARK: - Keywords, digits, Unicode, empty

    @Test func keywordsAreEscapedWithBackticks() {
        #expect(
            ["default", "self", "selected"].map(SwiftName.escaped)
                + SwiftName.memberNames(for: ["view_default", "view_if"])
                .map(SwiftName.escaped) == ["`default`", "`self`", "selected", "`default`", "`if`"])
    }

    @Test func aNameThatStartsWithADigitIsAProblem() {
        #expect(
            (SwiftName.problem(with: "2up"), SwiftName.memberNames(for: ["2up"]), SwiftName.problem(with: "up2"))
                == ("starts with a digit", ["2up"], nil))
    }

    @Test func unicodeLettersAndEmojiMakeNamesAndCaseChangesOnlyWhenItStaysOneCharacter() {
        for (id, name) in [("Größe", "größe"), ("rand_ßig", "ßig"), ("🙂_face", "face")] {
            #expect(SwiftName.memberNames(for: [id]) == [name], "\(id)")
        }
        #expect(
            (
                SwiftName.lowerCamelCase(["maß", "ßig"]), SwiftName.lowerCamelCase(SwiftName.words(of: "🙂_face")),
                SwiftName.problem(with: "日本語")
            ) == ("maßßig", "🙂Face", nil))
    }

    @Test func invisibleCharactersCutWordsAndACombiningMarkCannotStartAName() {
        #expect(
            (
                SwiftName.words(of: "a\u{202E}b\u{200B}c"), SwiftName.problem(with: "\u{301}a"),
                SwiftName.problem(with: "e\u{301}")
            ) == (["a", "b", "c"], "starts with a combining mark", nil))
    }

    /// The rule for identifier characters is the compiler's: every scalar of the Basic Multilingual Plane from U+0080,
    /// and in each plane above it the first, the last three and every 257th, is parsed by the toolchain's `swiftc` in
    /// a name (`let a<c>b = 0`) and at its start (`let <c>b = 0`); a line with an error or a warning is one the compiler
    /// refuses. The rule may refuse more only where it means to: invisible format characters. (U+FFFC and U+FFFD,
    /// which the Swift book allows and the compiler does not, made generated code that did not compile.)
    @Test(.longTier) func theIdentifierRuleAgreesWithTheCompilerOverTheCodePointRanges() throws {
        var scalars = (0x80...0xFFFF).compactMap(Unicode.Scalar.init)
        for plane in 1...16 {
            let base = UInt32(plane) << 16
            let samples = Set([0, 0xFFFD, 0xFFFE, 0xFFFF] + Array(stride(from: 1, to: 0xFFFD, by: 257)))
            scalars += samples.sorted().compactMap { Unicode.Scalar(base + UInt32($0)) }
        }
        // Line 2k + 1 holds scalar k inside a name, line 2k + 2 at its start.
        var source = ""
        for scalar in scalars {
            source += "let a\(Character(scalar))b = 0\nlet \(Character(scalar))b = 0\n"
        }
        let refused = try Compiler.linesWithDiagnostics(parsing: source)
        #expect(refused.count > 10_000, "the compiler refused only \(refused.count) lines: did it run?")
        var disagreements: [String] = []
        for (index, scalar) in scalars.enumerated() {
            let compiler = (inside: !refused.contains(2 * index + 1), first: !refused.contains(2 * index + 2))
            let rule = (inside: SwiftName.isIdentifierCharacter(scalar), first: SwiftName.isIdentifierHead(scalar))
            // Invisible format characters are refused on purpose: nobody can type a name made of them.
            let meant = scalar.properties.generalCategory == .format && !rule.inside && !rule.first
            if rule != compiler && !meant {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                disagreements.append(
                    "U+\(hex): compiler \(compiler.inside)/\(compiler.first), rule \(rule.inside)/\(rule.first)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(40).joined(separator: "; "))")
    }

    @Test func anEmptyIdOrOneWithoutLettersOrDigitsHasNoName() {
        #expect(
            (
                SwiftName.words(of: ""), SwiftName.words(of: "-_."), SwiftName.memberNames(for: ["", "title"]),
                SwiftName.problem(with: "")
            ) == ([], [], ["", "title"], "has no letters or digits"))
    }

    @Test func someTypeNamesCannotBeUsedEvenWithBackticks() {
        for (name, isRefused) in [("Type", true), ("Protocol", true), ("DeviceConstraints", true), ("Card", false)] {
            #expect((SwiftName.typeProblem(with: name) != nil) == isRefused, "\(name)")
        }
    }

    @Test(.longTier) func sharedPrefixesTakeLinearTime() async throws {
        // 400 ids of n shared words each, where every drop but the first would start with a digit: the naming
        // checks each shared word once instead of naming every id once per drop (quadratic in the words).
        let shared: @Sendable (Int) -> String = { words in (0..<words).map { "\($0)w" }.joined(separator: "_") }
        let names = try await LinearTime.expectLinear(
            from: 64, "400 ids of n shared words",
            prepare: { words in (0..<400).map { "\(shared(words))_\($0)" } },
            { ids in SwiftName.memberNames(for: ids) })
        #expect(names.first == "\(shared(256))_0".replacing("_", with: ""))
    }
}
