import Benchmark
import BenchmarkSupport
import DeviceConstraints

// 2. The lookups of the Lookup benchmark while a second thread reads the same structure continuously.
// The second thread starts in each benchmark's setup and stops in its teardown, so it runs through every measured
// iteration; it looks up the same keys in reverse order. The custom metric counts the second thread's lookups
// during each measured iteration, to show that it really ran.

private let fixture = LookupFixture()
private let reversedKeys = Array(fixture.keys.reversed())

private let oursReader = BackgroundReader {
    let interpreter = fixture.interpreter
    for key in reversedKeys {
        blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
    }
}

private let originalReader = BackgroundReader {
    let original = fixture.original
    for key in reversedKeys {
        blackHole(original.record(viewId: key.viewId, container: key.container))
    }
}

private let dictionaryReader = BackgroundReader {
    let dictionary = fixture.dictionary
    for key in reversedKeys {
        blackHole(dictionary[key])
    }
}

/// Lookups the second thread made while one iteration was measured.
private let concurrentLookups = BenchmarkMetric.custom(
    "concurrent lookups (2nd thread)", polarity: .prefersLarger, useScalingFactor: false)

/// Runs `lookUpAll` as one measured iteration and records how many lookups `reader` made meanwhile.
private func measure(_ benchmark: Benchmark, _ reader: BackgroundReader, _ lookUpAll: () -> Void) {
    let before = reader.passes
    benchmark.startMeasurement()
    lookUpAll()
    benchmark.stopMeasurement()
    benchmark.measurement(concurrentLookups, (reader.passes - before) * reversedKeys.count)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, concurrentLookups],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000
    )

    Benchmark(
        "Contended lookup hit: DeviceConstraints",
        closure: { benchmark in
            let interpreter = fixture.interpreter
            measure(benchmark, oursReader) {
                for key in fixture.keys {
                    blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
                }
            }
        },
        setup: { oursReader.start() },
        teardown: { oursReader.stop() }
    )

    Benchmark(
        "Contended lookup hit: original design",
        closure: { benchmark in
            let original = fixture.original
            measure(benchmark, originalReader) {
                for key in fixture.keys {
                    blackHole(original.record(viewId: key.viewId, container: key.container))
                }
            }
        },
        setup: { originalReader.start() },
        teardown: { originalReader.stop() }
    )

    Benchmark(
        "Contended lookup hit: dictionary floor",
        closure: { benchmark in
            let dictionary = fixture.dictionary
            measure(benchmark, dictionaryReader) {
                for key in fixture.keys {
                    blackHole(dictionary[key])
                }
            }
        },
        setup: { dictionaryReader.start() },
        teardown: { dictionaryReader.stop() }
    )
}
