// libFuzzer harness: three readers of the same bytes must agree.
//
//   A. the library as it loads files: plain files in one pass (`FastFileReader`), others through the general reader;
//   B. the library with the one-pass reader turned off (`readsPlainFilesFast = false`): the general reader only;
//   C. a naive reference written here: Foundation's `JSONSerialization`, the format's rules checked by hand, and a
//      straightforward attribute-by-attribute merge along the lookup chain.
//
// A and B must give exactly the same: the same records in the same order, or the same error (code, place,
// message), and the same warnings. C must give the same records (numbers within a relative 1e-12: Foundation's
// conversions are not all correctly rounded), or also fail; see `compareWithReference` for what C cannot see.
//
// Input: up to three files separated by a NUL byte (never valid inside JSON), read as the files of one container
// along a lookup chain (1 file: `C_iPhone6.json`; 2: plus the base `C.json`; 3: `C_iPhone14Pro.json`,
// `C_iPhone6.json`, `C.json` for an iPhone14Pro). The container is the first file's top-level key when it is a
// valid name, else "C". The low bit of the input's last byte chooses whether a diagnostics handler listens.
// Each file is also parsed on its own, and as `lint` reads it (going on after errors that spoil one view): the
// linter's first error must be the error a load throws. A and B must also agree on the width a file states
// (`"designWidth": 375` beside its container key) and on the chain's records resolved for a 320-point window, where
// scaled values scale against it; C checks that a file states a valid width or fails.
//
// This harness needs internal API, so Scripts/fuzz.sh builds the library with `-enable-testing`. Every internal
// name it uses is in the adapter section below, so a change of the loading stages is re-pointed there alone.
import Foundation

@testable import DeviceConstraints

// MARK: - Adapter (the only code that names internal API)
//
// Internal names used: `ConstraintFileParser.readsPlainFilesFast`, `ViewTable.adaptiveValues` (a file's scaled values and
// column rules, compared between the readers), the loading stages a load goes through —
// `ConstraintFileParser.parsedFile(_:fileName:container:collectingWarnings:)` per file and
// `MergedContainer(files:)` for the chain — and, on the merged `ViewTable`, `count`, `viewId(at:)` and
// `record(at:)`; the package method `ConstraintFileParser.parseCollectingErrors(_:fileName:container:diagnostics:)`
// (what `lint` reads with); and `MergedContainer.resolved(for:device:catalog:)`, for a window.

/// The window the chain's records are resolved for: an iPhone 5's, narrower than every file's class, so that every
/// scaled value scales.
private let narrowWindow = LayoutEnvironment(width: 320, height: 568, idiom: .phone, displayScale: 2)

/// Reads `files` (present ones, most specific first) as the chain of `container` on `device`, the way a load does:
/// each file parsed on its own (the parsed-file stage), then merged (the merged-container stage); warnings are
/// delivered after the load, in file order, as the interpreter delivers them. With `resolving`, the records are
/// those resolved for ``narrowWindow`` (scaled values against each file's stated width or its class's).
private func loadChain(
    _ files: [String: Data], container: String, device: DeviceName, chain: [DeviceName], onePass: Bool,
    resolving: Bool = false, diagnostics: ConstraintDiagnosticHandler?
) -> Result<[(String, ConstraintRecord)], ConstraintError> {
    var parser = ConstraintFileParser()
    parser.readsPlainFilesFast = onePass
    do throws(ConstraintError) {
        var parsed: [(file: ParsedFile, device: DeviceName?)] = []
        for name in try ConstraintFileName.files(of: container, along: chain) {
            guard let data = files[name.fileName] else { continue }
            let file = try parser.parsedFile(
                data, fileName: name.fileName, container: container, collectingWarnings: diagnostics != nil)
            parsed.append((file, name.device))
        }
        let merged = MergedContainer(files: parsed)
        let table =
            resolving
            ? merged.resolved(
                for: narrowWindow,
                device: DeviceCatalog.standard.profile(named: device)
                    ?? DeviceProfile(
                        name: device, idiom: .phone, width: 375, height: 667),
                catalog: .standard)
            : merged.table
        if let diagnostics { for warning in parsed.flatMap(\.file.warnings) { diagnostics(warning) } }
        return .success((0..<table.count).map { (table.viewId(at: $0), table.record(at: $0)) })
    } catch {
        return .failure(error)
    }
}

/// Parses one file on its own (public API but for the switch).
private func parseFile(
    _ data: Data, fileName: String, container: String, onePass: Bool, diagnostics: ConstraintDiagnosticHandler?
) -> Result<[(String, ConstraintRecord)], ConstraintError> {
    var parser = ConstraintFileParser()
    parser.readsPlainFilesFast = onePass
    do throws(ConstraintError) {
        let file = try parser.parse(data, fileName: fileName, container: container, diagnostics: diagnostics)
        return .success(file.viewIds.map { ($0, file[$0] ?? ConstraintRecord()) })  // every listed id has a record
    } catch {
        return .failure(error)
    }
}

/// The adaptive attributes (scaled values, column rules) of one file as the parsed-file stage keeps them,
/// which the records do not show; nil when the file does not read.
private func adaptiveAttributes(
    _ data: Data, fileName: String, container: String, onePass: Bool
) -> [AdaptiveAttribute]? {
    var parser = ConstraintFileParser()
    parser.readsPlainFilesFast = onePass
    return try? parser.parsedFile(data, fileName: fileName, container: container, collectingWarnings: false).table
        .adaptiveValues
}

/// The width a file states, as it parses (public API but for the switch); nil when it does not read.
private func statedDesignWidth(_ data: Data, fileName: String, container: String, onePass: Bool) -> Double?? {
    var parser = ConstraintFileParser()
    parser.readsPlainFilesFast = onePass
    return (try? parser.parse(data, fileName: fileName, container: container)).map(\.designWidth)
}

/// Parses one file as `lint` does, going on after errors that spoil one view: the first error, if any.
private func firstCollectedError(_ data: Data, fileName: String, container: String) -> (
    records: [(String, ConstraintRecord)]?, error: ConstraintError?
) {
    let (file, errors) = ConstraintFileParser().parseCollectingErrors(data, fileName: fileName, container: container)
    return (file.map { file in file.viewIds.map { ($0, file[$0] ?? ConstraintRecord()) } }, errors.first)
}

// MARK: - Harness

private struct DataSource: ConstraintSource {
    let files: [String: Data]
    func data(forFile name: String) -> Data? { files[name] }
    func fileNames() -> [String] { files.keys.sorted() }
}

/// Warnings as a handler receives them, in order.
private final class WarningLog: @unchecked Sendable {
    var lines: [String] = []
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDifferential(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = start.map { Data(bytes: $0, count: count) } ?? Data()
    let listening = (input.last ?? 0) & 1 == 1
    let pieces = Array(input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).prefix(3))
        .map { Data($0) }
    // The container's key, past a "designWidth" before it.
    let container =
        (ConstraintFileParser.topLevelKey(of: pieces[0]) ?? topLevelKey(of: pieces[0])).flatMap {
            ConstraintFileName.validateContainer($0) == nil ? $0 : nil
        } ?? "C"
    let (device, chain, names): (DeviceName, [DeviceName], [String]) =
        switch pieces.count {
        case 1: (.iPhone6, [.iPhone6], ["\(container)_iPhone6.json"])
        case 2: (.iPhone6, [.iPhone6], ["\(container)_iPhone6.json", "\(container).json"])
        default:
            (
                .iPhone14Pro, [.iPhone14Pro, .iPhone6],
                ["\(container)_iPhone14Pro.json", "\(container)_iPhone6.json", "\(container).json"]
            )
        }

    // Each file on its own.
    var references: [Reference] = []
    for (name, data) in zip(names, pieces) {
        let (fast, fastWarnings) = withLog(listening) {
            parseFile(data, fileName: name, container: container, onePass: true, diagnostics: $0)
        }
        let (general, generalWarnings) = withLog(listening) {
            parseFile(data, fileName: name, container: container, onePass: false, diagnostics: $0)
        }
        expectSame(fast, general, "file \(name)", input)
        let fastDynamics = adaptiveAttributes(data, fileName: name, container: container, onePass: true)
        let generalDynamics = adaptiveAttributes(data, fileName: name, container: container, onePass: false)
        check(
            fastDynamics == generalDynamics,
            "scaled values or column rules differ in \(name):\n\(fastDynamics.map { "\($0)" } ?? "nil")\n"
                + "\(generalDynamics.map { "\($0)" } ?? "nil")", input)
        check(
            fastWarnings == generalWarnings, "warnings differ in \(name):\n\(fastWarnings)\n\(generalWarnings)", input)
        let fastWidth = statedDesignWidth(data, fileName: name, container: container, onePass: true)
        let generalWidth = statedDesignWidth(data, fileName: name, container: container, onePass: false)
        check(
            fastWidth.map { $0?.bitPattern } == generalWidth.map { $0?.bitPattern },
            "the stated design width differs in \(name): \(String(describing: fastWidth)) | "
                + "\(String(describing: generalWidth))", input)
        // The linter's reading goes on after an error, but its first error is the one a load throws.
        let collected = firstCollectedError(data, fileName: name, container: container)
        switch fast {
        case .success(let views):
            let sameIds: Bool = collected.records.map { $0.map(\.0) == views.map(\.0) } ?? false
            let sameRecords: Bool = collected.records.map { $0.map(\.1) == views.map(\.1) } ?? false
            check(
                collected.error == nil && sameIds && sameRecords,
                "\(name): collecting errors reads \(collected) where parse reads \(views)", input)
        case .failure(let error):
            check(
                collected.error == error,
                "\(name): collecting errors first finds \(collected.error.map { "\($0)" } ?? "nothing") where "
                    + "parse throws \(error)", input)
        }
        let reference = Reference(data, container: container)
        compareWithReference(fast, reference, "file \(name)", input)
        references.append(reference)
    }

    // The whole chain, merged as a load merges it.
    let files = Dictionary(uniqueKeysWithValues: zip(names, pieces))
    let (fast, fastWarnings) = withLog(listening) {
        loadChain(files, container: container, device: device, chain: chain, onePass: true, diagnostics: $0)
    }
    let (general, generalWarnings) = withLog(listening) {
        loadChain(files, container: container, device: device, chain: chain, onePass: false, diagnostics: $0)
    }
    expectSame(fast, general, "chain", input)
    check(fastWarnings == generalWarnings, "chain warnings differ:\n\(fastWarnings)\n\(generalWarnings)", input)
    // Resolved for a narrow window: each scaled value against its file's stated width, else its class's.
    expectSame(
        loadChain(
            files, container: container, device: device, chain: chain, onePass: true, resolving: true, diagnostics: nil),
        loadChain(
            files, container: container, device: device, chain: chain, onePass: false, resolving: true,
            diagnostics: nil),
        "chain resolved for 320 points", input)
    if case .failure(let error) = fast, let failed = names.firstIndex(of: error.file ?? "") {
        // The load stops at the first file that fails; the files before it read as the per-file checks saw.
        compareWithReference(fast, references[failed], "chain", input)
    } else {
        compareWithReference(fast, Reference.merged(references), "chain", input)
    }
    return 0
}

private func withLog<T>(_ listening: Bool, _ body: (ConstraintDiagnosticHandler?) -> T) -> (T, [String]) {
    let log = WarningLog()
    var handler: ConstraintDiagnosticHandler?
    if listening { handler = { (warning: ConstraintDiagnostic) in log.lines.append(warning.description) } }
    let result = body(handler)
    return (result, log.lines)
}

private func expectSame(
    _ a: Result<[(String, ConstraintRecord)], ConstraintError>,
    _ b: Result<[(String, ConstraintRecord)], ConstraintError>, _ what: String, _ input: Data
) {
    switch (a, b) {
    case (.success(let a), .success(let b)):
        check(
            a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1),
            "\(what): one-pass and general readers give different records:\n\(a)\n\(b)", input)
        // Bit for bit: == on Double would let 0.0 and -0.0 pass.
        for ((_, x), (_, y)) in zip(a, b) {
            for attribute in ConstraintAttribute.allCases where attribute != .imageName {
                check(
                    x[attribute]?.numberValue?.bitPattern == y[attribute]?.numberValue?.bitPattern,
                    "\(what): \(attribute) differs in its bits: \(x) | \(y)", input)
            }
        }
    case (.failure(let a), .failure(let b)):
        check(a.description == b.description, "\(what): errors differ:\n\(a)\n\(b)", input)
    default:
        check(false, "\(what): one reader fails and the other does not:\n\(a)\n\(b)", input)
    }
}

// MARK: - The naive reference

/// What the reference makes of a file (or a chain): records, or a failure and which codes may report it.
private enum Reference {
    /// Records in a form both sides can be put in; view order is not kept (`JSONSerialization` loses it).
    case records([String: NaiveRecord])
    /// The JSON does not parse (Foundation rejects it, or nests deeper than the parser's limit).
    case malformed
    /// Valid JSON that breaks the format: `codes` are the errors the reference found.
    case invalid(Set<ConstraintError.Code>)
    /// Foundation cannot read a number of the file: the reference does not judge it.
    case unknown

    init(_ data: Data, container: String) {
        // Foundation also reads UTF-16 and UTF-32, which a NUL byte would announce; the format is UTF-8 only.
        // Foundation also accepts a trailing comma, which RFC 8259 does not.
        guard !data.contains(0), String(validating: data, as: UTF8.self) != nil, !Reference.hasTrailingComma(data)
        else {
            self = .malformed
            return
        }
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            // Foundation rejects numbers it cannot represent (1e400, some near Double's limits) that are valid JSON.
            self = "\(error)".contains("not representable") ? .unknown : .malformed
            return
        }
        if Reference.depth(root) > ConstraintFileParser.Limits.default.maximumDepth {
            self = .malformed
            return
        }
        guard var top = root as? [String: Any] else {
            self = .invalid([.invalidFormat])
            return
        }
        // Beside the container's key, "designWidth" is the width the file was drawn for: a number greater than 0.
        // (Foundation keeps the last of repeated keys, so a width given twice is not seen here.)
        if top.count > 1, let width = top.removeValue(forKey: "designWidth") {
            guard let number = width as? NSNumber, String(cString: number.objCType) != "c",
                number.doubleValue.isFinite, number.doubleValue > 0
            else {
                self = .invalid([.invalidFormat])
                return
            }
        }
        guard top.count == 1, let (key, value) = top.first.map({ ($0.key, $0.value) }) else {
            self = .invalid([.invalidFormat])
            return
        }
        guard key == container else {
            self = .invalid([.invalidFormat])
            return
        }
        var views: [(String, Any)] = []
        var codes: Set<ConstraintError.Code> = []
        if let list = value as? [Any] {
            for element in list {
                guard let object = element as? [String: Any], object.count == 1, let view = object.first else {
                    codes.insert(.invalidFormat)
                    continue
                }
                views.append(view)
            }
        } else if let object = value as? [String: Any] {
            views = Array(object)
        } else {
            self = .invalid([.invalidFormat])
            return
        }
        var records: [String: NaiveRecord] = [:]
        for (id, value) in views {
            if records[id] != nil { codes.insert(.duplicateView) }
            guard let fields = value as? [String: Any] else {
                codes.insert(.invalidFormat)
                continue
            }
            var record = NaiveRecord()
            for (name, value) in fields {
                // Scaled values (`{"scaled": n}`) and column rules (`"columns"`) are the library's own: not judged.
                if value is [String: Any] || name == "columns" {
                    self = .unknown
                    return
                }
                guard let field = NaiveValue(value) else {
                    codes.insert(.invalidFormat)
                    continue
                }
                if let known = ConstraintAttribute(rawValue: name) {
                    switch (known == .imageName, field) {
                    case (true, .string), (false, .number): record.fields[name] = field
                    default: codes.insert(.invalidFormat)
                    }
                } else {
                    record.fields[name] = field
                }
            }
            if records[id] == nil { records[id] = record }
        }
        self = codes.isEmpty ? .records(records) : .invalid(codes)
    }

    /// The chain: the first file that fails decides; else each attribute from the first file that sets it.
    static func merged(_ files: [Reference]) -> Reference {
        var merged: [String: NaiveRecord] = [:]
        for file in files {
            guard case .records(let records) = file else { return file }  // the first file that fails decides
            for (id, record) in records {
                merged[id, default: NaiveRecord()].fields.merge(record.fields) { first, _ in first }
            }
        }
        return .records(merged)
    }

    /// Whether a `,` outside strings is followed (after whitespace) by `]` or `}`.
    private static func hasTrailingComma(_ data: Data) -> Bool {
        var inString = false
        var escaped = false
        var afterComma = false
        for byte in data {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                continue
            }
            switch byte {
            case 0x22:
                inString = true
                afterComma = false
            case 0x2C: afterComma = true
            case 0x5D, 0x7D: if afterComma { return true }
            case 0x20, 0x0A, 0x0D, 0x09: break
            default: afterComma = false
            }
        }
        return false
    }

    private static func depth(_ value: Any) -> Int {
        if let array = value as? [Any] { return 1 + (array.map(depth).max() ?? 0) }
        if let object = value as? [String: Any] { return 1 + (object.values.map(depth).max() ?? 0) }
        return 0
    }
}

private struct NaiveRecord: Equatable {
    var fields: [String: NaiveValue] = [:]

    init() {}

    init(_ record: ConstraintRecord) {
        for name in record.attributeNames {
            switch record[attribute: name] {
            case .number(let value)?: fields[name] = .number(value)
            case .string(let value)?: fields[name] = .string(value)
            case .bool(let value)?: fields[name] = .bool(value)
            case nil: break
            }
        }
    }

    /// Equal, numbers within a relative 1e-12: Foundation's conversion of a long decimal is not always correctly
    /// rounded (`0.00011111111110000000000016827767460589993984` came out 5 units in the last place off, where the
    /// library and `Double(_: String)` agree). A and B are compared bit for bit instead.
    func isClose(to other: NaiveRecord) -> Bool {
        fields.count == other.fields.count
            && fields.allSatisfy { name, value in other.fields[name].map { value.isClose(to: $0) } ?? false }
    }
}

private enum NaiveValue: Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)

    init?(_ value: Any) {
        if let string = value as? String {
            self = .string(string)
        } else if let number = value as? NSNumber {
            // Foundation gives true and false as NSNumbers of type char.
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else {
                self = .number(number.doubleValue)
            }
        } else {
            return nil
        }
    }

    func isClose(to other: NaiveValue) -> Bool {
        switch (self, other) {
        case (.number(let a), .number(let b)):
            return a == b || abs(a - b) <= 1e-12 * max(abs(a), abs(b))
        default:
            return self == other
        }
    }
}

/// Compares the library's result with the reference's, where the reference can judge.
///
/// What the reference cannot see, because `JSONSerialization` keeps the last of repeated keys and loses order:
/// a view id repeated in the object form, a key repeated in a one-key element, a repeated attribute whose first
/// value has the wrong type. So the library may fail with `.duplicateView` or `.invalidFormat` where the
/// reference reads records; everything else must agree.
private func compareWithReference(
    _ result: Result<[(String, ConstraintRecord)], ConstraintError>, _ reference: Reference, _ what: String,
    _ input: Data
) {
    switch (result, reference) {
    case (.success(let views), .records(let expected)):
        check(Set(views.map(\.0)).count == views.count, "\(what): a view id is listed twice: \(views)", input)
        var mismatch: String?
        for (id, record) in views {
            guard let naive = expected[id] else {
                mismatch = "view \(id) is not in the reference"
                break
            }
            if !NaiveRecord(record).isClose(to: naive) {
                mismatch = "view \(id): \(record) | reference \(naive.fields)"
                break
            }
        }
        if views.count != expected.count { mismatch = mismatch ?? "\(views.count) views | reference \(expected.count)" }
        if let mismatch {
            // String keys that are equal as Swift strings but differ in bytes are one view for the library
            // (`"é"` finds `"e\u{301}"`) while Foundation may keep both: not a finding.
            let ids = expected.keys.map { $0.precomposedStringWithCanonicalMapping }
            if Set(ids).count == ids.count {
                check(false, "\(what): records differ from the reference: \(mismatch)", input)
            }
        }
    case (_, .unknown):
        break
    case (.success(let views), _):
        check(false, "\(what): the library reads \(views) where the reference finds \(reference)", input)
    case (.failure(let error), .records):
        check(
            error.code == .duplicateView || error.code == .invalidFormat,
            "\(what): the library fails where the reference reads records: \(error)", input)
    case (.failure(let error), .malformed):
        // A number beyond Double's range is valid JSON to the library (then rejected as a value) but not to Foundation.
        check(
            [.malformedJSON, .nestingTooDeep, .invalidFormat].contains(error.code),
            "\(what): the reference finds malformed JSON, the library says \(error)", input)
    case (.failure(let error), .invalid(let codes)):
        // The library stops at the first error in the file; the reference finds them all, but not repeated keys.
        check(
            codes.contains(error.code) || error.code == .duplicateView || error.code == .invalidFormat,
            "\(what): the library says \(error); the reference finds valid JSON breaking the format (\(codes))", input)
    }
}
