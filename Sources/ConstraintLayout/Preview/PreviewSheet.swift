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
/// picture can be checked by counting the strips. The window is outlined, and what the boxes draw past it is shaded
/// (`past-window`): within one window's size beyond each edge, which is as far as a panel draws (a box further away
/// is cut at that edge, and its label says where it is).
public struct PreviewSheet: Hashable, Sendable {
    /// A frame in a panel, in points from the panel's top-left corner.
    public struct Box: Hashable, Sendable {
        /// The label drawn in the box's corner; none when empty.
        public var name: String
        /// What a pointer resting on the box shows (an SVG `<title>`): the full name a short label stands for.
        public var title: String?
        /// Where it is, in the panel's points.
        public var frame: LayoutFrame
        /// How deep in the tree it is (the window is 0): deeper boxes are drawn later, on top.
        public var depth: Int
        /// What is wrong with it; an empty set draws it plain.
        public var highlights: [PreviewHighlight]
        /// Lines under the label when the sheet draws its labels beside the drawing (``PreviewSheet/labelsBeside``):
        /// the margins, the font size.
        public var details: [String] = []
        /// A font size in points: a sample of text is drawn in the box at that size, at the sheet's scale.
        public var fontSize: Double?

        /// A box; see the properties.
        public init(
            name: String, frame: LayoutFrame, depth: Int = 1, highlights: [PreviewHighlight] = [],
            title: String? = nil
        ) {
            self.name = name
            self.frame = frame
            self.depth = depth
            self.highlights = highlights
            self.title = title
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

        /// The points the drawing covers: the window, and any frame or guide that reaches beyond it on any side, up
        /// to one window's size beyond each edge.
        public var extent: (width: Double, height: Double) {
            let bounds = drawingBounds
            return (bounds.maxX - bounds.minX, bounds.maxY - bounds.minY)
        }

        /// The area the drawing covers, in the panel's points: the window (`0...width`, `0...height`) grown to
        /// every frame and guide, but never more than the window's size (at least a point) beyond an edge.
        var drawingBounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            func length(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
            let windowWidth = length(width)
            let windowHeight = length(height)
            let reachX = max(windowWidth, 1)
            let reachY = max(windowHeight, 1)
            var bounds = (minX: 0.0, minY: 0.0, maxX: windowWidth, maxY: windowHeight)
            func cover(x: Double, y: Double) {
                if x.isFinite {
                    bounds.minX = min(bounds.minX, max(x, -reachX))
                    bounds.maxX = max(bounds.maxX, min(x, windowWidth + reachX))
                }
                if y.isFinite {
                    bounds.minY = min(bounds.minY, max(y, -reachY))
                    bounds.maxY = max(bounds.maxY, min(y, windowHeight + reachY))
                }
            }
            for box in boxes {
                cover(x: box.frame.x, y: box.frame.y)
                cover(x: box.frame.x + box.frame.width, y: box.frame.y + box.frame.height)
            }
            for guide in guides {
                cover(x: guide.x1, y: guide.y1)
                cover(x: guide.x2, y: guide.y2)
            }
            return bounds
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
    /// Panels per row (fewer when ``labelsBeside`` and the row would be wider than ``maximumSheetWidth``).
    public var columns: Int
    /// Whether each panel's labels are listed beside its drawing, each joined to its box by a leader line, instead
    /// of being drawn on the boxes: no two labels overlap however close the boxes are, and none is cut.
    public var labelsBeside = false
    /// Lines of the legend that explain the notations the labels use (`↔`, `*`).
    public var notations: [String] = []

    /// The height the tallest drawing gets when ``scale`` is nil.
    public static let maximumDrawingHeight = 480.0
    /// The width the widest drawing gets at most when ``scale`` is nil.
    public static let maximumDrawingWidth = 400.0
    /// The width a sheet whose labels are beside its drawings wraps its panels into rows to stay within.
    public static let maximumSheetWidth = 1200.0

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
