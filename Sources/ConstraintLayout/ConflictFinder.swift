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
        -> (indices: Set<Int>, diagnostics: [LayoutDiagnostic])
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
                        conflictingConstraints: others))
            }
        }
        return (broken, diagnostics)
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
