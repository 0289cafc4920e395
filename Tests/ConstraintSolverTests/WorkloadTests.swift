import ConstraintSolver
import DeviceConstraints
import Testing

/// The benchmark workloads give the right values, and large inputs finish.
struct WorkloadTests {
    /// 1,501 variables in the long tier only (``TestTier``): seconds in a debug build.
    @Test(arguments: TestTier.size(quick: [601], long: [601, 1501]))
    func theChainGivesEveryVariableItsPlace(count: Int) throws {
        let chain = try ChainWorkload(count: count)
        for (index, variable) in chain.variables.enumerated() {
            #expect(variable.value == Double(index) * 10)
        }
    }

    @Test(.longTier, .timeLimit(.minutes(10)))
    func aChainOfTenThousandVariablesFinishes() throws {
        // Each row of the chain holds the markers of all the equalities before it (that is what lets any one be
        // removed), so the work grows with the square of the length, in kiwi as here: seconds in a debug build.
        let chain = try ChainWorkload(count: 10_000)
        #expect(chain.variables.last?.value == 99_990)
    }

    @Test func aChainBuiltBackwardsGivesTheSameValues() throws {
        // Adding from the far end makes every new row substitute into the rows already there.
        let count = 300
        let variables = (0..<count).map { Variable("x\($0)") }
        let solver = Solver()
        for index in (1..<count).reversed() {
            try solver.add(variables[index] == variables[index - 1] + 10)
        }
        try solver.add(variables[0] == 0)
        solver.updateVariables()
        for (index, variable) in variables.enumerated() {
            #expect(abs(variable.value - Double(index) * 10) < 1e-6)
        }
    }

    @Test func oneHundredRowsStackInTheWindow() throws {
        let workload = try RowsWorkload(count: 100)
        for (index, row) in workload.rows.enumerated() {
            #expect(
                [row.x.value, row.width.value, row.height.value, row.y.value] == [16, 288, 44, 8 + Double(index) * 52],
                "row \(index)")
        }
        try workload.solver.suggestValue(workload.window, 694)
        workload.solver.updateVariables()
        #expect(
            (workload.rows.allSatisfy { $0.width.value == 662 }, workload.window.value) == (true, 694),
            "\(workload.rows.map(\.width.value).prefix(5))")
    }

    @Test func manyRowsWithAnOptionalWishEachStaySolvable() throws {
        // Optional constraints on every row make the objective long; the resize must still be exact.
        let workload = try RowsWorkload(count: 200)
        for row in workload.rows {
            try workload.solver.add((row.width == 100) | .weak)
            try workload.solver.add(row.width >= 50)
        }
        for width in [320.0, 120, 1024, 100] {
            try workload.solver.suggestValue(workload.window, width)
            workload.solver.updateVariables()
            let expected = max(width - 32, 50)
            #expect(workload.rows.allSatisfy { abs($0.width.value - expected) < 1e-6 }, "width \(width)")
        }
    }
}
