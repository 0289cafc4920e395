/// A contact sheet of panels drawn side by side at one scale, as SVG: what ``LayoutPreview`` makes of solved
/// layouts and `device-constraints preview` of a container's records, written by one writer.
///
/// ```swift
/// var panel = PreviewSheet.Panel(title: "iPhone5", details: ["320×568"], width: 320, height: 568)
/// panel.boxes.append(.init(name: "title", frame: LayoutFrame(x: 12, y: 0, width: 296, height: 105)))
/// let svg = PreviewSheet(title: "Measure view", panels: [panel]).svg()
/// ```
///
/// Each panel has a strip of the panel colour (`#0b5cad`, used for nothing else) along its top, so a rendered
/// picture can be checked by counting the strips.
public struct PreviewSheet: Hashable, Sendable {
    /// A frame in a panel, in points from the panel's top-left corner.
    public struct Box: Hashable, Sendable {
        /// The label drawn in the box's corner.
        public var name: String
        /// Where it is, in the panel's points.
        public var frame: LayoutFrame
        /// How deep in the tree it is (the window is 0): deeper boxes are drawn later, on top.
        public var depth: Int
        /// What is wrong with it; an empty set draws it plain.
        public var highlights: [PreviewHighlight]

        /// A box; see the properties.
        public init(name: String, frame: LayoutFrame, depth: Int = 1, highlights: [PreviewHighlight] = []) {
            self.name = name
            self.frame = frame
            self.depth = depth
            self.highlights = highlights
        }
    }

    /// A measured distance drawn as a line with its value: a margin.
    public struct Guide: Hashable, Sendable {
        /// Where the line starts, in the panel's points.
        public var x1: Double, y1: Double
        /// Where the line ends.
        public var x2: Double, y2: Double
        /// The text next to the line.
        public var label: String
        /// Drawn in the highlight's colour when set.
        public var highlight: PreviewHighlight?

        /// A guide; see the properties.
        public init(
            x1: Double, y1: Double, x2: Double, y2: Double, label: String, highlight: PreviewHighlight? = nil
        ) {
            self.x1 = x1
            self.y1 = y1
            self.x2 = x2
            self.y2 = y2
            self.label = label
            self.highlight = highlight
        }
    }

    /// One environment or device: a title, lines of detail, and its boxes and guides.
    public struct Panel: Hashable, Sendable {
        /// The first line: the device.
        public var title: String
        /// The lines under the title: size, size classes.
        public var details: [String]
        /// The drawing's width in points.
        public var width: Double
        /// The drawing's height in points.
        public var height: Double
        /// Whether the `width × height` area is drawn as a window.
        public var drawsWindow: Bool
        /// The frames.
        public var boxes: [Box] = []
        /// The measured distances.
        public var guides: [Guide] = []
        /// Lines under the drawing: diagnostics.
        public var notes: [String] = []

        /// The points the drawing covers: the window, and any frame or guide that reaches beyond it.
        public var extent: (width: Double, height: Double) {
            func finite(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
            var width = finite(self.width)
            var height = finite(self.height)
            for box in boxes {
                width = max(width, finite(box.frame.x), finite(box.frame.x + box.frame.width))
                height = max(height, finite(box.frame.y), finite(box.frame.y + box.frame.height))
            }
            for guide in guides {
                width = max(width, finite(guide.x1), finite(guide.x2))
                height = max(height, finite(guide.y1), finite(guide.y2))
            }
            return (width, height)
        }

        /// A panel with no boxes yet.
        public init(title: String, details: [String], width: Double, height: Double, drawsWindow: Bool = true) {
            self.title = title
            self.details = details
            self.width = width
            self.height = height
            self.drawsWindow = drawsWindow
        }
    }

    /// The sheet's heading.
    public var title: String
    /// The panels, left to right, then in rows.
    public var panels: [Panel]
    /// The highlights the legend explains.
    public var legend: [PreviewHighlight]
    /// Sheet pixels per point; nil fits the tallest panel into ``maximumDrawingHeight`` (never enlarging).
    public var scale: Double?
    /// Panels per row.
    public var columns: Int

    /// The height the tallest drawing gets when ``scale`` is nil.
    public static let maximumDrawingHeight = 480.0
    /// The width the widest drawing gets at most when ``scale`` is nil.
    public static let maximumDrawingWidth = 400.0

    /// A sheet; see the properties.
    public init(
        title: String, panels: [Panel], legend: [PreviewHighlight] = PreviewHighlight.allCases, scale: Double? = nil,
        columns: Int = 6
    ) {
        self.title = title
        self.panels = panels
        self.legend = legend
        self.scale = scale
        self.columns = columns
    }

    /// The scale the sheet is drawn at: the same for every panel.
    public var effectiveScale: Double {
        if let scale, scale.isFinite, scale > 0 { return scale }
        let tallest = panels.map(\.extent.height).max() ?? 1
        let widest = panels.map(\.extent.width).max() ?? 1
        return min(1, Self.maximumDrawingHeight / max(tallest, 1), Self.maximumDrawingWidth / max(widest, 1))
    }

    /// `value` as the sheet writes it: at most two decimals, no trailing zeros (`12`, `42.5`, `10.33`).
    public static func number(_ value: Double) -> String {
        PreviewNumber.short(value)
    }

    /// The sheet as an SVG document (well-formed XML; every name is escaped).
    public func svg() -> String {
        SheetGeometry(sheet: self).svg()
    }

    /// The SVG inside a minimal HTML page, for a browser.
    public func html() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(SVGWriter.escape(title))</title>
        <style>body { margin: 0; background: #eaeef2; }</style></head>
        <body>
        \(svg())</body>
        </html>

        """
    }
}
