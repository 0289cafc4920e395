public import ConstraintDSL
public import DeviceConstraints

/// Pictures of a layout on many windows: solves it for each environment and draws one ``PreviewSheet`` panel
/// per environment at the same scale, with every frame named and what a reviewer must not miss highlighted;
/// and a text form of the frames for snapshot tests.
///
/// ```swift
/// let preview = LayoutPreview(root: measureView, constraints: [measureConstraints])
/// let sheet = try preview.sheet(for: LayoutPreview.originalClasses + LayoutPreview.splitViewWindows)
/// try sheet.svg().write(toFile: "measure.svg", atomically: true, encoding: .utf8)
/// print(try preview.text(for: LayoutPreview.originalClasses))
/// // iPhone5 320×568 @2x w:compact h:regular
/// //   measureView                    0.00     0.00   320.00   568.00
/// //   measureView/measureTopView    12.00     0.00   296.00   105.00
/// ```
///
/// Highlighted (``PreviewHighlight``): frames outside their superitem, siblings that overlap, zero or negative
/// sizes, items of a broken constraint or with an ambiguous layout (from ``LayoutResult/diagnostics``), and
/// edges off the device's pixel grid. The window is outlined, and whatever lies past it is shaded.
public struct LayoutPreview {
    /// One environment's solved layout, with what the sheet and the text form show of it.
    public struct Panel: Sendable {
        /// The environment.
        public let environment: LayoutEnvironment
        /// The device class the catalog resolves it to.
        public let device: DeviceProfile
        /// The layout.
        public let result: LayoutResult
        /// Each item, depth first from the root: its path of names, frame in the root's coordinates, frame in
        /// its superitem's, and highlights.
        public let nodes: [Node]
    }

    /// One item of a solved layout.
    public struct Node: Sendable, Hashable {
        /// The names from the root down to the item, joined by `/`.
        public let path: String
        /// The item's name.
        public let name: String
        /// How deep it is: the root is 0.
        public let depth: Int
        /// The frame in the root's coordinates.
        public let frameInRoot: LayoutFrame
        /// The frame in its superitem's coordinates (the root's is the window's bounds).
        public let frame: LayoutFrame
        /// What the sheet marks on it.
        public let highlights: [PreviewHighlight]
    }

    private let root: any LayoutItem
    private let constraints: [ConstraintGroup]
    private let catalog: DeviceCatalog
    private let interpreter: ConstraintInterpreter?

    /// A preview of the layout of `root`'s tree by `constraints`.
    ///
    /// - Parameters:
    ///   - root: The top item: its frame is the window's.
    ///   - constraints: The constraints of the items below it.
    ///   - catalog: The catalog that resolves each environment to a device class.
    public init(root: any LayoutItem, constraints: [ConstraintGroup], catalog: DeviceCatalog = .standard) {
        self.root = root
        self.constraints = constraints
        self.catalog = catalog
        self.interpreter = nil
    }

    /// A preview of a layout whose record-fed constants (`.record(id, .height)`) are read through `interpreter`,
    /// for each environment drawn (see ``LayoutEngine/init(root:constraints:interpreter:environment:conflictHandling:)``).
    ///
    /// ```swift
    /// let interpreter = ConstraintInterpreter(source: DirectorySource(constraintsFolder), environment: window)
    /// let preview = LayoutPreview(root: measureView, constraints: [measureConstraints], interpreter: interpreter)
    /// let sheet = try preview.sheet(for: LayoutPreview.originalClasses)   // each class with its files' numbers
    /// ```
    ///
    /// - Parameters:
    ///   - root: The top item: its frame is the window's.
    ///   - constraints: The constraints of the items below it.
    ///   - interpreter: Where record-fed constants are read; its catalog resolves each environment.
    public init(root: any LayoutItem, constraints: [ConstraintGroup], interpreter: ConstraintInterpreter) {
        self.root = root
        self.constraints = constraints
        self.catalog = interpreter.catalog
        self.interpreter = interpreter
    }

    /// The layout solved for each environment, in order.
    ///
    /// - Throws: What ``LayoutEngine/init(root:constraints:environment:catalog:conflictHandling:)`` throws;
    ///   conflicts do not throw, they are highlighted.
    public func panels(for environments: [LayoutEnvironment]) throws(ConstraintError) -> [Panel] {
        var panels: [Panel] = []
        var engine: LayoutEngine?
        for environment in environments {
            let result: LayoutResult
            if let engine {
                result = try engine.update(to: environment)
            } else {
                let made =
                    if let interpreter {
                        try LayoutEngine(
                            root: root, constraints: constraints, interpreter: interpreter, environment: environment)
                    } else {
                        try LayoutEngine(
                            root: root, constraints: constraints, environment: environment, catalog: catalog)
                    }
                engine = made
                result = try made.solve()
            }
            let device = catalog.resolve(environment)
            panels.append(
                Panel(
                    environment: environment, device: device, result: result,
                    nodes: try nodes(of: result)))
        }
        return panels
    }

    /// A contact sheet: one panel per environment, all at one scale.
    ///
    /// - Parameters:
    ///   - environments: The windows, one panel each.
    ///   - title: The sheet's heading; the root's name unless given.
    /// - Throws: As ``panels(for:)``.
    public func sheet(for environments: [LayoutEnvironment], title: String? = nil) throws(ConstraintError)
        -> PreviewSheet
    {
        let panels = try panels(for: environments).map { panel in
            var drawn = PreviewSheet.Panel(
                title: panel.device.name.rawValue, details: Self.details(of: panel.environment),
                width: panel.environment.width, height: panel.environment.height)
            drawn.boxes = panel.nodes.dropFirst().map {
                PreviewSheet.Box(name: $0.name, frame: $0.frameInRoot, depth: $0.depth, highlights: $0.highlights)
            }
            drawn.notes = panel.result.diagnostics.map { diagnostic in
                diagnostic.description.split(separator: "\n").first.map(String.init) ?? diagnostic.message
            }
            return drawn
        }
        return PreviewSheet(
            title: title ?? "\(root.layoutName): \(panels.count) windows", panels: panels,
            legend: PreviewHighlight.allCases.filter { $0 != .differsFromBase && $0 != .outsideWindow })
    }

    /// The frames as text, one line per item under a line per environment, with fixed formatting: frames in
    /// the superitem's coordinates (`x y width height`, two decimals), then the highlights. A layout change
    /// shows up as a readable diff.
    ///
    /// ```
    /// iPhone5 320×568 @2x w:compact h:regular
    ///   measureView                    0.00     0.00   320.00   568.00
    ///   measureView/measureTopView    12.00     0.00   296.00   105.00
    /// ```
    ///
    /// - Throws: As ``panels(for:)``.
    public func text(for environments: [LayoutEnvironment]) throws(ConstraintError) -> String {
        Self.text(of: try panels(for: environments))
    }

    /// The text form of solved panels; see ``text(for:)``.
    public static func text(of panels: [Panel]) -> String {
        var lines: [String] = []
        for panel in panels {
            lines.append("\(panel.device.name.rawValue) " + details(of: panel.environment).joined(separator: " "))
            let width = panel.nodes.map(\.path.count).max() ?? 0
            for node in panel.nodes {
                let numbers = [node.frame.x, node.frame.y, node.frame.width, node.frame.height].map {
                    let text = PreviewNumber.fixed($0)
                    return String(repeating: " ", count: max(0, 9 - text.count)) + text
                }
                var line = "  " + node.path + String(repeating: " ", count: width - node.path.count) + numbers.joined()
                if !node.highlights.isEmpty { line += "  " + node.highlights.map(\.rawValue).joined(separator: " ") }
                lines.append(line)
            }
            for diagnostic in panel.result.diagnostics {
                lines.append(contentsOf: diagnostic.description.split(separator: "\n").map { "  ! " + $0 })
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `320×568 @2x`, then `w:compact h:regular` (and `right-to-left` when it is).
    static func details(of environment: LayoutEnvironment) -> [String] {
        var sizeClasses = "w:\(environment.horizontalSizeClass) h:\(environment.verticalSizeClass)"
        if environment.layoutDirection == .rightToLeft { sizeClasses += " right-to-left" }
        return [
            "\(environment.width.compactDescription)×\(environment.height.compactDescription) "
                + "@\(environment.displayScale.compactDescription)x",
            sizeClasses,
        ]
    }

    // MARK: - Items and highlights

    /// The items of the layout, depth first from the root, children in the order constraints first name them.
    private func items() throws(ConstraintError) -> [(item: any LayoutItem, depth: Int)] {
        var order: [ObjectIdentifier: Int] = [ObjectIdentifier(root): 0]
        var children: [ObjectIdentifier: [any LayoutItem]] = [:]
        func add(_ item: any LayoutItem) {
            var chain: [any LayoutItem] = []
            var current: (any LayoutItem)? = item
            // Up to the root or an item already known; the engine has checked that every item is in the tree.
            while let next = current, order[ObjectIdentifier(next)] == nil, chain.count < 10_000 {
                chain.append(next)
                current = next.layoutSuperitem
            }
            for link in chain.reversed() {
                order[ObjectIdentifier(link)] = order.count
                if let superitem = link.layoutSuperitem {
                    children[ObjectIdentifier(superitem), default: []].append(link)
                }
            }
        }
        for group in constraints {
            for checked in try group.checkedItems(in: catalog) {
                add(checked.first)
                if let second = checked.second { add(second) }
            }
        }
        var result: [(item: any LayoutItem, depth: Int)] = []
        var stack: [(item: any LayoutItem, depth: Int)] = [(root, 0)]
        while let (item, depth) = stack.popLast() {
            result.append((item, depth))
            for child in (children[ObjectIdentifier(item)] ?? []).reversed() { stack.append((child, depth + 1)) }
        }
        return result
    }

    private func nodes(of result: LayoutResult) throws(ConstraintError) -> [Node] {
        let items = try items()
        var paths: [ObjectIdentifier: String] = [:]
        var broken: Set<ObjectIdentifier> = []
        var ambiguous: Set<String> = []
        for diagnostic in result.diagnostics {
            if let constraint = diagnostic.brokenConstraint {
                broken.insert(constraint.firstItem.objectID)
                if let second = constraint.secondItem { broken.insert(second.objectID) }
            }
            if diagnostic.kind == .ambiguousLayout, let item = diagnostic.item { ambiguous.insert(item) }
        }
        var nodes: [(key: ObjectIdentifier, superitem: ObjectIdentifier?, node: Node)] = []
        var framesInRoot: [ObjectIdentifier: LayoutFrame] = [:]
        for (item, depth) in items {
            guard let inRoot = result.frameInRoot(of: item), let frame = result.frame(of: item) else { continue }
            let key = ObjectIdentifier(item)
            let superitem = depth == 0 ? nil : item.layoutSuperitem.map { ObjectIdentifier($0) }
            let path = superitem.flatMap { paths[$0] }.map { "\($0)/\(item.layoutName)" } ?? item.layoutName
            paths[key] = path
            var highlights: [PreviewHighlight] = []
            if let superitem, let bounds = framesInRoot[superitem],
                !Self.contains(bounds, inRoot)
            {
                highlights.append(.outsideSuperitem)
            }
            if inRoot.width <= 0 || inRoot.height <= 0 { highlights.append(.emptySize) }
            if broken.contains(key) { highlights.append(.brokenConstraint) }
            if ambiguous.contains(item.layoutName) { highlights.append(.ambiguousLayout) }
            if !Self.isOnPixelGrid(inRoot, environment: result.environment) { highlights.append(.offPixelGrid) }
            framesInRoot[key] = inRoot
            nodes.append(
                (
                    key, superitem,
                    Node(
                        path: path, name: item.layoutName, depth: depth, frameInRoot: inRoot, frame: frame,
                        highlights: highlights)
                ))
        }
        for index in Self.overlappingSiblings(nodes.map { ($0.superitem, $0.node.frameInRoot) }) {
            var highlights = nodes[index].node.highlights
            highlights.insert(
                .overlapsSibling, at: highlights.firstIndex { $0 != .outsideSuperitem } ?? highlights.endIndex)
            let node = nodes[index].node
            nodes[index].node = Node(
                path: node.path, name: node.name, depth: node.depth, frameInRoot: node.frameInRoot, frame: node.frame,
                highlights: highlights)
        }
        return nodes.map(\.node)
    }

    /// Whether `inner` lies within `outer`, to a thousandth of a point.
    static func contains(_ outer: LayoutFrame, _ inner: LayoutFrame) -> Bool {
        let tolerance = 1e-3
        return inner.x >= outer.x - tolerance && inner.y >= outer.y - tolerance
            && inner.x + inner.width <= outer.x + outer.width + tolerance
            && inner.y + inner.height <= outer.y + outer.height + tolerance
    }

    /// Whether every edge is a whole number of device pixels.
    static func isOnPixelGrid(_ frame: LayoutFrame, environment: LayoutEnvironment) -> Bool {
        [frame.x, frame.y, frame.x + frame.width, frame.y + frame.height].allSatisfy { edge in
            let pixels = edge * environment.displayScale
            return abs(pixels - pixels.rounded()) < 1e-6
        }
    }

    /// The positions of frames that overlap a sibling's (a shared area, not just an edge): per superitem, a
    /// sweep along x, so siblings side by side cost a sort, not a comparison of every pair; only siblings that
    /// span one x together are compared with each other.
    static func overlappingSiblings(_ frames: [(superitem: ObjectIdentifier?, frame: LayoutFrame)]) -> Set<Int> {
        var groups: [ObjectIdentifier: [Int]] = [:]
        for (index, entry) in frames.enumerated() {
            guard let superitem = entry.superitem else { continue }
            groups[superitem, default: []].append(index)
        }
        var overlapping: Set<Int> = []
        let tolerance = 1e-6
        for indices in groups.values where indices.count > 1 {
            let sorted = indices.sorted { frames[$0].frame.x < frames[$1].frame.x }
            var active: [Int] = []
            for index in sorted {
                let frame = frames[index].frame
                active.removeAll { frames[$0].frame.x + frames[$0].frame.width <= frame.x + tolerance }
                for other in active {
                    let otherFrame = frames[other].frame
                    let top = max(frame.y, otherFrame.y)
                    let bottom = min(frame.y + frame.height, otherFrame.y + otherFrame.height)
                    if bottom - top > tolerance, frame.width > tolerance, otherFrame.width > tolerance {
                        overlapping.insert(index)
                        overlapping.insert(other)
                    }
                }
                active.append(index)
            }
        }
        return overlapping
    }
}

// A preview keeps its root item and constraint groups: layout nodes, mutable classes used on one thread.
@available(*, unavailable)
extension LayoutPreview: Sendable {}
