import ConstraintSolver
import DeviceConstraints
import Foundation
// The shared test support (Tests/TestSupport), for every file of this target without an import of its own.
@_exported import TestSupport
import Testing

/// Whether `body` throws a ``ConstraintError`` with `code`.
func catching(_ code: ConstraintError.Code, _ body: () throws -> Void) -> Bool {
    do {
        try body()
        return false
    } catch {
        return (error as? ConstraintError)?.code == code
    }
}

extension Solver {
    /// What `variable` reads after each of `suggestions` is suggested for the edit variable `edit` in turn, the
    /// variables updated each time.
    func values(of variable: Variable, suggesting suggestions: [Double], for edit: Variable) throws -> [Double] {
        var values: [Double] = []
        for suggestion in suggestions {
            try suggestValue(edit, suggestion)
            updateVariables()
            values.append(variable.value)
        }
        return values
    }
}

/// The chain of the benchmark: `x0 == 0`, `x[i] == x[i-1] + 10`, all required.
struct ChainWorkload {
    let solver = Solver()
    let variables: [Variable]

    init(count: Int) throws {
        variables = (0..<count).map { Variable("x\($0)") }
        try solver.add(variables[0] == 0)
        for index in 1..<count {
            try solver.add(variables[index] == variables[index - 1] + 10)
        }
        solver.updateVariables()
    }
}

/// The rows of the benchmark: per row `x == 16`, `x + w == W - 16`, `h == 44`,
/// `y == previous.y + previous.h + 8`, with the window width `W` a strong edit variable.
struct RowsWorkload {
    struct Row {
        let x = Variable("x")
        let y = Variable("y")
        let width = Variable("w")
        let height = Variable("h")
    }

    let solver = Solver()
    let window = Variable("W")
    let rows: [Row]

    init(count: Int, width: Double = 320) throws {
        rows = (0..<count).map { _ in Row() }
        try solver.addEditVariable(window, strength: .strong)
        try solver.suggestValue(window, width)
        for (index, row) in rows.enumerated() {
            try solver.add(row.x == 16)
            try solver.add(row.x + row.width == window - 16)
            try solver.add(row.height == 44)
            if index == 0 {
                try solver.add(row.y == 8)
            } else {
                let previous = rows[index - 1]
                try solver.add(row.y == previous.y + previous.height + 8)
            }
        }
        solver.updateVariables()
    }
}

/// The contents of a file in the test target's `Fixtures` folder.
func fixture(_ name: String) throws -> String {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil))
    return try String(contentsOf: url, encoding: .utf8)
}
