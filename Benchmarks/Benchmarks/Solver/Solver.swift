import Benchmark
import ConstraintSolver

// 6. The Cassowary solver on the workloads of issue 12; Scripts/kiwi_compare.py runs the same ones on kiwi
// (kiwisolver's C++ core) so the two can be put side by side.
// - Chain: `x0 == 0`, `x[i] == x[i-1] + 10`, all required; variables, constraints and solver made, every constraint
//   added and the values read, per iteration.
// - Rows: 100 rows in a window, per row `x == 16`, `x + w == W - 16`, `h == 44`, `y == previous.y + previous.h + 8`,
//   with `W` a strong edit variable; built, solved and read per iteration.
// - Resize: on the built rows, suggest a new `W` and read the values (one iteration = one resize).
// - Pivoting resize: rows that also have `w >= 150` and a weak `w == 200`, resized across those bounds, so every
//   resize runs the dual simplex through real pivots. Its allocation count is the pivot loop's.

/// Adds the chain and reads it; returns the last value so the work cannot be optimized away.
private func chain(_ count: Int) throws -> Double {
    let variables = (0..<count).map { Variable("x\($0)") }
    let solver = Solver()
    try solver.add(variables[0] == 0)
    for index in 1..<count {
        try solver.add(variables[index] == variables[index - 1] + 10)
    }
    solver.updateVariables()
    return variables[count - 1].value
}

/// The rows of the window, built and solved for a width of 320.
private final class Rows {
    let solver = Solver()
    let window = Variable("W")
    var widths: [Variable] = []

    init(count: Int, bounded: Bool) throws {
        try solver.addEditVariable(window, strength: .strong)
        try solver.suggestValue(window, 320)
        var previous: (y: Variable, h: Variable)?
        for _ in 0..<count {
            let x = Variable("x")
            let y = Variable("y")
            let w = Variable("w")
            let h = Variable("h")
            try solver.add(x == 16)
            try solver.add(x + w == window - 16)
            try solver.add(h == 44)
            if let previous {
                try solver.add(y == previous.y + previous.h + 8)
            } else {
                try solver.add(y == 8)
            }
            if bounded {
                try solver.add(w >= 150)
                try solver.add((w == 200) | .weak)
            }
            previous = (y, h)
            widths.append(w)
        }
        solver.updateVariables()
    }

    func resize(to width: Double) throws {
        try solver.suggestValue(window, width)
        solver.updateVariables()
    }
}

let benchmarks: @Sendable () -> Void = {
    let timeConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 2000
    )

    for count in [601, 1501] {
        Benchmark("Solver chain \(count): add and solve", configuration: timeConfiguration) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try chain(count))
            }
        }
    }

    Benchmark("Solver 100 rows: build and solve", configuration: timeConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try Rows(count: 100, bounded: false))
        }
    }

    // One resize is a few microseconds: 1000 per iteration, times reported per resize.
    let resizeConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    Benchmark("Solver 100 rows: resize", configuration: resizeConfiguration) { benchmark in
        let rows = try Rows(count: 100, bounded: false)
        let widths = [320.0, 375, 414, 694, 768, 1024]
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try rows.resize(to: widths[next])
            next = next == widths.count - 1 ? 0 : next + 1
        }
        benchmark.stopMeasurement()
        blackHole(rows.widths[0].value)
    }

    Benchmark("Solver 100 rows: resize with pivots", configuration: resizeConfiguration) { benchmark in
        // Below 182 the rows' w >= 150 fights the strong window; above 232 the weak w == 200 gives way.
        let rows = try Rows(count: 100, bounded: true)
        let widths = [120.0, 320, 200, 694, 150, 1024]
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            try rows.resize(to: widths[next])
            next = next == widths.count - 1 ? 0 : next + 1
        }
        benchmark.stopMeasurement()
        blackHole(rows.widths[0].value)
    }
}
