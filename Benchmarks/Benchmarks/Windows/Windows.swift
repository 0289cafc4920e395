import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Foundation
import Observation

// 11. Several windows and SwiftUI's reads, with the whole corpus (200 containers).
// - A `LiveConstraints` read of a record against the interpreter's `record()` hit, for the same 1000 keys: inside one
//   `withObservationTracking` scope (as a SwiftUI body reads), and outside any. Times are per lookup.
// - `update(to:)` across classes (iPhone6 ↔ iPad) of one window, against the same update of one of two windows that
//   share files (the other stays on the iPhone6), both classes' files read before the measured loop.
// - Opening a second window's interpreter (`sharingFilesWith:`) on a class the first has loaded: all 200
//   containers are ready at once; the source counts reads, and the benchmark fails if one happens.

private let corpus = Corpus()
private let phone = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
private let phoneLandscape = LayoutEnvironment(width: 667, height: 375, idiom: .phone)
private let pad = LayoutEnvironment(width: 768, height: 1024, idiom: .pad)

/// An in-memory source that counts the files read.
private final class CountingSource: ConstraintSource, @unchecked Sendable {
    private let files: InMemorySource
    private let lock = NSLock()
    private var count = 0  // guarded by `lock`

    init(_ files: [String: String]) { self.files = InMemorySource(files) }

    func data(forFile name: String) throws -> Data? {
        lock.withLock { count += 1 }
        return files.data(forFile: name)
    }

    func fileNames() throws -> [String] { files.fileNames() }

    var reads: Int { lock.withLock { count } }
}

/// An interpreter with every container loaded for each of `environments` in turn, left on `environments[0]`.
private func loaded(_ interpreter: ConstraintInterpreter, _ environments: [LayoutEnvironment]) -> ConstraintInterpreter
{
    for environment in environments.reversed() {
        _ = interpreter.updateNow(to: environment)
        for container in corpus.containers {
            guard (try? interpreter.records(container: container)) != nil else {
                preconditionFailure("the generated container \(container) did not load for \(environment)")
            }
        }
    }
    precondition(interpreter.environment == environments[0])
    return interpreter
}

private final class Fixture: Sendable {
    let lookups = LookupFixture()
    let live: LiveConstraints
    let oneWindow: ConstraintInterpreter
    let sharedMoving: ConstraintInterpreter
    let sharedStaying: ConstraintInterpreter
    let opened: CountingSource
    let openedFirst: ConstraintInterpreter
    let registrarFloor = RegistrarFloor(count: LookupFixture.keyCount)

    init() {
        live = LiveConstraints(lookups.interpreter)
        for key in lookups.keys {
            precondition(live[viewId: key.viewId, container: key.container] == lookups.dictionary[key])
        }
        oneWindow = loaded(
            ConstraintInterpreter(source: InMemorySource(corpus.files), environment: phone), [phone, pad])
        sharedStaying = loaded(
            ConstraintInterpreter(source: InMemorySource(corpus.files), environment: phone), [phone, pad])
        sharedMoving = loaded(ConstraintInterpreter(sharingFilesWith: sharedStaying, environment: phone), [phone, pad])
        opened = CountingSource(corpus.files)
        openedFirst = loaded(ConstraintInterpreter(source: opened, environment: phone), [phone])
    }
}

/// The registrar's access alone: an Observable with one key path per key read, made in advance, read with no lookup.
private final class RegistrarFloor: Observable, @unchecked Sendable {
    // @unchecked: key paths are not Sendable, but these are made once, in init, and never changed.
    private let registrar = ObservationRegistrar()
    let keyPaths: [KeyPath<RegistrarFloor, Int>]

    init(count: Int) {
        keyPaths = (0..<count).map { \RegistrarFloor.[slot: UInt64($0)] }
    }

    private subscript(slot slot: UInt64) -> Int { 0 }

    @inline(never)
    func read(_ index: Int) {
        registrar.access(self, keyPath: keyPaths[index])
    }
}

private let fixture = Fixture()

/// One measured `update(to:)` of `interpreter` to the other of the two windows.
private func measureSwitch(_ benchmark: Benchmark, _ interpreter: ConstraintInterpreter) async {
    let target = interpreter.environment == phone ? pad : phone
    benchmark.startMeasurement()
    let change = try? await interpreter.update(to: target)
    benchmark.stopMeasurement()
    precondition(change != nil && interpreter.environment == target)
}

let benchmarks: @Sendable () -> Void = {
    let readConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000,
        setup: { _ = fixture }
    )
    let switchConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(4),
        maxIterations: 2000,
        setup: { _ = fixture }
    )

    Benchmark("Read: record() hit", configuration: readConfiguration) { _ in
        let interpreter = fixture.lookups.interpreter
        for key in fixture.lookups.keys {
            blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
        }
    }

    Benchmark("Read: LiveConstraints, untracked", configuration: readConfiguration) { _ in
        let live = fixture.live
        for key in fixture.lookups.keys {
            blackHole(live[viewId: key.viewId, container: key.container])
        }
    }

    // In a tracked scope, only the reads are measured: the registrations `withObservationTracking` makes when its
    // scope ends (one per key path read, a few microseconds each, for any Observable) are left out, as they are not
    // the read's. The floor is the registrar's access alone, for as many distinct key paths, with no lookup.
    Benchmark("Read: LiveConstraints, in a tracked scope", configuration: readConfiguration) { benchmark in
        let live = fixture.live
        withObservationTracking {
            benchmark.startMeasurement()
            for key in fixture.lookups.keys {
                blackHole(live[viewId: key.viewId, container: key.container])
            }
            benchmark.stopMeasurement()
        } onChange: {
        }
    }

    Benchmark("Read: record() hit, in a tracked scope", configuration: readConfiguration) { benchmark in
        let interpreter = fixture.lookups.interpreter
        withObservationTracking {
            benchmark.startMeasurement()
            for key in fixture.lookups.keys {
                blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
            }
            benchmark.stopMeasurement()
        } onChange: {
        }
    }

    Benchmark("Read: the registrar's access alone, in a tracked scope", configuration: readConfiguration) {
        benchmark in
        let floor = fixture.registrarFloor
        withObservationTracking {
            benchmark.startMeasurement()
            for index in floor.keyPaths.indices { floor.read(index) }
            benchmark.stopMeasurement()
        } onChange: {
        }
    }

    Benchmark("Switch class, 200 containers: one window", configuration: switchConfiguration) { benchmark in
        await measureSwitch(benchmark, fixture.oneWindow)
    }

    Benchmark("Switch class, 200 containers: one of two windows sharing files", configuration: switchConfiguration) {
        benchmark in
        await measureSwitch(benchmark, fixture.sharedMoving)
    }

    Benchmark("Open a second window on a class already loaded, 200 containers", configuration: switchConfiguration) {
        benchmark in
        let reads = fixture.opened.reads
        benchmark.startMeasurement()
        let second = ConstraintInterpreter(sharingFilesWith: fixture.openedFirst, environment: phoneLandscape)
        benchmark.stopMeasurement()
        precondition(second.loadedContainers.count == corpus.containers.count, "every container must be ready")
        precondition(fixture.opened.reads == reads, "opening a second window must read no file")
    }
}
