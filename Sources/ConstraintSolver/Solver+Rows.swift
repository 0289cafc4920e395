import DeviceConstraints

// How a constraint enters and leaves the tableau (paper §4.1–4.3).

extension Solver {
    /// The symbol of `variable`, made on first use.
    func symbol(for variable: Variable) -> Int {
        let key = ObjectIdentifier(variable)
        if let symbol = variableSymbols[key] { return symbol }
        let symbol = tableau.makeSymbol(.external)
        variableSymbols[key] = symbol
        variables.append(variable)
        variableSymbolList.append(symbol)
        return symbol
    }

    /// Puts `constraint` into the tableau and returns its tag; on failure takes back every symbol it made, and
    /// rebuilds the tableau from the other constraints when taking back is not enough (rounding lost a
    /// coefficient, or a number overflowed).
    func insert(_ constraint: SolverConstraint, sequence: Int) throws(ConstraintError) -> Tag {
        let knownVariables = variables.count
        var (row, tag, scale) = makeRow(for: constraint, sequence: sequence)
        var rebuildNeeded = false
        do throws(ConstraintError) {
            try place(&row, tag: tag, scale: scale, rebuildNeeded: &rebuildNeeded)
        } catch {
            let overflowed = tableau.overflowed
            for symbol in variableSymbolList[knownVariables...] { tableau.releaseSymbol(symbol) }
            for variable in variables[knownVariables...] { variableSymbols[ObjectIdentifier(variable)] = nil }
            variables.removeSubrange(knownVariables...)
            variableSymbolList.removeSubrange(knownVariables...)
            tableau.releaseSymbol(tag.marker)
            tableau.releaseSymbol(tag.other)
            // A rebuild only re-adds constraints that held, so it never asks for another one.
            if rebuildNeeded || overflowed { rebuild() }  // does nothing inside a rebuild
            throw overflowed ? overflow(tag.constraint) : error
        }
        if !constraint.strength.isRequired {
            for symbol in [tag.marker, tag.other] where tableau.kinds[symbol] == .error {
                tableau.addToObjective(symbol, times: constraint.strength.weight)
            }
        }
        return tag
    }

    /// Makes a subject of `row` basic, or adds the row by phase one; throws when the row cannot hold, or when its
    /// numbers overflow (with ``Tableau/overflowed`` set when the tableau's did).
    ///
    /// - Parameter scale: The size of the numbers the row's constant was computed from: a row without variables
    ///   holds when its constant is zero to within ``Row/epsilon`` of it.
    private func place(_ row: inout Row, tag: Tag, scale: Double, rebuildNeeded: inout Bool)
        throws(ConstraintError)
    {
        let largest = row.largestCoefficient
        guard largest.isFinite, row.constant.isFinite else { throw overflow(tag.constraint) }
        var subject = chooseSubject(of: row, tag: tag)
        if subject == Tableau.none && row.cells.allSatisfy({ tableau.kinds[$0.symbol] == .dummy }) {
            guard Row.isNearZero(row.constant, scale: scale) else { throw unsatisfiable(tag.constraint) }
            subject = tag.marker
        }
        if subject == Tableau.none {
            tableau.noteCoefficient(largest)
            tableau.noteConstant(abs(row.constant))
            switch try tableau.addWithArtificialVariable(row, scale: scale) {
            case .added:
                if tableau.overflowed { throw overflow(tag.constraint) }
                return
            case .cannotHold(let restored):
                rebuildNeeded = !restored
                if tableau.overflowed { throw overflow(tag.constraint) }
                throw unsatisfiable(tag.constraint)
            }
        }
        let solved = row.solve(for: subject)
        guard solved.isFinite, row.constant.isFinite else { throw overflow(tag.constraint) }
        // Solving for a coefficient of ±1 returns 0: the coefficients are still at most `largest`.
        tableau.noteCoefficient(max(largest, solved))
        tableau.noteConstant(abs(row.constant))
        tableau.substitute(subject, with: row)
        tableau.insertRow(row, basic: subject)
        if tableau.overflowed { throw overflow(tag.constraint) }
    }

    /// The row of `constraint` in terms of the current nonbasic symbols, with its slack, error or dummy symbols
    /// (paper §4.1): `expression + slack = 0` for `<=`, `expression − slack = 0` for `>=`, an error pair for an
    /// optional equality. The constant is made non-negative. `scale` is the largest of the numbers summed into the
    /// constant: the constraint's own and each term's coefficient times its variable's current value.
    private func makeRow(for constraint: SolverConstraint, sequence: Int) -> (Row, Tag, scale: Double) {
        var row = Row(constant: constraint.expression.constant)
        var scale = abs(constraint.expression.constant)
        for term in constraint.expression.terms where term.coefficient != 0 {
            let symbol = symbol(for: term.variable)
            scale = max(scale, abs(term.coefficient * tableau.value(of: symbol)))
            tableau.add(symbol, times: term.coefficient, to: &row)
        }
        var tag = Tag(constraint: constraint, marker: Tableau.none, other: Tableau.none, sequence: sequence)
        let optional = !constraint.strength.isRequired
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            let sign: Double = constraint.relation == .lessThanOrEqual ? 1 : -1
            tag.marker = tableau.makeSymbol(.slack)
            row.insert(tag.marker, sign)
            if optional {
                tag.other = tableau.makeSymbol(.error)
                row.insert(tag.other, -sign)
            }
        case .equal:
            if optional {
                tag.marker = tableau.makeSymbol(.error)
                tag.other = tableau.makeSymbol(.error)
                row.insert(tag.marker, -1)
                row.insert(tag.other, 1)
            } else {
                tag.marker = tableau.makeSymbol(.dummy)
                row.insert(tag.marker, 1)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return (row, tag, scale)
    }

    /// The symbol to make basic for a new row: any variable, else the constraint's own slack or error symbol
    /// when its coefficient is negative (so it can start at a non-negative value); else none.
    private func chooseSubject(of row: Row, tag: Tag) -> Int {
        for cell in row.cells where tableau.kinds[cell.symbol] == .external { return cell.symbol }
        for symbol in [tag.marker, tag.other]
        where symbol != Tableau.none && tableau.isPivotable(symbol) && row.coefficient(of: symbol) < 0 {
            return symbol
        }
        return Tableau.none
    }

    func overflow(_ constraint: SolverConstraint) -> ConstraintError {
        ConstraintError(
            code: .nonFiniteValue,
            message:
                "the constraint '\(constraint)' overflows when combined with the constraints in the solver; keep its numbers and theirs within a range whose products stay finite"
        )
    }

    private func unsatisfiable(_ constraint: SolverConstraint) -> ConstraintError {
        ConstraintError(
            code: .unsatisfiable,
            message:
                "the required constraint '\(constraint)' cannot hold together with the required constraints already added; make one of them optional"
        )
    }

    /// Takes a constraint's row out of the tableau (paper §4.3): its errors leave the objective, its marker is
    /// pivoted into the basis if it is not basic, and the marker's row is dropped.
    func removeFromTableau(_ tag: Tag) {
        if !tag.constraint.strength.isRequired {
            for symbol in [tag.marker, tag.other] where tableau.kinds[symbol] == .error {
                tableau.addToObjective(symbol, times: -tag.constraint.strength.weight)
            }
        }
        if tableau.rowIndex[tag.marker] == Tableau.none, let leaving = tableau.markerLeavingSymbol(for: tag.marker) {
            tableau.pivot(entering: tag.marker, leaving: leaving)
        }
        if tableau.rowIndex[tag.marker] != Tableau.none { _ = tableau.takeRow(of: tag.marker) }
        tableau.releaseSymbol(tag.marker)
        tableau.releaseSymbol(tag.other)
    }

    /// Builds the tableau again from the constraints, in the order they were added, each optimized as ``add(_:)``
    /// does, and re-applies the suggested values. Only for the rare cases where undoing a failed phase one lost a
    /// coefficient to rounding, or where a number overflowed. A constraint that overflows now is left out; should
    /// the suggestions overflow, every edit variable is suggested 0 instead (a caller that must know compares).
    func rebuild() {
        guard !isRebuilding else { return }
        isRebuilding = true
        defer { isRebuilding = false }
        var ordered = constraints.values.sorted { $0.sequence < $1.sequence }
        var suggesting = true
        while true {
            tableau.removeAll()
            constraints.removeAll()
            variableSymbols.removeAll()
            variables.removeAll()
            variableSymbolList.removeAll()
            if let spoiling = insertAll(ordered) {
                // One that overflows spoils the tableau: start over without it.
                ordered.remove(at: spoiling)
                continue
            }
            if suggesting && !applySuggestions() {
                for key in edits.keys { edits[key]?.suggested = 0 }
                suggesting = false
                continue
            }
            return
        }
    }

    /// Adds `ordered` to an empty tableau, optimizing after each; the position of one whose numbers overflow.
    /// (Each of these held before, so it holds again; one that no longer does is left out rather than leaving the
    /// solver half built.)
    private func insertAll(_ ordered: [Tag]) -> Int? {
        for (position, old) in ordered.enumerated() {
            let key = ObjectIdentifier(old.constraint)
            guard let tag = try? insert(old.constraint, sequence: old.sequence) else {
                if tableau.overflowed { return position }
                continue
            }
            constraints[key] = tag
            try? tableau.optimize()
            if tableau.overflowed {
                constraints[key] = nil
                return position
            }
        }
        return nil
    }

    /// Applies every edit's suggested value to a tableau built from zero; false when the values overflow.
    private func applySuggestions() -> Bool {
        for (variable, edit) in edits {
            guard let tag = constraints[ObjectIdentifier(edit.tag.constraint)] else {
                edits[variable] = nil
                continue
            }
            edits[variable]?.tag = tag
            tableau.beginRecordingShift(delta: edit.suggested)
            tableau.suggest(plus: tag.marker, minus: tag.other, delta: edit.suggested)
            let overflowed = tableau.overflowed
            tableau.endRecordingShift()
            if overflowed { return false }
        }
        try? tableau.dualOptimize()
        return !tableau.overflowed
    }
}
