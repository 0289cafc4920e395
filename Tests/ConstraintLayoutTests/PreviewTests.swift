import ConstraintDSL
import ConstraintSolver
import DeviceConstraints
import Foundation
import Testing

@testable import ConstraintLayout

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Preview sheets and their text form: well-formed SVG, frames drawn where the layout puts them, and the
/// problems a reviewer must see highlighted.
struct PreviewTests {
    private let measureView = LayoutNode("measureView")
    private let topView: LayoutNode

    init() {
        topView = LayoutNode("measureTopView", in: measureView)
    }

    /// The BMT calendar's measure view, with its per-device numbers (those of `Constraints/BMTReportMeasureView*.json`).
    private var measurePreview: LayoutPreview {
        let constraints = topView.makeConstraints { make in
            make.top.equalTo(measureView)
            make.left.equalTo(measureView.left).offset(20).offset(12, on: .iPhone5).offset(15, on: .iPhone6)
            make.right.equalTo(measureView.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.height.equalTo(114).equalTo(105, on: .iPhone5, .iPhone6)
        }
        return LayoutPreview(root: measureView, constraints: [constraints])
    }

    private static let measureEnvironments =
        LayoutPreview.originalClasses + [LayoutPreview.splitViewWindows[3], LayoutPreview.splitViewWindows[2]]

    /// A layout with every problem: `a` and `b` overlap, `c` pokes out of the window, `d` has no width, `e` has
    /// two widths (one is broken), and `f` has no height (ambiguous).
    private struct TroubledLayout {
        let root = LayoutNode("screen")
        /// Held for as long as the constraints: they refer to their items weakly.
        let children: [LayoutNode]
        let constraints: [ConstraintGroup]

        init() {
            let root = root
            let (a, b, c) = (LayoutNode("a", in: root), LayoutNode("b", in: root), LayoutNode("c", in: root))
            let (d, e, f) = (LayoutNode("d", in: root), LayoutNode("e", in: root), LayoutNode("f", in: root))
            children = [a, b, c, d, e, f]
            constraints = [
                a.makeConstraints { make in
                    make.left.top.equalTo(root).offset(10)
                    make.width.equalTo(200)
                    make.height.equalTo(100)
                },
                b.makeConstraints { make in
                    make.left.equalTo(root).offset(100)
                    make.top.equalTo(root).offset(60)
                    make.width.height.equalTo(150)
                },
                c.makeConstraints { make in
                    make.left.equalTo(root.right).offset(-50)
                    make.top.equalTo(root).offset(250)
                    make.width.height.equalTo(100)
                },
                d.makeConstraints { make in
                    make.left.equalTo(root).offset(20)
                    make.top.equalTo(root).offset(400)
                    make.width.equalTo(0)
                    make.height.equalTo(40)
                },
                e.makeConstraints { make in
                    make.left.equalTo(root).offset(20)
                    make.top.equalTo(root).offset(300)
                    make.height.equalTo(30)
                    make.width.equalTo(10)
                    make.width.equalTo(20)
                },
                f.makeConstraints { make in
                    make.left.equalTo(root).offset(200)
                    make.top.equalTo(root).offset(400)
                    make.width.equalTo(80)
                },
            ]
        }
    }

    /// The `<rect>`s of an SVG document, parsed by Foundation's XMLParser: it fails on malformed XML.
    private final class RectCollector: NSObject, XMLParserDelegate {
        var rects: [[String: String]] = []
        var texts: [String] = []
        private var inText = false

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if element == "rect" { rects.append(attributes) }
            if element == "text" {
                inText = true
                texts.append("")
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inText { texts[texts.count - 1] += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            if element == "text" { inText = false }
        }
    }

    private func parse(_ svg: String) throws -> RectCollector {
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = RectCollector()
        parser.delegate = collector
        let parsed = parser.parse()
        #expect(parsed, "\(parser.parserError.map { "\($0)" } ?? "")")
        try #require(parsed)
        return collector
    }

    private static func number(_ text: String?) throws -> Double {
        try #require(text.flatMap(Double.init))
    }

    // MARK: - The SVG

    @Test func theSheetIsWellFormedXMLEvenWithNamesThatNeedEscaping() throws {
        let root = LayoutNode("<root & \"friends\">")
        let child = LayoutNode("it's <b>\u{1}", in: root)
        let constraints = child.makeConstraints { make in make.edges.equalTo(root).inset(8) }
        let sheet = try LayoutPreview(root: root, constraints: [constraints]).sheet(for: LayoutPreview.originalClasses)
        let collector = try parse(sheet.svg())
        #expect(
            (
                collector.rects.contains { $0["data-name"] == "it's <b>\u{FFFD}" },
                collector.texts.contains { $0.hasPrefix("<root & \"friends\">") }
            ) == (true, true), "\(collector.texts)")
        let html = sheet.html()
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    }

    @Test func everyPanelIsDrawnAtOneScaleWithTheFramesWhereTheLayoutPutsThem() throws {
        let sheet = try measurePreview.sheet(for: Self.measureEnvironments)
        let collector = try parse(sheet.svg())
        let scale = sheet.effectiveScale
        #expect(scale == PreviewSheet.maximumDrawingHeight / 1024)
        let windows = collector.rects.filter { $0["class"] == "window" }
        let strips = collector.rects.filter { $0["class"] == "panel-strip" }
        #expect(windows.count == Self.measureEnvironments.count && strips.count == windows.count)
        let nodes = collector.rects.filter { $0["class"] == "node" }
        #expect(nodes.count == Self.measureEnvironments.count)
        // iPhone 5: the window is 320 × 568 points, the top view 12 points in and 296 wide.
        let window = windows[0]
        let top = nodes[0]
        #expect(top["data-name"] == "measureTopView")
        let sizes: [(size: String, drawn: Double, expected: Double)] = [
            ("iPhone 5 window width", try Self.number(window["width"]), 320 * scale),
            ("iPhone 5 window height", try Self.number(window["height"]), 568 * scale),
            ("top view x", try Self.number(top["x"]), try Self.number(window["x"]) + 12 * scale),
            ("top view width", try Self.number(top["width"]), 296 * scale),
            ("top view height", try Self.number(top["height"]), 105 * scale),
            // The iPad's window is as tall as the drawing area.
            ("iPad window height", try Self.number(windows[3]["height"]), PreviewSheet.maximumDrawingHeight),
        ]
        for (size, drawn, expected) in sizes {
            #expect(abs(drawn - expected) < 0.01, "\(size): \(drawn), not \(expected)")
        }
        // Panels of one row share their top.
        #expect(Set(try windows.map { try Self.number($0["y"]) }).count == 1)
        for text in ["320×568 @2x", "w:compact h:regular", "iPadSplitView694"] {
            #expect(collector.texts.contains(text), "\(text)")
        }
    }

    @Test func anEmptySheetOrFramesThatAreNotNumbersStillMakeWellFormedSVG() throws {
        let empty = try parse(PreviewSheet(title: "empty", panels: []).svg())
        #expect(empty.rects.filter { $0["class"] == "panel-frame" }.isEmpty && empty.texts.first == "empty")
        var panel = PreviewSheet.Panel(title: "odd", details: [], width: .nan, height: -5)
        panel.boxes = [
            .init(name: "nan", frame: LayoutFrame(x: .nan, y: 0, width: 10, height: 10)),
            .init(name: "negative", frame: LayoutFrame(x: 50, y: 50, width: -20, height: 10)),
        ]
        panel.guides = [.init(x1: 0, y1: .infinity, x2: 10, y2: 0, label: "inf")]
        let collector = try parse(PreviewSheet(title: "odd", panels: [panel], columns: 0).svg())
        let negative = try #require(collector.rects.first { $0["data-name"] == "negative" })
        #expect(
            (try Self.number(negative["width"]) > 0, collector.rects.contains { $0["data-name"] == "nan" })
                == (true, false), "\(negative)")
    }

    @Test func contentPastTheWindowIsDrawnAndShadedAndFarAwayContentIsCutAtTheEdge() throws {
        var panel = PreviewSheet.Panel(title: "p", details: [], width: 100, height: 100)
        panel.boxes = [
            .init(name: "left", frame: LayoutFrame(x: -50, y: 10, width: 60, height: 20)),
            .init(name: "far", frame: LayoutFrame(x: 10, y: 1e9, width: 10, height: 10)),
        ]
        // The drawing reaches 50 points left of the window, and down one window's height at most.
        #expect(panel.extent.width == 150 && panel.extent.height == 200)
        let sheet = PreviewSheet(title: "past", panels: [panel], scale: 1)
        let collector = try parse(sheet.svg())
        let window = try #require(collector.rects.first { $0["class"] == "window" })
        let left = try #require(collector.rects.first { $0["data-name"] == "left" })
        #expect(try Self.number(left["x"]) == Self.number(window["x"]) - 50)
        let zones = collector.rects.filter { $0["class"] == "past-window" }
        #expect(
            (zones.count, try zones.map { try Self.number($0["width"]) }.sorted(), collector.texts.contains("far"))
                == (2, [50, 100], true))
    }

    @Test func numbersAtTheEdgeOfTheRangeNeverTrapAndStillMakeWellFormedSVG() throws {
        let extremes: [Double] = [
            -1e20, 1e20, -1e308, 1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .infinity, -.infinity,
            .nan, -0.0, .leastNonzeroMagnitude, 9.2e18, -9.3e18,
        ]
        for value in extremes {
            var panel = PreviewSheet.Panel(title: "p", details: ["\(value)"], width: value, height: 100)
            panel.boxes = [
                .init(name: "a", frame: LayoutFrame(x: value, y: 0, width: 10, height: 10)),
                .init(name: "b", frame: LayoutFrame(x: 0, y: 0, width: value, height: value)),
            ]
            panel.guides = [.init(x1: value, y1: 0, x2: 0, y2: value, label: "g")]
            panel.notes = ["a note"]
            for scale in [nil, value, 1e300] as [Double?] {
                let sheet = PreviewSheet(title: "edge", panels: [panel, panel], scale: scale, columns: Int.max)
                let svg = sheet.svg()
                let parser = XMLParser(data: Data(svg.utf8))
                #expect(parser.parse(), "\(value) at scale \(String(describing: scale))")
            }
        }
        let root = LayoutNode("root")
        let far = LayoutNode("far", in: root)
        let constraints = far.makeConstraints { make in
            make.left.top.equalTo(root).offset(-1e20)
            make.width.height.equalTo(10)
        }
        let svg = try LayoutPreview(root: root, constraints: [constraints]).sheet(for: LayoutPreview.originalClasses)
            .svg()
        #expect(XMLParser(data: Data(svg.utf8)).parse())
    }

    // MARK: - The text form

    @Test func theTextFormOfTheMeasureViewMatchesItsSnapshot() throws {
        let text = try measurePreview.text(for: Self.measureEnvironments)
        let url = try #require(Bundle.module.url(forResource: "Fixtures/Preview/measure-view", withExtension: "txt"))
        let snapshot = try String(contentsOf: url, encoding: .utf8)
        #expect(text == snapshot)
    }

    // MARK: - Highlights

    @Test func overlappingOutsideEmptyBrokenAndAmbiguousFramesAreHighlighted() throws {
        let layout = TroubledLayout()
        let preview = LayoutPreview(root: layout.root, constraints: layout.constraints)
        let environment = LayoutEnvironment(width: 320, height: 480, idiom: .phone)
        let panel = try #require(try preview.panels(for: [environment]).first)
        let highlights = Dictionary(uniqueKeysWithValues: panel.nodes.map { ($0.name, Set($0.highlights)) })
        let expected: [(node: String, highlights: Set<PreviewHighlight>)] = [
            ("screen", []), ("a", [.overlapsSibling]), ("b", [.overlapsSibling]), ("c", [.outsideSuperitem]),
            ("d", [.emptySize]), ("e", [.brokenConstraint]),
        ]
        for (node, expected) in expected {
            #expect(highlights[node] == expected, "\(node)")
        }
        #expect(highlights["f"]?.contains(.ambiguousLayout) == true)
        let collector = try parse(try preview.sheet(for: [environment]).svg())
        let drawn = Dictionary(
            uniqueKeysWithValues: collector.rects.compactMap { rect in rect["data-name"].map { ($0, rect) } })
        #expect(
            [drawn["c"]?["data-highlights"], drawn["c"]?["stroke"], drawn["e"]?["stroke"]] == [
                "outsideSuperitem", PreviewHighlight.outsideSuperitem.color, PreviewHighlight.brokenConstraint.color,
            ])
        #expect(
            (
                collector.texts.contains { $0.hasPrefix("PreviewTests.swift:") && $0.contains("broke") },
                collector.rects.contains { $0["class"] == "legend-overlapsSibling" }
            ) == (true, true), "\(collector.texts)")
    }

    @Test func siblingsThatOnlyTouchDoNotOverlap() {
        let root = ObjectIdentifier(LayoutNode.self)
        let frames = [
            LayoutFrame(x: 0, y: 0, width: 100, height: 40), LayoutFrame(x: 100, y: 0, width: 100, height: 40),
            LayoutFrame(x: 0, y: 40, width: 100, height: 40), LayoutFrame(x: 150, y: 20, width: 10, height: 10),
        ]
        let overlapping = LayoutPreview.overlappingSiblings(frames.map { (root, $0) })
        #expect(overlapping == [1, 3])
    }

    @Test func edgesBetweenDevicePixelsAreOffTheGrid() {
        let environment = LayoutEnvironment(width: 375, height: 667, displayScale: 3)
        let frames = [
            LayoutFrame(x: 1.0 / 3, y: 0, width: 2.0 / 3, height: 10),
            LayoutFrame(x: 0.25, y: 0, width: 10, height: 10),
        ]
        #expect(frames.map { LayoutPreview.isOnPixelGrid($0, environment: environment) } == [true, false])
    }

    @Test func numbersPrintWithFixedDecimalsOnEveryPlatform() {
        let fixed: [(number: Double, text: String)] = [
            (12, "12.00"), (-0.5, "-0.50"), (-0.001, "0.00"), (10.0 / 3, "3.33"),
        ]
        for (number, text) in fixed {
            #expect(PreviewNumber.fixed(number) == text, "\(number)")
        }
        #expect([PreviewNumber.short(42.50), PreviewNumber.short(.nan)] == ["42.5", "nan"])
    }

    // MARK: - The README

    @Test func theReadmeExamplesGiveTheValuesTheyShow() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x == y + 10)
        try solver.add((x == 100) | .weak)
        try solver.add(y >= 0)
        solver.updateVariables()
        #expect(x.value == 100 && y.value == 90)

        let constraints = topView.makeConstraints { make in
            make.top.equalTo(measureView)
            make.left.equalTo(measureView.left).offset(20).offset(12, on: .iPhone5).offset(15, on: .iPhone6)
            make.right.equalTo(measureView.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.height.equalTo(114).equalTo(105, on: .iPhone5, .iPhone6)
        }
        let engine = try LayoutEngine(
            root: measureView, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 568))
        let phone = try engine.solve().frame(of: topView)
        let splitView = try engine.update(to: LayoutEnvironment(width: 694, height: 768, idiom: .pad))
        #expect(
            [phone, splitView.frame(of: topView)] == [
                LayoutFrame(x: 12, y: 0, width: 296, height: 105), LayoutFrame(x: 20, y: 0, width: 654, height: 114),
            ])
    }

    // MARK: - Pictures for the preview check

    /// With `DEVICE_CONSTRAINTS_PREVIEW_OUT=<dir>`, writes the measure view's sheet (SVG and HTML), the troubled
    /// layout's sheet and its conflict report there, for `Scripts/preview-check.sh` to render in Chromium.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["DEVICE_CONSTRAINTS_PREVIEW_OUT"] != nil))
    func writesTheSheetsForThePreviewCheck() throws {
        let folder = URL(
            fileURLWithPath: try #require(ProcessInfo.processInfo.environment["DEVICE_CONSTRAINTS_PREVIEW_OUT"]),
            isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let measure = try measurePreview.sheet(for: Self.measureEnvironments, title: "measureView (BMT calendar)")
        try measure.svg().write(
            to: folder.appendingPathComponent("layout-measure-view.svg"), atomically: true, encoding: .utf8)
        try measure.html().write(
            to: folder.appendingPathComponent("layout-measure-view.html"), atomically: true, encoding: .utf8)
        try measurePreview.text(for: Self.measureEnvironments).write(
            to: folder.appendingPathComponent("layout-measure-view.txt"), atomically: true, encoding: .utf8)
        let troubled = TroubledLayout()
        let preview = LayoutPreview(root: troubled.root, constraints: troubled.constraints)
        let environments = [LayoutEnvironment(width: 320, height: 480, idiom: .phone)]
        let sheet = try preview.sheet(for: environments, title: "Every highlight")
        try sheet.html().write(
            to: folder.appendingPathComponent("layout-highlights.html"), atomically: true, encoding: .utf8)
        try preview.text(for: environments).write(
            to: folder.appendingPathComponent("layout-highlights.txt"), atomically: true, encoding: .utf8)
    }
}
