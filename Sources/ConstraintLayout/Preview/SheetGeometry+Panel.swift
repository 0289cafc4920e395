/// How a ``SheetGeometry`` draws one panel: its header, the window, the boxes and guides (cut at the edge of the
/// panel's drawing), the shading of what lies past the window, and the notes.
extension SheetGeometry {
    static let pastWindowColor = "#cf222e"

    func draw(_ panel: PreviewSheet.Panel, index: Int, at origin: (x: Double, y: Double), _ writer: inout SVGWriter) {
        let cellWidth = cellWidths[index]
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
        // The drawing covers the panel's bounds; the window's origin is as far in as the bounds reach before it.
        let top = origin.y + headerHeight + Self.padding / 2
        let bounds = panel.drawingBounds
        let area = (
            x: left, y: top, width: (bounds.maxX - bounds.minX) * scale, height: (bounds.maxY - bounds.minY) * scale
        )
        let windowLeft = left - bounds.minX * scale
        let windowTop = top - bounds.minY * scale
        let window = (width: Self.finite(panel.width), height: Self.finite(panel.height))
        let clip = "panel-\(index)-drawing"
        writer.open("clipPath", [("id", .text(clip))])
        writer.empty(
            "rect",
            [
                ("x", .number(area.x)), ("y", .number(area.y)), ("width", .number(area.width)),
                ("height", .number(area.height)),
            ])
        writer.close("clipPath")
        if panel.drawsWindow {
            writer.empty(
                "rect",
                [
                    ("class", .text("window")), ("x", .number(windowLeft)), ("y", .number(windowTop)),
                    ("width", .number(window.width * scale)), ("height", .number(window.height * scale)),
                    ("fill", .text("#f6f8fa")), ("stroke", .text("#24292f")), ("stroke-width", .number(1.5)),
                ])
        }
        // Shapes are cut at the drawing's edge; labels are not, and stay within it however far their box is.
        let place = Placement(window: (windowLeft, windowTop), drawing: area)
        let boxes = panel.boxes.enumerated().sorted {
            ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset)
        }.map(\.element)
        writer.open("g", [("clip-path", .text("url(#\(clip))"))])
        for box in boxes { drawShape(of: box, place, &writer) }
        for guide in panel.guides { drawLine(of: guide, place, &writer) }
        if panel.drawsWindow { drawPastWindow(bounds, window: window, left: windowLeft, top: windowTop, &writer) }
        writer.close("g")
        if sheet.labelsBeside {
            drawCallouts(
                of: panel, area: area,
                anchor: { box in
                    guard let rect = rectangle(of: box, place) else { return nil }
                    return (
                        min(max(rect.x + rect.width, area.x), area.x + area.width),
                        min(max(rect.y + min(rect.height / 2, 6), area.y), area.y + area.height)
                    )
                }, &writer)
        } else {
            for box in boxes { drawLabel(of: box, place, cellWidth: cellWidth, &writer) }
            for guide in panel.guides { drawLabel(of: guide, place, cellWidth: cellWidth, &writer) }
        }
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

    /// Shades the parts of the drawing past the window's edges, so that content there cannot pass for content
    /// inside: left and right of the window over the drawing's height, above and below it over its width.
    private func drawPastWindow(
        _ bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double), window: (width: Double, height: Double),
        left: Double, top: Double, _ writer: inout SVGWriter
    ) {
        let zones: [(x: Double, y: Double, width: Double, height: Double)] = [
            (bounds.minX, bounds.minY, -bounds.minX, bounds.maxY - bounds.minY),
            (window.width, bounds.minY, bounds.maxX - window.width, bounds.maxY - bounds.minY),
            (0, bounds.minY, window.width, -bounds.minY),
            (0, window.height, window.width, bounds.maxY - window.height),
        ]
        for zone in zones where zone.width > 0 && zone.height > 0 {
            writer.empty(
                "rect",
                [
                    ("class", .text("past-window")), ("x", .number(left + zone.x * scale)),
                    ("y", .number(top + zone.y * scale)), ("width", .number(zone.width * scale)),
                    ("height", .number(zone.height * scale)), ("fill", .text(Self.pastWindowColor)),
                    ("fill-opacity", .number(0.12)),
                ])
        }
    }

    /// Where a panel's points go: the window's origin and the drawing's area, in sheet pixels.
    struct Placement {
        let window: (x: Double, y: Double)
        let drawing: (x: Double, y: Double, width: Double, height: Double)

        /// A label's position for a shape starting at (`x`, `y`): there, or at the nearest place in the drawing.
        func label(x: Double, y: Double) -> (x: Double, y: Double) {
            (
                min(max(x, drawing.x), drawing.x + drawing.width) + 3,
                min(max(y, drawing.y), drawing.y + max(0, drawing.height - 12)) + 11
            )
        }
    }

    /// The sheet pixels of `box`'s rectangle; nil when a coordinate is not a number. A negative size is drawn from
    /// its other corner: SVG has no negative rectangles.
    private func rectangle(of box: PreviewSheet.Box, _ place: Placement)
        -> (x: Double, y: Double, width: Double, height: Double)?
    {
        let frame = box.frame
        guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else { return nil }
        return (
            place.window.x + min(frame.x, frame.x + frame.width) * scale,
            place.window.y + min(frame.y, frame.y + frame.height) * scale,
            abs(frame.width) * scale, abs(frame.height) * scale
        )
    }

    private func drawShape(of box: PreviewSheet.Box, _ place: Placement, _ writer: inout SVGWriter) {
        guard let rect = rectangle(of: box, place) else { return }
        let color = box.highlights.first?.color ?? Self.plainColor
        // A pointer resting on the box (or its label) shows the title.
        if let title = box.title {
            writer.open("g", [("class", .text("titled"))])
            writer.element("title", title)
        }
        writer.empty(
            "rect",
            [
                ("class", .text("node")), ("data-name", .text(box.name)),
                ("data-highlights", .text(box.highlights.map(\.rawValue).joined(separator: " "))),
                ("x", .number(rect.x)), ("y", .number(rect.y)), ("width", .number(rect.width)),
                ("height", .number(rect.height)), ("fill", .text(color)),
                ("fill-opacity", .number(box.highlights.isEmpty ? 0.08 : 0.16)), ("stroke", .text(color)),
                ("stroke-width", .number(box.highlights.isEmpty ? 1 : 2.5)),
            ])
        if let fontSize = box.fontSize, fontSize.isFinite, fontSize > 0, rect.width > 0, rect.height > 0 {
            // A sample at the font's size, at the sheet's scale.
            writer.text(
                "Ag",
                [
                    ("class", .text("font-sample")),
                    ("x", .number(rect.x + 1)), ("y", .number(rect.y + min(rect.height, fontSize * scale) - 1)),
                    ("font-size", .number(fontSize * scale)), ("fill", .text("#24292f")),
                ])
        }
        if box.frame.width <= 0 || box.frame.height <= 0 {
            writer.empty(
                "circle",
                [
                    ("cx", .number(rect.x)), ("cy", .number(rect.y)), ("r", .number(4)),
                    ("fill", .text(PreviewHighlight.emptySize.color)),
                ])
        }
        if box.title != nil { writer.close("g") }
    }

    private func drawLabel(
        of box: PreviewSheet.Box, _ place: Placement, cellWidth: Double, _ writer: inout SVGWriter
    ) {
        guard let rect = rectangle(of: box, place) else { return }
        let marks = box.highlights.isEmpty ? "" : " ⚠ " + box.highlights.map(\.label).joined(separator: ", ")
        let text = box.name.isEmpty ? String(marks.dropFirst()) : box.name + marks
        guard !text.isEmpty else { return }
        let at = place.label(x: rect.x, y: rect.y)
        if let title = box.title {
            writer.open("g", [("class", .text("titled"))])
            writer.element("title", title)
        }
        writer.text(
            Self.fit(text, width: place.drawing.x - Self.padding + cellWidth - at.x - 6, size: 10),
            [
                ("class", .text("label")), ("x", .number(at.x)), ("y", .number(at.y)), ("font-size", .number(10)),
                ("fill", .text(box.highlights.first?.color ?? "#24292f")),
            ])
        if box.title != nil { writer.close("g") }
    }

    /// The sheet pixels of `guide`'s ends; nil when a coordinate is not a number.
    private func line(of guide: PreviewSheet.Guide, _ place: Placement)
        -> (x1: Double, y1: Double, x2: Double, y2: Double)?
    {
        guard [guide.x1, guide.y1, guide.x2, guide.y2].allSatisfy(\.isFinite) else { return nil }
        return (
            place.window.x + guide.x1 * scale, place.window.y + guide.y1 * scale, place.window.x + guide.x2 * scale,
            place.window.y + guide.y2 * scale
        )
    }

    private func drawLine(of guide: PreviewSheet.Guide, _ place: Placement, _ writer: inout SVGWriter) {
        guard let line = line(of: guide, place) else { return }
        writer.empty(
            "line",
            [
                ("class", .text("guide")), ("x1", .number(line.x1)), ("y1", .number(line.y1)),
                ("x2", .number(line.x2)), ("y2", .number(line.y2)),
                ("stroke", .text(guide.highlight?.color ?? "#57606a")),
                ("stroke-width", .number(guide.highlight == nil ? 1 : 2)), ("stroke-dasharray", .text("3 2")),
            ])
    }

    /// Along a horizontal line the label goes under its start; along a vertical one, right of its middle.
    private func drawLabel(
        of guide: PreviewSheet.Guide, _ place: Placement, cellWidth: Double, _ writer: inout SVGWriter
    ) {
        guard let line = line(of: guide, place), !guide.label.isEmpty else { return }
        let horizontal = abs(line.y2 - line.y1) < abs(line.x2 - line.x1)
        let at = place.label(
            x: horizontal ? min(line.x1, line.x2) - 1 : line.x1, y: horizontal ? line.y1 : (line.y1 + line.y2) / 2 - 8)
        writer.text(
            Self.fit(guide.label, width: place.drawing.x - Self.padding + cellWidth - at.x - 6, size: 9),
            [
                ("class", .text("guide-label")), ("x", .number(at.x)), ("y", .number(at.y)),
                ("font-size", .number(9)), ("fill", .text(guide.highlight?.color ?? "#57606a")),
            ])
    }
}
