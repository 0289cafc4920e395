import Testing

@testable import DeviceConstraintsLint
@testable import DeviceConstraintsTooling

struct SwiftNameTests {
    // MARK: - Words and case

    @Test func wordsAreCutWhereAnIdentifierCannotGoOnButNotAtCamelCaseHumps() {
        #expect(
            SwiftName.words(of: "bmt_reportCalendarDayButtonId_Selected") == [
                "bmt", "reportCalendarDayButtonId", "Selected",
            ])
        #expect(SwiftName.words(of: "title-label.main view$2") == ["title", "label", "main", "view", "2"])
        #expect(SwiftName.words(of: "__leading__and__trailing__") == ["leading", "and", "trailing"])
    }

    @Test func aMemberNameIsLowerCamelCaseWithALeadingAcronymLowered() {
        #expect(
            SwiftName.lowerCamelCase(["bmt", "reportCalendarDayButtonId", "Selected"])
                == "bmtReportCalendarDayButtonIdSelected")
        #expect(SwiftName.lowerCamelCase(["URLTitle"]) == "urlTitle")
        #expect(SwiftName.lowerCamelCase(["URL"]) == "url")
        #expect(SwiftName.lowerCamelCase(["Selected", "state"]) == "selectedState")
        #expect(SwiftName.lowerCamelCase(["size", "2x"]) == "size2x")
    }

    @Test func aTypeNameIsUpperCamelCase() {
        #expect(
            SwiftName.upperCamelCase(SwiftName.words(of: "BMTReportCalendarDayButton")) == "BMTReportCalendarDayButton")
        #expect(SwiftName.upperCamelCase(SwiftName.words(of: "my-view_header")) == "MyViewHeader")
    }

    // MARK: - The shared prefix

    @Test func thePrefixEveryIdOfAContainerSharesIsDropped() {
        let ids = ["bmt_reportCalendarDayButtonId_Selected", "bmt_reportCalendarDayButtonId_Normal"]
        #expect(SwiftName.memberNames(for: ids) == ["selected", "normal"])
        #expect(
            SwiftName.memberNames(for: ids, droppingSharedPrefix: false) == [
                "bmtReportCalendarDayButtonIdSelected", "bmtReportCalendarDayButtonIdNormal",
            ])
    }

    @Test func aContainersOnlyIdKeepsItsLastWord() {
        #expect(SwiftName.memberNames(for: ["bmt_reportMeasureViewId_TopView"]) == ["topView"])
        #expect(SwiftName.memberNames(for: ["titleLabel"]) == ["titleLabel"])
    }

    @Test func idsThatShareNoWholeWordKeepTheirNames() {
        // `title` is a camelCase hump, not a word: nothing is shared.
        #expect(SwiftName.memberNames(for: ["titleLabel", "titleIcon"]) == ["titleLabel", "titleIcon"])
        #expect(SwiftName.memberNames(for: ["header_title", "footer_title"]) == ["headerTitle", "footerTitle"])
    }

    @Test func lessIsDroppedWhenWhatRemainsWouldStartWithADigit() {
        #expect(SwiftName.memberNames(for: ["icon_size_1x", "icon_size_2x"]) == ["size1x", "size2x"])
        #expect(SwiftName.memberNames(for: ["size_1x", "size_2x"]) == ["size1x", "size2x"])
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
        #expect(SwiftName.escaped("default") == "`default`")
        #expect(SwiftName.escaped("self") == "`self`")
        #expect(SwiftName.escaped("selected") == "selected")
        #expect(
            SwiftName.memberNames(for: ["view_default", "view_if"]).map(SwiftName.escaped) == ["`default`", "`if`"])
    }

    @Test func aNameThatStartsWithADigitIsAProblem() {
        #expect(SwiftName.problem(with: "2up") == "starts with a digit")
        #expect(SwiftName.memberNames(for: ["2up"]) == ["2up"])
        #expect(SwiftName.problem(with: "up2") == nil)
    }

    @Test func unicodeLettersAndEmojiMakeNamesAndCaseChangesOnlyWhenItStaysOneCharacter() {
        #expect(SwiftName.memberNames(for: ["Größe"]) == ["größe"])
        #expect(SwiftName.memberNames(for: ["rand_ßig"]) == ["ßig"])
        #expect(SwiftName.lowerCamelCase(["maß", "ßig"]) == "maßßig")
        #expect(SwiftName.memberNames(for: ["🙂_face"]) == ["face"])
        #expect(SwiftName.lowerCamelCase(SwiftName.words(of: "🙂_face")) == "🙂Face")
        #expect(SwiftName.problem(with: "日本語") == nil)
    }

    @Test func invisibleCharactersCutWordsAndACombiningMarkCannotStartAName() {
        #expect(SwiftName.words(of: "a\u{202E}b\u{200B}c") == ["a", "b", "c"])
        #expect(SwiftName.problem(with: "\u{301}a") == "starts with a combining mark")
        #expect(SwiftName.problem(with: "e\u{301}") == nil)
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
        #expect(SwiftName.words(of: "") == [])
        #expect(SwiftName.words(of: "-_.") == [])
        #expect(SwiftName.memberNames(for: ["", "title"]) == ["", "title"])
        #expect(SwiftName.problem(with: "") == "has no letters or digits")
    }

    @Test func someTypeNamesCannotBeUsedEvenWithBackticks() {
        #expect(SwiftName.typeProblem(with: "Type") != nil)
        #expect(SwiftName.typeProblem(with: "Protocol") != nil)
        #expect(SwiftName.typeProblem(with: "DeviceConstraints") != nil)
        #expect(SwiftName.typeProblem(with: "Card") == nil)
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
