package import ConstraintLayout
package import DeviceConstraints

/// A container's records on several devices, as a ``PreviewSheet``: per device a panel with the device's width
/// outlined as the window, per view a box of its width × height with its margins drawn and labelled, what differs
/// from the base file and what reaches past the window marked, and a column rule drawn as its columns. What a
/// designer reviewing the JSON wants to see, from the files alone.
///
/// Each box is labelled with the view's shortest unique name, the one the build plugin generates
/// (`bmt_reportCalendarDayButtonId_Selected` and `…_Normal` are `selected` and `normal`), and shows the full id when
/// a pointer rests on it.
///
/// ```swift
/// let sheet = try RecordSheet(
///     container: "BMTReportMeasureView", devices: DeviceCatalog.standard.originalClasses, catalog: .standard,
///     source: DirectorySource(URL(fileURLWithPath: "Constraints")))
/// print(sheet.sheet.svg())
/// ```
///
/// A view whose width no file sets stretches between its margins across the device's width, as an edge-pinned
/// view does; a height no file sets is 0 and is marked.
package struct RecordSheet: Sendable {
    /// The records of each device, read as `show` reads them.
    package let tables: [RecordTable]
    /// The base file's records, nil when the container has no base file.
    package let base: ContainerConstraints?

    /// Points between views in a panel.
    package static let viewGap = 24.0
    /// The height a view with a column rule and no height of its own is drawn with.
    package static let columnRowHeight = 44.0
    /// The most columns drawn of a rule; a label gives the count.
    package static let drawnColumnLimit = 100

    /// Reads the files of `container` that each device reads, and the base file.
    ///
    /// - Throws: What ``RecordTable/init(container:device:catalog:source:parser:)`` throws for a device.
    package init(
        container: String, devices: [DeviceProfile], catalog: DeviceCatalog, source: any ConstraintSource,
        textSize: TextSize = .large, parser: ConstraintFileParser = ConstraintFileParser()
    ) throws(ConstraintError) {
        // Listed once for every device's table.
        let listing = FileListing(source)
        tables = try devices.map { device throws(ConstraintError) in
            try RecordTable(
                container: container, device: device, catalog: catalog, source: source,
                environment: LayoutEnvironment(
                    width: device.width, height: device.height, idiom: device.idiom, textSize: textSize),
                parser: parser, listing: .some(listing))
        }
        let baseName = ConstraintFileName(container: container).fileName
        if let device = devices.first,
            let read = try? ContainerFiles.parse(
                container, on: device.name, along: [], catalog: catalog, from: source, listing: listing,
                parser: parser),
            let file = read.files.first?.file, file.fileName == baseName
        {
            base = file
        } else {
            base = nil
        }
    }

    /// The warnings of every device's files, each once.
    package var warnings: [ConstraintDiagnostic] {
        var seen: Set<String> = []
        return tables.flatMap(\.warnings).filter { seen.insert($0.description).inserted }
    }

    /// The sheet: one panel per device, in order.
    package var sheet: PreviewSheet {
        let container = tables.first?.container ?? ""
        let labels = Self.labels(of: tables)
        let order = Self.viewOrder(of: tables)
        var sheet = PreviewSheet(
            title: "\(container): records on \(tables.count) devices",
            panels: tables.map { panel($0, labels: labels, order: order) },
            legend: [.differsFromBase, .outsideWindow, .emptySize], columns: 8)
        sheet.labelsBeside = true
        sheet.notations = Self.notations
        return sheet
    }

    /// The legend's lines for the notations the labels use.
    package static let notations = [
        "selected 45×45: the view's short name, then its width × height in points",
        "↔×105: no file sets a width, so the view stretches between its margins across the window; 105 points high",
        "4 × 72: a column rule's count of columns × each column's width in points",
        "*: a value that differs from the base file (its view is outlined in the colour of the legend's entry)",
        "Ag: a sample of a view's font, drawn at its size and the sheet's scale",
    ]

    /// Every view id of the tables, each once, in the order the views are drawn on every panel: the order of the
    /// first table that has them, views only other tables have after.
    static func viewOrder(of tables: [RecordTable]) -> [String: Int] {
        var order: [String: Int] = [:]
        for table in tables {
            for row in table.rows where order[row.viewId] == nil { order[row.viewId] = order.count }
        }
        return order
    }

    /// Each view id's label: the member name the build plugin generates for it, which drops the words every id of
    /// the container shares; the id itself when it makes no name.
    static func labels(of tables: [RecordTable]) -> [String: String] {
        var ids: [String] = []
        var seen: Set<String> = []
        for table in tables {
            for row in table.rows where seen.insert(row.viewId).inserted { ids.append(row.viewId) }
        }
        let names = SwiftName.memberNames(for: ids)
        var labels: [String: String] = [:]
        for (id, name) in zip(ids, names) {
            labels[id] = SwiftName.problem(with: name) == nil ? name : id
        }
        return labels
    }

    /// One device's panel: the views top to bottom, in a window of the device's width.
    private func panel(_ table: RecordTable, labels: [String: String], order: [String: Int]) -> PreviewSheet.Panel {
        var boxes: [PreviewSheet.Box] = []
        var guides: [PreviewSheet.Guide] = []
        var y = 0.0
        let views = Self.views(of: table).enumerated().sorted {
            (order[$0.element.id] ?? Int.max, $0.offset) < (order[$1.element.id] ?? Int.max, $1.offset)
        }.map(\.element)
        for view in views {
            func value(_ attribute: ConstraintAttribute) -> (value: Double, isSet: Bool, differs: Bool) {
                let row = view.rows.first { $0.attribute == attribute.rawValue }
                let number = row?.value.numberValue ?? 0
                return (number, row?.source != nil, differsFromBase(view.id, attribute.rawValue, row))
            }
            let (left, right, top, bottom) = (
                value(.marginLeft), value(.marginRight), value(.marginTop), value(.marginBottom)
            )
            let (viewWidth, viewHeight) = (value(.width), value(.height))
            let columns = view.rows.first { $0.columns != nil }?.columns
            let boxWidth = viewWidth.isSet ? viewWidth.value : max(0, table.device.width - left.value - right.value)
            // A grid's cells are what its rule sizes; without a height of its own it gets a row's.
            let boxHeight =
                columns != nil && !(viewHeight.value > 0) ? Self.columnRowHeight : viewHeight.value
            let frame = LayoutFrame(x: left.value, y: y + top.value, width: boxWidth, height: boxHeight)
            var highlights: [PreviewHighlight] = []
            if viewWidth.differs || viewHeight.differs { highlights.append(.differsFromBase) }
            // Past the right edge, or wholly left of the window: a negative left margin alone is often an offset
            // from a neighbour, which the shading past the window still shows.
            if frame.x + frame.width > table.device.width || frame.x + max(frame.width, 0) < 0 {
                highlights.append(.outsideWindow)
            }
            if frame.width <= 0 || frame.height <= 0 { highlights.append(.emptySize) }
            let size =
                if let columns {
                    "\(columns.count) × \(PreviewSheet.number(columns.itemWidth))"
                } else {
                    (viewWidth.isSet ? PreviewSheet.number(viewWidth.value) : "↔") + "×"
                        + PreviewSheet.number(viewHeight.value)
                }
            let label = labels[view.id] ?? view.id
            var box = PreviewSheet.Box(name: "\(label) \(size)", frame: frame, highlights: highlights, title: view.id)
            let font = value(.fontSize)
            if font.isSet, font.value > 0 {
                box.fontSize = font.value
                box.details.append("fontSize \(PreviewSheet.number(font.value))" + (font.differs ? " *" : "") + " (Ag)")
            }
            let boxIndex = boxes.count
            boxes.append(box)
            if let columns { boxes += Self.cells(of: columns, in: frame) }
            let middleY = frame.y + max(frame.height, 0) / 2
            let middleX = frame.x + max(frame.width, 0) / 2
            let margins: [(ConstraintAttribute, (value: Double, isSet: Bool, differs: Bool), PreviewSheet.Guide)] = [
                (.marginLeft, left, .init(x1: 0, y1: middleY, x2: frame.x, y2: middleY, label: "")),
                (
                    .marginRight, right,
                    .init(
                        x1: frame.x + frame.width, y1: middleY, x2: frame.x + frame.width + right.value, y2: middleY,
                        label: "")
                ),
                (.marginTop, top, .init(x1: middleX, y1: y, x2: middleX, y2: frame.y, label: "")),
                (
                    .marginBottom, bottom,
                    .init(
                        x1: middleX, y1: frame.y + frame.height, x2: middleX, y2: frame.y + frame.height + bottom.value,
                        label: "")
                ),
            ]
            var drawnMargins: [String] = []
            for (attribute, margin, line) in margins where margin.value != 0 || margin.differs {
                var guide = line
                guide.label =
                    "\(attribute.rawValue) \(PreviewSheet.number(margin.value))" + (margin.differs ? " *" : "")
                guide.highlight = margin.differs ? .differsFromBase : nil
                guides.append(guide)
                drawnMargins.append(guide.label)
            }
            if !drawnMargins.isEmpty { boxes[boxIndex].details.insert(drawnMargins.joined(separator: ", "), at: 0) }
            y = frame.y + frame.height + bottom.value + Self.viewGap
        }
        let device = table.device
        // The window is the device's size; views stacked past its bottom reach past it.
        var panel = PreviewSheet.Panel(
            title: device.name.rawValue,
            details: [
                "\(device.width.compactDescription)×\(device.height.compactDescription) pt \(device.idiom.rawValue)"
            ] + table.filesRead.map { "← \($0)" },
            width: device.width, height: device.height, drawsWindow: true)
        panel.boxes = boxes
        panel.guides = guides
        return panel
    }

    /// A grid's cells as the rule lays them out across the window (its widths are the window's, less the insets
    /// at both edges and the spacing between columns), in the grid's row, unlabelled (the grid's label has the
    /// count and the width). Past ``drawnColumnLimit`` none is drawn.
    private static func cells(of columns: ColumnLayout, in frame: LayoutFrame) -> [PreviewSheet.Box] {
        (0..<min(columns.count, drawnColumnLimit)).map { column in
            let x = columns.insets + Double(column) * (columns.itemWidth + columns.spacing)
            return PreviewSheet.Box(
                name: "", frame: LayoutFrame(x: x, y: frame.y, width: columns.itemWidth, height: frame.height),
                depth: 2)
        }
    }

    /// Whether a row's value differs from the base file's: only a value a device file sets can, and only when
    /// there is a base file; an attribute the base file leaves out reads as 0 there.
    private func differsFromBase(_ viewId: String, _ attribute: String, _ row: RecordTable.Row?) -> Bool {
        guard let base, let row, let source = row.source, source != base.fileName else { return false }
        return (base[viewId]?[attribute: attribute] ?? .number(0)) != row.value
    }

    /// The rows of a table grouped by view, in order.
    private static func views(of table: RecordTable) -> [(id: String, rows: [RecordTable.Row])] {
        var views: [(id: String, rows: [RecordTable.Row])] = []
        for row in table.rows {
            if views.last?.id == row.viewId {
                views[views.count - 1].rows.append(row)
            } else {
                views.append((row.viewId, [row]))
            }
        }
        return views
    }
}
