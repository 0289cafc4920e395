import ConstraintSolver
import DeviceConstraints
import Testing

/// The behaviour the Cassowary paper (Badros, Borning & Stuckey 2001) and Auto Layout document: required
/// constraints hold, optional ones are satisfied as well as their strengths allow, stronger first.
struct SolverTests {
    // MARK: - Required and optional

    @Test func requiredEqualitiesAndInequalitiesHold() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x == y + 10)
        try solver.add(x <= 2 * y)
        try solver.add(y <= 30)
        try solver.add((x == 100) | .weak)
        solver.updateVariables()
        #expect([x.value, y.value] == [40, 30])
    }

    @Test func anOptionalConstraintGivesWayToARequiredOne() throws {
        let width = Variable("width")
        let solver = Solver()
        try solver.add((width == 500) | .strong)
        try solver.add(width <= 320)
        solver.updateVariables()
        #expect(width.value == 320)
    }

    @Test func anOptionalConstraintHoldsWhenNothingConflicts() throws {
        let width = Variable("width")
        let solver = Solver()
        try solver.add((width == 120) | .weak)
        try solver.add(width >= 0)
        solver.updateVariables()
        #expect(width.value == 120)
    }

    @Test func aVariableNobodyConstrainsIsZero() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x + y >= 0)
        solver.updateVariables()
        #expect((x.value + y.value >= 0, Variable("unused").value) == (true, 0), "x \(x.value), y \(y.value)")
    }

    @Test func theDocumentationExampleGivesTheValuesItShows() throws {
        let window = Variable("window")
        let left = Variable("left")
        let width = Variable("width")
        let solver = Solver()
        try solver.add(left == 16)
        try solver.add(left + width == window - 16)
        try solver.add((width == 100) | .weak)
        try solver.addEditVariable(window, strength: .strong)
        #expect(
            try solver.values(of: width, suggesting: [320, 694], for: window) == [288, 662], "at windows 320 and 694")
    }

    // MARK: - Strengths

    @Test func strongBeatsMediumBeatsWeak() throws {
        for order in [[0, 1, 2], [2, 1, 0], [1, 0, 2], [2, 0, 1]] {
            let x = Variable("x")
            let solver = Solver()
            let wishes = [(x == 10) | .weak, (x == 20) | .medium, (x == 30) | .strong]
            for index in order { try solver.add(wishes[index]) }
            solver.updateVariables()
            // x with all three wishes, without the strong one, then without the medium one.
            var values = [x.value]
            try solver.remove(wishes[2])
            solver.updateVariables()
            values.append(x.value)
            try solver.remove(wishes[1])
            solver.updateVariables()
            values.append(x.value)
            #expect(values == [30, 20, 10], "order \(order)")
        }
    }

    @Test func aHeavierWeightWinsWithinAStrength() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) | Strength(medium: 1))
        try solver.add((x == 20) | Strength(medium: 2))
        solver.updateVariables()
        #expect(x.value == 20)
    }

    @Test func twoEqualWishesMeetWhereTheErrorIsLeast() throws {
        // L1 errors: |x − 10| + 2|x − 20| is least at 20; |x − 10| + |x − 20| at anything between.
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) | .medium)
        try solver.add((x == 20) | .medium)
        solver.updateVariables()
        #expect(x.value >= 10 && x.value <= 20)
    }

    @Test func autoLayoutPrioritiesMapInOrderBelowRequired() {
        let priorities: [Float] = [1, 2, 100, 249, 250, 251, 499, 500, 501, 749, 750, 751, 998, 999, 999.5]
        let strengths = priorities.map { Strength(priority: $0) }
        for (lower, higher) in zip(strengths, strengths.dropFirst()) { #expect(lower < higher) }
        #expect(strengths.allSatisfy { !$0.isRequired && $0.weight > 0 })
        let named: [(priority: Float, strength: Strength)] = [
            (1000, .required), (250, .weak), (500, .medium), (750, .strong), (5000, .required),
            (-3, Strength(priority: 1)),
        ]
        for (priority, strength) in named {
            #expect(Strength(priority: priority) == strength, "\(priority)")
        }
    }

    @Test func priority751BeatsPriority750() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x == 10) | Strength(priority: 750))
        try solver.add((x == 20) | Strength(priority: 751))
        solver.updateVariables()
        #expect(x.value == 20)
    }

    @Test func barIsAStrengthOnANewConstraint() throws {
        let x = Variable("x")
        let y = Variable("y")
        let required = x == y + 10
        let weak = required | .weak
        #expect(
            (required.strength, weak.strength, weak !== required, weak.relation, "\(weak)")
                == (.required, .weak, true, .equal, "x + -1.0 * y + -10.0 == 0 | weak"))
    }

    // MARK: - Inequalities

    @Test func inequalitiesBoundAnOptionalWish() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add(x >= 10)
        try solver.add(x <= 20)
        let wish = (x == 0) | .strong
        try solver.add(wish)
        solver.updateVariables()
        let toZero = x.value
        try solver.remove(wish)
        try solver.add((x == 100) | .strong)
        solver.updateVariables()
        #expect([toZero, x.value] == [10, 20], "wishing for 0, then for 100")
    }

    @Test func anOptionalInequalityHoldsWhenItCan() throws {
        let x = Variable("x")
        let solver = Solver()
        try solver.add((x >= 50) | .medium)
        try solver.add((x == 10) | .weak)
        solver.updateVariables()
        #expect(x.value == 50)
    }

    @Test func theCenterExampleOfThePaperHolds() throws {
        // §2 of the paper: xm is the midpoint of xl and xr, xl + 10 <= xr, 0 <= xl, xr <= 100.
        let left = Variable("xl")
        let middle = Variable("xm")
        let right = Variable("xr")
        let solver = Solver()
        try solver.add(2 * middle == left + right)
        try solver.add(left + 10 <= right)
        try solver.add(right <= 100)
        try solver.add(left >= 0)
        try solver.addEditVariable(middle, strength: .strong)
        try solver.suggestValue(middle, 5)
        solver.updateVariables()
        #expect([middle.value, left.value, right.value] == [5, 0, 10])
        try solver.suggestValue(middle, 98)
        solver.updateVariables()
        #expect([middle.value, left.value, right.value] == [95, 90, 100])
    }

    // MARK: - Removal

    @Test func removingAConstraintRestoresTheEarlierSolution() throws {
        let x = Variable("x")
        let y = Variable("y")
        let solver = Solver()
        try solver.add(x == 2 * y)
        try solver.add((y == 7) | .weak)
        solver.updateVariables()
        let first = x.value
        let added = [x <= 6, y >= 1, (x + y == 50) | .medium]
        for constraint in added { try solver.add(constraint) }
        solver.updateVariables()
        let bounded = x.value
        for constraint in added.reversed() { try solver.remove(constraint) }
        solver.updateVariables()
        // x before, with and after the added constraints, and y after.
        #expect([first, bounded, x.value, y.value] == [14, 6, 14, 7])
    }

    @Test func constraintsCanBeRemovedInAnyOrder() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraints = [x >= 1, x >= 2, (x == 3) | .weak, x <= 40, (x == 50) | .medium]
        for constraint in constraints { try solver.add(constraint) }
        solver.updateVariables()
        // x with every constraint, then after removing x <= 40, then (x == 50) | .medium.
        var values = [x.value]
        try solver.remove(constraints[3])
        solver.updateVariables()
        values.append(x.value)
        try solver.remove(constraints[4])
        solver.updateVariables()
        values.append(x.value)
        #expect(values == [40, 50, 3])
        try solver.remove(constraints[2])
        try solver.remove(constraints[0])
        try solver.add((x == -5) | .weak)
        solver.updateVariables()
        #expect(
            (x.value, solver.hasConstraint(constraints[1]), solver.hasConstraint(constraints[0])) == (2, true, false))
    }

    @Test func aRemovedConstraintCanBeAddedAgain() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = x == 5
        try solver.add(constraint)
        try solver.remove(constraint)
        try solver.add(x == 6)
        try solver.add((x == 5) | .weak)
        solver.updateVariables()
        #expect(x.value == 6)
    }

    @Test func resetForgetsEverything() throws {
        let x = Variable("x")
        let solver = Solver()
        let constraint = x == 5
        try solver.add(constraint)
        try solver.addEditVariable(x, strength: .weak)
        solver.updateVariables()
        solver.reset()
        let afterReset = (solver.hasConstraint(constraint), solver.hasEditVariable(x), x.value)
        try solver.add(x == 8)
        solver.updateVariables()
        #expect(
            (afterReset.0, afterReset.1, afterReset.2, x.value) == (false, false, 5, 8),
            "constraint, edit variable and x after the reset, then x solved again")
    }
}
