import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Dispatch

// 4. Preloading the whole corpus (200 containers) for one device, into a fresh interpreter each iteration.
// Ours: `preload(containers:)`, a task group, reading each container's device file and base file. The original
// design: its asynchronous load of every container, parsed on its concurrent queue, waited for until the last
// barrier write has landed. Wall time, allocations and peak memory; the interpreter is made before and released
// after the measured region.

private let corpus = Corpus()
private let source = InMemorySource(corpus.files)
private let device = DeviceCatalog.standard.profile(named: DeviceName(Corpus.device))!

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident, .peakMemoryResidentDelta],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 1000,
        setup: { _ = corpus }
    )

    Benchmark("Preload 200 containers: DeviceConstraints") { benchmark in
        let interpreter = ConstraintInterpreter(source: source, device: device)
        benchmark.startMeasurement()
        try? await interpreter.preload(containers: corpus.containers)
        benchmark.stopMeasurement()
        precondition(interpreter.loadedContainers.count == corpus.containers.count)
    }

    Benchmark("Preload 200 containers: original design") { benchmark in
        let original = OriginalInterpreter(files: corpus.files, deviceName: Corpus.device)
        benchmark.startMeasurement()
        let group = DispatchGroup()
        for container in corpus.containers {
            group.enter()
            original.load(container: container) { group.leave() }
        }
        group.wait()
        original.waitForPendingWrites()
        benchmark.stopMeasurement()
        precondition(original.count > 0)
    }
}
