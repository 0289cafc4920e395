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
    static let notationLineHeight = 15.0
    /// The colour of the strip along each panel's top; nothing else uses it.
    static let panelColor = "#0b5cad"
    static let plainColor = "#0969da"

    let sheet: PreviewSheet
    let scale: Double
    let columns: Int
    /// The widest panel's width.
    let cellWidth: Double
    /// Each panel's width.
    let cellWidths: [Double]
    /// Each panel's row and left edge.
    let placements: [(row: Int, x: Double)]
    let headerHeight: Double
    let drawingHeight: Double
    let cellHeight: Double
    let width: Double
    let height: Double

    init(sheet: PreviewSheet) {
        self.sheet = sheet
        let scale = sheet.effectiveScale
        self.scale = scale
        let columns = max(1, min(sheet.columns, sheet.panels.count))
        self.columns = columns
        let widest = sheet.panels.map(\.extent.width).max() ?? 0
        let tallest = sheet.panels.map(\.extent.height).max() ?? 0
        let cellWidth = max(Self.minimumCellWidth, widest * scale + 2 * Self.padding)
        // Beside their labels, each panel is as wide as its own drawing and labels, and the panels flow into rows
        // no wider than the sheet's maximum (at least one a row).
        let cellWidths =
            sheet.labelsBeside
            ? sheet.panels.map {
                max(
                    Self.minimumCellWidth,
                    $0.extent.width * scale + 2 * Self.padding + Self.leaderGap + Self.calloutWidth([$0]))
            } : Array(repeating: cellWidth, count: sheet.panels.count)
        self.cellWidth = cellWidths.max() ?? cellWidth
        self.cellWidths = cellWidths
        var rowOf: [(row: Int, x: Double)] = []
        var row = 0
        var x = Self.margin
        var inRow = 0
        for width in cellWidths {
            let full =
                inRow >= columns
                || (sheet.labelsBeside && inRow > 0 && x + width > PreviewSheet.maximumSheetWidth - Self.margin)
            if full {
                row += 1
                x = Self.margin
                inRow = 0
            }
            rowOf.append((row, x))
            x += width + Self.gap
            inRow += 1
        }
        placements = rowOf
        let rowWidths = Dictionary(grouping: zip(rowOf, cellWidths), by: { $0.0.row }).values.map {
            ($0.map { $0.0.x + $0.1 }.max() ?? 0) + Self.margin
        }
        let details = Double(sheet.panels.map(\.details.count).max() ?? 0)
        headerHeight = Self.stripHeight + Self.padding + Self.titleLineHeight + details * Self.detailLineHeight
        var drawingHeight = tallest * scale
        if sheet.labelsBeside {
            for panel in sheet.panels {
                let bottom = Self.callouts(of: panel, scale: scale).last.map { $0.y + $0.height } ?? 0
                drawingHeight = max(drawingHeight, bottom)
            }
        }
        self.drawingHeight = drawingHeight
        let notes = Double(
            zip(sheet.panels, cellWidths).map { Self.wrap($0.notes, cellWidth: $1).count }.max() ?? 0)
        cellHeight = headerHeight + drawingHeight + 2 * Self.padding + notes * Self.noteLineHeight
        let rows = Double((rowOf.last?.row ?? 0) + 1)
        let notationWidth = sheet.notations.map { Self.calloutTextWidth($0, size: 11) }.max() ?? 0
        width = max(
            rowWidths.max() ?? 0,
            2 * Self.margin + Self.legendWidth(sheet.legend), 2 * Self.margin + notationWidth)
        height =
            Self.margin + Self.titleHeight + Self.legendBlockHeight(sheet) + Self.gap / 2
            + rows * cellHeight + max(0, rows - 1) * Self.gap + Self.margin
    }

    static func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }

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

    /// The height of the legend's row of highlights and its lines of notations.
    static func legendBlockHeight(_ sheet: PreviewSheet) -> Double {
        (sheet.legend.isEmpty ? 0 : legendHeight) + Double(sheet.notations.count) * notationLineHeight
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
        let top = Self.margin + Self.titleHeight + Self.legendBlockHeight(sheet) + Self.gap / 2
        let placement = placements[index]
        return (placement.x, top + Double(placement.row) * (cellHeight + Self.gap))
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
        for (index, panel) in sheet.panels.enumerated() {
            draw(panel, index: index, at: origin(ofPanel: index), &writer)
        }
        writer.close("svg")
        return writer.lines.joined(separator: "\n") + "\n"
    }

    private func drawLegend(_ writer: inout SVGWriter) {
        guard !sheet.legend.isEmpty || !sheet.notations.isEmpty else { return }
        writer.open("g", [("class", .text("legend"))])
        let y = Self.margin + Self.titleHeight
        for (index, entry) in Self.legendEntries(sheet.legend).enumerated() where !sheet.legend.isEmpty {
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
            writer.text(
                entry.label,
                [
                    ("class", .text("legend-label")), ("x", .number(x + 16)), ("y", .number(y + 10)),
                    ("font-size", .number(11)),
                ])
        }
        var notationY = y + (sheet.legend.isEmpty ? 0 : Self.legendHeight) + 6
        for notation in sheet.notations {
            writer.text(
                notation,
                [
                    ("class", .text("notation")), ("x", .number(Self.margin)), ("y", .number(notationY)),
                    ("font-size", .number(11)), ("fill", .text("#57606a")),
                ])
            notationY += Self.notationLineHeight
        }
        writer.close("g")
    }
}
