import Benchmark
import DeviceConstraints
import DeviceConstraintsTooling
import Foundation

// 15. `device-constraints import` at scale (issue 25: "10,000 tokens × 12 modes import in under 2 s and linearly"):
// W3C design tokens files of 10,000 and of 20,000 tokens in each of 12 modes (the base and 11 devices, each giving
// every tenth value differently; the shape of the tokens tests' generated modes), imported in the same run, each
// iteration into a new folder: reading and aliasing the tokens, making the 1,200 and 2,400 files' text, linting them
// and writing them. A linear import takes about twice as long on the second. The folders are removed at the end,
// not between iterations: on ext4, a file created in the seconds after many were deleted costs far more (the
// inode allocator skips recently deleted inodes), which would measure the removal, not the import.

/// The token files of `count` tokens in each of 12 modes, written to a new folder under `root`.
private func tokenFiles(count: Int, in root: URL) throws -> [String] {
    let folder = root.appendingPathComponent("tokens-\(count)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let devices = DeviceCatalog.standard.profiles.prefix(11).map(\.name.rawValue)
    let attributes = ["marginLeft", "marginTop", "width", "height"]
    var paths: [String] = []
    for (index, mode) in (["base"] + devices).enumerated() {
        var text = "{"
        var token = 0
        var container = 0
        while token < count {
            text += container == 0 ? "" : ","
            text += "\"C\(container)\": {"
            for view in 0..<25 where token < count {
                text += view == 0 ? "" : ","
                text += "\"v\(view)\": {\"$type\": \"dimension\""
                for attribute in attributes where token < count {
                    let value = token % 10 == 0 ? token + index : token
                    text += ", \"\(attribute)\": {\"$value\": {\"value\": \(value), \"unit\": \"px\"}}"
                    token += 1
                }
                text += "}"
            }
            text += "}"
            container += 1
        }
        text += "}"
        let path = folder.appendingPathComponent("\(mode).tokens.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        paths.append(path)
    }
    return paths
}

/// A folder of this run, removed by the teardown.
private let root = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("device-constraints-import-\(ProcessInfo.processInfo.processIdentifier)")

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 10,
        teardown: { try? FileManager.default.removeItem(at: root) })
    for (count, name) in [(10_000, "10,000"), (20_000, "20,000")] {
        Benchmark("Import \(name) tokens × 12 modes") { benchmark in
            let files: [String]
            do {
                files = try tokenFiles(count: count, in: root)
            } catch {
                benchmark.error("could not write the token files: \(error)")
                return
            }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let output = root.appendingPathComponent("out-\(count)-\(UUID().uuidString)").path
                let result = DeviceConstraintsCommandLine.run(["import"] + files + ["--output", output])
                guard result.status == 0 else {
                    benchmark.error("the import failed: \(result.errorOutput)")
                    return
                }
                blackHole(result)
            }
        }
    }
}
