/// Where everything of a ``PreviewSheet`` goes, in sheet pixels: one definition of the layout that the
/// drawing follows.
struct SheetGeometry {
    static let margin = 20.0
    static let titleHeight = 30.0
    static let legendHeight = 24.0
    static let gap = 16.0
    static let padding = 10.0
    static let stripHeight = 6.0
    static let titleLineHeight = 17.0
    static let detailLineHeight = 14.0
    static let noteLineHeight = 13.0
    static let minimumCellWidth = 200.0
    /// The colour of the strip along each panel's top; nothing else uses it.
    static let panelColor = "#0b5cad"
    static let plainColor = "#0969da"

    let sheet: PreviewSheet
    let scale: Double
    let columns: Int
    let cellWidth: Double
    let headerHeight: Double
    let drawingHeight: Double
    let cellHeight: Double
    let width: Double
    let height: Double

    init(sheet: PreviewSheet) {
        self.sheet = sheet
        scale = sheet.effectiveScale
        columns = max(1, min(sheet.columns, sheet.panels.count))
        let widest = sheet.panels.map(\.extent.width).max() ?? 0
        let tallest = sheet.panels.map(\.extent.height).max() ?? 0
        let cellWidth = max(Self.minimumCellWidth, widest * scale + 2 * Self.padding)
        self.cellWidth = cellWidth
        let details = Double(sheet.panels.map(\.details.count).max() ?? 0)
        headerHeight = Self.stripHeight + Self.padding + Self.titleLineHeight + details * Self.detailLineHeight
        drawingHeight = tallest * scale
        let notes = Double(sheet.panels.map { Self.wrap($0.notes, cellWidth: cellWidth).count }.max() ?? 0)
        cellHeight = headerHeight + drawingHeight + 2 * Self.padding + notes * Self.noteLineHeight
        let rows = Double((sheet.panels.count + columns - 1) / columns)
        width = max(
            2 * Self.margin + Double(columns) * cellWidth + Double(columns - 1) * Self.gap,
            2 * Self.margin + Self.legendWidth(sheet.legend))
        height =
            Self.margin + Self.titleHeight + (sheet.legend.isEmpty ? 0 : Self.legendHeight) + Self.gap / 2
            + rows * cellHeight + max(0, rows - 1) * Self.gap + Self.margin
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

    /// An estimate of a text's width at `size` pixels: wide enough for DejaVu Sans, which is wider than
    /// Helvetica.
    static func textWidth(_ text: String, size: Double) -> Double {
        Double(text.count) * size * 0.6
    }

    /// `text` cut to fit `width` pixels at `size`, with an ellipsis when cut.
    static func fit(_ text: String, width: Double, size: Double) -> String {
        let fits = count(width / (size * 0.6), atLeast: 1, atMost: text.count)
        return text.count <= fits ? text : String(text.prefix(fits - 1)) + "…"
    }

    /// `value` rounded down to a whole count within `atLeast...atMost` (`atLeast` for NaN). Frames, sizes and
    /// scales are any Double, and `Int(_:)` traps outside Int's range: every count the drawing takes from a
    /// Double goes through here.
    static func count(_ value: Double, atLeast lower: Int, atMost upper: Int) -> Int {
        let upper = max(lower, upper)
        guard value >= Double(lower) else { return lower }
        guard value < Double(upper) else { return upper }
        return Int(value)
    }

    /// The legend's entries: the plain frame, then each highlight, each with where it starts.
    static func legendEntries(_ legend: [PreviewHighlight]) -> [(x: Double, label: String, color: String?)] {
        var entries: [(x: Double, label: String, color: String?)] = []
        var x = 0.0
        for (label, color) in [("frame", nil)] + legend.map({ ($0.label, Optional($0.color)) }) {
            entries.append((x, label, color))
            x += 16 + textWidth(label, size: 11) + 18
        }
        return entries
    }

    static func legendWidth(_ legend: [PreviewHighlight]) -> Double {
        guard let last = legendEntries(legend).last else { return 0 }
        return last.x + 16 + textWidth(last.label, size: 11)
    }

    /// Notes broken into lines that fit a panel.
    static func wrap(_ notes: [String], cellWidth: Double) -> [String] {
        let longest = notes.map(\.count).max() ?? 0
        let perLine = count((cellWidth - 2 * padding) / (9.5 * 0.6), atLeast: 20, atMost: max(20, longest))
        var lines: [String] = []
        for note in notes {
            var rest = Substring(note)
            while !rest.isEmpty {
                var line = rest.prefix(perLine)
                if line.count < rest.count, let space = line.lastIndex(of: " "), space > line.startIndex {
                    line = rest[rest.startIndex..<space]
                }
                lines.append((lines.count > 0 && rest.startIndex != note.startIndex ? "    " : "") + line)
                rest = rest[line.endIndex...].drop { $0 == " " }
            }
        }
        return lines
    }

    /// The top-left corner of panel `index`.
    func origin(ofPanel index: Int) -> (x: Double, y: Double) {
        let column = Double(index % columns)
        let row = Double(index / columns)
        let top = Self.margin + Self.titleHeight + (sheet.legend.isEmpty ? 0 : Self.legendHeight) + Self.gap / 2
        return (Self.margin + column * (cellWidth + Self.gap), top + row * (cellHeight + Self.gap))
    }

    func svg() -> String {
        var writer = SVGWriter()
        writer.lines.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        writer.open(
            "svg",
            [
                ("xmlns", .text("http://www.w3.org/2000/svg")), ("width", .number(width)),
                ("height", .number(height)),
                ("viewBox", .text("0 0 \(PreviewNumber.short(width)) \(PreviewNumber.short(height))")),
                ("font-family", .text("DejaVu Sans, Helvetica, Arial, sans-serif")),
            ])
        writer.empty(
            "rect",
            [
                ("class", .text("sheet")), ("width", .number(width)), ("height", .number(height)),
                ("fill", .text("#eaeef2")),
            ])
        writer.text(
            sheet.title,
            [
                ("x", .number(Self.margin)), ("y", .number(Self.margin + 18)), ("font-size", .number(18)),
                ("font-weight", .text("bold")), ("fill", .text("#24292f")),
            ])
        drawLegend(&writer)
        for (index, panel) in sheet.panels.enumerated() { draw(panel, at: origin(ofPanel: index), &writer) }
        writer.close("svg")
        return writer.lines.joined(separator: "\n") + "\n"
    }

    private func drawLegend(_ writer: inout SVGWriter) {
        guard !sheet.legend.isEmpty else { return }
        writer.open("g", [("class", .text("legend"))])
        let y = Self.margin + Self.titleHeight
        for (index, entry) in Self.legendEntries(sheet.legend).enumerated() {
            let x = Self.margin + entry.x
            if let color = entry.color {
                writer.empty(
                    "rect",
                    [
                        ("class", .text("legend-\(sheet.legend[index - 1].rawValue)")), ("x", .number(x)),
                        ("y", .number(y)),
                        ("width", .number(12)), ("height", .number(12)), ("fill", .text("none")),
                        ("stroke", .text(color)), ("stroke-width", .number(2.5)),
                    ])
            } else {
                writer.empty(
                    "rect",
                    [
                        ("x", .number(x)), ("y", .number(y)), ("width", .number(12)), ("height", .number(12)),
                        ("fill", .text(Self.plainColor)), ("fill-opacity", .number(0.12)),
                        ("stroke", .text(Self.plainColor)),
                    ])
            }
            writer.text(entry.label, [("x", .number(x + 16)), ("y", .number(y + 10)), ("font-size", .number(11))])
        }
        writer.close("g")
    }

    private func draw(_ panel: PreviewSheet.Panel, at origin: (x: Double, y: Double), _ writer: inout SVGWriter) {
        writer.open("g", [("class", .text("panel")), ("data-title", .text(panel.title))])
        writer.empty(
            "rect",
            [
                ("class", .text("panel-frame")), ("x", .number(origin.x)), ("y", .number(origin.y)),
                ("width", .number(cellWidth)), ("height", .number(cellHeight)), ("fill", .text("#ffffff")),
                ("stroke", .text("#d0d7de")),
            ])
        writer.empty(
            "rect",
            [
                ("class", .text("panel-strip")), ("x", .number(origin.x)), ("y", .number(origin.y)),
                ("width", .number(cellWidth)), ("height", .number(Self.stripHeight)), ("fill", .text(Self.panelColor)),
            ])
        var y = origin.y + Self.stripHeight + Self.titleLineHeight
        let left = origin.x + Self.padding
        writer.text(
            panel.title,
            [("x", .number(left)), ("y", .number(y)), ("font-size", .number(13)), ("font-weight", .text("bold"))])
        for detail in panel.details {
            y += Self.detailLineHeight
            writer.text(
                Self.fit(detail, width: cellWidth - 2 * Self.padding, size: 11),
                [("x", .number(left)), ("y", .number(y)), ("font-size", .number(11)), ("fill", .text("#57606a"))])
        }
        let top = origin.y + headerHeight + Self.padding / 2
        if panel.drawsWindow {
            writer.empty(
                "rect",
                [
                    ("class", .text("window")), ("x", .number(left)), ("y", .number(top)),
                    ("width", .number(Self.finite(panel.width) * scale)),
                    ("height", .number(Self.finite(panel.height) * scale)), ("fill", .text("#f6f8fa")),
                    ("stroke", .text("#24292f")), ("stroke-width", .number(1.5)),
                ])
        }
        for box in panel.boxes.enumerated().sorted(by: { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
        ) {
            draw(box.element, left: left, top: top, &writer)
        }
        for guide in panel.guides { draw(guide, left: left, top: top, &writer) }
        var noteY = top + drawingHeight + Self.padding + Self.noteLineHeight - 3
        for note in Self.wrap(panel.notes, cellWidth: cellWidth) {
            writer.text(
                note,
                [
                    ("class", .text("note")), ("x", .number(left)), ("y", .number(noteY)), ("font-size", .number(9.5)),
                    ("fill", .text(PreviewHighlight.brokenConstraint.color)),
                ])
            noteY += Self.noteLineHeight
        }
        writer.close("g")
    }

    private func draw(_ box: PreviewSheet.Box, left: Double, top: Double, _ writer: inout SVGWriter) {
        let frame = box.frame
        let finite = [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite)
        guard finite else { return }
        // A negative size is drawn from its other corner: SVG has no negative rectangles.
        let x = left + min(frame.x, frame.x + frame.width) * scale
        let y = top + min(frame.y, frame.y + frame.height) * scale
        let color = box.highlights.first?.color ?? Self.plainColor
        writer.empty(
            "rect",
            [
                ("class", .text("node")), ("data-name", .text(box.name)),
                ("data-highlights", .text(box.highlights.map(\.rawValue).joined(separator: " "))),
                ("x", .number(x)), ("y", .number(y)), ("width", .number(abs(frame.width) * scale)),
                ("height", .number(abs(frame.height) * scale)), ("fill", .text(color)),
                ("fill-opacity", .number(box.highlights.isEmpty ? 0.08 : 0.16)), ("stroke", .text(color)),
                ("stroke-width", .number(box.highlights.isEmpty ? 1 : 2.5)),
            ])
        if frame.width <= 0 || frame.height <= 0 {
            writer.empty(
                "circle",
                [
                    ("cx", .number(x)), ("cy", .number(y)), ("r", .number(4)),
                    ("fill", .text(PreviewHighlight.emptySize.color)),
                ])
        }
        let marks = box.highlights.isEmpty ? "" : " ⚠ " + box.highlights.map(\.label).joined(separator: ", ")
        writer.text(
            Self.fit(box.name + marks, width: left - Self.padding + cellWidth - x - 6, size: 10),
            [
                ("class", .text("label")), ("x", .number(x + 3)), ("y", .number(y + 11)), ("font-size", .number(10)),
                ("fill", .text(box.highlights.isEmpty ? "#24292f" : color)),
            ])
    }

    private func draw(_ guide: PreviewSheet.Guide, left: Double, top: Double, _ writer: inout SVGWriter) {
        let values = [guide.x1, guide.y1, guide.x2, guide.y2]
        guard values.allSatisfy(\.isFinite) else { return }
        let color = guide.highlight?.color ?? "#57606a"
        let (x1, y1) = (left + guide.x1 * scale, top + guide.y1 * scale)
        let (x2, y2) = (left + guide.x2 * scale, top + guide.y2 * scale)
        writer.empty(
            "line",
            [
                ("class", .text("guide")), ("x1", .number(x1)), ("y1", .number(y1)), ("x2", .number(x2)),
                ("y2", .number(y2)), ("stroke", .text(color)),
                ("stroke-width", .number(guide.highlight == nil ? 1 : 2)),
                ("stroke-dasharray", .text("3 2")),
            ])
        // Along a horizontal line the label goes under its start; along a vertical one, right of its middle.
        let horizontal = abs(y2 - y1) < abs(x2 - x1)
        let x = horizontal ? min(x1, x2) + 2 : x1 + 3
        writer.text(
            Self.fit(guide.label, width: left - Self.padding + cellWidth - x - 6, size: 9),
            [
                ("class", .text("guide-label")), ("x", .number(x)),
                ("y", .number(horizontal ? y1 + 11 : (y1 + y2) / 2 + 3)), ("font-size", .number(9)),
                ("fill", .text(color)),
            ])
    }
}
