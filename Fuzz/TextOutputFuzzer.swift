// libFuzzer harness: what `device-constraints` prints for random files, file names and catalogs. No control
// character a terminal would obey reaches standard output or standard error unescaped, --json (and --watch --json's
// JSON Lines) stays valid JSON, and every diagnostic of lint and every row of a table stays on its own line. Built
// and run by Scripts/fuzz.sh with the tool's library (DeviceConstraintsTooling) and the modules it imports.
//
// An input is parts separated by NUL bytes: a catalog file (empty: the standard catalog), then a file name and its
// contents, as many times as given. A name gets `.json` unless it ends so; `/` in a name becomes `-`.
import DeviceConstraints
import DeviceConstraintsTooling
import Foundation

// MARK: - Adapter (the one place that names the tool's API)

/// What the tool prints for `command`, as the executable would print it.
private func run(_ command: ToolCommand) -> ToolResult {
    DeviceConstraintsTool().run(command)
}

/// What `lint --watch` (`--json` when `json`) prints for one run after `changed` changed.
private func watchOnce(_ folder: String, json: Bool, changed: Set<String>) -> [ToolResult] {
    final class Printed: @unchecked Sendable {
        var results: [ToolResult] = []
    }
    let printed = Printed()
    let session = WatchSession(.lint(LintOptions(directory: folder, json: json, watch: true))) {
        printed.results.append($0)
    }
    session.runOnce(changed: nil)
    session.runOnce(changed: changed)
    return printed.results
}

// MARK: - The folder

/// The folder the files of one input are written to: made once, emptied for each input; in memory where the system
/// has a file system there (/dev/shm).
private let folder: URL = {
    let memory = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let base = FileManager.default.fileExists(atPath: memory.path) ? memory : FileManager.default.temporaryDirectory
    let url = base.appendingPathComponent(
        "text-output-fuzzer-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    try? FileManager.default.removeItem(at: url)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}()

/// Writes the files of `parts` (name, contents, name, contents, …) to an empty `Constraints` folder and the catalog
/// (when not empty) beside it; returns the names written and the catalog's path.
private func writeInput(_ parts: [Data]) -> (names: [String], catalog: String?) {
    let constraints = folder.appendingPathComponent("Constraints", isDirectory: true)
    try? FileManager.default.removeItem(at: constraints)
    try? FileManager.default.createDirectory(at: constraints, withIntermediateDirectories: true)
    var catalog: String?
    if let first = parts.first, !first.isEmpty {
        let path = folder.appendingPathComponent("catalog.json").path
        if write(first, to: path) { catalog = path }
    }
    var names: [String] = []
    var index = 1
    while index < parts.count, names.count < 8 {
        var name = String(decoding: parts[index].prefix(120), as: UTF8.self).replacingOccurrences(of: "/", with: "-")
        if !name.hasSuffix(".json") { name += ".json" }
        let contents = index + 1 < parts.count ? parts[index + 1] : Data()
        index += 2
        guard !names.contains(name), name != ".json", name != "..json" else { continue }
        if write(contents, to: constraints.appendingPathComponent(name).path) { names.append(name) }
    }
    return (names, catalog)
}

/// Writes `data` to a new file at `path` with the system's calls: FileManager's and Data's writes sync the disk,
/// which made a run take 50 ms.
private func write(_ data: Data, to path: String) -> Bool {
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard file >= 0 else { return false }
    defer { close(file) }
    return data.withUnsafeBytes { bytes in
        bytes.isEmpty || Foundation.write(file, bytes.baseAddress, bytes.count) == bytes.count
    }
}

// MARK: - Checks

/// The scalars a terminal would act on (TerminalText's list), other than the line feed that ends a line.
private func unsafeScalars(in text: String) -> [UInt32] {
    text.unicodeScalars.filter { TerminalText.isUnsafe($0) && $0 != "\n" }.map(\.value)
}

private func checkPrintable(_ result: ToolResult, _ what: String, _ input: Data) {
    check(unsafeScalars(in: result.output).isEmpty, "\(what) printed \(unsafeScalars(in: result.output))", input)
    check(
        unsafeScalars(in: result.errorOutput).isEmpty,
        "\(what) printed on standard error \(unsafeScalars(in: result.errorOutput))", input)
    check([0, 1, 2].contains(result.exitCode.rawValue), "\(what) exits \(result.exitCode)", input)
}

/// The output of a `--json` run, parsed; nil (a finding) when it is not JSON.
private func parsedJSON(_ result: ToolResult, _ what: String, _ input: Data) -> Any? {
    let parsed = try? JSONSerialization.jsonObject(with: Data(result.output.utf8), options: [.fragmentsAllowed])
    check(parsed != nil, "\(what) printed invalid JSON: \(result.output.prefix(300))", input)
    return parsed
}

/// The lines of `text`, without the newline at its end.
private func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
}

// MARK: - Harness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTextOutput(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    let parts = data.split(separator: 0, omittingEmptySubsequences: false).map { Data($0) }
    let (names, catalog) = writeInput(parts)
    let directory = folder.appendingPathComponent("Constraints").path

    // lint: text and JSON agree on the diagnostics, one line each.
    let lint = run(.lint(LintOptions(directory: directory, catalog: catalog)))
    checkPrintable(lint, "lint", data)
    let lintJSON = run(.lint(LintOptions(directory: directory, catalog: catalog, json: true)))
    checkPrintable(lintJSON, "lint --json", data)
    if lint.exitCode != .usageError, lint.output.isEmpty == false,
        let object = parsedJSON(lintJSON, "lint --json", data) as? [String: Any]
    {
        let diagnostics = (object["diagnostics"] as? [Any])?.count ?? -1
        check(
            lines(lint.output).count == diagnostics + 1,
            "lint printed \(lines(lint.output).count) lines for \(diagnostics) diagnostics", data)
    }

    // show: the table has a line per attribute, as --json lists them.
    let container = names.first.map { String($0.dropLast(".json".count).prefix { $0 != "_" }) } ?? "Card"
    let device = DeviceSelection.size(width: 390, height: 844, idiom: nil)
    let show = run(.show(ShowOptions(container: container, directory: directory, device: device, catalog: catalog)))
    checkPrintable(show, "show", data)
    let showJSON = run(
        .show(ShowOptions(container: container, directory: directory, device: device, catalog: catalog, json: true)))
    checkPrintable(showJSON, "show --json", data)
    if show.exitCode == .success, let object = parsedJSON(showJSON, "show --json", data) as? [String: Any] {
        let views = object["views"] as? [[String: Any]] ?? []
        let rows = views.reduce(0) { $0 + (($1["attributes"] as? [Any])?.count ?? 0) }
        // The header's four lines, a blank line, the table's header, a line a row.
        check(lines(show.output).count == 6 + rows, "show printed \(lines(show.output).count) lines for \(rows)", data)
    } else if showJSON.exitCode != .usageError {
        _ = parsedJSON(showJSON, "show --json", data)
    }

    // devices: a line a device, and JSON that reads back as the catalog.
    let devices = run(.devices(DevicesOptions(catalog: catalog)))
    checkPrintable(devices, "devices", data)
    let devicesJSON = run(.devices(DevicesOptions(catalog: catalog, json: true)))
    checkPrintable(devicesJSON, "devices --json", data)
    if devices.exitCode == .success, let object = parsedJSON(devicesJSON, "devices --json", data) as? [String: Any] {
        let count = (object["devices"] as? [Any])?.count ?? -1
        // The devices' table runs to the first blank line (the classes' models follow): its header, a line a device.
        let table = lines(devices.output).prefix { !$0.isEmpty }
        check(table.count == count + 1, "devices printed a device on two lines", data)
        check(
            (try? DeviceCatalog(json: Data(devicesJSON.output.utf8))) != nil, "devices --json does not read back", data)
    } else {
        _ = parsedJSON(devicesJSON, "devices --json", data)
    }

    // coverage.
    checkPrintable(run(.coverage(CoverageOptions(directory: directory, catalog: catalog))), "coverage", data)
    let coverageJSON = run(.coverage(CoverageOptions(directory: directory, catalog: catalog, json: true)))
    checkPrintable(coverageJSON, "coverage --json", data)
    _ = parsedJSON(coverageJSON, "coverage --json", data)

    // lint --watch, text and JSON Lines, with the names of the files as the ones that changed.
    for json in [false, true] {
        for result in watchOnce(directory, json: json, changed: Set(names)) {
            checkPrintable(result, "lint --watch\(json ? " --json" : "")", data)
            guard json else { continue }
            check(lines(result.output).count == 1, "a JSON Lines record took \(lines(result.output).count) lines", data)
            _ = parsedJSON(result, "lint --watch --json", data)
        }
    }
    return 0
}
