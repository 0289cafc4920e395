public import DeviceConstraints

/// An incremental Cassowary constraint solver: the dual-simplex algorithm of Badros, Borning & Stuckey (2001),
/// shaped like kiwi.
///
/// Add required and optional linear constraints, read the solution with ``updateVariables()``, and move
/// edit variables (a window's width, a dragged point) with ``suggestValue(_:_:)``: each change re-solves
/// incrementally from the last solution instead of starting over.
///
/// ```swift
/// let window = Variable("window"), left = Variable("left"), width = Variable("width")
/// let solver = Solver()
/// try solver.add(left == 16)
/// try solver.add(left + width == window - 16)
/// try solver.add((width == 100) | .weak)       // a wish that gives way
/// try solver.addEditVariable(window, strength: .strong)
/// try solver.suggestValue(window, 320)
/// solver.updateVariables()
/// width.value                                  // 288
/// try solver.suggestValue(window, 694)         // a resize re-solves incrementally
/// solver.updateVariables()
/// width.value                                  // 662
/// ```
///
/// Every method that can fail throws a ``/DeviceConstraints/ConstraintError`` and leaves the solver as it was: a
/// required constraint that conflicts with the required ones already added
/// (``DeviceConstraints/ConstraintError/Code/unsatisfiable``), a constraint added twice or removed when absent, an edit
/// variable added twice or unknown, a value that is not finite.
///
/// Threading: a solver is not `Sendable` and not thread-safe; use it (and its variables) from one isolation
/// domain at a time. Variables stay known to a solver until ``reset()``.
public final class Solver {
    /// The tableau symbols of one added constraint.
    struct Tag {
        let constraint: SolverConstraint
        /// The slack of an inequality, the positive error of an optional equality, the dummy of a required one.
        var marker: Int
        /// The error of an optional inequality, the negative error of an optional equality; else none.
        var other: Int
        /// The order of addition, to rebuild in the same order.
        let sequence: Int
    }

    struct Edit {
        var tag: Tag
        var suggested: Double
    }

    var tableau = Tableau()
    var constraints: [ObjectIdentifier: Tag] = [:]
    var edits: [ObjectIdentifier: Edit] = [:]
    var variableSymbols: [ObjectIdentifier: Int] = [:]
    /// The variables in order of first use, with their symbols: ``updateVariables()`` walks these arrays.
    var variables: [Variable] = []
    var variableSymbolList: [Int] = []
    var nextSequence = 0
    /// Set while ``rebuild()`` runs, so that a failure inside it does not start another.
    var isRebuilding = false

    /// Creates an empty solver.
    public init() {}

    // MARK: - Constraints

    /// Adds a constraint and re-solves.
    ///
    /// ```swift
    /// try solver.add(x >= 0)
    /// try solver.add((x == 50) | .medium)
    /// ```
    ///
    /// - Parameter constraint: A constraint not yet in this solver.
    /// - Throws: ``DeviceConstraints/ConstraintError/Code/unsatisfiable`` when a required constraint cannot hold
    ///   together with the required constraints already added,
    ///   ``DeviceConstraints/ConstraintError/Code/duplicateConstraint`` when the solver has it already,
    ///   ``DeviceConstraints/ConstraintError/Code/nonFiniteValue`` for an infinite or NaN coefficient, constant or
    ///   strength, or for finite numbers whose products with the solver's overflow. The solver then has the
    ///   constraints it had before the call, and the same solution.
    public func add(_ constraint: SolverConstraint) throws(ConstraintError) {
        let key = ObjectIdentifier(constraint)
        guard constraints[key] == nil else {
            throw ConstraintError(
                code: .duplicateConstraint,
                message: "the constraint '\(constraint)' was added already; add a constraint once, or remove it first")
        }
        guard constraint.expression.isFinite, !constraint.strength.weight.isNaN else {
            throw ConstraintError(
                code: .nonFiniteValue,
                message: "the constraint '\(constraint)' has a coefficient, constant or strength that is not finite")
        }
        // Near the edge of the range, keep what to go back to: a rebuild solves the same problem again, but may
        // settle a tie differently.
        let largest = constraint.expression.terms.reduce(abs(constraint.expression.constant)) {
            max($0, abs($1.coefficient))
        }
        let snapshot = tableau.isNearOverflow(with: largest) ? Snapshot(of: self) : nil
        let tag: Tag
        do throws(ConstraintError) {
            tag = try insert(constraint, sequence: nextSequence)
        } catch {
            snapshot?.restore(self)
            throw error
        }
        nextSequence += 1
        constraints[key] = tag
        try optimizeOrRestore(
            { () throws(ConstraintError) in try self.tableau.optimize() }, snapshot: snapshot,
            undo: { self.constraints[key] = nil }, overflow: { self.overflow(constraint) })
        tableau.checkInvariantsWhenSmall()
    }

    /// Removes a constraint and re-solves: the variables get the values they would have without it.
    ///
    /// - Throws: ``DeviceConstraints/ConstraintError/Code/unknownConstraint`` when the solver does not have the
    ///   constraint (it was never added, or was removed already).
    public func remove(_ constraint: SolverConstraint) throws(ConstraintError) {
        guard let tag = constraints.removeValue(forKey: ObjectIdentifier(constraint)) else {
            throw ConstraintError(
                code: .unknownConstraint,
                message:
                    "the constraint '\(constraint)' is not in the solver; it was never added or was removed already")
        }
        removeFromTableau(tag)
        try tableau.optimize()
        // The constraint is gone either way: numbers that overflowed on the way out are rebuilt without it.
        if tableau.overflowed { rebuild() }
        tableau.checkInvariantsWhenSmall()
    }

    /// Whether the solver has `constraint` (the same object, not an equal-looking one).
    public func hasConstraint(_ constraint: SolverConstraint) -> Bool {
        constraints[ObjectIdentifier(constraint)] != nil
    }

    // MARK: - Edit variables

    /// Makes `variable` an edit variable: a value for it can then be suggested with ``suggestValue(_:_:)``, and
    /// holds with `strength` against the other constraints. Until a value is suggested it is held at 0.
    ///
    /// - Parameters:
    ///   - variable: A variable that is not an edit variable of this solver yet.
    ///   - strength: Any strength but ``Strength/required``: `.strong` for a window's size.
    /// - Throws: ``DeviceConstraints/ConstraintError/Code/duplicateEditVariable``,
    ///   ``DeviceConstraints/ConstraintError/Code/requiredEditVariable``, or
    ///   ``DeviceConstraints/ConstraintError/Code/nonFiniteValue`` for a strength that is not a number.
    public func addEditVariable(_ variable: Variable, strength: Strength) throws(ConstraintError) {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else {
            throw ConstraintError(
                code: .duplicateEditVariable,
                message: "'\(variable)' is an edit variable already; remove it before adding it again")
        }
        guard !strength.isRequired else {
            throw ConstraintError(
                code: .requiredEditVariable,
                message: "the edit variable '\(variable)' cannot be required; use .strong or weaker")
        }
        let constraint = SolverConstraint(Expression(variable), .equal, strength: strength)
        try add(constraint)
        guard let tag = constraints[ObjectIdentifier(constraint)] else { return }
        edits[key] = Edit(tag: tag, suggested: 0)
    }

    /// Stops `variable` being an edit variable; the value it was held at no longer applies.
    ///
    /// - Throws: ``DeviceConstraints/ConstraintError/Code/unknownEditVariable`` when it is not an edit variable of this
    ///   solver.
    public func removeEditVariable(_ variable: Variable) throws(ConstraintError) {
        guard let edit = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw unknownEditVariable(variable)
        }
        try remove(edit.tag.constraint)
    }

    /// Whether `variable` is an edit variable of this solver.
    public func hasEditVariable(_ variable: Variable) -> Bool {
        edits[ObjectIdentifier(variable)] != nil
    }

    /// Suggests a value for an edit variable and re-solves incrementally (the dual simplex from the last
    /// solution). Call ``updateVariables()`` to read the result.
    ///
    /// ```swift
    /// try solver.suggestValue(window, 694)
    /// solver.updateVariables()
    /// ```
    ///
    /// - Throws: ``DeviceConstraints/ConstraintError/Code/unknownEditVariable`` when `variable` is not an edit
    ///   variable, ``DeviceConstraints/ConstraintError/Code/nonFiniteValue`` when `value` is infinite or NaN, or
    ///   when the values it leads to overflow (a suggestion of `1e308` where `x == 2 * w`).
    ///   ``DeviceConstraints/ConstraintError/Code/solverFailure`` when the dual simplex does not converge. The
    ///   last suggestion that held still holds: a suggestion whose values overflow is refused before anything
    ///   moves, and the solver is exactly as it was; one that fails while pivoting (numbers at the edge of the
    ///   floating-point range) has the solver built again from its constraints and the suggestions that held.
    public func suggestValue(_ variable: Variable, _ value: Double) throws(ConstraintError) {
        guard value.isFinite else {
            throw ConstraintError(
                code: .nonFiniteValue, message: "the value \(value) suggested for '\(variable)' is not finite")
        }
        guard let index = edits.index(forKey: ObjectIdentifier(variable)) else {
            throw unknownEditVariable(variable)
        }
        let edit = edits.values[index]
        let delta = value - edit.suggested
        guard delta.isFinite else { throw overflow(suggesting: value, for: variable) }
        if abs(delta) > Solver.largestIncrementalChange * max(1, abs(value)) {
            try resolveFromScratch(suggesting: value, for: variable, at: index)
            return
        }
        let snapshot = tableau.isNearOverflow(with: abs(delta)) ? Snapshot(of: self) : nil
        tableau.beginRecordingShift(delta: delta)
        tableau.suggest(plus: edit.tag.marker, minus: edit.tag.other, delta: delta)
        if tableau.overflowed {
            if tableau.isRecordingUndo {
                tableau.undoShift()
            } else {
                // The bound said it could not overflow; should it ever be wrong, the rebuild is still right.
                rebuild()
            }
            throw overflow(suggesting: value, for: variable)
        }
        tableau.endRecordingShift()
        edits.values[index].suggested = value
        // Pivots change rows wholesale and are not recorded. Near the edge of the range the snapshot has the solver
        // as it was; elsewhere (where no number could overflow, so for a failure to converge) it is built again from
        // the constraints and the suggestions that held: the same problem.
        try optimizeOrRestore(
            { () throws(ConstraintError) in try self.tableau.dualOptimize() }, snapshot: snapshot,
            undo: { self.edits.values[index].suggested = edit.suggested },
            overflow: { self.overflow(suggesting: value, for: variable) })
        tableau.checkInvariantsWhenSmall()
    }

    /// Runs `optimize`; when it throws or leaves a number that overflowed, puts the solver back as it was — from
    /// `snapshot` when there is one, else by `undo` and a rebuild from the constraints — and throws what `optimize`
    /// threw, or `overflow()`.
    private func optimizeOrRestore(
        _ optimize: () throws(ConstraintError) -> Void, snapshot: Snapshot?, undo: () -> Void,
        overflow: () -> ConstraintError
    ) throws(ConstraintError) {
        var failure: ConstraintError?
        do throws(ConstraintError) {
            try optimize()
        } catch {
            failure = error
        }
        guard failure != nil || tableau.overflowed else { return }
        if let snapshot {
            snapshot.restore(self)
        } else {
            undo()
            rebuild()
        }
        throw failure ?? overflow()
    }

    /// How many times larger than the new value a change of suggestion may be and still be applied incrementally.
    /// The solution moves by the change, so a change that dwarfs the new value loses its digits: from 1e308 to 5,
    /// the 5 is lost in the rounding of -1e308 and the solution would stay off by 5 for good.
    static let largestIncrementalChange = 1e6

    /// Suggests `value` to the edit at `index` by building the tableau again, with every suggestion applied from
    /// zero; on failure everything is put back as it was.
    private func resolveFromScratch(
        suggesting value: Double, for variable: Variable, at index: Dictionary<ObjectIdentifier, Edit>.Index
    ) throws(ConstraintError) {
        let saved = Snapshot(of: self)
        let key = ObjectIdentifier(variable)
        edits.values[index].suggested = value
        rebuild()
        guard constraints.count == saved.constraints.count, edits.count == saved.edits.count,
            edits[key]?.suggested == value
        else {
            saved.restore(self)
            throw overflow(suggesting: value, for: variable)
        }
        tableau.checkInvariantsWhenSmall()
    }

    private func overflow(suggesting value: Double, for variable: Variable) -> ConstraintError {
        ConstraintError(
            code: .nonFiniteValue,
            message:
                "the value \(value) suggested for '\(variable)' makes the solution overflow; suggest a value within a range whose products with the constraints' coefficients stay finite"
        )
    }

    /// Everything a failed call must put back, taken in O(1): the tableau and tables share their storage with
    /// the solver's until the solver writes to them.
    struct Snapshot {
        let tableau: Tableau
        let constraints: [ObjectIdentifier: Tag]
        let edits: [ObjectIdentifier: Edit]
        let variableSymbols: [ObjectIdentifier: Int]
        let variables: [Variable]
        let variableSymbolList: [Int]
        let nextSequence: Int

        init(of solver: Solver) {
            tableau = solver.tableau
            constraints = solver.constraints
            edits = solver.edits
            variableSymbols = solver.variableSymbols
            variables = solver.variables
            variableSymbolList = solver.variableSymbolList
            nextSequence = solver.nextSequence
        }

        func restore(_ solver: Solver) {
            solver.tableau = tableau
            solver.constraints = constraints
            solver.edits = edits
            solver.variableSymbols = variableSymbols
            solver.variables = variables
            solver.variableSymbolList = variableSymbolList
            solver.nextSequence = nextSequence
        }
    }

    private func unknownEditVariable(_ variable: Variable) -> ConstraintError {
        ConstraintError(
            code: .unknownEditVariable,
            message: "'\(variable)' is not an edit variable of this solver; add it with addEditVariable(_:strength:)")
    }

    // MARK: - Solution

    /// Writes the current solution into the ``Variable/value`` of every variable the solver knows.
    public func updateVariables() {
        let rowIndex = tableau.rowIndex
        let rows = tableau.rows
        for index in variables.indices {
            let row = rowIndex[variableSymbolList[index]]
            variables[index].value = row == Tableau.none ? 0 : rows[row].constant
        }
    }

    /// Removes every constraint, edit variable and variable. Variables keep their last values.
    public func reset() {
        tableau.removeAll()
        constraints.removeAll()
        edits.removeAll()
        variableSymbols.removeAll()
        variables.removeAll()
        variableSymbolList.removeAll()
    }
}

extension Tableau {
    /// ``checkInvariants()`` when it is cheap enough to run after every operation of a debug build.
    func checkInvariantsWhenSmall() {
        #if DEBUG
            if rows.count <= 300 { checkInvariants() }
        #endif
    }
}

// The solver's objects are mutable classes (or refer to them) used on one thread, as kiwi's are.
@available(*, unavailable)
extension Solver: Sendable {}
