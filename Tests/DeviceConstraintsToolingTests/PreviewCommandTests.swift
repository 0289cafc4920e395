import ConstraintLayout
import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `device-constraints preview`: its options, the record sheet's geometry, and the files it writes.
struct PreviewCommandTests {
    private func sheet(_ container: String, _ devices: [DeviceName], in folder: String = "Clean") throws
        -> RecordSheet
    {
        let profiles = try devices.map { try #require(DeviceCatalog.standard.profile(named: $0)) }
        return try RecordSheet(
            container: container, devices: profiles, catalog: .standard, source: Fixtures.source(folder))
    }

    /// The element names and attributes of an SVG document, parsed by XMLParser, which fails on malformed XML.
    private final class Elements: NSObject, XMLParserDelegate {
        var elements: [(name: String, attributes: [String: String])] = []

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements.append((element, attributes))
        }
    }

    private func elements(_ svg: String) throws -> [(name: String, attributes: [String: String])] {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Elements()
        parser.delegate = collector
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return collector.elements
    }

    // MARK: - Options

    @Test func theOptionsAreReadIntoTypedValues() throws {
        let command = try ToolCommand(parsing: [
            "preview", "Card", "Clean", "--devices", "iPhone5, iPad", "--output", "sheet.html",
        ])
        #expect(
            command
                == .preview(
                    PreviewOptions(
                        container: "Card", directory: "Clean", devices: ["iPhone5", "iPad"], output: "sheet.html")))
        #expect(
            try ToolCommand(parsing: ["preview", "Card"])
                == .preview(PreviewOptions(container: "Card", directory: "Constraints")))
        #expect(PreviewOptions.format(of: "a.SVG") == .svg && PreviewOptions.format(of: "b.html") == .html)
    }

    @Test func anOutputThatIsNeitherSVGNorHTMLOrAnEmptyDeviceListIsAUsageError() throws {
        let output = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["preview", "Card", "--output", "sheet.png"])
        }
        let devices = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["preview", "Card", "--devices", " , "])
        }
        for (error, part) in [(output, "must end in .svg or .html"), (devices, "at least one device")] {
            #expect(error.description.contains(part))
        }
        #expect(throws: UsageError.self) { try ToolCommand(parsing: ["preview"]) }
    }

    @Test func aDeviceNamedTwiceIsDrawnOnceWhereItIsFirstNamed() throws {
        #expect(
            try ToolCommand(parsing: ["preview", "Card", "--devices", "iPhone6,iPad, iPhone6,iPad,iPhone5"])
                == .preview(
                    PreviewOptions(
                        container: "Card", directory: "Constraints", devices: ["iPhone6", "iPad", "iPhone5"])
                ))
        let folder = try Fixtures.folder("Clean").path
        let command = try ToolCommand(parsing: ["preview", "Card", folder, "--devices", "iPhone6,iPhone6"])
        let printed = DeviceConstraintsTool().run(command)
        #expect(
            (printed.exitCode, try elements(printed.output).filter { $0.attributes["class"] == "panel-strip" }.count)
                == (.success, 1), "\(printed.errorOutput)")
    }

    @Test func anUnknownDeviceIsAUsageErrorWithPreviewsUsage() throws {
        let folder = try Fixtures.folder("Clean").path
        let result = DeviceConstraintsTool().run(
            .preview(PreviewOptions(container: "Card", directory: folder, devices: ["iPhone6", "foo"])))
        let lines = result.errorOutput.split(separator: "\n").map(String.init)
        #expect(
            (result.exitCode, lines.first?.hasPrefix("error: unknown device 'foo'"), lines.last)
                == (.usageError, true, "usage: \(CommandSpec.preview.usage)"), "\(result.errorOutput)")
    }

    @Test func theHelpListsThePreviewCommand() throws {
        guard case .help(let help) = try ToolCommand(parsing: ["help", "preview"]) else {
            Issue.record("no help")
            return
        }
        #expect(
            (
                CommandSpec.toolHelp.contains("preview"),
                help.contains("--devices <names>") && help.contains("--output <file>")
            ) == (true, true), "\(help)")
    }

    // MARK: - The record sheet

    @Test func eachViewIsABoxOfItsSizeWithItsMarginsAndDifferencesFromTheBaseFileMarked() throws {
        let records = try sheet("Card", [.iPhone5, .iPhone6, .iPad])
        let panels = records.sheet.panels
        #expect(panels.map(\.title) == ["iPhone5", "iPhone6", "iPad"])
        // iPhone 5: title 12 in (its own file; the base says 16), stretched across the rest of 320 points.
        let title = try #require(panels[0].boxes.first)
        #expect(
            (title.name, title.frame, title.highlights)
                == ("title ↔×22", LayoutFrame(x: 12, y: 12, width: 308, height: 22), []))
        let marginLeft = try #require(panels[0].guides.first { $0.label.hasPrefix("marginLeft") })
        #expect(
            (marginLeft.label, marginLeft.highlight, marginLeft.x1, marginLeft.x2)
                == ("marginLeft 12 *", .differsFromBase, 0, 12))
        // iPhone 6 reads only the base file: nothing differs.
        #expect(
            (
                boxes: panels[1].boxes.allSatisfy { $0.highlights.isEmpty },
                guides: panels[1].guides.allSatisfy { $0.highlight == nil }
            ) == (true, true))
        // iPad: the title is 28 high (the base: 22), the icon 32 × 32 (the base: 24 × 24).
        let icon = panels[2].boxes[1]
        #expect(
            (panels[2].boxes.map(\.highlights), icon.name, icon.frame.width, icon.frame.y)
                == ([[.differsFromBase], [.differsFromBase]], "icon 32×32", 32, 12 + 28 + RecordSheet.viewGap))
    }

    @Test func theSheetIsWellFormedSVGWithOnePanelAndOneWindowPerDevice() throws {
        let svg = try sheet("Card", [.iPhone5, .iPhone6, .iPad]).sheet.svg()
        let elements = try elements(svg)
        let windows = elements.filter { $0.attributes["class"] == "window" }
        #expect(
            (strips: elements.filter { $0.attributes["class"] == "panel-strip" }.count, windows: windows.count)
                == (3, 3))
        let scale = try sheet("Card", [.iPhone5, .iPhone6, .iPad]).sheet.effectiveScale
        let node = try #require(elements.first { $0.attributes["data-name"] == "icon 32×32" })
        // The window is the device's width: 320 points on the iPhone 5.
        #expect(
            (icon: node.attributes["width"], window: windows.first?.attributes["width"])
                == (PreviewSheet.number(32 * scale), PreviewSheet.number(320 * scale)))
    }

    @Test func labelsAreTheShortestUniqueNamesWithTheFullIdAsATooltip() throws {
        let profiles = try [DeviceName.iPhone5, .iPad].map { try #require(DeviceCatalog.standard.profile(named: $0)) }
        let records = try RecordSheet(
            container: "BMTReportCalendarDayButton", devices: profiles, catalog: .standard,
            source: DirectorySource(Fixtures.bundledConstraints))
        let boxes = records.sheet.panels[0].boxes
        #expect(
            (boxes.map(\.name), boxes.map(\.title))
                == (
                    ["selected 45×45", "normal 30×30"],
                    ["bmt_reportCalendarDayButtonId_Selected", "bmt_reportCalendarDayButtonId_Normal"]
                ))
        let svg = records.sheet.svg()
        let titles = try elements(svg).filter { $0.name == "title" }.count
        #expect(
            (svg.contains("<title>bmt_reportCalendarDayButtonId_Selected</title>"), titles) == (true, 8))
        // Ids that share their first words lose them; a container's only id keeps its last word.
        let banner = try sheet("Banner", [.iPhone5], in: "Sheet").sheet.panels[0].boxes
        #expect(banner.map(\.name) == ["wide 375×60", "title ↔×20"])
    }

    @Test func aViewPastTheWindowIsMarkedAndTheSpacePastItShaded() throws {
        let records = try sheet("Banner", [.iPhone5, .iPhone6], in: "Sheet")
        // 375 points wide: past the iPhone 5's 320-point window, exactly the iPhone 6's.
        let wide = records.sheet.panels.map { $0.boxes[0] }
        #expect(
            (wide.map(\.highlights), records.sheet.legend.contains(.outsideWindow)) == ([[.outsideWindow], []], true))
        // What each panel draws: the elements after its group opens, up to the next panel's.
        let panels = try elements(records.sheet.svg()).split { $0.attributes["class"] == "panel" }.dropFirst()
        let shaded = panels.map { $0.contains { $0.attributes["class"] == "past-window" } }
        #expect(shaded == [true, false])
    }

    @Test func aColumnRuleIsDrawnAsItsColumns() throws {
        let records = try sheet("Feed", [.iPhone5, .iPad], in: "Sheet")
        for (panel, (count, width)) in zip(records.sheet.panels, [(2, 144.0), (4, 180.0)]) {
            let grid = panel.boxes[0]
            #expect(
                (grid.name, grid.frame.height) == (
                    "grid \(count) × \(PreviewSheet.number(width))", RecordSheet.columnRowHeight
                ))
            #expect(grid.highlights.isEmpty, "not a dot of zero or negative size")
            let cells = panel.boxes.dropFirst()
            let xs: [Double] = cells.map(\.frame.x)
            let expectedXs: [Double] = (0..<count).map { (index: Int) -> Double in 12 + Double(index) * (width + 8) }
            let sizes = cells.allSatisfy { $0.frame.width == width && $0.depth == 2 }
            #expect((cells.count, sizes, xs) == (count, true, expectedXs), "\(panel.title)")
        }
    }

    /// The dense fixture: 16 views with long ids, close together, on an iPhone 5 and an iPad, whose file lists
    /// them in the other order.
    private func denseSheet() throws -> RecordSheet {
        try sheet("DenseDashboardCard", [.iPhone5, .iPad], in: "DenseSheet")
    }

    /// Every drawn text of an SVG document with its estimated box (DejaVu Sans: 0.64 em a character at most, 0.93
    /// em above the baseline, 0.24 below), and the panel frame it is drawn in.
    private final class Texts: NSObject, XMLParserDelegate {
        struct Text {
            var content = ""
            var box: (x: Double, y: Double, width: Double, height: Double) = (0, 0, 0, 0)
            var panel: Int
            var isSample: Bool
        }
        var texts: [Text] = []
        var frames: [(x: Double, y: Double, width: Double, height: Double)] = []
        private var open: Int?

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            func number(_ key: String) -> Double { Double(attributes[key] ?? "") ?? 0 }
            if element == "rect", attributes["class"] == "panel-frame" {
                frames.append((number("x"), number("y"), number("width"), number("height")))
            }
            if element == "text" {
                let size = number("font-size")
                texts.append(
                    Text(
                        box: (number("x"), number("y") - 0.93 * size, 0, 1.17 * size), panel: frames.count - 1,
                        isSample: attributes["class"] == "font-sample"))
                open = texts.count - 1
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let open { texts[open].content += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?
        ) {
            guard element == "text", let open else { return }
            let size = texts[open].box.height / 1.17
            texts[open].box.width = Double(texts[open].content.count) * 0.64 * size
            self.open = nil
        }
    }

    private func texts(_ svg: String) throws -> Texts {
        let parser = XMLParser(data: Data(svg.utf8))
        let texts = Texts()
        parser.delegate = texts
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        return texts
    }

    @Test(arguments: ["dense", "BMTReportCalendarDayButton", "BMTReportMeasureView"])
    func noTwoLabelsOverlapAndNoneIsCutOrRunsPastItsPanel(sheetName: String) throws {
        let records =
            sheetName == "dense"
            ? try denseSheet()
            : try RecordSheet(
                container: sheetName,
                devices: [DeviceName.iPhone5, .iPhone6, .iPhone6Plus, .iPad, .iPhone16Pro].map {
                    try #require(DeviceCatalog.standard.profile(named: $0))
                },
                catalog: .standard, source: DirectorySource(Fixtures.bundledConstraints))
        let parsed = try texts(records.sheet.svg())
        let labels = parsed.texts.filter { !$0.isSample && $0.panel >= 0 }
        #expect(labels.count > 10)
        var overlaps: [String] = []
        for (index, a) in labels.enumerated() {
            #expect(!a.content.hasSuffix("…"), "cut: \(a.content)")
            let frame = parsed.frames[a.panel]
            #expect(
                a.box.x >= frame.x && a.box.x + a.box.width <= frame.x + frame.width && a.box.y >= frame.y
                    && a.box.y + a.box.height <= frame.y + frame.height,
                "past its panel: \(a.content)")
            for b in labels[(index + 1)...]
            where min(a.box.x + a.box.width, b.box.x + b.box.width) - max(a.box.x, b.box.x) > 0.5
                && min(a.box.y + a.box.height, b.box.y + b.box.height) - max(a.box.y, b.box.y) > 0.5
            {
                overlaps.append("'\(a.content)' and '\(b.content)'")
            }
        }
        #expect(overlaps.isEmpty, "\(overlaps.count) overlapping pairs: \(overlaps.prefix(5))")
    }

    @Test func everyWindowIsDrawnAtItsDevicesSizeAndAspectWithItsNameAndPoints() throws {
        let records = try denseSheet()
        let sheet = records.sheet
        let windows = try elements(sheet.svg()).filter { $0.attributes["class"] == "window" }
        #expect(windows.count == 2)
        for (panel, (window, device)) in zip(sheet.panels, zip(windows, records.tables.map(\.device))) {
            #expect(
                (panel.width, panel.height, panel.title) == (device.width, device.height, device.name.rawValue))
            let details = panel.details.first ?? ""
            #expect(
                (details.hasPrefix("\(PreviewSheet.number(device.width))×"), details.contains(" pt ")) == (true, true),
                "\(details)")
            let width = try #require(Double(window.attributes["width"] ?? ""))
            let height = try #require(Double(window.attributes["height"] ?? ""))
            #expect(abs(width / height - device.width / device.height) < 0.01)
        }
    }

    @Test func theViewsAreInTheSameOrderOnEveryPanel() throws {
        // The iPad's file lists the views in the other order.
        let panels = try denseSheet().sheet.panels
        let orders = panels.map { $0.boxes.compactMap(\.title) }
        let downwards = panels.allSatisfy { panel in
            zip(panel.boxes, panel.boxes.dropFirst()).allSatisfy { $0.frame.y < $1.frame.y }
        }
        #expect(
            (orders[0].count, orders.allSatisfy { $0 == orders[0] }, downwards) == (16, true, true), "\(orders)")
    }

    @Test func theLegendExplainsEveryNotationAndTheFontSizesAreDrawnAtTheirSize() throws {
        let records = try denseSheet()
        let sheet = records.sheet
        for notation in ["↔×", " × ", "*", "Ag", "×"] {
            #expect(sheet.notations.contains { $0.contains(notation) }, "\(notation)")
        }
        let svg = sheet.svg()
        // avatarBadgeCountLabel: fontSize 16 on the iPhone 5, labelled and drawn at 16 points at the sheet's scale.
        let badge = try #require(sheet.panels[0].boxes.first { $0.title?.hasSuffix("AvatarBadgeCountLabel") == true })
        let samples = try elements(svg).filter { $0.attributes["class"] == "font-sample" }
        #expect(
            (
                notation: svg.contains("class=\"notation\""),
                badge: badge.fontSize == 16 && badge.details.contains { $0.hasPrefix("fontSize 16") },
                sample: samples.contains {
                    $0.attributes["font-size"] == PreviewSheet.number(16 * sheet.effectiveScale)
                }
            ) == (true, true, true), "\(badge.details)")
    }

    @Test func theSheetWrapsItsPanelsIntoRowsWithinItsMaximumWidth() throws {
        let profiles = try [DeviceName.iPhone5, .iPhone6, .iPhone6Plus, .iPad, .iPhone16Pro].map {
            try #require(DeviceCatalog.standard.profile(named: $0))
        }
        let records = try RecordSheet(
            container: "BMTReportCalendarDayButton", devices: profiles, catalog: .standard,
            source: DirectorySource(Fixtures.bundledConstraints))
        let all = try elements(records.sheet.svg())
        let width = try #require(Double(all.first { $0.name == "svg" }?.attributes["width"] ?? ""))
        let frames = all.filter { $0.attributes["class"] == "panel-frame" }
        #expect((width <= PreviewSheet.maximumSheetWidth, frames.count) == (true, 5), "\(width)")
        // Each frame's edges typed: as one expression, the sum took 0.9 s to type-check.
        #expect(
            frames.allSatisfy { frame -> Bool in
                let x: Double = Double(frame.attributes["x"] ?? "") ?? 0
                let frameWidth: Double = Double(frame.attributes["width"] ?? "") ?? .infinity
                return x + frameWidth <= width
            })
        let rows: Set<String> = Set(frames.map { (frame) -> String in frame.attributes["y"] ?? "" })
        #expect(rows.count > 1, "more than one row")
    }

    // MARK: - The command

    @Test func theCommandWritesAnHTMLPageOrPrintsTheSVG() throws {
        let folder = try Fixtures.folder("Clean").path
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: file) }
        let written = DeviceConstraintsTool().run(
            .preview(
                PreviewOptions(container: "Card", directory: folder, devices: ["iPhone5", "iPad"], output: file.path)))
        #expect(
            (written.exitCode, written.output) == (.success, "wrote \(file.path): 2 devices\n"),
            "\(written.errorOutput)")
        let html = try String(contentsOf: file, encoding: .utf8)
        // By default, every device with a file of its own: Card_iPhone5.json and Card_iPad.json.
        let printed = DeviceConstraintsTool().run(.preview(PreviewOptions(container: "Card", directory: folder)))
        #expect(
            (
                html: html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg "),
                svg: printed.output.hasPrefix("<?xml") && printed.output.contains("data-title=\"iPad\""),
                strips: try elements(printed.output).filter { $0.attributes["class"] == "panel-strip" }.count
            ) == (true, true, 2))
    }

    @Test func byDefaultEveryDeviceWithAFileOfItsOwnIsDrawnInTheCatalogsOrder() throws {
        // The SplitViewColumns example: three iPad classes of its own catalog, each with a Feed file.
        let example = Fixtures.packageRoot.appendingPathComponent("Examples/SplitViewColumns/Sources/SplitViewColumns")
        let run = DeviceConstraintsTool().run(
            .preview(
                PreviewOptions(
                    container: "Feed", directory: example.appendingPathComponent("Constraints").path,
                    catalog: example.appendingPathComponent("catalog.json").path)))
        let titles = try elements(run.output).compactMap { $0.attributes["data-title"] }
        #expect(
            (run.exitCode, titles) == (.success, ["iPad4Column", "iPad3Column", "iPad2Column"]), "\(run.errorOutput)")
    }

    @Test func allDrawsEveryDeviceClassOfTheCatalogAndCannotBeGivenWithDevices() throws {
        let run = DeviceConstraintsTool().run(
            .preview(
                PreviewOptions(
                    container: "BMTReportMeasureView", directory: Fixtures.bundledConstraints.path, allDevices: true)))
        let titles = try elements(run.output).compactMap { $0.attributes["data-title"] }
        #expect(
            (run.exitCode, titles) == (.success, DeviceCatalog.standard.profiles.map(\.name.rawValue)),
            "\(run.errorOutput)")
        #expect(
            try ToolCommand(parsing: ["preview", "Card", "--all"])
                == .preview(PreviewOptions(container: "Card", directory: "Constraints", allDevices: true)))
        let both = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["preview", "Card", "--all", "--devices", "iPad"])
        }
        #expect(both.description.contains("give one of them"))
    }

    @Test(arguments: ["Card", "Wide", "Huge"])
    func numbersAtTheEdgeOfTheRangeDrawAWellFormedSheet(container: String) throws {
        // A margin of -1e20 lints clean; the preview used to trap converting a label's width to Int.
        let folder = try Fixtures.folder("Extreme").path
        let run = DeviceConstraintsTool().run(
            .preview(PreviewOptions(container: container, directory: folder, devices: ["iPhone5", "iPad"])))
        let elements = try elements(run.output)
        #expect(
            (run.exitCode, elements.filter { $0.attributes["class"] == "panel-strip" }.count) == (.success, 2),
            "\(run.errorOutput)")
    }

    @Test func anUnknownDeviceOrContainerFailsWithAClearMessage() throws {
        let folder = try Fixtures.folder("Clean").path
        let device = DeviceConstraintsTool().run(
            .preview(PreviewOptions(container: "Card", directory: folder, devices: ["iPhone6Pluss"])))
        #expect(
            (device.exitCode, device.errorOutput.contains("did you mean 'iPhone6Plus'?")) == (.usageError, true),
            "\(device.errorOutput)")
        let container = DeviceConstraintsTool().run(.preview(PreviewOptions(container: "Crad", directory: folder)))
        #expect(
            (container.exitCode, container.errorOutput.contains("Card")) == (.failure, true), "\(container.errorOutput)"
        )
    }

    /// Writes a catalog of `count` devices of one class each into `root`; its path.
    private static func flatCatalog(devices count: Int, in root: URL) throws -> String {
        let catalog = root.appendingPathComponent("catalog-\(count).json")
        try Data(GeneratedCatalog.flat(devices: count).utf8).write(to: catalog)
        return catalog.path
    }

    /// The default sheet of a catalog of thousands of classes: each device's records read along its own chain, not
    /// against every name of the catalog (which made 10,000 devices take 13 s).
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aSheetOfThousandsOfDevicesIsDrawnInLinearTime() async throws {
        let folder = try ScratchFolder([
            "Constraints/Card.json": #"{"Card": [{"title": {"marginLeft": 8, "width": 100, "height": 20}}]}"#
        ])
        let root = folder.url
        let sheet = try await LinearTime.expectLinear(from: 1_250, "preview, devices") { count in
            try Self.flatCatalog(devices: count, in: root)
        } _: { catalog in
            DeviceConstraintsTool().run(
                .preview(
                    PreviewOptions(
                        container: "Card", directory: root.appendingPathComponent("Constraints").path,
                        catalog: catalog)))
        }
        #expect(
            (sheet.exitCode, sheet.output.contains("Card: records on 5000 devices")) == (.success, true),
            "\(sheet.errorOutput)")
    }

    // MARK: - The gallery

    /// Runs `preview --html` into a new temporary file and returns the page.
    private func gallery(
        _ container: String, in folder: String, devices: [String], watch: Bool = false
    ) throws -> (run: ToolResult, page: String, file: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("Gallery-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("gallery.html")
        let run = DeviceConstraintsTool().run(
            .preview(
                PreviewOptions(
                    container: container, directory: try Fixtures.folder(folder).path, devices: devices,
                    gallery: file.path, watch: watch)))
        #expect(run.exitCode == .success, "\(run.errorOutput)")
        return (run, try String(contentsOf: file, encoding: .utf8), file)
    }

    /// Every `attribute="…"` value of the elements named `element`, in order.
    private func values(of attribute: String, in page: String, element: String) -> [String] {
        page.components(separatedBy: "<\(element) ").dropFirst().compactMap { tag in
            let head = tag.prefix { $0 != ">" }
            guard let start = head.range(of: " \(attribute)=\"") ?? head.range(of: "\(attribute)=\"") else {
                return nil
            }
            return String(head[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    @Test func theGalleryOptionsAreReadAndWatchNeedsAFileToRewrite() throws {
        #expect(
            try ToolCommand(parsing: ["preview", "Card", "Clean", "--html", "g.html", "--watch"])
                == .preview(PreviewOptions(container: "Card", directory: "Clean", gallery: "g.html", watch: true)))
        let svg = try #require(throws: UsageError.self) {
            try ToolCommand(parsing: ["preview", "Card", "--html", "g.svg"])
        }
        let watch = try #require(throws: UsageError.self) { try ToolCommand(parsing: ["preview", "Card", "--watch"]) }
        let messages = [
            (svg.description, "must end in .html"),
            (watch.description, "'--watch' rewrites a file: add '--html <file>'"),
        ]
        for (message, part) in messages {
            #expect(message.contains(part))
        }
    }

    @Test func theGalleryIsOneSelfContainedPageWithEveryDeviceSideBySideAndControlsToPick() throws {
        let (run, page, file) = try gallery("Card", in: "Clean", devices: ["iPhone5", "iPad"])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        #expect(
            (run.output.hasPrefix("wrote \(file.path): 2 devices × 12 text sizes, "), page.hasPrefix("<!DOCTYPE html>"))
                == (true, true), "\(run.output)")
        let options: [String] = values(of: "value", in: page, element: "option")
        let expectedOptions: [String] = ["", "iPhone5", "iPad"] + TextSize.allCases.map(\.rawValue)
        #expect(
            (options, page.contains(#"<option value="large" selected>"#)) == (expectedOptions, true))
        // At the text size it opens at, one sheet per device is shown, in order; the others are hidden.
        let sections = page.components(separatedBy: "<section ").dropFirst().map { $0.prefix { $0 != ">" } }
        let shown = sections.filter { !$0.hasSuffix(" hidden") }
        #expect(
            (
                shown.map { values(of: "data-device", in: "<section " + $0, element: "section") },
                page.components(separatedBy: "<svg ").count - 1
            ) == ([["iPhone5"], ["iPad"]], sections.count))
        // Nothing is loaded from anywhere: no source, link, stylesheet import or URL but the SVG namespace.
        var loads = page.replacingOccurrences(of: #"xmlns="http://www.w3.org/2000/svg""#, with: "")
        // A reference inside the page (`clip-path="url(#panel-0-drawing)"`) loads nothing.
        loads = loads.lowercased().replacingOccurrences(of: "url(#", with: "")
        for reference in ["src=", "href=", "http:", "https:", "url(", "@import", "<link", "<img", "<iframe"] {
            #expect(!loads.contains(reference), "\(reference)")
        }
        // Each sheet is well-formed SVG.
        for svg in page.components(separatedBy: "<svg ").dropFirst() {
            _ = try elements("<svg " + (svg.components(separatedBy: "</svg>").first ?? "") + "</svg>")
        }
    }

    @Test func eachValueInTheGalleryShowsTheFileLineAndColumnThatSetItOnHoverAndClick() throws {
        let (_, page, file) = try gallery("Card", in: "Clean", devices: ["iPhone5"])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // A row of the values: its tooltip and what a click shows.
        let provenance = "title.marginLeft = 12.0 ← Card_iPhone5.json:3:18"
        let parts = [
            #"data-view="title" data-attribute="marginLeft" data-provenance="\#(provenance)" title="\#(provenance)""#,
            #"data-provenance="title.width = 0.0 (no file sets it: the default)""#,
            // The view's box in the sheet: its tooltip lists where each of its values came from.
            "<title>title\nmarginLeft 12.0 ← Card_iPhone5.json:3:18\n",
            #"<p class="lookup">looked for Card_iPhone5.json → Card.json</p>"#,
        ]
        for part in parts {
            #expect(page.contains(part), "\(part)")
        }
    }

    @Test func aDeviceGetsOneSheetForTheTextSizesThatDrawItAlike() throws {
        // Nothing in Banner follows the text size: one sheet a device, for every size.
        let (plain, plainPage, plainFile) = try gallery("Banner", in: "Sheet", devices: ["iPhone5", "iPad"])
        defer { try? FileManager.default.removeItem(at: plainFile.deletingLastPathComponent()) }
        let every = TextSize.allCases.map(\.rawValue).joined(separator: " ")
        #expect(
            (plain.output.hasSuffix(", 2 sheets\n"), values(of: "data-text-sizes", in: plainPage, element: "section"))
                == (true, [every, every]), "\(plain.output)")
        // Row's heights and font sizes follow it: each size is drawn, once per device.
        let (_, page, file) = try gallery("Row", in: "TextScaled", devices: ["iPhone5"])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let sizes = values(of: "data-text-sizes", in: page, element: "section").flatMap { $0.split(separator: " ") }
        let sizeNames: [String] = sizes.map(String.init)
        #expect((sizeNames, sizes.count > 1) == (TextSize.allCases.map(\.rawValue), true))
    }

    @Test func hostileNamesAreEscapedInTheGalleryPageAndItsSheets() throws {
        let (_, page, file) = try gallery(#"<i>&'Card""#, in: "HostileGallery", devices: ["iPhone5"])
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        // The page's own script is its only one, and no name opens an element.
        #expect(
            (
                scripts: page.components(separatedBy: "<script").count - 1,
                sections: page.components(separatedBy: "</section>").count - 1
            ) == (1, 1))
        let parts: [(text: String, isThere: Bool)] = [
            (#"alert("x")"#, false), ("<img", false), ("<i>", false),
            ("<title>&lt;i&gt;&amp;&apos;Card&quot;: records on 1 device</title>", true),
            (#"data-view="&lt;/section&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;""#, true),
            (#"data-view="a&amp;amp;b""#, true), (#"data-view="q&apos;uote&quot;""#, true),
            ("&lt;img src=x onerror=alert(1)&gt;", true),
        ]
        for (text, isThere) in parts {
            #expect(page.contains(text) == isThere, "\(text)")
        }
        for svg in page.components(separatedBy: "<svg ").dropFirst() {
            _ = try elements("<svg " + (svg.components(separatedBy: "</svg>").first ?? "") + "</svg>")
        }
    }

    /// A gallery of a catalog of many classes: a sheet of every device per text size, cut per device, and one page.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aGalleryOfHundredsOfDevicesIsWrittenInLinearTime() async throws {
        let folder = try ScratchFolder([
            "Constraints/Card.json": #"{"Card": [{"title": {"marginLeft": 8, "width": 100, "fontSize": 17}}]}"#
        ])
        let root = folder.url
        let run = try await LinearTime.expectLinear(from: 40, rounds: 3, "preview --html, devices") { count in
            try Self.flatCatalog(devices: count, in: root)
        } _: { catalog in
            DeviceConstraintsTool().run(
                .preview(
                    PreviewOptions(
                        container: "Card", directory: root.appendingPathComponent("Constraints").path,
                        catalog: catalog, gallery: root.appendingPathComponent("gallery.html").path)))
        }
        #expect(
            (run.exitCode, run.output.contains("devices × 12 text sizes")) == (.success, true), "\(run.errorOutput)")
    }
}
