import Foundation
import Testing

@testable import DeviceConstraints

struct EnvironmentUpdateTests {
    static let portraitPad = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)
    static let twoThirds = LayoutEnvironment(width: 694, height: 768, idiom: .pad)
    static let iPhone6 = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
    static let iPhone5 = LayoutEnvironment(width: 320, height: 568, idiom: .phone)

    /// The bundled `Constraints/`, counted.
    private func bundled() -> (CountingSource, ConstraintInterpreter) {
        let source = CountingSource(DirectorySource(Fixtures.bundledConstraints))
        return (source, ConstraintInterpreter(source: source, environment: Self.iPhone6))
    }

    // MARK: - Switching

    @Test func anUpdateToAnotherClassLoadsEveryLoadedContainerForItThenSwitches() async throws {
        let (_, interpreter) = bundled()
        try await interpreter.preload(containers: ["BMTReportCalendarDayButton", "BMTReportMeasureView"])
        #expect(
            try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView").height
                == 105)

        let change = try #require(try await interpreter.update(to: Self.portraitPad))
        #expect(
            (
                change.deviceChanged, [change.oldDevice.name, change.newDevice.name],
                [change.old, change.new, interpreter.environment], interpreter.device.name
            ) == (
                true, [.iPhone6, .iPadPro12Inch], [Self.iPhone6, Self.portraitPad, Self.portraitPad], .iPadPro12Inch
            ))
        #expect(interpreter.lookupChain == [.iPadPro12Inch, .iPad])
        // Both containers are loaded for the new class before any lookup.
        #expect(interpreter.loadedContainers == ["BMTReportCalendarDayButton", "BMTReportMeasureView"])
        let cached = try #require(
            interpreter.cachedRecord(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView"))
        let normal = interpreter.cachedRecord(
            viewId: "bmt_reportCalendarDayButtonId_Normal", container: "BMTReportCalendarDayButton")
        // The measure view's height and marginLeft, the day button's marginLeft.
        #expect([cached.height, cached.marginLeft, normal?.marginLeft] == [114, 20, 62.5])
    }

    /// A resize re-resolves each loaded container whose records follow the window, each put in its old place: time
    /// linear in their number (each replacement rebuilt the names of every loaded container).
    @Test func aSwitchOfManyContainersGivesEachItsOwnFilesForTheNewClass() async throws {
        // Enough containers that the switch's workers prepare several at a time.
        let names = (0..<64).map { "C\($0)" }
        var files: [String: String] = [:]
        for (k, name) in names.enumerated() {
            files["\(name)_iPhone6.json"] = #"{"\#(name)": [{"v": {"width": \#(k)}}]}"#
            files["\(name)_iPad.json"] = #"{"\#(name)": [{"v": {"width": \#(1000 + k)}}]}"#
        }
        let interpreter = ConstraintInterpreter(source: InMemorySource(files), environment: Self.iPhone6)
        try await interpreter.preload(containers: names)
        _ = try await interpreter.update(to: Self.portraitPad)
        #expect(
            names.map { interpreter.cachedRecord(viewId: "v", container: $0)?.width }
                == (0..<64).map { Double(1000 + $0) })
    }

    @Test(.longTier, .timeLimit(.minutes(10)))
    func aResizeTakesTimeLinearInTheLoadedContainersThatFollowTheWindow() async throws {
        let loaded = try await LinearTime.expectLinear(
            from: 400, "resizing a window with n loaded containers that scale",
            prepare: { count -> ConstraintInterpreter in
                var files: [String: String] = [:]
                for i in 0..<count {
                    files["Card\(i)_iPhone6.json"] = #"{"Card\#(i)": [{"title": {"width": {"scaled": 100}}}]}"#
                }
                let interpreter = ConstraintInterpreter(source: InMemorySource(files), environment: Self.iPhone6)
                for i in 0..<count { _ = try interpreter.record(viewId: "title", container: "Card\(i)") }
                return interpreter
            },
            { interpreter in
                for width in [380.0, 375, 380, 375] {
                    _ = interpreter.updateNow(to: LayoutEnvironment(width: width, height: 667, idiom: .phone))
                }
                return interpreter.loadedContainers.count
            })
        #expect(loaded == 1600)
    }

    @Test func rotatingBackAndForthReadsNoFileTwice() async throws {
        let (source, interpreter) = bundled()
        try await interpreter.preload(containers: ["BMTReportCalendarDayButton", "BMTReportMeasureView"])
        try await interpreter.update(to: Self.portraitPad)
        let afterFirstVisit = source.totalReads
        for _ in 0..<5 {
            try await interpreter.update(to: Self.iPhone6)
            try await interpreter.update(to: Self.portraitPad)
            _ = interpreter.updateNow(to: Self.iPhone6)
            _ = interpreter.updateNow(to: Self.portraitPad)
        }
        #expect(
            try (
                source.totalReads,
                interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView").height
            ) == (afterFirstVisit, 114))
    }

    @Test func theSameEnvironmentAndAResizeWithoutScaledValuesChangeNothingALookupReturns() async throws {
        let (source, interpreter) = bundled()
        try await interpreter.preload(containers: ["BMTReportMeasureView"])
        let reads = source.totalReads
        #expect(try await interpreter.update(to: Self.iPhone6) == nil)
        // 375×812 resolves to iPhoneX, another class; 375×700 stays iPhone6 (widest phone ≤ 375, nearest height).
        let taller = LayoutEnvironment(width: 375, height: 700, idiom: .phone)
        #expect(interpreter.updateNow(to: taller) == nil)
        #expect(
            (interpreter.environment, interpreter.device.name, source.totalReads) == (taller, .iPhone6, reads))
    }

    @Test func updateNowSwitchesAtOnceAndLoadsFilesItNeverReadOnDemand() throws {
        let (source, interpreter) = bundled()
        #expect(
            try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
                .marginLeft == 15)
        let reads = source.totalReads
        let change = try #require(interpreter.updateNow(to: Self.iPhone5))
        // No file read inside updateNow: iPhone5's file was never read.
        #expect(
            (change.newDevice.name, source.totalReads, interpreter.isLoaded(container: "BMTReportMeasureView"))
                == (.iPhone5, reads, false))
        #expect(
            try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
                .marginLeft == 12)
        #expect(source.reads(of: "BMTReportMeasureView_iPhone5.json") == 1)
    }

    @Test func aLaterUpdateWinsOverAnEarlierOneThatFinishesLater() async throws {
        let source = CountingSource(DirectorySource(Fixtures.bundledConstraints), delay: 0.05)
        let interpreter = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        try await interpreter.preload(containers: ["BMTReportMeasureView"])
        // The slow update reads the iPad's files; the quick one, called after it, reads nothing new. "After": once
        // the slow one is reading (a child task may not have started at all by a given time on a busy machine, and
        // then it would be the later update, and rightly win).
        let reads = source.totalReads
        async let slow = interpreter.update(to: Self.portraitPad)
        #expect(await waitUntil { source.totalReads > reads }, "the slow update never read a file")
        _ = interpreter.updateNow(to: Self.iPhone5)
        _ = try await slow
        #expect(interpreter.device.name == .iPhone5)
        #expect(
            try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
                .marginLeft == 12)
    }

    @Test func aContainerThatCannotLoadForTheNewClassIsReportedAndLeftUnloadedAfterTheSwitch() async throws {
        let source = MutableSource([
            "Card.json": #"{"Card": {"title": {"height": 20}}}"#,
            "Card_iPad.json": #"{"Card": {"title": {"height": "tall"}}}"#,
        ])
        let interpreter = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        try await interpreter.preload(containers: ["Card"])
        await expectAsyncConstraintError { try await interpreter.update(to: Self.portraitPad) }
        #expect(interpreter.device.name == .iPadPro12Inch && !interpreter.isLoaded(container: "Card"))
        expectConstraintError { try interpreter.record(viewId: "title", container: "Card") }
        source["Card_iPad.json"] = #"{"Card": {"title": {"height": 30}}}"#
        interpreter.invalidate(container: "Card")
        #expect(try interpreter.record(viewId: "title", container: "Card").height == 30)
    }

    // MARK: - Observers

    @Test func everyChangeReachesTheStreamTheCallbackAndTheNotification() async throws {
        let (_, interpreter) = bundled()
        try await interpreter.preload(containers: ["BMTReportMeasureView"])
        let received = ConditionLocked<[EnvironmentChange]>([])
        let observation = interpreter.onChange { change in received.withLock { $0.append(change) } }
        let notified = ConditionLocked<[EnvironmentChange]>([])
        let token = NotificationCenter.default.addObserver(
            forName: ConstraintInterpreter.environmentDidChangeNotification, object: interpreter, queue: nil
        ) { notification in
            if let change = notification.userInfo?[ConstraintInterpreter.changeUserInfoKey] as? EnvironmentChange {
                notified.withLock { $0.append(change) }
            }
        }
        defer { NotificationCenter.default.removeObserver(token) }
        var iterator = interpreter.changes().makeAsyncIterator()

        try await interpreter.update(to: Self.portraitPad)
        let streamed = await iterator.next()
        // The stream's, the callback's and the notification's.
        #expect(
            (
                streamed?.newDevice.name, received.withLock { $0.map(\.newDevice.name) },
                notified.withLock { $0.map(\.newDevice.name) }
            ) == (.iPadPro12Inch, [.iPadPro12Inch], [.iPadPro12Inch]))

        observation.cancel()
        try await interpreter.update(to: Self.iPhone6)
        #expect(await (received.withLock { $0.count }, iterator.next()?.newDevice.name) == (1, .iPhone6))
    }

    @Test func aStreamEndsWhenItsInterpreterIsReleased() async {
        var interpreter: ConstraintInterpreter? = ConstraintInterpreter(
            source: InMemorySource([:]), environment: Self.iPhone6)
        let stream = interpreter?.changes()
        interpreter = nil
        var iterator = stream?.makeAsyncIterator()
        #expect(await iterator?.next() == nil)
    }

    // MARK: - Scaled values and column rules

    /// The Split View article's design ("Qdaily's iPad edition: adapting to Split View", Examples/SplitViewColumns):
    /// 4-, 3- and 2-column themes; the four-column file is the base the others fall back to.
    static let splitViewWindows: [(width: Double, height: Double, device: DeviceName, columns: Int)] = [
        (1366, 1024, "iPad4Column", 4), (1024, 1366, "iPad4Column", 4), (981, 1024, "iPad4Column", 4),
        (768, 1024, "iPad4Column", 4), (694, 768, "iPad3Column", 3), (678, 1024, "iPad3Column", 3),
        (639, 1366, "iPad3Column", 3), (507, 768, "iPad2Column", 2), (438, 1024, "iPad2Column", 2),
        (375, 1024, "iPad2Column", 2), (320, 768, "iPad2Column", 2),
    ]

    private func splitViewExample() throws -> ConstraintInterpreter {
        let folder = Fixtures.bundledConstraints.deletingLastPathComponent()
            .appendingPathComponent("Examples/SplitViewColumns/Sources/SplitViewColumns", isDirectory: true)
        let catalog = try DeviceCatalog(
            json: Data(contentsOf: folder.appendingPathComponent("catalog.json")), fileName: "catalog.json")
        return ConstraintInterpreter(
            source: DirectorySource(folder.appendingPathComponent("Constraints")),
            environment: LayoutEnvironment(width: 1366, height: 1024, idiom: .pad),
            catalog: catalog)
    }

    @Test func theSplitViewArticlesElevenWindowsGetTheirColumnThemesAndDynamicValues() async throws {
        let interpreter = try splitViewExample()
        try await interpreter.preload(containers: ["Feed"])
        for window in Self.splitViewWindows {
            try await interpreter.update(to: LayoutEnvironment(width: window.width, height: window.height, idiom: .pad))
            let grid = try interpreter.record(viewId: "grid", container: "Feed")
            // "1366 dynamic": the banner has the window's full width at every size, including the 2-column windows
            // that fall back.
            let banner = try interpreter.record(viewId: "banner", container: "Feed")
            #expect(
                (interpreter.device.name, grid.columnLayout?.count, banner.width)
                    == (window.device, window.columns, window.width), "\(window)")
        }
    }

    @Test func aScaledValueIsClampedAndRoundedToThePixel() async throws {
        let interpreter = try splitViewExample()
        try await interpreter.update(to: LayoutEnvironment(width: 507, height: 768, idiom: .pad, displayScale: 2))
        let banner = try interpreter.record(viewId: "banner", container: "Feed")
        let title = try interpreter.record(viewId: "cardTitle", container: "Feed")
        // 300 × 507 ÷ 1366 = 111.35, under the minimum of 160; the 2-column file's plain font size (16) wins over the
        // base's scaled one.
        #expect([banner.height, title.fontSize] == [160, 16])
        try await interpreter.update(to: LayoutEnvironment(width: 981, height: 1024, idiom: .pad, displayScale: 2))
        // 20 × 981 ÷ 1366 = 14.36, under the minimum of 16; 300 × 981 ÷ 1366 = 215.45 → 215.5 at 2×.
        #expect(
            try [
                interpreter.record(viewId: "cardTitle", container: "Feed").fontSize,
                interpreter.record(viewId: "banner", container: "Feed").height,
            ] == [16, 215.5])
    }

    /// `{"scaled": 375}` in a base file scales against the width the file states; without one, against each
    /// class's own design width, so at each class's width it stays 375 (today's rule, which lint warns about).
    @Test func aScaledValueInABaseFileThatStatesItsDesignWidthScalesOnEveryClass() async throws {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(try Fixtures.folder("DesignWidth")),
            environment: LayoutEnvironment(width: 320, height: 568, idiom: .phone))
        // Card.json states its width before its container's key: still a constraint file to preloadAll.
        try await interpreter.preloadAll()
        #expect(interpreter.loadedContainers == ["Card", "Legacy"])
        let windows: [(LayoutEnvironment, DeviceName, Double)] = [
            (LayoutEnvironment(width: 320, height: 568, idiom: .phone), .iPhone5, 320),
            (LayoutEnvironment(width: 440, height: 956, idiom: .phone), .iPhone16ProMax, 440),
            (LayoutEnvironment(width: 768, height: 1024, idiom: .pad), .iPad, 768),
        ]
        for (window, device, width) in windows {
            try await interpreter.update(to: window)
            #expect(interpreter.device.name == device)
            let banner = try interpreter.record(viewId: "banner", container: "Card")
            let legacy = try interpreter.record(viewId: "banner", container: "Legacy")
            // Card's width 375 × width ÷ 375; Legacy's 375; Card's height: the iPad file states 1024, 80 × 768 ÷ 1024 =
            // 60, as the phones' plain 60 of the base file.
            #expect([banner.width, legacy.width, banner.height] == [width, 375, 60], "\(device)")
        }
        // Within a class, a window between two classes' widths: 375 × 400 ÷ 375 for Card, 375 × 400 ÷ 393 for Legacy.
        try await interpreter.update(to: LayoutEnvironment(width: 400, height: 874, idiom: .phone, displayScale: 2))
        #expect(
            try ["Card", "Legacy"].map { try interpreter.record(viewId: "banner", container: $0).width } == [
                400, 381.5,
            ])
    }

    @Test func aResizeWithinAClassReResolvesOnlyContainersWithScaledValuesAndReadsNothing() async throws {
        let source = CountingSource(
            InMemorySource([
                "Plain.json": #"{"Plain": {"a": {"width": 10}}}"#,
                "Scaled.json": #"{"Scaled": {"a": {"width": {"scaled": 100}}, "b": {"width": 7}}}"#,
            ]))
        let interpreter = ConstraintInterpreter(
            source: source, environment: LayoutEnvironment(width: 768, height: 1024, idiom: .pad))
        try await interpreter.preload(containers: ["Plain", "Scaled"])
        let plainTable = try #require(interpreter.cache.table(of: "Plain"))
        let reads = source.totalReads
        #expect(try interpreter.record(viewId: "a", container: "Scaled").width == 100)  // designed at iPad's 768

        let change = try #require(
            try await interpreter.update(to: LayoutEnvironment(width: 1024, height: 768, idiom: .pad)))
        #expect(!change.deviceChanged)
        // a: 100 × 1024 ÷ 768 = 133.33; b: plain.
        #expect(try ["a", "b"].map { try interpreter.record(viewId: $0, container: "Scaled").width } == [133.5, 7])
        // Plain untouched, nothing read.
        #expect(interpreter.cache.table(of: "Plain") === plainTable && source.totalReads == reads)
    }

    @Test func aResizeWithinAClassKeepsTheContainersWhoseValuesFollowOnlyTheTextSize() async throws {
        let source = InMemorySource([
            "Fonts.json": #"{"Fonts": {"a": {"fontSize": 17}, "b": {"height": {"size": 44}}}}"#,
            "Scaled.json": #"{"Scaled": {"a": {"fontSize": {"scaled": 17}}}}"#,
        ])
        let taller = LayoutEnvironment(width: 380, height: 700, idiom: .phone)
        let interpreter = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        try await interpreter.preload(containers: ["Fonts", "Scaled"])
        let fonts = try #require(interpreter.cache.table(of: "Fonts"))
        let scaled = try #require(interpreter.cache.table(of: "Scaled"))
        // Scaled's font follows the width; Fonts' values follow the text size alone, which did not change.
        #expect(try await interpreter.update(to: taller) != nil)
        #expect(interpreter.cache.table(of: "Fonts") === fonts && interpreter.cache.table(of: "Scaled") !== scaled)

        // With only such containers loaded, a resize changes nothing a lookup returns; a text size still does.
        let onlyFonts = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        _ = try onlyFonts.records(container: "Fonts")
        let table = try #require(onlyFonts.cache.table(of: "Fonts"))
        #expect(onlyFonts.updateNow(to: taller) == nil && onlyFonts.cache.table(of: "Fonts") === table)
        #expect(onlyFonts.updateNow(to: taller.withTextSize(.xLarge)) != nil)
        #expect(try onlyFonts.record(viewId: "a", container: "Fonts").fontSize == 19)
    }

    @Test func aColumnRuleGivesTheRecordsColumnLayoutForTheWindow() async throws {
        let source = InMemorySource([
            "Feed.json":
                #"{"Feed": {"grid": {"columns": {"standardWidth": 440, "standardColumns": 2, "scale": 1.2, "spacing": 8, "insets": 16}}}}"#
        ])
        let interpreter = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        #expect(
            try interpreter.record(viewId: "grid", container: "Feed").columnLayout
                == ColumnLayout(count: 2, itemWidth: 167.5, spacing: 8, insets: 16))
        try await interpreter.update(to: LayoutEnvironment(width: 1024, height: 768, idiom: .pad))
        #expect(
            try interpreter.record(viewId: "grid", container: "Feed").columnLayout
                == ColumnLayout(count: 3, itemWidth: 325, spacing: 8, insets: 16))
    }

    // MARK: - Text size (Dynamic Type)

    /// A card whose title has a plain font size, a badge a fixed one, a row a height that follows body up to a
    /// cap, a heading a font that follows title1, and a divider nothing that follows the text size.
    static let textSizeFiles = [
        "Card.json": #"""
        {"Card": [
            {"title": {"fontSize": 17, "height": 44}},
            {"badge": {"fontSize": {"fixed": 11}}},
            {"row": {"height": {"size": 44, "relativeTo": "body", "max": 60}}},
            {"heading": {"fontSize": {"size": 28, "relativeTo": "title1", "max": 40}}},
            {"divider": {"height": 1}}
        ]}
        """#,
        "Plain.json": #"{"Plain": [{"line": {"width": 3}}]}"#,
    ]

    @Test func aTextSizeChangeScalesFontsAndTextScaledValuesAndReadsNoFile() throws {
        let source = CountingSource(InMemorySource(Self.textSizeFiles))
        let interpreter = ConstraintInterpreter(source: source, environment: Self.iPhone6)
        func record(_ view: String) throws -> ConstraintRecord {
            try interpreter.record(viewId: view, container: "Card")
        }
        // The values of the views, in one list: title's font size and height, badge's font size, row's height,
        // heading's font size, divider's height.
        func values() throws -> [Double?] {
            try [
                record("title").fontSize, record("title").height, record("badge").fontSize, record("row").height,
                record("heading").fontSize, record("divider").height,
            ]
        }
        // At .large every value is the file's number.
        #expect(try values() == [17, 44, 11, 44, 28, 1])
        let reads = source.totalReads

        let change = try #require(interpreter.updateNow(to: Self.iPhone6.withTextSize(.accessibility1)))
        #expect(!change.deviceChanged && change.new.textSize == .accessibility1)
        // Title 17 × 28/17; badge fixed; row 44 × 28/17 = 72.5, capped at 60; heading: title1 at AX1.
        #expect(try values() == [28, 44, 11, 60, 38, 1])

        _ = interpreter.updateNow(to: Self.iPhone6.withTextSize(.xSmall))
        #expect(try [record("title").fontSize, record("heading").fontSize] == [14, 25])
        _ = interpreter.updateNow(to: Self.iPhone6)
        #expect(try record("title").fontSize == 17 && source.totalReads == reads)
    }

    @Test func aTextSizeChangeWithNothingThatFollowsItChangesNothing() throws {
        let interpreter = ConstraintInterpreter(source: InMemorySource(Self.textSizeFiles), environment: Self.iPhone6)
        _ = try interpreter.record(viewId: "line", container: "Plain")
        #expect(
            try (
                interpreter.updateNow(to: Self.iPhone6.withTextSize(.xxxLarge)),
                interpreter.record(viewId: "line", container: "Plain").width
            ) == (nil, 3))
    }

    /// Containers whose only text-dependent values are plain font sizes pass through as their merged table at
    /// `.large`, so a hit costs what it did before text sizes.
    @Test func aContainerWithPlainFontSizesResolvesToItsMergedTableAtLarge() throws {
        let parser = ConstraintFileParser()
        let data = Data(#"{"C": [{"t": {"fontSize": 17}}, {"u": {"fontSize": {"size": 20}}}]}"#.utf8)
        let file = try parser.parsedFile(data, fileName: "C.json", container: "C", collectingWarnings: false)
        let merged = MergedContainer(files: [(file, nil)])
        let catalog = DeviceCatalog.standard
        let device = catalog.resolve(Self.iPhone6)
        #expect(merged.isAdaptive)
        #expect(merged.resolved(for: Self.iPhone6, device: device, catalog: catalog) === merged.table)
        let larger = merged.resolved(for: Self.iPhone6.withTextSize(.xLarge), device: device, catalog: catalog)
        #expect(larger !== merged.table)
        // u: 20 × 19/17 = 22.35, to the half point.
        #expect([larger.record("t")?.fontSize, larger.record("u")?.fontSize] == [19, 22.5])
    }

    /// Among more files than are asked one by one, the first file on the chain still decides each attribute: a
    /// plain number in a wider file shadows a scaled one in a narrower file, a scaled one in a wider file shadows a
    /// plain one, and every other scaled extension resolves as it does with its file alone.
    @Test func amongManyWidthFilesTheFirstToSetAnAttributeDecidesWhetherItScales() throws {
        let window = LayoutEnvironment(width: 100_000, height: 800, idiom: .phone)
        let base = #"{"Card": {"v": {"width": 1}}}"#
        func file(_ width: Int) -> String {
            var attributes = [#""x\#(width)": {"scaled": \#(width)}"#]
            if width == 40 { attributes += [#""x1": 7"#, #""height": 3"#] }
            if width == 39 { attributes.append(#""y": {"scaled": 2}"#) }
            if width == 1 { attributes += [#""height": {"scaled": 1}"#, #""y": 5"#] }
            return #"{"Card": {"v": {"# + attributes.joined(separator: ", ") + "}}}"
        }
        var files = ["Card_iPhone6.json": base]
        for width in 1...40 { files["Card_w\(width).json"] = file(width) }
        let record = try ConstraintInterpreter(source: InMemorySource(files), environment: window)
            .record(viewId: "v", container: "Card")
        func alone(_ width: Int, _ name: String) throws -> ConstraintValue? {
            let source = InMemorySource(["Card_iPhone6.json": base, "Card_w\(width).json": file(width)])
            let interpreter = ConstraintInterpreter(source: source, environment: window)
            return try interpreter.record(viewId: "v", container: "Card")[attribute: name]
        }
        #expect(40 > ViewTable.mergedInOnePassAtMost)
        #expect(record[attribute: "x1"] == .number(7) && record.height == 3)
        #expect(record[attribute: "y"] == (try alone(39, "y")) && record[attribute: "y"] != .number(5))
        for width in 2...40 {
            #expect(record[attribute: "x\(width)"] == (try alone(width, "x\(width)")), "x\(width)")
        }
        #expect(record.extensions.count == 41, "x1 … x40 and y")
    }

    /// A plain font size in a device's file beats a fixed one in the base file, and a fixed one in the device's
    /// file beats a plain one in the base file.
    @Test func theFirstFileOnTheChainDecidesWhetherAFontFollowsTheTextSize() throws {
        let source = InMemorySource([
            "Card.json": #"{"Card": [{"a": {"fontSize": {"fixed": 12}}}, {"b": {"fontSize": 17}}]}"#,
            "Card_iPhone6.json": #"{"Card": [{"a": {"fontSize": 17}}, {"b": {"fontSize": {"fixed": 12}}}]}"#,
        ])
        let interpreter = ConstraintInterpreter(
            source: source, environment: Self.iPhone6.withTextSize(.accessibility1))
        #expect(try ["a", "b"].map { try interpreter.record(viewId: $0, container: "Card").fontSize } == [28, 12])
    }
}
