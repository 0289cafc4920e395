import DeviceConstraints

// The pivoting rules of Badros, Borning & Stuckey (2001), §3–4: the primal simplex that minimizes the objective
// after a constraint is added or removed, the dual simplex that restores feasibility after an edit, and phase one
// with an artificial variable for a row that has no subject.

extension Tableau {
    /// How many pivots one optimization may take before it reports a failure instead of going on. Bland's rule
    /// (lowest symbol first on both choices) rules out cycling, so this is a guard against rounding only.
    var pivotLimit: Int { 1000 + 50 * (rows.count + kinds.count) }

    /// Minimizes the objective (or, in phase one, the artificial objective) by the primal simplex. Stops early
    /// when a number overflows (``overflowed``), for the caller to undo.
    mutating func optimize(artificialObjective: Bool = false) throws(ConstraintError) {
        var pivots = 0
        while !overflowed {
            let target = artificialObjective ? (artificial ?? Row()) : objective
            guard let entering = enteringSymbol(of: target) else { return }
            guard let leaving = leavingSymbol(for: entering) else {
                throw .solverFailure(
                    "the objective is unbounded: the numbers are too far apart in size for double precision (else this is a bug in the solver: please report it)"
                )
            }
            pivots += 1
            guard pivots <= pivotLimit else {
                throw .solverFailure("the simplex did not converge in \(pivotLimit) pivots")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// Restores feasibility after ``Solver/suggestValue(_:_:)`` by the dual simplex. Stops early when a number
    /// overflows (``overflowed``), for the caller to undo.
    mutating func dualOptimize() throws(ConstraintError) {
        var pivots = 0
        while !overflowed, let leaving = infeasible.popLast() {
            let index = rowIndex[leaving]
            guard index != Tableau.none, rows[index].constant < 0, !Row.isNearZero(rows[index].constant, scale: 1)
            else {
                continue
            }
            guard let entering = dualEnteringSymbol(of: rows[index]) else {
                throw .solverFailure(
                    "the dual simplex found no entering symbol: the numbers are too far apart in size for double precision (else this is a bug in the solver: please report it)"
                )
            }
            pivots += 1
            guard pivots <= pivotLimit else {
                throw .solverFailure("the dual simplex did not converge in \(pivotLimit) pivots")
            }
            pivot(entering: entering, leaving: leaving)
        }
    }

    /// The lowest symbol with a negative coefficient in `objective`, other than a dummy.
    private func enteringSymbol(of objective: Row) -> Int? {
        for cell in objective.cells where cell.coefficient < 0 && kinds[cell.symbol] != .dummy {
            return cell.symbol
        }
        return nil
    }

    /// Of the restricted rows that bound `entering`, the one that binds first (lowest basic symbol on a tie).
    private func leavingSymbol(for entering: Int) -> Int? {
        var best: Int?
        var bestRatio = Double.infinity
        var remaining = occurrences[entering]
        var index = 0
        while remaining > 0 && index < rows.count {
            defer { index += 1 }
            let coefficient = rows[index].coefficient(of: entering)
            guard coefficient != 0 else { continue }
            remaining -= 1
            let basic = basics[index]
            guard coefficient < 0, isRestricted(basic) else { continue }
            let ratio = -rows[index].constant / coefficient
            if ratio < bestRatio || (ratio == bestRatio && basic < (best ?? Int.max)) {
                bestRatio = ratio
                best = basic
            }
        }
        return best
    }

    /// The symbol of `row` that keeps the objective optimal when it enters: lowest ratio of objective coefficient
    /// to row coefficient among the positive ones.
    private func dualEnteringSymbol(of row: Row) -> Int? {
        var best: Int?
        var bestRatio = Double.infinity
        for cell in row.cells where cell.coefficient > 0 && kinds[cell.symbol] != .dummy {
            let ratio = objective.coefficient(of: cell.symbol) / cell.coefficient
            if ratio < bestRatio {
                bestRatio = ratio
                best = cell.symbol
            }
        }
        return best
    }

    /// The row to pivot `marker` into when its constraint is removed and the marker is not basic: a restricted
    /// row that `marker` bounds first, else any restricted row, else an unrestricted one (paper §4.3).
    func markerLeavingSymbol(for marker: Int) -> Int? {
        var first: Int?
        var second: Int?
        var third: Int?
        var firstRatio = Double.infinity
        var secondRatio = Double.infinity
        var remaining = occurrences[marker]
        var index = 0
        while remaining > 0 && index < rows.count {
            defer { index += 1 }
            let coefficient = rows[index].coefficient(of: marker)
            guard coefficient != 0 else { continue }
            remaining -= 1
            let basic = basics[index]
            if !isRestricted(basic) {
                third = basic
            } else if coefficient < 0 {
                let ratio = -rows[index].constant / coefficient
                if ratio < firstRatio {
                    firstRatio = ratio
                    first = basic
                }
            } else {
                let ratio = rows[index].constant / coefficient
                if ratio < secondRatio {
                    secondRatio = ratio
                    second = basic
                }
            }
        }
        return first ?? second ?? third
    }

    /// Adds `row`, which has no symbol that could be its subject, by phase one of the simplex: an artificial
    /// variable is made basic for the row and minimized. If it reaches zero (to within ``Row/epsilon`` of
    /// `scale`, the size of the numbers the row was made from) the row can hold and is kept; otherwise every
    /// pivot is undone in reverse order, which gives back the same basis and so the same tableau.
    mutating func addWithArtificialVariable(_ row: Row, scale: Double) throws(ConstraintError) -> ArtificialOutcome {
        let artificialSymbol = makeSymbol(.slack)
        insertRow(row, basic: artificialSymbol)
        artificial = row
        pivotLog = []
        defer {
            pivotLog = nil
            artificial = nil
        }
        try optimize(artificialObjective: true)
        if overflowed { return .cannotHold(restored: false) }
        var success = Row.isNearZero(artificial?.constant ?? 0, scale: scale)
        if success, rowIndex[artificialSymbol] != Tableau.none {
            // Still basic at zero: pivot it out through any restricted symbol of its row, or drop an empty row.
            let artificialRow = rows[rowIndex[artificialSymbol]]
            if artificialRow.cells.isEmpty {
                _ = takeRow(of: artificialSymbol)
            } else if let entering = artificialRow.cells.first(where: { isPivotable($0.symbol) })?.symbol {
                pivot(entering: entering, leaving: artificialSymbol)
            } else {
                success = false
            }
        }
        if success {
            releaseSymbol(artificialSymbol)
            return .added
        }
        let restored = undoPivots()
        releaseSymbol(artificialSymbol)
        return .cannotHold(restored: restored)
    }

    enum ArtificialOutcome: Equatable {
        /// The row holds and is in the tableau.
        case added
        /// The row cannot hold. `restored` says whether the tableau is back as it was; when it is not (rounding
        /// lost a coefficient on the way back) it is still a valid tableau of the same constraints.
        case cannotHold(restored: Bool)
    }

    /// Pivots back through ``pivotLog`` in reverse. Each reverse pivot exists: the row of the symbol that entered
    /// holds the one that left, with coefficient 1 ÷ (its coefficient before), unless rounding dropped it; in that
    /// case this stops and returns false.
    private mutating func undoPivots() -> Bool {
        guard let log = pivotLog else { return true }
        pivotLog = nil
        for step in log.reversed() {
            guard rowIndex[step.entering] != Tableau.none,
                rows[rowIndex[step.entering]].coefficient(of: step.leaving) != 0
            else { return false }
            pivot(entering: step.leaving, leaving: step.entering)
        }
        return true
    }
}

extension ConstraintError {
    static func solverFailure(_ message: String) -> ConstraintError {
        ConstraintError(code: .solverFailure, message: message)
    }
}
