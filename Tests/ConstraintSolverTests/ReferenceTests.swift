import ConstraintSolver
import DeviceConstraints
import Foundation
import Testing

/// Random small systems checked against a brute-force reference: the solver's answer must satisfy every
/// required constraint and reach the least weighted error the reference finds, and it must call a required
/// constraint unsatisfiable exactly when the reference finds no point that satisfies them all.
///
/// The reference: the objective (Σ weight × |error| of the optional constraints) is convex and piecewise
/// linear, and a weak anchor on every variable makes it grow without bound, so its least value over the
/// polyhedron of the required constraints is reached at a vertex of the arrangement of all the constraints'
/// hyperplanes. The reference tries every vertex: each choice of `n` hyperplanes, intersected by Gaussian
/// elimination.
struct ReferenceTests {
    static let seeds: [UInt64] = {
        let fixed =
            (try? fixture("reference-seeds.txt"))?
            .split(separator: "\n")
            .compactMap { UInt64($0.split(separator: "#").first?.trimmingCharacters(in: .whitespaces) ?? "") } ?? []
        // 600 random systems in the long tier, 100 in the quick one (``TestTier``).
        return fixed + (1...TestTier.size(quick: 100, long: 600)).map { UInt64($0) * 7919 }
    }()

    @Test(arguments: seeds)
    func randomSystemsMatchTheBruteForceReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let dimension = Int(random.next() % 3) + 1
        let variables = (0..<dimension).map { Variable("v\($0)") }
        let solver = Solver()
        var accepted: [LinearConstraint] = []
        // A weak anchor per variable keeps the objective bounded.
        for variable in 0..<dimension {
            let anchor = LinearConstraint.random(&random, dimension: dimension, anchoring: variable)
            try solver.add(anchor.make(variables))
            accepted.append(anchor)
        }
        var added: [(LinearConstraint, SolverConstraint)] = []
        for _ in 0..<(Int(random.next() % 6) + 2) {
            let candidate = LinearConstraint.random(&random, dimension: dimension)
            let constraint = candidate.make(variables)
            let holds = Reference.solve(accepted + [candidate], dimension: dimension) != nil
            solver.updateVariables()
            let before = variables.map(\.value)
            do {
                try solver.add(constraint)
                #expect(holds, "seed \(seed): the solver accepted \(constraint), the reference finds no point")
                accepted.append(candidate)
                added.append((candidate, constraint))
            } catch {
                #expect(error.code == .unsatisfiable)
                #expect(!holds, "seed \(seed): the solver refused \(constraint), the reference satisfies it")
                solver.updateVariables()
                let after = variables.map(\.value)
                #expect(zip(before, after).allSatisfy { abs($0 - $1) < 1e-9 }, "seed \(seed): \(before) → \(after)")
            }
            try check(solver, variables, accepted, seed: seed)
        }
        // An edit variable is an optional equality at the suggested value: each suggestion re-solves to the
        // optimum of the constraints with that equality.
        let edited = Int(random.next() % UInt64(dimension))
        let weight = [1_000_000.0, 1000, 3][Int(random.next() % 3)]
        try solver.addEditVariable(variables[edited], strength: Strength(weak: 1, multiplier: weight))
        var anchor = [Double](repeating: 0, count: dimension)
        anchor[edited] = 1
        for _ in 0..<4 {
            let value = Double(Int(random.next() % 61) - 30)
            try solver.suggestValue(variables[edited], value)
            let edit = LinearConstraint(coefficients: anchor, constant: -value, relation: .equal, weight: weight)
            try check(solver, variables, accepted + [edit], seed: seed)
        }
        try solver.removeEditVariable(variables[edited])
        try check(solver, variables, accepted, seed: seed)
        // Removing constraints one by one gives the optimum of what is left.
        while let (candidate, constraint) = added.popLast() {
            try solver.remove(constraint)
            if let index = accepted.lastIndex(of: candidate) { accepted.remove(at: index) }
            try check(solver, variables, accepted, seed: seed)
        }
    }

    private func check(
        _ solver: Solver, _ variables: [Variable], _ constraints: [LinearConstraint], seed: UInt64
    ) throws {
        solver.updateVariables()
        let point = variables.map(\.value)
        let best = try #require(Reference.solve(constraints, dimension: variables.count))
        for constraint in constraints where constraint.weight == nil {
            #expect(constraint.violation(at: point) < 1e-6, "seed \(seed): \(constraint) fails at \(point)")
        }
        let reached = Reference.objective(constraints, at: point)
        #expect(abs(reached - best) <= 1e-6 * max(1, abs(best)), "seed \(seed): \(reached) against \(best)")
    }
}

/// A constraint as plain numbers: `Σ coefficients[i] × v[i] + constant relation 0`, required when `weight` is nil.
struct LinearConstraint: Equatable, CustomStringConvertible {
    var coefficients: [Double]
    var constant: Double
    var relation: SolverConstraint.Relation
    var weight: Double?

    static func random(_ random: inout SplitMix64, dimension: Int, anchoring anchor: Int? = nil) -> LinearConstraint {
        func small() -> Double { Double(Int(random.next() % 9) - 4) }
        if let anchor {
            var coefficients = [Double](repeating: 0, count: dimension)
            coefficients[anchor] = 1
            return LinearConstraint(
                coefficients: coefficients, constant: Double(Int(random.next() % 41) - 20), relation: .equal,
                weight: 1)
        }
        var coefficients = (0..<dimension).map { _ in small() }
        if coefficients.allSatisfy({ $0 == 0 }) { coefficients[0] = 1 }
        let relations: [SolverConstraint.Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
        let weights: [Double?] = [nil, nil, 1_000_000, 1000, 2000, 1]
        return LinearConstraint(
            coefficients: coefficients, constant: Double(Int(random.next() % 41) - 20),
            relation: relations[Int(random.next() % 3)], weight: weights[Int(random.next() % 6)])
    }

    func make(_ variables: [Variable]) -> SolverConstraint {
        let terms = zip(variables, coefficients).map { Expression.Term($0, coefficient: $1) }
        let strength = weight.map { Strength(weak: 1, multiplier: $0) } ?? .required
        return SolverConstraint(Expression(terms, constant: constant), relation, strength: strength)
    }

    /// How far `point` is from satisfying the constraint (0 when it does).
    func violation(at point: [Double]) -> Double {
        let value = zip(coefficients, point).reduce(constant) { $0 + $1.0 * $1.1 }
        switch relation {
        case .equal: return abs(value)
        case .lessThanOrEqual: return max(0, value)
        case .greaterThanOrEqual: return max(0, -value)
        }
    }

    var description: String {
        "\(coefficients) · v + \(constant) \(relation) 0 @\(weight.map { "\($0)" } ?? "required")"
    }
}

enum Reference {
    static func objective(_ constraints: [LinearConstraint], at point: [Double]) -> Double {
        constraints.reduce(0) { $0 + ($1.weight ?? 0) * $1.violation(at: point) }
    }

    /// The least objective over the points that satisfy every required constraint, or nil if there are none.
    static func solve(_ constraints: [LinearConstraint], dimension: Int) -> Double? {
        var best: Double?
        for subset in combinations(of: constraints.count, choosing: dimension) {
            let matrix = subset.map { constraints[$0].coefficients }
            let right = subset.map { -constraints[$0].constant }
            guard let point = gaussianSolve(matrix, right) else { continue }
            let feasible = constraints.allSatisfy { $0.weight != nil || $0.violation(at: point) < 1e-7 }
            guard feasible else { continue }
            let value = objective(constraints, at: point)
            best = min(best ?? value, value)
        }
        return best
    }

    static func combinations(of count: Int, choosing size: Int) -> [[Int]] {
        guard size > 0 else { return [[]] }
        guard count >= size else { return [] }
        let withLast = combinations(of: count - 1, choosing: size - 1).map { $0 + [count - 1] }
        return combinations(of: count - 1, choosing: size) + withLast
    }

    static func gaussianSolve(_ matrix: [[Double]], _ right: [Double]) -> [Double]? {
        let size = right.count
        var a = zip(matrix, right).map { $0 + [$1] }
        for column in 0..<size {
            guard let pivot = (column..<size).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                abs(a[pivot][column]) > 1e-9
            else { return nil }
            a.swapAt(column, pivot)
            for row in 0..<size where row != column {
                let factor = a[row][column] / a[column][column]
                for k in column...size { a[row][k] -= factor * a[column][k] }
            }
        }
        return (0..<size).map { a[$0][size] / a[$0][$0] }
    }
}
