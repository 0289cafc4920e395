import ConstraintSolver
import DeviceConstraints
import Testing

/// Numbers far from 1: coefficients of any scale are solved exactly as their scaled-down forms are, and finite
/// numbers whose products overflow are refused without changing the solver.
struct NumericRangeTests {
    // MARK: - Scale

    @Test func aLargeCoefficientIsSolvedWithoutAnAssertion() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x * 1e9 == y)
        try solver.add(y == 5e9)
        solver.updateVariables()
        #expect([x.value, y.value] == [5, 5e9])
    }

    @Test func aSmallCoefficientIsNotTakenForRoundingNoise() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x * 1e-9 == 5)
        solver.updateVariables()
        #expect(abs(x.value - 5e9) <= 1e-6 * 5e9)
    }

    @Test func aChainOfSmallFactorsKeepsItsProduct() throws {
        // Each link divides by 1000, so the last variable depends on the first with a coefficient of 1e-15.
        let variables = (0..<6).map { Variable("v\($0)") }
        let solver = Solver()
        for index in 1..<variables.count {
            try solver.add(variables[index] == variables[index - 1] * 1e-3)
        }
        try solver.add(variables[variables.count - 1] == 7)
        solver.updateVariables()
        #expect(abs(variables[0].value - 7e15) <= 1e-9 * 7e15)
    }

    @Test func largeNumbersThatCancelAreNotAConflict() throws {
        // 1e20 + 3e20 is not exactly 4e20 in binary: the difference is rounding, not a conflict.
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x == 1e20 / 3)
        try solver.add(y == 1e20 / 3 * 2)
        try solver.add(x + y == 1e20)
        solver.updateVariables()
        #expect(abs(x.value + y.value - 1e20) <= 1e-12 * 1e20)
    }

    @Test func aRealConflictOfSmallNumbersIsStillAConflict() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x * 1e-9 == 5)
        #expect(catching(.unsatisfiable) { try solver.add(x * 1e-9 == 6) })
    }

    /// The random systems of ``ReferenceTests``, with every required constraint multiplied by a power of ten
    /// from 1e-9 to 1e9: the same constraints, so the same constraints must be refused and the same values
    /// reached. (Optional constraints keep their scale, which is part of their weight.)
    @Test(arguments: (1...300).map { UInt64($0) * 104_729 })
    func scaledRequiredConstraintsGiveTheSameSolution(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let dimension = Int(random.next() % 3) + 1
        let plainVariables = (0..<dimension).map { Variable("p\($0)") }
        let scaledVariables = (0..<dimension).map { Variable("s\($0)") }
        let plain = Solver()
        let scaled = Solver()
        for variable in 0..<dimension {
            let anchor = LinearConstraint.random(&random, dimension: dimension, anchoring: variable)
            try plain.add(anchor.make(plainVariables))
            try scaled.add(anchor.make(scaledVariables))
        }
        for _ in 0..<(Int(random.next() % 6) + 2) {
            var candidate = LinearConstraint.random(&random, dimension: dimension)
            let plainConstraint = candidate.make(plainVariables)
            if candidate.weight == nil {
                var factor = 1.0
                for _ in 0..<Int(random.next() % 19) { factor *= 10 }
                factor /= 1e9
                candidate.coefficients = candidate.coefficients.map { $0 * factor }
                candidate.constant *= factor
            }
            let plainHeld = (try? plain.add(plainConstraint)) != nil
            let scaledHeld = (try? scaled.add(candidate.make(scaledVariables))) != nil
            #expect(plainHeld == scaledHeld, "seed \(seed): \(candidate)")
            plain.updateVariables()
            scaled.updateVariables()
            for (p, s) in zip(plainVariables, scaledVariables) {
                #expect(abs(p.value - s.value) <= 1e-6 * max(1, abs(p.value)), "seed \(seed): \(p.value) \(s.value)")
            }
        }
    }

    // MARK: - Overflow

    @Test func aConstraintThatOverflowsInsideTheTableauIsRefusedAndLeavesTheSolution() throws {
        let x = Variable("x")
        let y = Variable("y")
        let z = Variable("z")
        let solver = Solver()
        try solver.add(y == 1e200 * x)
        try solver.add((x == 3) | .medium)
        try solver.add((z == 1) | .weak)
        solver.updateVariables()
        let before = [x.value, y.value, z.value]
        // Substituting y's row into the new one overflows: 1e200 × 1e200.
        #expect(catching(.nonFiniteValue) { try solver.add(z == 1e200 * y) })
        solver.updateVariables()
        #expect([x.value, y.value, z.value] == before)
        try solver.add(z == 2 * x)
        solver.updateVariables()
        #expect(z.value == 6)
    }

    @Test func aConstraintThatOverflowsTheRowsItIsSubstitutedIntoIsRefused() throws {
        let w = Variable("w")
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(y == 1e200 * x)
        try solver.add((x == 3) | .weak)
        try solver.add((w == 2) | .weak)
        solver.updateVariables()
        let before = [w.value, x.value, y.value]
        // The new row is finite (x = 1e200 × w), but y's row becomes 1e400 × w once x is replaced in it.
        let overflowing = x == 1e200 * w
        let refused = catching(.nonFiniteValue) { try solver.add(overflowing) }
        #expect((refused, solver.hasConstraint(overflowing)) == (true, false))
        solver.updateVariables()
        #expect([w.value, x.value, y.value] == before)
        try solver.add(x == w + 1)
        solver.updateVariables()
        #expect(x.value == 3 && w.value == 2)
    }

    // MARK: - Found by the fuzzer (Fuzz/LayoutFuzzer.swift)

    /// What a caller sees of `solver`: which of `constraints` and edit variables it has, and the values.
    private func state(_ solver: Solver, _ variables: [Variable], _ constraints: [SolverConstraint]) -> [String] {
        solver.updateVariables()
        return constraints.map { "\(solver.hasConstraint($0))" } + variables.map { "\(solver.hasEditVariable($0))" }
            + variables.map { "\($0.value)" }
    }

    /// Runs `steps` on a solver of four variables each anchored at 0 by a weak constraint: every value stays
    /// finite, and a step that throws leaves the solver exactly as it was.
    private func run(_ steps: [(Solver, [Variable], inout [SolverConstraint]) throws -> Void]) throws {
        let variables = (0..<4).map { Variable("v\($0)") }
        let solver = Solver()
        var constraints = variables.map { ($0 == 0) | .weak }
        for anchor in constraints { try solver.add(anchor) }
        for (index, step) in steps.enumerated() {
            var known = constraints
            let before = state(solver, variables, known)
            do {
                try step(solver, variables, &known)
                constraints = known
            } catch {
                #expect(state(solver, variables, constraints) == before, "step \(index) threw and changed the solver")
            }
            solver.updateVariables()
            #expect(variables.allSatisfy { $0.value.isFinite }, "step \(index): \(variables.map(\.value))")
        }
    }

    @Test func aSuggestionThatRebuildsFromScratchChecksItsOwnOverflow() throws {
        // From 1.8e308 to 1e300 is a change that dwarfs the new value: re-solved from scratch, where applying
        // 1e300 overflowed v2 to -inf without a word.
        let sum = { (v: [Variable]) in 320 * v[0] + v[0] <= 0 }
        var first: SolverConstraint?
        try run([
            { solver, _, known in try solver.remove(known[0]) },
            { solver, v, known in
                let constraint = sum(v) | .weak
                first = constraint
                known.append(constraint)
                try solver.add(constraint)
            },
            { solver, v, known in
                let constraint = (1e300 * v[1] + 1024 * v[1] + 320 * v[2] + 320 <= 0) | .weak
                known.append(constraint)
                try solver.add(constraint)
            },
            { solver, _, _ in if let first { try solver.remove(first) } },
            { solver, v, _ in try solver.addEditVariable(v[1], strength: .medium) },
            { solver, _, known in try solver.remove(known[2]) },
            { solver, v, _ in try solver.suggestValue(v[1], 1024) },
            { solver, v, _ in try solver.suggestValue(v[1], .greatestFiniteMagnitude) },
            { solver, v, _ in try solver.suggestValue(v[1], 1e300) },
        ])
    }

    @Test func aSuggestionRefusedWhilePivotingLeavesEvenATieAsItWas() throws {
        // The weak edit and v1's weak anchor tie over 0...20: a rebuild picked another point of the tie.
        func suggest(_ index: Int, _ value: Double) -> (Solver, [Variable], inout [SolverConstraint]) throws -> Void {
            { solver, variables, _ in try solver.suggestValue(variables[index], value) }
        }
        func edit(_ index: Int, _ strength: Strength) -> (Solver, [Variable], inout [SolverConstraint]) throws -> Void {
            { solver, variables, _ in try solver.addEditVariable(variables[index], strength: strength) }
        }
        func remove(_ index: Int) -> (Solver, [Variable], inout [SolverConstraint]) throws -> Void {
            { solver, _, known in try solver.remove(known[index]) }
        }
        let tiny = Strength(weak: 1, multiplier: 1e-6)
        var steps: [(Solver, [Variable], inout [SolverConstraint]) throws -> Void] = []
        steps.append(edit(1, .weak))
        steps.append({ solver, v, known in
            let constraint = (-16 * v[1] + -1e9 * v[0] + 0 * v[0] + 320 >= 0) | .medium
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 1024), suggest(1, 1024), suggest(1, 1024), suggest(1, .greatestFiniteMagnitude)]
        steps.append({ solver, v, known in
            let constraint = 0 * v[0] + 0 == 0
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 16)]
        steps.append({ solver, v, known in
            let constraint = (4.233520534705123e175 * v[3] + 320 <= 0) | .weak
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 1024), remove(4), remove(0), edit(0, .medium)]
        steps.append({ solver, v, known in
            let constraint = (1024 * v[0] + .greatestFiniteMagnitude >= 0) | tiny
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 1024), suggest(1, 1024), suggest(1, 1024)]
        steps.append({ solver, v, known in
            let constraint = 0 * v[0] + 0 == 0
            known.append(constraint)
            try solver.add(constraint)
        })
        steps.append({ solver, v, known in
            let constraint = (1024 * v[1] + 1024 * v[1] + 1024 >= 0) | tiny
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 1024), suggest(1, 1024)]
        steps.append({ solver, v, known in
            let constraint = (0.5 * v[2] + -1e300 >= 0) | tiny
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 1024), suggest(1, 0.5), edit(2, .medium)]
        steps.append({ solver, v, known in
            let constraint = 1e15 * v[2] + 0.5 * v[2] + 0.5 == 0
            known.append(constraint)
            try solver.add(constraint)
        })
        steps.append({ solver, v, known in
            let constraint = (0.5 * v[2] + 0.5 >= 0) | tiny
            known.append(constraint)
            try solver.add(constraint)
        })
        steps += [suggest(1, 1024), suggest(1, 1024), suggest(1, 1024), suggest(1, -.greatestFiniteMagnitude)]
        try run(steps)
    }
}
