import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Dispatch

// 4. Preloading the whole corpus (200 containers) for one device, into a fresh interpreter each iteration.
// Ours: `preload(containers:)`, one worker per core, reading each container's device file and base file. The original
// design: its asynchronous load of every container, parsed on its concurrent queue, waited for until the last
// barrier write has landed. Wall time and CPU time in one pair of benchmarks, allocations and peak memory in
// another; the interpreter is made before and released after the measured region.

private let corpus = Corpus()
private let source = InMemorySource(corpus.files)
private let device = DeviceCatalog.standard.profile(named: DeviceName(Corpus.device))!

/// Preloads the corpus into a fresh interpreter of ours; only the preload is measured.
private func preloadOurs(_ benchmark: Benchmark) async {
    let interpreter = ConstraintInterpreter(source: source, device: device)
    benchmark.startMeasurement()
    try? await interpreter.preload(containers: corpus.containers)
    benchmark.stopMeasurement()
    precondition(interpreter.loadedContainers.count == corpus.containers.count)
}

/// Loads the corpus into a fresh port of the original design, waiting for its last barrier write.
private func preloadOriginal(_ benchmark: Benchmark) {
    OriginalInterpreter.measurePreload(of: corpus) { load in
        benchmark.startMeasurement()
        load()
        benchmark.stopMeasurement()
    }
}

let benchmarks: @Sendable () -> Void = {
    // Time and memory are measured in separate benchmarks: on two cores, the harness's memory sampler (a
    // thread that reads /proc every 10 ms) and its allocation counting would take their share of the very
    // cores being timed. Both sides are measured the same way.
    let timeConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 1000,
        setup: { _ = corpus }
    )
    let memoryConfiguration = Benchmark.Configuration(
        metrics: [.mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta],
        maxDuration: .seconds(3),
        maxIterations: 200,
        setup: { _ = corpus }
    )

    Benchmark("Preload 200 containers: DeviceConstraints", configuration: timeConfiguration) { benchmark in
        await preloadOurs(benchmark)
    }

    Benchmark("Preload 200 containers: original design", configuration: timeConfiguration) { benchmark in
        preloadOriginal(benchmark)
    }

    Benchmark("Preload allocations and memory: DeviceConstraints", configuration: memoryConfiguration) {
        benchmark in
        await preloadOurs(benchmark)
    }

    Benchmark("Preload allocations and memory: original design", configuration: memoryConfiguration) {
        benchmark in
        preloadOriginal(benchmark)
    }
}
