import ConstraintSolver
import DeviceConstraints
import Testing

/// Edit variables and suggested values: the incremental re-solve of §4.4 of the paper.
struct EditVariableTests {
    @Test func aSuggestedValueHoldsWhenNothingConflicts() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addEditVariable(x, strength: .strong)
        #expect(solver.hasEditVariable(x))
        solver.updateVariables()
        // x before any suggestion, then after suggesting 42 and -7.5.
        let values = try [x.value] + solver.values(of: x, suggesting: [42, -7.5], for: x)
        #expect(values == [0, 42, -7.5])
    }

    @Test func aSuggestionGivesWayToRequiredConstraintsAndComesBack() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 100)
        try solver.addEditVariable(x, strength: .strong)
        #expect(try solver.values(of: x, suggesting: [150, 60], for: x) == [100, 60], "suggesting 150, then 60")
    }

    @Test func aWindowResizeMovesEveryRow() throws {
        let rows = try RowsWorkload(count: 10)
        for width in [320.0, 694, 1024, 375] {
            try rows.solver.suggestValue(rows.window, width)
            rows.solver.updateVariables()
            for row in rows.rows {
                #expect([row.x.value, row.width.value] == [16, width - 32], "window \(width)")
            }
        }
    }

    @Test func aWeakerEditGivesWayToAStrongerWish() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) | .strong)
        try solver.addEditVariable(x, strength: .medium)
        try solver.suggestValue(x, 90)
        solver.updateVariables()
        #expect(x.value == 10)
    }

    @Test func removingAnEditVariableReleasesItsValue() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) | .weak)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 90)
        solver.updateVariables()
        var values = [x.value]
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        solver.updateVariables()
        values.append(x.value)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 30)
        solver.updateVariables()
        values.append(x.value)
        // x while edited, after the edit variable is removed, and edited again.
        #expect(values == [90, 10, 30])
    }

    @Test func twoEditVariablesMoveTogether() throws {
        let left = Variable("left")
        let right = Variable("right")
        let width = Variable("width")
        let solver = Solver()
        try solver.add(right == left + width)
        try solver.add(width >= 10)
        try solver.addEditVariable(left, strength: .strong)
        try solver.addEditVariable(right, strength: .medium)
        try solver.suggestValue(left, 100)
        try solver.suggestValue(right, 105)
        solver.updateVariables()
        let first = [left.value, right.value]
        try solver.suggestValue(right, 300)
        solver.updateVariables()
        #expect(first + [width.value] == [100, 110, 200], "left and right, then the width once right is at 300")
    }

    @Test func editVariableErrorsLeaveTheSolverWorking() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: ConstraintError.self) { try solver.addEditVariable(x, strength: .weak) }
        let attempts: [(attempt: String, code: ConstraintError.Code, body: () throws -> Void)] = [
            ("x again", .duplicateEditVariable, { try solver.addEditVariable(x, strength: .weak) }),
            ("required y", .requiredEditVariable, { try solver.addEditVariable(Variable("y"), strength: .required) }),
            ("suggest z", .unknownEditVariable, { try solver.suggestValue(Variable("z"), 1) }),
            ("remove z", .unknownEditVariable, { try solver.removeEditVariable(Variable("z")) }),
            ("suggest nan", .nonFiniteValue, { try solver.suggestValue(x, .nan) }),
            ("suggest infinity", .nonFiniteValue, { try solver.suggestValue(x, .infinity) }),
        ]
        for (attempt, code, body) in attempts {
            #expect(catching(code, body), "\(attempt)")
        }
        try solver.suggestValue(x, 12)
        solver.updateVariables()
        #expect(x.value == 12)
        try solver.removeEditVariable(x)
        #expect(catching(.unknownEditVariable) { try solver.removeEditVariable(x) })
    }

    // MARK: - Suggestions that overflow

    @Test func aSuggestionWhoseChangeOverflowsIsRefusedAndTheLastOneHolds() throws {
        let w = Variable("w")
        let solver = Solver()
        try solver.addEditVariable(w, strength: .strong)
        try solver.suggestValue(w, 1e308)
        solver.updateVariables()
        #expect(w.value == 1e308)
        // From 1e308 to -1e308 is a change of -inf.
        #expect(catching(.nonFiniteValue) { try solver.suggestValue(w, -1e308) })
        solver.updateVariables()
        #expect(w.value == 1e308)
        // The next suggestion moves w as it would have without the refused one. (Exactly 5 only to within the
        // rounding of a change of 1e308: a suggestion moves the solution by the difference.)
        let untouched = Variable("untouched")
        let reference = Solver()
        try reference.addEditVariable(untouched, strength: .strong)
        for value in [1e308, 5, -7.5, 1e6] {
            if value != 1e308 { try solver.suggestValue(w, value) }
            try reference.suggestValue(untouched, value)
            solver.updateVariables()
            reference.updateVariables()
            #expect(w.value == untouched.value)
        }
        #expect(w.value == 1e6)
    }

    @Test func aSuggestionThatOverflowsAnotherVariableIsRefusedAndTheLastOneHolds() throws {
        let w = Variable("w")
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x == 2 * w + 1e308)
        try solver.addEditVariable(w, strength: .strong)
        solver.updateVariables()
        #expect(x.value == 1e308)
        // x would be 3e308.
        #expect(catching(.nonFiniteValue) { try solver.suggestValue(w, 1e308) })
        solver.updateVariables()
        #expect(w.value == 0 && x.value == 1e308)
        try solver.suggestValue(w, 5)
        solver.updateVariables()
        #expect(w.value == 5 && x.value == 1e308 + 10)
        try solver.suggestValue(w, -4e307)
        solver.updateVariables()
        #expect(w.value == -4e307 && x.value.isFinite)
    }

    @Test func aRefusedSuggestionLeavesNoTraceInLaterSolutions() throws {
        // Two solvers built alike; one is refused a suggestion. From then on both must agree to the last bit.
        func make() throws -> (Solver, RowsWorkload) {
            let rows = try RowsWorkload(count: 12)
            return (rows.solver, rows)
        }
        let (clean, cleanRows) = try make()
        let (refused, refusedRows) = try make()
        try refused.add(refusedRows.rows[0].height * 1e300 <= refusedRows.window * 1e300)
        try clean.add(cleanRows.rows[0].height * 1e300 <= cleanRows.window * 1e300)
        #expect(catching(.nonFiniteValue) { try refused.suggestValue(refusedRows.window, 1e300) })
        for width in [320.0, 1024, 150, 694] {
            try clean.suggestValue(cleanRows.window, width)
            try refused.suggestValue(refusedRows.window, width)
            clean.updateVariables()
            refused.updateVariables()
            for (a, b) in zip(cleanRows.rows, refusedRows.rows) {
                #expect(
                    [a.x.value, a.y.value, a.width.value, a.height.value] == [
                        b.x.value, b.y.value, b.width.value, b.height.value,
                    ])
            }
        }
    }
}
