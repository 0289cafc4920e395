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
        #expect(x.value == 0)
        try solver.suggestValue(x, 42)
        solver.updateVariables()
        #expect(x.value == 42)
        try solver.suggestValue(x, -7.5)
        solver.updateVariables()
        #expect(x.value == -7.5)
    }

    @Test func aSuggestionGivesWayToRequiredConstraintsAndComesBack() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x <= 100)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 150)
        solver.updateVariables()
        #expect(x.value == 100)
        try solver.suggestValue(x, 60)
        solver.updateVariables()
        #expect(x.value == 60)
    }

    @Test func aWindowResizeMovesEveryRow() throws {
        let rows = try RowsWorkload(count: 10)
        for width in [320.0, 694, 1024, 375] {
            try rows.solver.suggestValue(rows.window, width)
            rows.solver.updateVariables()
            for row in rows.rows {
                #expect(row.x.value == 16)
                #expect(row.width.value == width - 32)
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
        #expect(x.value == 90)
        try solver.removeEditVariable(x)
        #expect(!solver.hasEditVariable(x))
        solver.updateVariables()
        #expect(x.value == 10)
        try solver.addEditVariable(x, strength: .strong)
        try solver.suggestValue(x, 30)
        solver.updateVariables()
        #expect(x.value == 30)
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
        #expect(left.value == 100)
        #expect(right.value == 110)
        try solver.suggestValue(right, 300)
        solver.updateVariables()
        #expect(width.value == 200)
    }

    @Test func editVariableErrorsLeaveTheSolverWorking() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.addEditVariable(x, strength: .strong)
        #expect(throws: ConstraintError.self) { try solver.addEditVariable(x, strength: .weak) }
        #expect(catching(.duplicateEditVariable) { try solver.addEditVariable(x, strength: .weak) })
        #expect(catching(.requiredEditVariable) { try solver.addEditVariable(Variable("y"), strength: .required) })
        #expect(catching(.unknownEditVariable) { try solver.suggestValue(Variable("z"), 1) })
        #expect(catching(.unknownEditVariable) { try solver.removeEditVariable(Variable("z")) })
        #expect(catching(.nonFiniteValue) { try solver.suggestValue(x, .nan) })
        #expect(catching(.nonFiniteValue) { try solver.suggestValue(x, .infinity) })
        try solver.suggestValue(x, 12)
        solver.updateVariables()
        #expect(x.value == 12)
        try solver.removeEditVariable(x)
        #expect(catching(.unknownEditVariable) { try solver.removeEditVariable(x) })
    }
}
