import ConstraintDSL
import ConstraintSolver
import DeviceConstraints

/// Finds the required constraints that cannot hold, in order, with the window's size pinned as Auto Layout pins
/// it, and for each the smallest set of earlier required constraints it conflicts with.
struct ConflictFinder {
    /// The root at the origin with the window's size, as required constraints.
    let pins: [SolverConstraint]

    init(model: LayoutModel, environment: LayoutEnvironment) {
        pins = model.rootPins(width: environment.width, height: environment.height)
    }

    /// The indices of the entries to leave out, with a diagnostic for each; in strict mode the first conflict
    /// throws instead.
    func brokenConstraints(_ entries: [LayoutModel.Entry], strict: Bool) throws(ConstraintError)
        -> (indices: Set<Int>, diagnostics: [LayoutDiagnostic], solver: Solver)
    {
        let solver = Solver()
        for pin in pins { try solver.add(pin) }
        var accepted: [Int] = []
        var broken = Set<Int>()
        var diagnostics: [LayoutDiagnostic] = []
        for (index, entry) in entries.enumerated() {
            do throws(ConstraintError) {
                try solver.add(entry.constraint)
                accepted.append(index)
            } catch {
                guard error.code == .unsatisfiable else { throw error }
                let conflict = smallestConflict(in: entries, accepted: accepted, failing: index)
                let others = conflict.map { entries[$0].resolved }
                let message =
                    "broke '\(entry.resolved)': it conflicts with \(others.count) required constraint\(others.count == 1 ? "" : "s") and the window's size"
                if strict {
                    var thrown = ConstraintError(
                        code: .unsatisfiable, message: message, file: entry.resolved.fileName, line: entry.resolved.line
                    )
                    thrown.additionalErrors = others.map {
                        ConstraintError(
                            code: .unsatisfiable, message: "conflicts with '\($0)'", file: $0.fileName, line: $0.line)
                    }
                    throw thrown
                }
                broken.insert(index)
                diagnostics.append(
                    LayoutDiagnostic(
                        kind: .brokenConstraint, message: message, brokenConstraint: entry.resolved,
                        conflictingConstraints: others, item: nil, freeAttributes: []))
            }
        }
        return (broken, diagnostics, solver)
    }

    /// Auto Layout's `hasAmbiguousLayout`: the attributes of each item that the constraints leave free. Each
    /// variable is probed with an edit far weaker than any priority (1 has a weight near 10⁻³): if a nudge of a
    /// point either way moves it, nothing holds it there.
    ///
    /// - Parameters:
    ///   - solver: The solver of ``brokenConstraints(_:strict:)``, with every constraint that holds.
    ///   - items: The items to probe, with their names.
    /// - Returns: A diagnostic per ambiguous item, in the order given.
    static func ambiguities(in solver: Solver, items: [(name: String, variables: LayoutModel.ItemVariables)])
        throws(ConstraintError) -> [LayoutDiagnostic]
    {
        let probe = Strength(weak: 1, multiplier: 1e-6)
        var diagnostics: [LayoutDiagnostic] = []
        solver.updateVariables()
        for (name, item) in items {
            var free: [LayoutAttribute] = []
            let probed = [
                (item.left, LayoutAttribute.left), (item.top, .top), (item.width, .width), (item.height, .height),
            ]
            for (variable, attribute) in probed {
                let base = variable.value
                try solver.addEditVariable(variable, strength: probe)
                var moved = false
                for nudge in [1.0, -1.0] {
                    try solver.suggestValue(variable, base + nudge)
                    solver.updateVariables()
                    moved = moved || abs(variable.value - base) > 1e-6
                }
                try solver.removeEditVariable(variable)
                if moved { free.append(attribute) }
            }
            solver.updateVariables()
            guard !free.isEmpty else { continue }
            let names = free.map(\.rawValue).joined(separator: ", ")
            diagnostics.append(
                LayoutDiagnostic(
                    kind: .ambiguousLayout,
                    message:
                        "the layout of '\(name)' is ambiguous: the constraints do not determine its \(names); add constraints for them",
                    brokenConstraint: nil, conflictingConstraints: [], item: name, freeAttributes: free))
        }
        return diagnostics
    }

    /// The smallest subset of `accepted` that `failing` cannot hold with (deletion filter): start from the
    /// required constraints connected to it through shared items, and drop each one whose absence still leaves a
    /// conflict. What remains is minimal: without any one of them, the failing constraint holds.
    private func smallestConflict(in entries: [LayoutModel.Entry], accepted: [Int], failing: Int) -> [Int] {
        let required = accepted.filter { entries[$0].constraint.strength.isRequired }
        var reached = Set(entries[failing].items)
        var candidates: [Int] = []
        var remaining = required
        var grew = true
        while grew {
            grew = false
            remaining.removeAll { index in
                guard entries[index].items.contains(where: reached.contains) else { return false }
                reached.formUnion(entries[index].items)
                candidates.append(index)
                grew = true
                return true
            }
        }
        candidates.sort()
        var position = 0
        while position < candidates.count {
            var trial = candidates
            trial.remove(at: position)
            if conflicts(trial.map { entries[$0].constraint } + [entries[failing].constraint]) {
                candidates = trial
            } else {
                position += 1
            }
        }
        return candidates
    }

    /// Whether `constraints` cannot all hold with the pins.
    private func conflicts(_ constraints: [SolverConstraint]) -> Bool {
        let solver = Solver()
        do {
            for constraint in pins + constraints { try solver.add(constraint) }
            return false
        } catch {
            return true
        }
    }
}
