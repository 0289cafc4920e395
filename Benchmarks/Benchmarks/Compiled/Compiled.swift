import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Foundation

// 14. Compiled tables (issue 30), each side by side with JSON in the same run, so that the ratios hold on a noisy
// machine: preloading the corpus (200 containers) from a table, from JSON held in memory and into the original design;
// the same from disk, as an app starts (a folder of JSON files listed and read, against a table file opened, mapped and
// read, the opening measured); the first lookup of a container with no preload; a lookup hit from a table-backed
// interpreter and a JSON-backed one, loaded whole; after a preload, a lookup hit (from a table, of records read in place
// and kept) and the first lookup of each container (from a table, each read in place); and compiling a file of 10,000
// views. A preload from a table reads nothing of a container: its view ids are read in the background on its first
// lookup, each record on its view's (see "Compiled tables").

private let corpus = Corpus()
private let json = InMemorySource(corpus.files)
private let table: CompiledTable = {
    do {
        let files = corpus.files.map { (name: $0.key, data: Data($0.value.utf8)) }
        return try CompiledTable(data: try CompiledTable.compile(files), name: "Corpus.dctable")
    } catch {
        preconditionFailure("the corpus does not compile: \(error)")
    }
}()
private let compiled = CompiledTableSource(table: table, fallback: json)
private let device = DeviceCatalog.standard.profile(named: DeviceName(Corpus.device))!
private let keys = corpus.sampleKeys(count: 1000, seed: 7)
private let coldContainer = corpus.containers[corpus.containers.count / 2]
private let coldViewId = corpus.viewIds[coldContainer]![0]

/// The corpus on disk: its JSON files in a folder, and the table compiled from them beside it.
private let onDisk: (folder: URL, table: URL) = {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
        "device-constraints-compiled-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    let folder = root.appendingPathComponent("Constraints", isDirectory: true)
    let table = root.appendingPathComponent("Constraints.dctable")
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in corpus.files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let files = corpus.files.map { (name: $0.key, data: Data($0.value.utf8)) }
        try CompiledTable.compile(files).write(to: table)
    } catch {
        preconditionFailure("the corpus cannot be written: \(error)")
    }
    return (folder, table)
}()

/// A file of 10,000 views, each with a plain and a scaled value.
private let tenThousandViews: Data = {
    let records = (0..<10_000).map { "{\"view\($0)\": {\"width\": \($0), \"height\": {\"scaled\": 3}}}" }
    return Data("{\"Big\": [\(records.joined(separator: ","))]}".utf8)
}()

private func preloaded(_ source: any ConstraintSource) -> ConstraintInterpreter {
    let interpreter = ConstraintInterpreter(source: source, device: device, diagnostics: { _ in })
    for container in corpus.containers { _ = try? interpreter.records(container: container) }
    return interpreter
}

private let tableInterpreter = preloaded(compiled)
private let jsonInterpreter = preloaded(json)

/// An interpreter that preloaded the corpus (from a table: each container unread) and then looked every key of the
/// sample up once (from a table: each of those records read in place, and kept once its container's view ids are
/// read in the background: a tenth of a second later they are looked up again, and kept).
private func preloadedAndRead(_ source: any ConstraintSource) -> ConstraintInterpreter {
    let interpreter = ConstraintInterpreter(source: source, device: device, diagnostics: { _ in })
    let done = DispatchSemaphore(value: 0)
    interpreter.preload(containers: corpus.containers) { _ in done.signal() }
    done.wait()
    hits(interpreter)
    Thread.sleep(forTimeInterval: 0.1)
    hits(interpreter)
    return interpreter
}

private let tableAfterPreload = preloadedAndRead(compiled)
private let jsonAfterPreload = preloadedAndRead(json)
private let coldTable = ConstraintInterpreter(source: compiled, device: device, diagnostics: { _ in })
private let coldJSON = ConstraintInterpreter(source: json, device: device, diagnostics: { _ in })

private func preload(_ source: any ConstraintSource, _ benchmark: Benchmark) async {
    let interpreter = ConstraintInterpreter(source: source, device: device, diagnostics: { _ in })
    benchmark.startMeasurement()
    try? await interpreter.preload(containers: corpus.containers)
    benchmark.stopMeasurement()
    precondition(interpreter.loadedContainers.count == corpus.containers.count)
}

/// Loads the corpus into a fresh port of the original design (as the Preload benchmarks do), waiting for its last
/// barrier write: the issue's other baseline, measured in the same run.
private func preloadOriginal(_ benchmark: Benchmark) {
    OriginalInterpreter.measurePreload(of: corpus) { load in
        benchmark.startMeasurement()
        load()
        benchmark.stopMeasurement()
    }
}

/// Preloads from disk, the source made (and a table opened) inside the measurement, as at an app's start.
private func preloadFromDisk(table: Bool, _ benchmark: Benchmark) async {
    benchmark.startMeasurement()
    let json = DirectorySource(onDisk.folder)
    let source: any ConstraintSource = table ? CompiledTableSource(tableAt: onDisk.table, fallback: json) : json
    let interpreter = ConstraintInterpreter(source: source, device: device, diagnostics: { _ in })
    try? await interpreter.preload(containers: corpus.containers)
    benchmark.stopMeasurement()
    precondition(interpreter.loadedContainers.count == corpus.containers.count)
}

private func coldLookup(_ interpreter: ConstraintInterpreter, _ benchmark: Benchmark) {
    interpreter.invalidate(container: coldContainer)
    benchmark.startMeasurement()
    blackHole(try? interpreter.record(viewId: coldViewId, container: coldContainer))
    benchmark.stopMeasurement()
}

private func hits(_ interpreter: ConstraintInterpreter) {
    for key in keys { blackHole(try? interpreter.record(viewId: key.viewId, container: key.container)) }
}

/// The first view of each container looked up right after a preload, the preload outside the measurement: from a
/// table, where each view is read in place (and the container's view ids in the background); from JSON, hits.
private func firstLookupsAfterPreload(_ source: any ConstraintSource, _ benchmark: Benchmark) async {
    let interpreter = ConstraintInterpreter(source: source, device: device, diagnostics: { _ in })
    try? await interpreter.preload(containers: corpus.containers)
    benchmark.startMeasurement()
    for container in corpus.containers {
        blackHole(try? interpreter.record(viewId: corpus.viewIds[container]![0], container: container))
    }
    benchmark.stopMeasurement()
}

let benchmarks: @Sendable () -> Void = {
    let preloadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 1000,
        setup: { _ = compiled })
    let coldConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(3),
        maxIterations: 100_000, setup: { _ = (coldTable, coldJSON) })
    // Per lookup: 1000 keys an iteration.
    let hitConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo,
        maxDuration: .seconds(2), maxIterations: 1_000_000, setup: { _ = (tableInterpreter, jsonInterpreter) })
    let compileConfiguration = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 50,
        setup: { _ = tenThousandViews })

    Benchmark("Preload 200 containers: compiled table", configuration: preloadConfiguration) { benchmark in
        await preload(compiled, benchmark)
    }
    Benchmark("Preload 200 containers: JSON", configuration: preloadConfiguration) { benchmark in
        await preload(json, benchmark)
    }
    Benchmark("Preload 200 containers: original design", configuration: preloadConfiguration) { benchmark in
        preloadOriginal(benchmark)
    }
    let diskConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 1000,
        setup: { _ = onDisk })
    Benchmark("Preload 200 containers from disk: compiled table, opened", configuration: diskConfiguration) {
        benchmark in
        await preloadFromDisk(table: true, benchmark)
    }
    Benchmark("Preload 200 containers from disk: JSON folder", configuration: diskConfiguration) { benchmark in
        await preloadFromDisk(table: false, benchmark)
    }
    Benchmark("First lookup, no preload: compiled table", configuration: coldConfiguration) { benchmark in
        coldLookup(coldTable, benchmark)
    }
    Benchmark("First lookup, no preload: JSON", configuration: coldConfiguration) { benchmark in
        coldLookup(coldJSON, benchmark)
    }
    Benchmark("Lookup hit: compiled table", configuration: hitConfiguration) { _ in hits(tableInterpreter) }
    Benchmark("Lookup hit: JSON", configuration: hitConfiguration) { _ in hits(jsonInterpreter) }
    let afterPreloadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo,
        maxDuration: .seconds(2), maxIterations: 1_000_000, setup: { _ = (tableAfterPreload, jsonAfterPreload) })
    Benchmark(
        "Lookup hit after a preload: compiled table (records read in place and kept)",
        configuration: afterPreloadConfiguration
    ) { _ in hits(tableAfterPreload) }
    Benchmark("Lookup hit after a preload: JSON", configuration: afterPreloadConfiguration) { _ in
        hits(jsonAfterPreload)
    }
    // Per lookup: 200 an iteration, one per container.
    let firstLookupsConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, maxDuration: .seconds(5),
        maxIterations: 1000, setup: { _ = compiled })
    Benchmark(
        "First lookup of each container after a preload: compiled table",
        configuration: firstLookupsConfiguration
    ) { benchmark in await firstLookupsAfterPreload(compiled, benchmark) }
    Benchmark("First lookup of each container after a preload: JSON", configuration: firstLookupsConfiguration) {
        benchmark in await firstLookupsAfterPreload(json, benchmark)
    }
    Benchmark("Compile 10,000 views", configuration: compileConfiguration) { _ in
        blackHole(try? CompiledTable.compile([(name: "Big.json", data: tenThousandViews)]))
    }
}
