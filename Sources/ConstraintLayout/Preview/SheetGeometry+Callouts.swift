/// How a ``SheetGeometry`` lists a panel's labels beside its drawing (``PreviewSheet/labelsBeside``): one entry per
/// labelled box, in the boxes' order, each as near its box's top as the entries above it allow, joined to the box by
/// a leader line. Entries never overlap, and a line too long for the column is wrapped, never cut.
extension SheetGeometry {
    /// The room between the drawing and the column of labels, where the leader lines run.
    static let leaderGap = 28.0
    /// The widest a column of labels gets; longer lines wrap.
    static let maximumCalloutWidth = 360.0
    static let calloutNameSize = 10.0
    static let calloutDetailSize = 9.0
    static let calloutNameLine = 13.0
    static let calloutDetailLine = 12.0
    static let calloutGap = 4.0

    /// One line of an entry: its text, its size and its colour.
    struct CalloutLine {
        var text: String
        var size: Double
        var color: String
    }

    /// A labelled box's entry: its lines, where it starts below the drawing's top (sheet pixels) and how tall it is.
    struct Callout {
        var box: Int
        var lines: [CalloutLine]
        var y: Double
        var height: Double
    }

    /// A generous estimate of a line's width at `size` pixels in DejaVu Sans, whose digits are 0.64 em wide.
    static func calloutTextWidth(_ text: String, size: Double) -> Double {
        Double(text.count) * size * 0.64
    }

    /// `text` broken into lines of at most `maximumCalloutWidth` at `size`: at a space when there is one, else
    /// anywhere.
    static func wrapped(_ text: String, size: Double) -> [String] {
        let perLine = count(maximumCalloutWidth / (size * 0.64), atLeast: 8, atMost: max(8, text.count))
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            var line = rest.prefix(perLine)
            if line.count < rest.count, let space = line.lastIndex(of: " "), space > line.startIndex {
                line = rest[rest.startIndex..<space]
            }
            lines.append((lines.isEmpty ? "" : "  ") + line)
            rest = rest[line.endIndex...].drop { $0 == " " }
        }
        return lines
    }

    /// The lines of `box`'s entry; none when it has no label.
    static func calloutLines(of box: PreviewSheet.Box) -> [CalloutLine] {
        guard !box.name.isEmpty else { return [] }
        let color = box.highlights.first?.color ?? "#24292f"
        var lines = wrapped(box.name, size: calloutNameSize).map {
            CalloutLine(text: $0, size: calloutNameSize, color: color)
        }
        if !box.highlights.isEmpty {
            lines += wrapped("⚠ " + box.highlights.map(\.label).joined(separator: ", "), size: calloutDetailSize).map {
                CalloutLine(text: $0, size: calloutDetailSize, color: color)
            }
        }
        for detail in box.details {
            lines += wrapped(detail, size: calloutDetailSize).map {
                CalloutLine(text: $0, size: calloutDetailSize, color: "#57606a")
            }
        }
        return lines
    }

    /// The width of the column of labels: the widest line of any panel's entries.
    static func calloutWidth(_ panels: [PreviewSheet.Panel]) -> Double {
        var widest = 0.0
        for panel in panels {
            for box in panel.boxes {
                for line in calloutLines(of: box) { widest = max(widest, calloutTextWidth(line.text, size: line.size)) }
            }
        }
        return widest
    }

    /// The entries of `panel` at `scale`, top to bottom, each at its box's top or just below the entry above.
    static func callouts(of panel: PreviewSheet.Panel, scale: Double) -> [Callout] {
        let bounds = panel.drawingBounds
        let drawingHeight = (bounds.maxY - bounds.minY) * scale
        var callouts: [Callout] = []
        var next = 0.0
        for (index, box) in panel.boxes.enumerated() {
            let lines = calloutLines(of: box)
            guard !lines.isEmpty else { continue }
            let top =
                box.frame.y.isFinite ? (min(box.frame.y, box.frame.y + box.frame.height) - bounds.minY) * scale : 0
            let y = max(next, min(max(0, top), drawingHeight))
            let height = lines.reduce(0) { $0 + ($1.size == calloutNameSize ? calloutNameLine : calloutDetailLine) }
            callouts.append(Callout(box: index, lines: lines, y: y, height: height))
            next = y + height + calloutGap
        }
        return callouts
    }

    /// Draws `panel`'s entries right of its drawing, with their leader lines.
    func drawCallouts(
        of panel: PreviewSheet.Panel, area: (x: Double, y: Double, width: Double, height: Double),
        anchor: (PreviewSheet.Box) -> (x: Double, y: Double)?, _ writer: inout SVGWriter
    ) {
        let left = area.x + area.width + Self.leaderGap
        for callout in Self.callouts(of: panel, scale: scale) {
            let box = panel.boxes[callout.box]
            writer.open("g", [("class", .text("callout"))])
            if let title = box.title { writer.element("title", title) }
            let firstMiddle = area.y + callout.y + Self.calloutNameLine / 2
            if let end = anchor(box) {
                writer.empty(
                    "polyline",
                    [
                        ("class", .text("leader")),
                        (
                            "points",
                            .text(
                                "\(PreviewNumber.short(left - 3)),\(PreviewNumber.short(firstMiddle)) "
                                    + "\(PreviewNumber.short(left - Self.leaderGap / 2)),\(PreviewNumber.short(firstMiddle)) "
                                    + "\(PreviewNumber.short(end.x)),\(PreviewNumber.short(end.y))")
                        ),
                        ("fill", .text("none")), ("stroke", .text(box.highlights.first?.color ?? "#8c959f")),
                        ("stroke-width", .number(0.75)),
                    ])
            }
            var y = area.y + callout.y
            for line in callout.lines {
                let height = line.size == Self.calloutNameSize ? Self.calloutNameLine : Self.calloutDetailLine
                y += height
                writer.text(
                    line.text,
                    [
                        ("class", .text(line.size == Self.calloutNameSize ? "label" : "label-detail")),
                        ("x", .number(left)), ("y", .number(y - 3)), ("font-size", .number(line.size)),
                        ("fill", .text(line.color)),
                    ])
            }
            writer.close("g")
        }
    }
}
