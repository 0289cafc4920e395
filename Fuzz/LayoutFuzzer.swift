// libFuzzer harness: the solver and the layout engine on random constraint systems with extreme but finite numbers
// (coefficients, constants, multipliers and suggested values from 1e-300 to the largest double, and any bit pattern
// that is finite). Checked: nothing traps; every value the solver gives and every frame the engine returns is finite;
// a solver call that throws leaves the solver as it was (the same constraints, edit variables and values); a layout
// that throws says where (a constraint's file and line, or the window). Built and run by Scripts/fuzz.sh with the
// solver, the DSL and the layout modules. Uses public API only.
//
// An input is read as a program: its first byte chooses solver or layout, then each byte chooses the next step and
// the bytes after it its operands, until the input ends.
import ConstraintDSL
import ConstraintLayout
import ConstraintSolver
import DeviceConstraints
import Foundation

// MARK: - Reading an input

/// The input as a stream of choices; past its end every read is 0.
private struct Program {
    let data: Data
    var position: Data.Index

    init(_ data: Data) {
        self.data = data
        position = data.startIndex
    }

    var isAtEnd: Bool { position >= data.endIndex }

    mutating func byte() -> UInt8 {
        guard position < data.endIndex else { return 0 }
        defer { position += 1 }
        return data[position]
    }

    mutating func choice(_ count: Int) -> Int { Int(byte()) % count }

    /// A finite number: most often one of the extremes, else eight bytes read as a double (a non-finite pattern
    /// becomes the largest finite magnitude of its sign).
    mutating func number() -> Double {
        let extremes: [Double] = [
            0, 1, -1, 2, 0.5, 16, -16, 320, 1024, 1e-9, -1e-9, 1e9, -1e9, 1e-300, -1e-300, 1e15, -1e15, 1e20,
            -1e20, 1e154, 1e300, -1e300, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNonzeroMagnitude, .leastNormalMagnitude, 0.1, 3, 1.0 / 3,
        ]
        let pick = byte()
        if Int(pick) < extremes.count * 7 { return extremes[Int(pick) % extremes.count] }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        let value = Double(bitPattern: bits)
        if value.isFinite { return value }
        return value.sign == .minus ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
    }
}

// MARK: - The solver

/// What a caller of the solver can see: which constraints and edit variables it has, and the values.
private struct SolverState: Equatable {
    var constraints: [Bool]
    var edits: [Bool]
    var values: [Double]

    /// Equal, values to within rounding: a refused call that had to rebuild the tableau solves the same problem
    /// again, which may differ in the last digits.
    /// (A constraint made by the refused call is listed in `other` only, and must not be in the solver.)
    func matches(_ other: SolverState) -> Bool {
        constraints[...] == other.constraints.prefix(constraints.count)
            && !other.constraints.dropFirst(constraints.count).contains(true) && edits == other.edits
            && zip(values, other.values).allSatisfy { a, b in
                a == b || abs(a - b) <= 1e-6 * max(1, abs(a), abs(b))
            }
    }
}

private func fuzzSolver(_ program: inout Program, _ data: Data) {
    let variables = (0..<4).map { Variable("v\($0)") }
    let solver = Solver()
    var constraints: [SolverConstraint] = []
    // A weak anchor per variable, so that the optimum is a point: a rebuilt solver finds the same one.
    for variable in variables {
        let anchor = (variable == 0) | .weak
        try? solver.add(anchor)
        constraints.append(anchor)
    }
    let strengths: [Strength] = [.required, .required, .strong, .medium, .weak, Strength(weak: 1, multiplier: 1e-6)]
    func state() -> SolverState {
        solver.updateVariables()
        return SolverState(
            constraints: constraints.map(solver.hasConstraint), edits: variables.map(solver.hasEditVariable),
            values: variables.map(\.value))
    }
    var steps = 0
    while !program.isAtEnd && steps < 64 {
        steps += 1
        let before = state()
        var failure: ConstraintError?
        var description = ""
        do throws(ConstraintError) {
            switch program.choice(6) {
            case 0, 1:
                var terms: [ConstraintSolver.Expression.Term] = []
                for _ in 0...program.choice(3) {
                    terms.append(
                        ConstraintSolver.Expression.Term(variables[program.choice(4)], coefficient: program.number()))
                }
                let relations: [SolverConstraint.Relation] = [.equal, .lessThanOrEqual, .greaterThanOrEqual]
                let constraint = SolverConstraint(
                    ConstraintSolver.Expression(terms, constant: program.number()), relations[program.choice(3)],
                    strength: strengths[program.choice(strengths.count)])
                description = "add \(constraint)"
                constraints.append(constraint)
                try solver.add(constraint)
            case 2:
                let constraint = constraints[program.choice(constraints.count)]
                description = "remove \(constraint)"
                if solver.hasConstraint(constraint) { try solver.remove(constraint) }
            case 3:
                let variable = variables[program.choice(4)]
                description = "edit \(variable)"
                if !solver.hasEditVariable(variable) {
                    try solver.addEditVariable(variable, strength: [.strong, .medium, .weak][program.choice(3)])
                }
            default:
                let variable = variables[program.choice(4)]
                let value = program.number()
                description = "suggest \(value) for \(variable)"
                if solver.hasEditVariable(variable) { try solver.suggestValue(variable, value) }
            }
        } catch {
            failure = error
        }
        let after = state()
        check(after.values.allSatisfy(\.isFinite), "\(description) gave values \(after.values)", data)
        if let failure {
            if failure.code == .solverFailure { return }  // documented to leave the solver unoptimized
            check(
                before.matches(after),
                "\(description) threw \(failure.code.rawValue) and changed the solver: \(before) → \(after)", data)
        }
    }
}

// MARK: - The layout

private func fuzzLayout(_ program: inout Program, _ data: Data) {
    let root = LayoutNode("root")
    var nodes = [root]
    for index in 0..<(1 + program.choice(4)) {
        nodes.append(LayoutNode("n\(index)", in: nodes[program.choice(nodes.count)]))
    }
    var groups: [ConstraintGroup] = []
    var lines = 0
    while !program.isAtEnd && lines < 24 {
        lines += 1
        let node = nodes[1 + program.choice(nodes.count - 1)]
        let attribute = program.choice(10)
        let statement = Statement(
            kind: program.choice(4), other: nodes[program.choice(nodes.count)], constant: program.number(),
            multiplier: program.number(),
            priority: ConstraintPriority(Float([1000, 1000, 999, 750, 250, 1][program.choice(6)])))
        groups.append(
            node.makeConstraints { make in
                switch attribute {
                case 0: statement.write(make.left)
                case 1: statement.write(make.right)
                case 2: statement.write(make.top)
                case 3: statement.write(make.bottom)
                case 4: statement.write(make.leading)
                case 5: statement.write(make.trailing)
                case 6: statement.write(make.width)
                case 7: statement.write(make.height)
                case 8: statement.write(make.centerX)
                default: statement.write(make.centerY)
                }
            })
    }
    let windows = [
        LayoutEnvironment(width: 320, height: 568), LayoutEnvironment(width: 1024, height: 768, idiom: .pad),
        LayoutEnvironment(width: program.number(), height: program.number(), displayScale: program.number()),
        LayoutEnvironment(width: 400, height: 800, displayScale: 3, layoutDirection: .rightToLeft),
    ]
    let strict = program.choice(4) == 0
    let engine: LayoutEngine
    do throws(ConstraintError) {
        engine = try LayoutEngine(
            root: root, constraints: groups, environment: windows[program.choice(windows.count)],
            conflictHandling: strict ? .strict : .breakAndReport)
        checkFrames(try engine.solve(), nodes, "solve", data)
        for _ in 0..<2 {
            let window = windows[program.choice(windows.count)]
            checkFrames(try engine.update(to: window), nodes, "update to \(window)", data)
        }
    } catch {
        check(
            error.line != nil || error.message.contains("window") || error.code == .invalidValue,
            "a layout error that says not where: \(error)", data)
        return
    }
    if program.choice(8) == 0 {
        let sheet = try? LayoutPreview(root: root, constraints: groups).sheet(for: Array(windows.prefix(2)))
        if let svg = sheet?.svg() { check(svg.hasSuffix("</svg>\n"), "a sheet that does not end", data) }
    }
}

private func checkFrames(_ result: LayoutResult, _ nodes: [LayoutNode], _ step: String, _ data: Data) {
    for node in nodes {
        guard let frame = result.frame(of: node), let inRoot = result.frameInRoot(of: node) else { continue }
        let numbers = [frame.x, frame.y, frame.width, frame.height, inRoot.x, inRoot.y, inRoot.width, inRoot.height]
        check(
            numbers.allSatisfy(\.isFinite),
            "\(step): \(node.layoutName) has the frame \(frame); diagnostics: \(result.diagnostics)", data)
    }
}

/// One random DSL statement, written for any attribute.
private struct Statement {
    let kind: Int
    let other: LayoutNode
    let constant: Double
    let multiplier: Double
    let priority: ConstraintPriority

    func write<Kind: SingleAxisKind>(_ start: ConstraintMakerExtendable<Kind>) {
        switch kind {
        case 0: start.equalTo(constant).priority(priority)
        case 1: start.equalTo(other).multipliedBy(multiplier).offset(constant).priority(priority)
        case 2: start.lessThanOrEqualTo(other).offset(constant).priority(priority)
        default: start.greaterThanOrEqualTo(constant).priority(priority)
        }
    }
}

// MARK: - Harness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    var program = Program(data)
    if program.choice(2) == 0 { fuzzSolver(&program, data) } else { fuzzLayout(&program, data) }
    return 0
}
