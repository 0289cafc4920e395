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
/// constraint with the constants of the device the environment resolves to, scaled constants evaluated for the
/// environment's width. The rules are Auto Layout's: priority 1000 is required and lower ones give way in order
/// (``/ConstraintSolver/Strength/init(priority:)``); leading and trailing follow the environment's layout
/// direction; the root's size is the window's.
///
/// Constants read from constraint files (`.record(id, .height)`) need an interpreter: give the engine one with
/// ``init(root:constraints:interpreter:environment:conflictHandling:)``, and they are read for the engine's window,
/// at every ``update(to:)`` too.
///
/// A resize within one device class re-solves incrementally (the window's size is an edit variable of the
/// solver) when no constant changes with it; a change of device class or layout direction, or of a scaled or
/// record-fed constant, resolves the constants again and rebuilds.
///
/// Conflicts: by default the engine behaves like Auto Layout, leaving out a required constraint that cannot hold
/// with the ones before it and reporting a ``LayoutDiagnostic`` that names it and the smallest set of constraints
/// it conflicts with. With ``ConflictHandling/strict`` it throws instead.
///
/// Every frame is finite: a required constraint that would put an edge beyond ``coordinateLimit`` points from the
/// origin, or whose numbers overflow, is left out and reported in the same way, at its file and line.
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

    /// How far from the origin, in points, an edge may be: beyond it, pixel rounding loses its precision and
    /// sums of edges can overflow. Windows may be this large, and constraints that would put a frame further
    /// are broken and reported.
    public static let coordinateLimit = 1e15

    /// The environment of the last solve or update.
    public private(set) var environment: LayoutEnvironment
    private let root: any LayoutItem
    private let groups: [ConstraintGroup]
    private let catalog: DeviceCatalog
    private let conflictHandling: ConflictHandling
    /// Whether a constant may change with the window within a device class: a scaled or record-fed one.
    private let constantsFollowTheWindow: Bool
    private let records: RecordReader?
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
    ///   ``/ConstraintDSL/ConstraintGroup/resolved(for:in:)-(LayoutEnvironment,_)`` (a record-fed constant
    ///   needs ``init(root:constraints:interpreter:environment:conflictHandling:)``);
    ///   ``/ConstraintDSL/DeviceConstraints/ConstraintError/Code/noCommonAncestor`` for a constraint on an item
    ///   outside `root`'s tree; ``/ConstraintDSL/DeviceConstraints/ConstraintError/Code/invalidValue`` for a
    ///   window larger than ``coordinateLimit``;
    ///   ``/ConstraintSolver/DeviceConstraints/ConstraintError/Code/unsatisfiable`` (or
    ///   ``/ConstraintSolver/DeviceConstraints/ConstraintError/Code/nonFiniteValue``) in strict mode.
    public convenience init(
        root: any LayoutItem, constraints: [ConstraintGroup], environment: LayoutEnvironment,
        catalog: DeviceCatalog = .standard, conflictHandling: ConflictHandling = .breakAndReport
    ) throws(ConstraintError) {
        try self.init(
            root: root, constraints: constraints, environment: environment, catalog: catalog,
            conflictHandling: conflictHandling, records: nil)
    }

    /// Creates an engine whose record-fed constants (`.record(id, .height)`) are read through `interpreter`, and
    /// builds the layout for `environment`: a headless layout of file-fed constraints, as a test makes one.
    ///
    /// ```swift
    /// let interpreter = ConstraintInterpreter(
    ///     source: DirectorySource(constraintsFolder), environment: LayoutEnvironment(width: 320, height: 568))
    /// let constraints = bottomView.makeConstraints { make in
    ///     make.top.equalTo(topView.bottom)
    ///     make.left.right.equalToSuperview()
    ///     make.height.equalTo(.record(ConstraintIDs.BMTReportMeasureView.topView, .height))
    /// }
    /// let engine = try LayoutEngine(root: measureView, constraints: [constraints], interpreter: interpreter)
    /// try engine.solve().frame(of: bottomView)      // 105 high: the iPhone 5 file's number
    /// try engine.update(to: LayoutEnvironment(width: 414, height: 736)).frame(of: bottomView)   // 114 high
    /// ```
    ///
    /// The records are those of the engine's window, which the catalog resolves to a device class as the
    /// interpreter would: the interpreter itself answers for its own ``/DeviceConstraints/ConstraintInterpreter/environment``;
    /// for another window (an `environment` of its own, or after ``update(to:)``) the engine reads the
    /// interpreter's source through an interpreter of its own for that window, which leaves `interpreter` where
    /// it is. Numbers are read when the engine is made and at each update; make a new engine to see files that
    /// changed in between.
    ///
    /// - Parameters:
    ///   - root: The top item; its frame is the window's bounds.
    ///   - constraints: The constraints of the items below `root`.
    ///   - interpreter: Where record-fed constants are read; its catalog resolves the device classes.
    ///   - environment: The window to lay out for; the interpreter's when nil.
    ///   - conflictHandling: ``ConflictHandling/breakAndReport`` unless given.
    /// - Throws: As ``init(root:constraints:environment:catalog:conflictHandling:)``, and what reading a record
    ///   throws (`.unknownView`, `.missingAttribute`, …) at the constraint's file and line.
    public convenience init(
        root: any LayoutItem, constraints: [ConstraintGroup], interpreter: ConstraintInterpreter,
        environment: LayoutEnvironment? = nil, conflictHandling: ConflictHandling = .breakAndReport
    ) throws(ConstraintError) {
        try self.init(
            root: root, constraints: constraints, environment: environment ?? interpreter.environment,
            catalog: interpreter.catalog, conflictHandling: conflictHandling,
            records: RecordReader(interpreter: interpreter))
    }

    private init(
        root: any LayoutItem, constraints: [ConstraintGroup], environment: LayoutEnvironment, catalog: DeviceCatalog,
        conflictHandling: ConflictHandling, records: RecordReader?
    ) throws(ConstraintError) {
        self.root = root
        self.groups = constraints
        self.environment = environment
        self.catalog = catalog
        self.conflictHandling = conflictHandling
        self.records = records
        constantsFollowTheWindow = constraints.contains { group in
            group.constraints.contains { constraint in
                let constant = constraint.layoutConstant
                return !constant.default.isFixed || constant.overrides.values.contains { !$0.isFixed }
            }
        }
        self.model = try LayoutModel(
            root: root, groups: constraints, environment: environment, catalog: catalog,
            strict: conflictHandling == .strict, records: records?.interpreter(for: environment))
    }

    /// The frames for the current environment.
    public func solve() throws(ConstraintError) -> LayoutResult {
        model.result(for: environment)
    }

    /// The frames for another window: incremental when only the size changed within the device class, no constant
    /// changed with it, and the constraints still hold at the new size; else the layout is built again for the new
    /// environment.
    ///
    /// - Throws: As ``init(root:constraints:environment:catalog:conflictHandling:)`` when it rebuilds.
    public func update(to environment: LayoutEnvironment) throws(ConstraintError) -> LayoutResult {
        let device = catalog.resolve(environment)
        let records = records?.interpreter(for: environment)
        var sameConstants = true
        if constantsFollowTheWindow, device == model.device {
            let context = ConstantContext(environment: environment, device: device, records: records)
            sameConstants =
                try LayoutModel.resolve(groups, in: context, catalog: catalog).map(\.constraint.constant)
                == model.constants
        }
        let sameClass = device == model.device && environment.layoutDirection == self.environment.layoutDirection
        if sameClass, sameConstants, model.resize(to: environment) {
            let result = model.result(for: environment)
            if result.isWithinCoordinateLimit {
                self.environment = environment
                return result
            }
        }
        model = try LayoutModel(
            root: root, groups: groups, environment: environment, catalog: catalog,
            strict: conflictHandling == .strict, records: records)
        self.environment = environment
        return model.result(for: environment)
    }
}

/// Where an engine reads record-fed constants for a window: the interpreter it was given when that answers for
/// the window, else an interpreter of its own that shares the given one's files (and diagnostics), moved to each
/// window asked for.
final class RecordReader {
    let given: ConstraintInterpreter
    private var own: ConstraintInterpreter?

    init(interpreter: ConstraintInterpreter) {
        given = interpreter
    }

    /// An interpreter whose lookups answer for `environment`.
    func interpreter(for environment: LayoutEnvironment) -> ConstraintInterpreter {
        if given.environment == environment { return given }
        if let own {
            own.updateNow(to: environment)
            return own
        }
        let made = InterpretersByWindow<AnyObject>.interpreter(sharingFilesWith: given, environment: environment)
        own = made
        return made
    }
}

// An engine keeps a solver and its nodes, mutable state used on one thread.
@available(*, unavailable)
extension LayoutEngine: Sendable {}
