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

    /// Puts `constraint` into the tableau and returns its tag; on failure takes back every symbol it made.
    func insert(_ constraint: SolverConstraint, sequence: Int) throws(ConstraintError) -> Tag {
        let knownVariables = variables.count
        var (row, tag) = makeRow(for: constraint, sequence: sequence)
        var rebuildNeeded = false
        do throws(ConstraintError) {
            try place(&row, tag: tag, rebuildNeeded: &rebuildNeeded)
        } catch {
            for symbol in variableSymbolList[knownVariables...] { tableau.releaseSymbol(symbol) }
            for variable in variables[knownVariables...] { variableSymbols[ObjectIdentifier(variable)] = nil }
            variables.removeSubrange(knownVariables...)
            variableSymbolList.removeSubrange(knownVariables...)
            tableau.releaseSymbol(tag.marker)
            tableau.releaseSymbol(tag.other)
            // A rebuild only re-adds constraints that held, so it never asks for another one.
            if rebuildNeeded { rebuild() }
            throw error
        }
        if !constraint.strength.isRequired {
            for symbol in [tag.marker, tag.other] where tableau.kinds[symbol] == .error {
                tableau.addToObjective(symbol, times: constraint.strength.weight)
            }
        }
        return tag
    }

    /// Makes a subject of `row` basic, or adds the row by phase one; throws when the row cannot hold.
    private func place(_ row: inout Row, tag: Tag, rebuildNeeded: inout Bool) throws(ConstraintError) {
        guard row.constant.isFinite, row.cells.allSatisfy({ $0.coefficient.isFinite }) else {
            throw ConstraintError(
                code: .nonFiniteValue,
                message:
                    "the constraint '\(tag.constraint)' overflows when combined with the constraints in the solver")
        }
        var subject = chooseSubject(of: row, tag: tag)
        if subject == Tableau.none && row.cells.allSatisfy({ tableau.kinds[$0.symbol] == .dummy }) {
            guard Row.isNearZero(row.constant) else { throw unsatisfiable(tag.constraint) }
            subject = tag.marker
        }
        if subject == Tableau.none {
            switch try tableau.addWithArtificialVariable(row) {
            case .added:
                return
            case .cannotHold(let restored):
                rebuildNeeded = !restored
                throw unsatisfiable(tag.constraint)
            }
        }
        row.solve(for: subject)
        tableau.substitute(subject, with: row)
        tableau.insertRow(row, basic: subject)
    }

    /// The row of `constraint` in terms of the current nonbasic symbols, with its slack, error or dummy symbols
    /// (paper §4.1): `expression + slack = 0` for `<=`, `expression − slack = 0` for `>=`, an error pair for an
    /// optional equality. The constant is made non-negative.
    private func makeRow(for constraint: SolverConstraint, sequence: Int) -> (Row, Tag) {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !Row.isNearZero(term.coefficient) {
            tableau.add(symbol(for: term.variable), times: term.coefficient, to: &row)
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
        return (row, tag)
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

    /// Builds the tableau again from the constraints, in the order they were added, and re-applies the suggested
    /// values. Only for the rare case where undoing a failed phase one lost a coefficient to rounding.
    private func rebuild() {
        let ordered = constraints.values.sorted { $0.sequence < $1.sequence }
        tableau.removeAll()
        constraints.removeAll()
        variableSymbols.removeAll()
        variables.removeAll()
        variableSymbolList.removeAll()
        for old in ordered {
            // Each of these held before, so it holds again; one that no longer does is left out rather than
            // leaving the solver half built.
            guard let tag = try? insert(old.constraint, sequence: old.sequence) else { continue }
            constraints[ObjectIdentifier(old.constraint)] = tag
        }
        try? tableau.optimize()
        for (variable, edit) in edits {
            guard let tag = constraints[ObjectIdentifier(edit.tag.constraint)] else {
                edits[variable] = nil
                continue
            }
            edits[variable]?.tag = tag
            tableau.suggest(plus: tag.marker, minus: tag.other, delta: edit.suggested)
        }
        try? tableau.dualOptimize()
    }
}
