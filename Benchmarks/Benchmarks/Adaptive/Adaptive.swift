import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Foundation

// 13. What the adaptive lookups cost (Dynamic Type, qualifiers, containers), with the corpus (200 containers, a font
// size on many views: each follows the text size) loaded:
// - a text-size change (.large ↔ .accessibility1) of a window with all 200 containers loaded, `updateNow(to:)`:
//   every font is resolved again, and no file is read;
// - opening a container's environment (a 320-point column in a 1024-point iPad window, class iPhone5) on a class
//   the window has loaded: an interpreter made `sharingFilesWith:` the window's and one container read from it,
//   with no file read — what a split-view column or a sheet costs when it first appears;
// - a lookup chain with qualifiers against one of the same length without: the 200 containers preloaded through
//   [iPhone6-portrait, iPhone6, base] and through [iPhone14Pro, iPhone6, base], the same bytes in each;
// - a lookup hit at the default text size, at accessibility1, and in a container's interpreter (1000 keys).

private let corpus = Corpus()

/// A source that counts the files read from it: the measured steps must read none.
private final class CountingSource: ConstraintSource, @unchecked Sendable {
    private let files: InMemorySource
    private let lock = NSLock()
    private var count = 0  // guarded by `lock`

    init(_ files: [String: String]) { self.files = InMemorySource(files) }

    var reads: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func data(forFile name: String) throws -> Data? {
        lock.lock()
        count += 1
        lock.unlock()
        return files.data(forFile: name)
    }

    func fileNames() throws -> [String] { files.fileNames() }
}

private let phone = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
private let phoneLargeText = phone.withTextSize(.accessibility1)
private let padWindow = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)
private let column = LayoutEnvironment(width: 320, height: 1366, idiom: .pad)
private let modernPhone = LayoutEnvironment(width: 393, height: 852, idiom: .phone)

/// The corpus with each container's iPhone6 file renamed `device` (and iPhone5's renamed `fallback`), so that the
/// chain reads three files: the two and the base.
private func threeFileChain(_ device: String, _ fallback: String) -> [String: String] {
    var files: [String: String] = [:]
    for (name, text) in corpus.files {
        if let container = name.split(separator: "_").first.map(String.init), name.hasSuffix("_iPhone6.json") {
            files["\(container)_\(device).json"] = text
        } else if let container = name.split(separator: "_").first.map(String.init), name.hasSuffix("_iPhone5.json") {
            files["\(container)_\(fallback).json"] = text
        } else if !name.contains("_") {
            files[name] = text
        }
    }
    return files
}

private final class Fixture: Sendable {
    let source = CountingSource(corpus.files)
    let window: ConstraintInterpreter
    let textSizes: ConstraintInterpreter
    let containerInterpreter: ConstraintInterpreter
    let largeText: ConstraintInterpreter
    let keys = corpus.sampleKeys(count: 1000, seed: 29)
    let qualified = InMemorySource(threeFileChain("iPhone6-portrait", "iPhone6"))
    let plain = InMemorySource(threeFileChain("iPhone14Pro", "iPhone6"))

    init() {
        window = ConstraintInterpreter(source: source, environment: padWindow)
        textSizes = ConstraintInterpreter(source: source, environment: phone)
        largeText = ConstraintInterpreter(source: source, environment: phoneLargeText)
        containerInterpreter = ConstraintInterpreter(sharingFilesWith: window, environment: column)
        for interpreter in [window, textSizes, largeText, containerInterpreter] {
            for container in corpus.containers {
                precondition((try? interpreter.records(container: container)) != nil, "\(container) did not load")
            }
        }
        precondition(window.device != containerInterpreter.device, "the column must be a class of its own")
        // Both text sizes of the text-size benchmark resolved once, so that its changes read no file.
        precondition(textSizes.updateNow(to: phoneLargeText) != nil, "a text-size change must change the fonts")
        precondition(textSizes.updateNow(to: phone) != nil)
        // Each chain reads its three files: the first file's records win over the fallback's, so the two chains,
        // holding the same bytes, give the same records (with a missing first file they would differ).
        let container = corpus.containers[0]
        let qualifiedRecords = try? ConstraintInterpreter(source: qualified, environment: phone).records(
            container: container)
        let plainRecords = try? ConstraintInterpreter(source: plain, environment: modernPhone).records(
            container: container)
        let withoutQualifier = try? ConstraintInterpreter(
            source: InMemorySource(threeFileChain("iPhone6-portrait", "iPhone6").filter { !$0.key.contains("-") }),
            environment: phone
        ).records(container: container)
        precondition(
            qualifiedRecords != nil && qualifiedRecords == plainRecords && qualifiedRecords != withoutQualifier)
    }
}

private let fixture = Fixture()

private let textSizeTurn = Alternation()

let benchmarks: @Sendable () -> Void = {
    let stepConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 5000,
        setup: { _ = fixture }
    )
    let preloadConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        maxDuration: .seconds(4),
        maxIterations: 200,
        setup: { _ = fixture }
    )
    let hitConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: 1_000_000,
        setup: { _ = fixture }
    )

    Benchmark("Text size change, 200 containers loaded: updateNow(to:)", configuration: stepConfiguration) {
        benchmark in
        let target = textSizeTurn.toggle() ? phoneLargeText : phone
        let reads = fixture.source.reads
        benchmark.startMeasurement()
        let change = fixture.textSizes.updateNow(to: target)
        benchmark.stopMeasurement()
        precondition(change != nil && fixture.source.reads == reads, "a text-size change must read no file")
    }

    Benchmark("Open a container's environment on a loaded class: one container", configuration: stepConfiguration) {
        benchmark in
        let container = corpus.containers[benchmark.currentIteration % corpus.containers.count]
        let reads = fixture.source.reads
        benchmark.startMeasurement()
        let opened = ConstraintInterpreter(sharingFilesWith: fixture.window, environment: column)
        let records = try? opened.records(container: container)
        benchmark.stopMeasurement()
        precondition(records != nil && fixture.source.reads == reads, "opening a container must read no file")
        blackHole(opened)
    }

    Benchmark(
        "Preload 200 containers, chain with a qualifier: iPhone6-portrait, iPhone6, base",
        configuration: preloadConfiguration
    ) { benchmark in
        benchmark.startMeasurement()
        let interpreter = ConstraintInterpreter(source: fixture.qualified, environment: phone)
        try? await interpreter.preloadAll()
        benchmark.stopMeasurement()
        blackHole(interpreter)
    }

    Benchmark(
        "Preload 200 containers, chain of the same length: iPhone14Pro, iPhone6, base",
        configuration: preloadConfiguration
    ) { benchmark in
        benchmark.startMeasurement()
        let interpreter = ConstraintInterpreter(source: fixture.plain, environment: modernPhone)
        try? await interpreter.preloadAll()
        benchmark.stopMeasurement()
        blackHole(interpreter)
    }

    Benchmark("Lookup hit: default text size", configuration: hitConfiguration) { _ in
        let interpreter = fixture.textSizes
        for key in fixture.keys {
            blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
        }
    }

    Benchmark("Lookup hit: accessibility1, every font scaled", configuration: hitConfiguration) { _ in
        let interpreter = fixture.largeText
        for key in fixture.keys {
            blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
        }
    }

    Benchmark("Lookup hit: a container's interpreter sharing the window's files", configuration: hitConfiguration) {
        _ in
        let interpreter = fixture.containerInterpreter
        for key in fixture.keys {
            blackHole(try? interpreter.record(viewId: key.viewId, container: key.container))
        }
    }
}
