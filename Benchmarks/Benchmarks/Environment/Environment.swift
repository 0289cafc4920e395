import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Foundation

// 5. Adapting to the window, with the whole corpus (200 containers) loaded. Each iteration makes one change, back and
// forth between two windows, and only the change is measured:
// - across classes (iPhone6 ↔ iPad): `update(to:)` and `updateNow(to:)`, both classes' files read once before the
//   measured loop, against what an app has to do without them: a new interpreter for the other device and a preload
//   of the 200 containers;
// - within a class (375×667 ↔ 380×700, both iPhone6): `update(to:)` and `updateNow(to:)`, with no scaled values
//   loaded, and with 20 of the 200 containers holding scaled values (their iPhone6 files give `width` and
//   `marginLeft` as `{"scaled": …}`), which must be re-resolved for the new width.

private let catalog = DeviceCatalog.standard
private let corpus = Corpus()
private let source = InMemorySource(corpus.files)
private let phone = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
private let pad = LayoutEnvironment(width: 768, height: 1024, idiom: .pad)
private let resized = LayoutEnvironment(width: 380, height: 700, idiom: .phone)
private let scaledCorpus = corpus.files(scalingContainers: 20)

/// An interpreter for `environments[0]` with every container loaded for each of `environments` in turn, left on
/// `environments[0]`.
private func loadedInterpreter(
    _ source: some ConstraintSource, _ environments: [LayoutEnvironment]
) -> ConstraintInterpreter {
    let interpreter = ConstraintInterpreter(source: source, environment: environments[0])
    for environment in environments.reversed() {
        _ = interpreter.updateNow(to: environment)
        for container in corpus.containers {
            guard (try? interpreter.records(container: container)) != nil else {
                preconditionFailure("the generated container \(container) did not load for \(environment)")
            }
        }
    }
    precondition(interpreter.environment == environments[0])
    precondition(interpreter.loadedContainers.count == corpus.containers.count)
    return interpreter
}

/// The benchmarks' interpreters, each used by one benchmark only.
private final class Fixture: Sendable {
    let acrossClasses = loadedInterpreter(source, [phone, pad])
    let acrossClassesNow = loadedInterpreter(source, [phone, pad])
    let withinClass = loadedInterpreter(source, [phone])
    let withinClassNow = loadedInterpreter(source, [phone])
    let scaled = loadedInterpreter(InMemorySource(scaledCorpus.files), [phone])
    let scaledNow = loadedInterpreter(InMemorySource(scaledCorpus.files), [phone])

    init() {
        precondition(catalog.resolve(phone).name == DeviceName(Corpus.device))
        precondition(catalog.resolve(resized).name == DeviceName(Corpus.device))
        precondition(catalog.resolve(pad).name == DeviceName("iPad"))
        // The scaled containers really change with the width, and the others do not.
        let container = scaledCorpus.scaled[0]
        let probe = loadedInterpreter(InMemorySource(scaledCorpus.files), [phone])
        let before = try? probe.records(container: container)
        precondition(probe.updateNow(to: resized) != nil, "a resize must change the scaled containers")
        precondition(before != (try? probe.records(container: container)))
        precondition(withinClass.updateNow(to: resized) == nil && withinClass.updateNow(to: phone) == nil)
    }
}

private let fixture = Fixture()

/// The other one of the two windows `interpreter` switches between.
private func next(_ interpreter: ConstraintInterpreter, _ first: LayoutEnvironment, _ second: LayoutEnvironment)
    -> LayoutEnvironment
{
    interpreter.environment == first ? second : first
}

/// One measured `update(to:)` to the other window; `changes` says whether it must report a change.
private func measureUpdate(
    _ benchmark: Benchmark, _ interpreter: ConstraintInterpreter, _ first: LayoutEnvironment,
    _ second: LayoutEnvironment, changes: Bool
) async {
    let target = next(interpreter, first, second)
    benchmark.startMeasurement()
    let change = try? await interpreter.update(to: target)
    benchmark.stopMeasurement()
    precondition((change != nil) == changes && interpreter.environment == target)
}

/// One measured `updateNow(to:)` to the other window.
private func measureUpdateNow(
    _ benchmark: Benchmark, _ interpreter: ConstraintInterpreter, _ first: LayoutEnvironment,
    _ second: LayoutEnvironment, changes: Bool
) {
    let target = next(interpreter, first, second)
    benchmark.startMeasurement()
    let change = interpreter.updateNow(to: target)
    benchmark.stopMeasurement()
    precondition((change != nil) == changes && interpreter.environment == target)
}

private let rebuildTarget = Alternation()

let benchmarks: @Sendable () -> Void = {
    let classConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(4),
        maxIterations: 2000,
        setup: { _ = fixture }
    )
    let resizeConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        maxDuration: .seconds(2),
        maxIterations: 100_000,
        setup: { _ = fixture }
    )

    Benchmark("Switch class, 200 containers: update(to:)", configuration: classConfiguration) { benchmark in
        await measureUpdate(benchmark, fixture.acrossClasses, phone, pad, changes: true)
    }

    Benchmark("Switch class, 200 containers: new interpreter and preload", configuration: classConfiguration) {
        benchmark in
        let target = rebuildTarget.toggle() ? pad : phone
        benchmark.startMeasurement()
        let interpreter = ConstraintInterpreter(source: source, environment: target)
        try? await interpreter.preload(containers: corpus.containers)
        benchmark.stopMeasurement()
        precondition(interpreter.loadedContainers.count == corpus.containers.count)
    }

    Benchmark("Switch class, 200 containers: updateNow(to:)", configuration: classConfiguration) { benchmark in
        measureUpdateNow(benchmark, fixture.acrossClassesNow, phone, pad, changes: true)
    }

    Benchmark("Resize within a class, no scaled values: update(to:)", configuration: resizeConfiguration) {
        benchmark in
        await measureUpdate(benchmark, fixture.withinClass, phone, resized, changes: false)
    }

    Benchmark("Resize within a class, no scaled values: updateNow(to:)", configuration: resizeConfiguration) {
        benchmark in
        measureUpdateNow(benchmark, fixture.withinClassNow, phone, resized, changes: false)
    }

    Benchmark("Resize within a class, 20 of 200 scaled: update(to:)", configuration: resizeConfiguration) {
        benchmark in
        await measureUpdate(benchmark, fixture.scaled, phone, resized, changes: true)
    }

    Benchmark("Resize within a class, 20 of 200 scaled: updateNow(to:)", configuration: resizeConfiguration) {
        benchmark in
        measureUpdateNow(benchmark, fixture.scaledNow, phone, resized, changes: true)
    }
}
