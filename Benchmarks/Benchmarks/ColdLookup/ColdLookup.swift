import Benchmark
import BenchmarkSupport
import DeviceConstraints

// 3. A cold synchronous lookup: a miss that loads one 20 KB container file, from memory on both sides, so that it
// measures reading the bytes, parsing and publishing, not the disk. Before each measured iteration the container
// is forgotten: ours with `invalidate(container:)`, the original design by emptying its dictionary.

private let file = Corpus.smallFile
private let files = [file.fileName: file.text]
private let viewId = file.viewIds[file.viewIds.count / 2]
private let interpreter = ConstraintInterpreter(
    source: InMemorySource(files), device: DeviceCatalog.standard.profile(named: DeviceName(Corpus.device))!)
private let original = OriginalInterpreter(files: files, deviceName: Corpus.device)

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    Benchmark("Cold lookup (20 KB file): DeviceConstraints") { benchmark in
        interpreter.invalidate(container: file.container)
        benchmark.startMeasurement()
        blackHole(try? interpreter.record(viewId: viewId, container: file.container))
        benchmark.stopMeasurement()
    }

    Benchmark("Cold lookup (20 KB file): original design") { benchmark in
        original.removeAll()
        benchmark.startMeasurement()
        blackHole(original.record(viewId: viewId, container: file.container)!)
        benchmark.stopMeasurement()
    }
}
