// libFuzzer harness: the constraint file parser on arbitrary bytes, without and with a diagnostics handler.
// Built and run by Scripts/fuzz.sh (not a SwiftPM target). A crash, a sanitizer report or a broken invariant
// below is a finding. Uses public API only.
import DeviceConstraints
import Foundation

// MARK: - Adapter (the one place that names the library's API)

/// Parses `data` as the file `fileName`, collecting warnings when `listening`.
private func parseFile(_ data: Data, fileName: String, listening: Bool) -> (
    result: Result<ContainerConstraints, ConstraintError>, warnings: Int
) {
    let warnings = Counter()
    var handler: ConstraintDiagnosticHandler?
    if listening { handler = { (_: ConstraintDiagnostic) in warnings.increment() } }
    do throws(ConstraintError) {
        let file = try ConstraintFileParser().parse(data, fileName: fileName, diagnostics: handler)
        return (.success(file), warnings.value)
    } catch {
        return (.failure(error), warnings.value)
    }
}

// MARK: - Harness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParser(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    // Named after the container the file names, so that seeds from real files get past the top-level key.
    let fileName = "\(topLevelKey(of: data) ?? "Fuzz")_iPhone6.json"
    let quiet = parseFile(data, fileName: fileName, listening: false)
    let listening = parseFile(data, fileName: fileName, listening: true)
    // Listening for warnings must not change what a file reads as.
    switch (quiet.result, listening.result) {
    case (.success(let a), .success(let b)):
        check(a == b, "records differ with a handler", data)
        check(a.viewIds.count == a.count && Set(a.viewIds).count == a.count, "view ids are not unique", data)
        for id in a.viewIds { check(a[id] != nil, "view \(id) listed but not found", data) }
    case (.failure(let a), .failure(let b)):
        check(a == b, "errors differ with a handler: \(a) | \(b)", data)
        check(
            a.file == fileName && (a.line ?? 1) >= 1 && (a.column ?? 1) >= 1, "error not placed: \(a)", data)
        _ = a.description
    default:
        check(false, "a handler changes success into failure: \(quiet.result) | \(listening.result)", data)
    }
    check(quiet.warnings == 0, "warnings without a handler", data)
    return 0
}
