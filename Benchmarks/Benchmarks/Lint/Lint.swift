import Benchmark
import DeviceConstraints
import DeviceConstraintsTooling

// 10. `lint` on large inputs (issue 9, break 6: it was quadratic in the size of a file of errors and in the number of
// views across files). The files are made in memory at start, so that the disk is not measured, and each shape is
// linted at two sizes, the second twice the first: a linear linter takes about twice as long on the second, a
// quadratic one four times. Beside them, 1,000 small files (the README's "0.1 s for 1,000 files").

/// A file of `count` views named `prefix0`, `prefix1`, …, each `{"marginLeft": 1, "width": <width>, "height": 2}`.
private func views(_ container: String, _ prefix: String, count: Int, width: String) -> String {
    var text = "{\"\(container)\": [\n"
    for i in 0..<count {
        text += "  {\"\(prefix)\(i)\": {\"marginLeft\": 1, \"width\": \(width), \"height\": 2}}"
        text += i < count - 1 ? ",\n" : "\n"
    }
    return text + "]}"
}

/// One file of about `kib` KiB whose every view's width is a string: an error per view.
private func typeErrors(kib: Int) -> InMemorySource {
    InMemorySource(["C.json": views("C", "view", count: kib * 1024 / 62, width: "\"wide\"")])
}

/// Two device files of `count` views each, with no view in common and no base file: every view is missing on the
/// other device (a missing-default error each).
private func disjoint(count: Int) -> InMemorySource {
    InMemorySource([
        "C_iPhone6.json": views("C", "phone", count: count, width: "3"),
        "C_iPad.json": views("C", "pad", count: count, width: "3"),
    ])
}

/// 500 containers, each with a base file and an iPhone6 file of 8 views.
private func smallFiles() -> InMemorySource {
    var files: [String: String] = [:]
    for c in 1...500 {
        files["Screen\(c).json"] = views("Screen\(c)", "view", count: 8, width: "16")
        files["Screen\(c)_iPhone6.json"] = views("Screen\(c)", "view", count: 8, width: "12")
    }
    return InMemorySource(files)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(3), maxIterations: 50)
    let linter = Linter(catalog: .standard)
    let inputs: [(String, InMemorySource)] = [
        ("Lint 1,000 small files", smallFiles()),
        ("Lint one file of type errors, 1 MiB", typeErrors(kib: 1024)),
        ("Lint one file of type errors, 2 MiB", typeErrors(kib: 2048)),
        ("Lint two files of 2,000 disjoint views", disjoint(count: 2000)),
        ("Lint two files of 4,000 disjoint views", disjoint(count: 4000)),
    ]
    for (name, source) in inputs {
        Benchmark(name) { _ in
            blackHole(linter.lint(source, directory: "Constraints"))
        }
    }
}
