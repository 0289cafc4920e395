import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Foundation

// Hot reload of a 20 KB container (the cold-lookup file) from a real folder: the time from a rename-save (write a
// temporary file, rename it over the original, as Xcode saves) to `record()` returning the new value.
//
// - with the default debounce (40 ms): what a designer editing a file sees;
// - with no debounce: the watcher's wake-up, the re-read, the re-parse of the one file and the swap;
// - baseline in the same run: parsing the same 20 KB with `ConstraintFileParser` alone.
//
// Each version of the file carries a marker view whose width is the version number, so the loop knows when the new
// version is visible.

private let file = Corpus.smallFile

/// The file with a marker view holding `version` first in its array.
private func text(version: Int) -> String {
    let key = "\"\(file.container)\""
    guard let keyRange = file.text.range(of: key), let bracket = file.text[keyRange.upperBound...].firstIndex(of: "[")
    else { return file.text }
    var text = file.text
    text.insert(contentsOf: "{\"reloadMarker\": {\"width\": \(version)}},", at: text.index(after: bracket))
    return text
}

/// A folder holding the file, watched by an interpreter with `debounce`.
private final class Setup: @unchecked Sendable {
    let folder: URL
    let interpreter: ConstraintInterpreter
    let watcher: DirectoryWatcher?
    var version = 0

    init(debounce: Double) {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("HotReloadBenchmark-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(text(version: 0).utf8).write(to: folder.appendingPathComponent(file.fileName))
        interpreter = ConstraintInterpreter(
            source: InMemorySource([:]),
            environment: LayoutEnvironment(width: 375, height: 667, idiom: .phone))
        watcher = try? interpreter.watch(DirectorySource(folder), debounce: debounce)
        _ = try? interpreter.record(viewId: "reloadMarker", container: file.container)
    }

    /// Saves the next version by rename and waits until a lookup returns it (at most 5 s).
    func saveAndWait() {
        version += 1
        let temporary = folder.appendingPathComponent(".\(file.fileName).tmp")
        try? Data(text(version: version).utf8).write(to: temporary)
        _ = rename(temporary.path, folder.appendingPathComponent(file.fileName).path)
        let deadline = Date().addingTimeInterval(5)
        while (try? interpreter.record(viewId: "reloadMarker", container: file.container).width)
            != Double(version), Date() < deadline
        {
            usleep(100)
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(5),
        maxIterations: 200
    )

    let debounced = Setup(debounce: DirectoryWatcher.defaultDebounce)
    Benchmark("Edit to visible (20 KB, rename-save, default 40 ms debounce)") { benchmark in
        for _ in benchmark.scaledIterations { debounced.saveAndWait() }
    }

    let immediate = Setup(debounce: 0)
    Benchmark("Edit to visible (20 KB, rename-save, no debounce)") { benchmark in
        for _ in benchmark.scaledIterations { immediate.saveAndWait() }
    }

    let data = Data(text(version: 0).utf8)
    Benchmark("Baseline: parse the same 20 KB file") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(try? ConstraintFileParser().parse(data, fileName: file.fileName))
        }
    }
}
