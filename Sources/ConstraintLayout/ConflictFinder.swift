import ConstraintDSL
import ConstraintSolver
import DeviceConstraints

/// Finds the required constraints that cannot hold, in order, with the window's size pinned as Auto Layout pins
/// it, and for each the smallest set of earlier required constraints it conflicts with.
struct ConflictFinder {
    /// The root at the origin with the window's size, as required constraints.
    let pins: [SolverConstraint]
    /// Per item, required constraints that hold it within ``LayoutEngine/coordinateLimit`` (none unless a layout
    /// without them put a frame beyond it).
    let bounds: [ObjectIdentifier: [SolverConstraint]]

    init(model: LayoutModel, environment: LayoutEnvironment, bounds: [ObjectIdentifier: [SolverConstraint]]) {
        pins = model.rootPins(width: environment.width, height: environment.height)
        self.bounds = bounds
    }

    /// The indices of the entries to leave out, with a diagnostic for each; in strict mode the first conflict
    /// throws instead.
    func brokenConstraints(_ entries: [LayoutModel.Entry], strict: Bool) throws(ConstraintError)
        -> (indices: Set<Int>, diagnostics: [LayoutDiagnostic], solver: Solver)
    {
        let solver = Solver()
        for pin in pins + bounds.values.joined() { try solver.add(pin) }
        var accepted: [Int] = []
        var broken = Set<Int>()
        var diagnostics: [LayoutDiagnostic] = []
        for (index, entry) in entries.enumerated() {
            do throws(ConstraintError) {
                try solver.add(entry.constraint)
                accepted.append(index)
            } catch {
                guard [.unsatisfiable, .nonFiniteValue, .solverFailure].contains(error.code) else { throw error }
                var others: [ResolvedConstraint] = []
                let message: String
                let limit = "±\(Self.limitText) points"
                if error.code == .nonFiniteValue {
                    message =
                        "broke '\(entry.resolved)': its numbers overflow with those of the constraints before it; keep frames within \(limit)"
                } else if error.code == .solverFailure {
                    message =
                        "broke '\(entry.resolved)': with the constraints before it, its numbers are too far apart in size to solve (\(error.message))"
                } else {
                    let conflict = smallestConflict(in: entries, accepted: accepted, failing: index)
                    others = conflict.map { entries[$0].resolved }
                    let constraints = "\(others.count) required constraint\(others.count == 1 ? "" : "s")"
                    if !conflictsOnlyWithBounds(entries, conflict: conflict, failing: index) {
                        message = "broke '\(entry.resolved)': it conflicts with \(constraints) and the window's size"
                    } else if others.isEmpty {
                        message =
                            "broke '\(entry.resolved)': it puts a frame beyond \(limit), where frames cannot be computed"
                    } else {
                        message =
                            "broke '\(entry.resolved)': with \(constraints) it puts a frame beyond \(limit), where frames cannot be computed"
                    }
                }
                if strict {
                    var thrown = ConstraintError(
                        code: error.code, message: message, file: entry.resolved.fileName, line: entry.resolved.line)
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
                var moved = false
                do throws(ConstraintError) {
                    try solver.addEditVariable(variable, strength: probe)
                    defer { try? solver.removeEditVariable(variable) }
                    for nudge in [1.0, -1.0] {
                        try solver.suggestValue(variable, base + nudge)
                        solver.updateVariables()
                        moved = moved || abs(variable.value - base) > 1e-6
                    }
                } catch {
                    // Numbers at the edge of the range overflow when nudged (the solver refuses and stays as it
                    // was): the attribute cannot be probed, and is not reported.
                    guard error.code == .nonFiniteValue || error.code == .solverFailure else { throw error }
                    solver.updateVariables()
                    continue
                }
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
            if conflicts(trial.map { entries[$0] } + [entries[failing]]) {
                candidates = trial
            } else {
                position += 1
            }
        }
        return candidates
    }

    /// ``LayoutEngine/coordinateLimit`` as messages write it: `1e15`.
    static let limitText: String = {
        var mantissa = LayoutEngine.coordinateLimit
        var exponent = 0
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        return "\(mantissa.compactDescription)e\(exponent)"
    }()

    /// Whether a conflict found with the bounds is one only because of them: without, the constraints hold.
    private func conflictsOnlyWithBounds(_ entries: [LayoutModel.Entry], conflict: [Int], failing: Int) -> Bool {
        !bounds.isEmpty && !conflicts(conflict.map { entries[$0] } + [entries[failing]], bounded: false)
    }

    /// Whether `entries` cannot all hold with the pins and (unless `bounded` is false) the bounds of their items.
    private func conflicts(_ entries: [LayoutModel.Entry], bounded: Bool = true) -> Bool {
        let solver = Solver()
        var itemBounds: [SolverConstraint] = []
        if bounded && !bounds.isEmpty {
            var seen: Set<ObjectIdentifier> = []
            for key in entries.flatMap(\.items) where seen.insert(key).inserted {
                itemBounds += bounds[key] ?? []
            }
        }
        do {
            for constraint in pins + itemBounds + entries.map(\.constraint) { try solver.add(constraint) }
            return false
        } catch {
            return true
        }
    }
}
