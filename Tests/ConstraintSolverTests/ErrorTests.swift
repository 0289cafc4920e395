import ConstraintSolver
import DeviceConstraints
import Testing

/// Bad input gets a clear error and leaves the solver as it was.
struct ErrorTests {
    @Test func anUnsatisfiableConstraintThrowsAndLeavesTheSolutionAlone() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x >= 10)
        try solver.add(y == x + 5)
        try solver.add((x == 3) | .weak)
        solver.updateVariables()
        #expect(x.value == 10)
        let conflict = x <= 5
        let refused = catching(.unsatisfiable) { try solver.add(conflict) }
        #expect((refused, solver.hasConstraint(conflict)) == (true, false))
        solver.updateVariables()
        #expect([x.value, y.value] == [10, 15])
        try solver.add(x <= 12)
        try solver.add((x == 100) | .strong)
        solver.updateVariables()
        #expect([x.value, y.value] == [12, 17])
    }

    @Test func anUnsatisfiableEqualityOfKnownVariablesThrows() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x == 10)
        try solver.add(y == 20)
        let refused = [
            catching(.unsatisfiable) { try solver.add(x == y) },
            catching(.unsatisfiable) { try solver.add(x - x == 1) },
        ]
        #expect(refused == [true, true], "x == y, x - x == 1")
        try solver.add(x + 10 == y)
        solver.updateVariables()
        #expect([x.value, y.value] == [10, 20])
    }

    @Test func anUnsatisfiableConstraintWithANewVariableLeavesNoTrace() throws {
        let x = Variable("x")
        let fresh = Variable("fresh")
        let solver = Solver()
        try solver.add(x == 10)
        #expect(catching(.unsatisfiable) { try solver.add(x + fresh - fresh == 11) })
        try solver.add(fresh == 3)
        solver.updateVariables()
        #expect(fresh.value == 3)
    }

    @Test func manyConflictsInARowLeaveTheSolverExact() throws {
        // The degenerate case: x and y are free along a line, so any change of basis could move them.
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let solver = Solver()
        try solver.add(x + y == 100)
        try solver.add(x >= 0)
        try solver.add(y >= 0)
        try solver.add(z >= x)
        solver.updateVariables()
        let before = (x.value, y.value, z.value)
        for bound in stride(from: -50.0, through: -1, by: 7) {
            let refused = [
                catching(.unsatisfiable) { try solver.add(z + y <= bound) },
                catching(.unsatisfiable) { try solver.add(x + y <= bound + 10) },
            ]
            #expect(refused == [true, true], "bound \(bound)")
            solver.updateVariables()
            #expect((x.value, y.value, z.value) == before)
        }
        try solver.add(x == 30)
        solver.updateVariables()
        #expect(y.value == 70)
    }

    @Test func aDuplicateConstraintThrows() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = x == 1
        try solver.add(constraint)
        #expect(catching(.duplicateConstraint) { try solver.add(constraint) })
        try solver.add(x == 1)  // another constraint that reads the same is another constraint
        solver.updateVariables()
        #expect(x.value == 1)
    }

    @Test func removingAnUnknownConstraintThrows() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = x == 1
        let never = catching(.unknownConstraint) { try solver.remove(constraint) }
        try solver.add(constraint)
        try solver.remove(constraint)
        let removed = catching(.unknownConstraint) { try solver.remove(constraint) }
        #expect((never, removed) == (true, true))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteInputIsRejected(value: Double) throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(y == 2)
        let attempts: [(attempt: String, body: () throws -> Void)] = [
            ("x == value", { try solver.add(x == value) }),
            ("value * x == y", { try solver.add(value * x == y) }),
            ("x == y / 0", { try solver.add(x == y / 0) }),
            ("medium nan", { try solver.add((x == 1) | Strength(medium: .nan)) }),
            (
                "priority nan, multiplier nan",
                { try solver.add((x == 1) | Strength(priority: .nan) | Strength(weak: 1, multiplier: .nan)) }
            ),
        ]
        for (attempt, body) in attempts {
            #expect(catching(.nonFiniteValue, body), "\(attempt)")
        }
        try solver.add(x == y + 1)
        solver.updateVariables()
        #expect(x.value == 3)
    }

    @Test func hugeFiniteCoefficientsThatOverflowAreRejected() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x == 1e300 * y)
        #expect(catching(.nonFiniteValue) { try solver.add(1e300 * x == 5) })
        try solver.add(y == 0)
        solver.updateVariables()
        #expect(x.value == 0)
    }

    @Test func errorsReadLikeCompilerDiagnostics() {
        let x = Variable("x")
        let solver = Solver()
        do {
            try solver.add(x == 1)
            try solver.add(x == 2)
            Issue.record("expected an error")
        } catch {
            #expect(
                (error.code, error.description.hasPrefix("error: the required constraint 'x + -2.0 == 0' cannot hold"))
                    == (.unsatisfiable, true), "\(error)")
        }
    }
}
