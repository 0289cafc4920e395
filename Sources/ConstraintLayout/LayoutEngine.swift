public import ConstraintDSL
import ConstraintSolver
public import DeviceConstraints

/// Frames for a tree of ``/ConstraintDSL/LayoutNode``s (or any ``/ConstraintDSL/LayoutItem``s) from DSL constraints,
/// with Auto Layout's rules, anywhere Swift runs.
///
/// ```swift
/// let engine = try LayoutEngine(root: window, constraints: [calendar, header], environment: environment)
/// let layout = try engine.solve()
/// print(layout.frame(of: measureTopView)!)  // (12.0, 0.0, 296.0, 105.0); nil for an item no constraint mentions
/// let resized = try engine.update(to: LayoutEnvironment(width: 694, height: 768, idiom: .pad))
/// ```
///
/// Every item has a left, top, width and height in the root's coordinates; each DSL constraint becomes a solver
/// constraint with the constants of the device the environment resolves to. The rules are Auto Layout's:
/// priority 1000 is required and lower ones give way in order (``/ConstraintSolver/Strength/init(priority:)``);
/// leading and trailing follow the environment's layout direction; the root's size is the window's.
///
/// A resize within one device class re-solves incrementally (the window's size is an edit variable of the
/// solver); a change of device class or layout direction resolves the constants again and rebuilds.
///
/// Conflicts: by default the engine behaves like Auto Layout, leaving out a required constraint that cannot hold
/// with the ones before it and reporting a ``LayoutDiagnostic`` that names it and the smallest set of constraints
/// it conflicts with. With ``ConflictHandling/strict`` it throws instead.
///
/// Threading: an engine is not `Sendable`; use it from one isolation domain. Its ``LayoutResult``s are values
/// that can go anywhere.
public final class LayoutEngine {
    /// What to do with a required constraint that cannot hold.
    public enum ConflictHandling: Sendable {
        /// Leave it out, lay out the rest, and report a diagnostic: Auto Layout's behaviour.
        case breakAndReport
        /// Throw a ``/DeviceConstraints/ConstraintError`` with code
        /// ``/ConstraintSolver/DeviceConstraints/ConstraintError/Code/unsatisfiable``.
        case strict
    }

    /// The environment of the last solve or update.
    public private(set) var environment: LayoutEnvironment
    private let root: any LayoutItem
    private let groups: [ConstraintGroup]
    private let catalog: DeviceCatalog
    private let conflictHandling: ConflictHandling
    private var model: LayoutModel

    /// Creates an engine and builds the layout for `environment`.
    ///
    /// - Parameters:
    ///   - root: The top item; its frame is the window's bounds.
    ///   - constraints: The constraints of the items below `root`.
    ///   - environment: The window to lay out for.
    ///   - catalog: The catalog that resolves the environment to a device class.
    ///   - conflictHandling: ``ConflictHandling/breakAndReport`` unless given.
    /// - Throws: The ``/DeviceConstraints/ConstraintError``s of
    ///   ``/ConstraintDSL/ConstraintGroup/resolved(for:in:)-(DeviceProfile,_)``;
    ///   ``/ConstraintDSL/DeviceConstraints/ConstraintError/Code/noCommonAncestor`` for a constraint on an item
    ///   outside `root`'s tree; ``/ConstraintSolver/DeviceConstraints/ConstraintError/Code/unsatisfiable`` in strict
    ///   mode.
    public init(
        root: any LayoutItem, constraints: [ConstraintGroup], environment: LayoutEnvironment,
        catalog: DeviceCatalog = .standard, conflictHandling: ConflictHandling = .breakAndReport
    ) throws(ConstraintError) {
        self.root = root
        self.groups = constraints
        self.environment = environment
        self.catalog = catalog
        self.conflictHandling = conflictHandling
        self.model = try LayoutModel(
            root: root, groups: constraints, environment: environment, catalog: catalog,
            strict: conflictHandling == .strict)
    }

    /// The frames for the current environment.
    public func solve() throws(ConstraintError) -> LayoutResult {
        model.result(for: environment)
    }

    /// The frames for another window: incremental when only the size changed within the device class and the
    /// constraints still hold at the new size; else the layout is built again for the new environment.
    ///
    /// - Throws: As ``init(root:constraints:environment:catalog:conflictHandling:)`` when it rebuilds.
    public func update(to environment: LayoutEnvironment) throws(ConstraintError) -> LayoutResult {
        let sameClass =
            catalog.resolve(environment) == model.device
            && environment.layoutDirection == self.environment.layoutDirection
        if sameClass, try model.resize(to: environment) {
            self.environment = environment
            return model.result(for: environment)
        }
        model = try LayoutModel(
            root: root, groups: groups, environment: environment, catalog: catalog,
            strict: conflictHandling == .strict)
        self.environment = environment
        return model.result(for: environment)
    }
}
