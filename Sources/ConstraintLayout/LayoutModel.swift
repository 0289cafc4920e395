import ConstraintDSL
import ConstraintSolver
import DeviceConstraints

/// The solver side of a ``LayoutEngine`` for one device class and layout direction: the variables of every
/// item, the constraints that hold, and the diagnostics of the ones that had to be broken.
struct LayoutModel {
    /// The left, top, width and height of one item, in the root's coordinates.
    final class ItemVariables {
        let left: Variable
        let top: Variable
        let width: Variable
        let height: Variable
        let superitem: ObjectIdentifier?

        init(name: String, superitem: ObjectIdentifier?) {
            left = Variable("\(name).left")
            top = Variable("\(name).top")
            width = Variable("\(name).width")
            height = Variable("\(name).height")
            self.superitem = superitem
        }
    }

    /// One DSL constraint as the solver sees it.
    struct Entry {
        let resolved: ResolvedConstraint
        let constraint: SolverConstraint
        let items: [ObjectIdentifier]
    }

    /// Strong enough that only a required constraint moves the window, which is then reported.
    static let windowStrength = Strength(strong: 1000, medium: 1000, weak: 999)

    let device: DeviceProfile
    /// The constants the constraints were resolved with, in order: an update whose constants differ rebuilds.
    let constants: [Double]
    private(set) var diagnostics: [LayoutDiagnostic] = []
    private var solver = Solver()
    private let rootKey: ObjectIdentifier
    private var items: [ObjectIdentifier: ItemVariables] = [:]
    /// The items in a fixed order, for results.
    private var table = ItemTable(items: [:], rootKey: nil)
    /// The live items, held for as long as the model: constraints refer to them weakly.
    private var liveItems: [any LayoutItem] = []
    /// Whether every item is held within ``LayoutEngine/coordinateLimit`` by constraints of its own (see
    /// ``itemBounds()``): only when a layout without them put a frame beyond it.
    private(set) var isBounded = false

    init(
        root: any LayoutItem, groups: [ConstraintGroup], environment: LayoutEnvironment, catalog: DeviceCatalog,
        strict: Bool, records: ConstraintInterpreter?
    ) throws(ConstraintError) {
        device = catalog.resolve(environment)
        try LayoutModel.checkWindow(environment)
        rootKey = ObjectIdentifier(root)
        let resolved = try LayoutModel.resolve(
            groups, in: ConstantContext(environment: environment, device: device, records: records), catalog: catalog)
        constants = resolved.map(\.constraint.constant)
        register(root)
        var entries: [Entry] = []
        for (constraint, checked) in resolved {
            let first = try register(checked.first, under: root, for: constraint)
            var keys = [first]
            if let second = checked.second { keys.append(try register(second, under: root, for: constraint)) }
            entries.append(
                Entry(
                    resolved: constraint,
                    constraint: makeConstraint(constraint, direction: environment.layoutDirection),
                    items: keys))
        }
        for item in liveItems {
            guard let node = item as? LayoutNode, let size = node.intrinsicContentSize else { continue }
            for resolved in LayoutModel.intrinsicConstraints(of: node, size) {
                entries.append(
                    Entry(
                        resolved: resolved,
                        constraint: makeConstraint(resolved, direction: environment.layoutDirection),
                        items: [ObjectIdentifier(node)]))
            }
        }
        // The window's size is a required fact for Auto Layout: find what cannot hold with it pinned, then build
        // the solver that resizes incrementally from what remains. Should a frame come out beyond the coordinate
        // limit, build again with every item held within it, which breaks and reports what pushed it there.
        var broken = try ConflictFinder(model: self, environment: environment, bounds: [:])
            .brokenConstraints(entries, strict: strict)
        if try !build(entries, leavingOut: broken.indices, environment: environment) {
            isBounded = true
            broken = try ConflictFinder(model: self, environment: environment, bounds: itemBounds())
                .brokenConstraints(entries, strict: strict)
            _ = try build(entries, leavingOut: broken.indices, environment: environment)
        }
        diagnostics = broken.diagnostics
        let probed = liveItems.filter { ObjectIdentifier($0) != rootKey }
        if probed.count <= LayoutDiagnostic.ambiguityCheckLimit {
            let named = probed.map { (name: $0.layoutName, variables: variables(ObjectIdentifier($0))) }
            diagnostics += try ConflictFinder.ambiguities(in: broken.solver, items: named)
        } else {
            diagnostics.append(
                LayoutDiagnostic(
                    kind: .ambiguityNotChecked,
                    message:
                        "ambiguity was not checked: \(probed.count) items is more than \(LayoutDiagnostic.ambiguityCheckLimit)",
                    brokenConstraint: nil, conflictingConstraints: [], item: nil, freeAttributes: []))
        }
        solver.updateVariables()
        table = ItemTable(items: items, rootKey: rootKey)
    }

    /// Each constraint of `groups` resolved in `context`, with its live items.
    static func resolve(_ groups: [ConstraintGroup], in context: ConstantContext, catalog: DeviceCatalog)
        throws(ConstraintError) -> [(constraint: ResolvedConstraint, items: CheckedItems)]
    {
        var resolved: [(constraint: ResolvedConstraint, items: CheckedItems)] = []
        for group in groups { resolved += try group.resolvedWithItems(in: context, catalog: catalog) }
        return resolved
    }

    /// Throws for a window larger than ``LayoutEngine/coordinateLimit``: its frames could not be computed.
    static func checkWindow(_ environment: LayoutEnvironment) throws(ConstraintError) {
        let limit = LayoutEngine.coordinateLimit
        guard environment.width <= limit, environment.height <= limit else {
            throw ConstraintError(
                code: .invalidValue,
                message:
                    "the window is \(environment.width) × \(environment.height) points; LayoutEngine lays out windows of at most \(limit) points a side"
            )
        }
    }

    /// Builds ``solver`` from the entries not left out, the window's size as edit variables and, when
    /// ``isBounded``, the items' bounds; false when a frame comes out beyond the coordinate limit, or the numbers
    /// overflow, without bounds.
    private mutating func build(_ entries: [Entry], leavingOut broken: Set<Int>, environment: LayoutEnvironment)
        throws(ConstraintError) -> Bool
    {
        solver = Solver()
        let rootItem = rootVariables
        try solver.add(rootItem.left == 0)
        try solver.add(rootItem.top == 0)
        try solver.addEditVariable(rootItem.width, strength: LayoutModel.windowStrength)
        try solver.addEditVariable(rootItem.height, strength: LayoutModel.windowStrength)
        try solver.suggestValue(rootItem.width, environment.width)
        try solver.suggestValue(rootItem.height, environment.height)
        if isBounded {
            for bound in itemBounds().values.joined() { try solver.add(bound) }
        }
        for (index, entry) in entries.enumerated() where !broken.contains(index) {
            do throws(ConstraintError) {
                try solver.add(entry.constraint)
            } catch {
                // The checking solver pinned the window where this one suggests it: numbers at the edge of the
                // range can overflow (or fail to converge) in one and not the other. Without bounds, build again
                // with them; with, say which constraint.
                guard isBounded else { return false }
                throw ConstraintError(
                    code: error.code, message: "'\(entry.resolved)': \(error.message)", file: entry.resolved.fileName,
                    line: entry.resolved.line)
            }
        }
        solver.updateVariables()
        return isBounded || framesAreWithinLimit()
    }

    /// Whether every edge of every item is within ``LayoutEngine/coordinateLimit`` of the origin.
    private func framesAreWithinLimit() -> Bool {
        let limit = LayoutEngine.coordinateLimit
        for item in items.values {
            let left = item.left.value
            let top = item.top.value
            // NaN fails the comparisons too.
            guard abs(left) <= limit, abs(top) <= limit, abs(left + item.width.value) <= limit,
                abs(top + item.height.value) <= limit
            else { return false }
        }
        return true
    }

    /// Per item but the root, required constraints that hold each of its edges within
    /// ``LayoutEngine/coordinateLimit`` of the origin.
    func itemBounds() -> [ObjectIdentifier: [SolverConstraint]] {
        let limit = LayoutEngine.coordinateLimit
        var bounds: [ObjectIdentifier: [SolverConstraint]] = [:]
        for (key, item) in items where key != rootKey {
            let edges = [
                Expression(item.left), item.left + item.width, Expression(item.top), item.top + item.height,
            ]
            bounds[key] = edges.flatMap { [$0 >= -limit, $0 <= limit] }
        }
        return bounds
    }

    /// The root's variables; the root is registered first, so they exist.
    var rootVariables: ItemVariables { variables(rootKey) }

    private func variables(_ key: ObjectIdentifier) -> ItemVariables {
        guard let item = items[key] else {
            assertionFailure("an item is used before it is registered")
            return ItemVariables(name: "unregistered", superitem: nil)
        }
        return item
    }

    /// The variables of the root, as required facts for a checking solver.
    func rootPins(width: Double, height: Double) -> [SolverConstraint] {
        let root = rootVariables
        return [root.left == 0, root.top == 0, root.width == width, root.height == height]
    }

    private mutating func register(_ item: any LayoutItem) {
        let key = ObjectIdentifier(item)
        guard items[key] == nil else { return }
        items[key] = ItemVariables(name: item.layoutName, superitem: item.layoutSuperitem.map { ObjectIdentifier($0) })
        liveItems.append(item)
    }

    /// Registers `item` and its superitems up to the root; throws when the root is not among them.
    private mutating func register(
        _ item: any LayoutItem, under root: any LayoutItem, for constraint: ResolvedConstraint
    )
        throws(ConstraintError) -> ObjectIdentifier
    {
        var chain: [any LayoutItem] = []
        var current: (any LayoutItem)? = item
        while let next = current, ObjectIdentifier(next) != rootKey {
            guard chain.count < 10_000, !chain.contains(where: { $0 === next }) else { break }
            chain.append(next)
            current = next.layoutSuperitem
        }
        guard let reached = current, ObjectIdentifier(reached) == rootKey else {
            throw ConstraintError(
                code: .noCommonAncestor,
                message:
                    "'\(item.layoutName)' is not in the tree of '\(root.layoutName)', so '\(constraint)' cannot be laid out; give the engine the common root",
                file: constraint.fileName, line: constraint.line)
        }
        for link in chain.reversed() { register(link) }
        return ObjectIdentifier(item)
    }

    /// UIKit's constraints for an intrinsic content size: per given dimension, `<= size` at the hugging priority
    /// and `>= size` at the compression resistance priority. They print as written in `intrinsicContentSize`.
    static func intrinsicConstraints(of node: LayoutNode, _ size: IntrinsicContentSize) -> [ResolvedConstraint] {
        let identity = LayoutItemIdentity(node)
        var constraints: [ResolvedConstraint] = []
        let axes: [(LayoutAttribute, Double?, ConstraintPriority, ConstraintPriority)] = [
            (.width, size.width, size.horizontalHugging, size.horizontalCompressionResistance),
            (.height, size.height, size.verticalHugging, size.verticalCompressionResistance),
        ]
        for (attribute, value, hugging, resistance) in axes {
            guard let value else { continue }
            for (relation, priority, label) in [
                (LayoutRelation.lessThanOrEqual, hugging, "content hugging"),
                (.greaterThanOrEqual, resistance, "compression resistance"),
            ] {
                constraints.append(
                    ResolvedConstraint(
                        firstItem: identity, firstAttribute: attribute, relation: relation, constant: value,
                        priority: priority, label: label, file: "intrinsicContentSize", line: 0))
            }
        }
        return constraints
    }

    /// The solver's form of an attribute of an item.
    func expression(_ key: ObjectIdentifier, _ attribute: LayoutAttribute, direction: LayoutDirection) -> Expression {
        let item = variables(key)
        let leftToRight = direction == .leftToRight
        switch attribute {
        case .left: return Expression(item.left)
        case .right: return item.left + item.width
        case .top: return Expression(item.top)
        case .bottom: return item.top + item.height
        // Right to left, Auto Layout measures leading and trailing from the right: leading is −right and trailing
        // −left, so `leading == superitem.leading + 10` insets from the right edge, as it does from the left.
        case .leading: return leftToRight ? Expression(item.left) : -(item.left + item.width)
        case .trailing: return leftToRight ? item.left + item.width : -item.left
        case .width: return Expression(item.width)
        case .height: return Expression(item.height)
        case .centerX: return item.left + 0.5 * item.width
        case .centerY: return item.top + 0.5 * item.height
        }
    }

    /// `first.attribute relation second.attribute × multiplier + constant` at the constraint's priority.
    private func makeConstraint(_ resolved: ResolvedConstraint, direction: LayoutDirection) -> SolverConstraint {
        let first = expression(resolved.firstItem.objectID, resolved.firstAttribute, direction: direction)
        var second = Expression(resolved.constant)
        if let item = resolved.secondItem, let attribute = resolved.secondAttribute {
            second =
                expression(item.objectID, attribute, direction: direction) * resolved.multiplier + resolved.constant
        }
        let relation: SolverConstraint.Relation
        switch resolved.relation {
        case .equal: relation = .equal
        case .lessThanOrEqual: relation = .lessThanOrEqual
        case .greaterThanOrEqual: relation = .greaterThanOrEqual
        }
        return SolverConstraint(first - second, relation, strength: Strength(priority: resolved.priority.value))
    }

    /// Moves the window; false when the constraints do not let the root take the new size (the caller rebuilds,
    /// which finds and reports what to break). The caller checks the frames' range on the result
    /// (``LayoutResult/isWithinCoordinateLimit``): reading a variable from here costs an exclusivity check.
    func resize(to environment: LayoutEnvironment) -> Bool {
        let root = rootVariables
        do {
            try LayoutModel.checkWindow(environment)
            try solver.suggestValue(root.width, environment.width)
            try solver.suggestValue(root.height, environment.height)
        } catch {
            return false
        }
        solver.updateVariables()
        return abs(root.width.value - environment.width) < 1e-6 && abs(root.height.value - environment.height) < 1e-6
    }

    /// The frames, rounded to the environment's pixels. The item index is shared between results; only the
    /// frames are new.
    func result(for environment: LayoutEnvironment) -> LayoutResult {
        let frames = table.items.map { item in
            let left = environment.roundedToPixel(item.left.value)
            let top = environment.roundedToPixel(item.top.value)
            let right = environment.roundedToPixel(item.left.value + item.width.value)
            let bottom = environment.roundedToPixel(item.top.value + item.height.value)
            return LayoutFrame(x: left, y: top, width: right - left, height: bottom - top)
        }
        return LayoutResult(environment: environment, diagnostics: diagnostics, index: table.index, frames: frames)
    }
}

/// The items of a model in a fixed order, with where each one's superitem is: built once, shared by every
/// ``LayoutResult`` of the model.
struct ItemTable {
    /// Each item's position in ``LayoutResult``'s frames, and its superitem's position (or -1).
    let index: [ObjectIdentifier: (position: Int, superitem: Int)]
    let items: [LayoutModel.ItemVariables]

    init(items: [ObjectIdentifier: LayoutModel.ItemVariables], rootKey: ObjectIdentifier?) {
        let keys = Array(items.keys)
        var positions: [ObjectIdentifier: Int] = [:]
        for (position, key) in keys.enumerated() { positions[key] = position }
        var index: [ObjectIdentifier: (position: Int, superitem: Int)] = [:]
        for (position, key) in keys.enumerated() {
            let superitem = key == rootKey ? nil : items[key]?.superitem.flatMap { positions[$0] }
            index[key] = (position, superitem ?? -1)
        }
        self.index = index
        self.items = keys.compactMap { items[$0] }
    }
}
