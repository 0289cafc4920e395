import Benchmark
import BenchmarkSupport
import DeviceConstraints

// 1. A cached synchronous lookup on one thread: ours, the original design, and a bare dictionary (the floor).
// Each iteration looks up the same 1000 keys in the same order; times are per lookup (scaling factor 1000).

private let fixture = LookupFixture()

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000,
        setup: { _ = fixture }
    )

    Benchmark("Lookup hit: DeviceConstraints") { _ in
        let interpreter = fixture.interpreter
        for key in fixture.keys {
            blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
        }
    }

    Benchmark("Lookup hit: original design") { _ in
        let original = fixture.original
        for key in fixture.keys {
            blackHole(original.record(viewId: key.viewId, container: key.container))
        }
    }

    Benchmark("Lookup hit: dictionary floor") { _ in
        let dictionary = fixture.dictionary
        for key in fixture.keys {
            blackHole(dictionary[key])
        }
    }
}
