// libFuzzer harness: the compiled-table reader on mutated tables. A table must be refused with
// `.invalidCompiledTable` (placed: the table's name, the byte offset) or read whole, and then every record of every
// file it holds must be found: in the table itself, and through an interpreter that reads the table
// (`CompiledTableSource`) on a phone and on an iPad window, where scaled values and column rules are resolved.
//
// Each input is read twice: as it is, and with the header's size and every checksum made to match the bytes again, so
// that mutations reach past the checksums into the directory, the pools, the files and the records.
//
// Seeds: Scripts/fuzz.sh runs this binary with TABLE_FUZZER_WRITE_SEEDS=<dir> and folders of constraint files as
// arguments; it then compiles tables of those files with the library (each container's files together, or each file
// alone when that is too large) into <dir> and exits, before libFuzzer starts. No table is committed.
//
// Needs internal API (`CompiledTable.resealed(_:)`, `CompiledTable.location(ofView:inFile:)`,
// `CompiledTable.parsedFile(named:)`, `CompiledTable.view(_:inFile:)`), so it is built against the library compiled with `-enable-testing`, as the
// differential harness is.
import Foundation

@testable import DeviceConstraints

// MARK: - Adapter (the only code that names internal API)

/// `bytes` with the header's size and every checksum set to what the rest of the bytes give.
private func withMatchingChecksum(_ bytes: [UInt8]) -> [UInt8] {
    CompiledTable.resealed(bytes)
}

/// What the table gives for a file besides its records: the place of each view, and the parsed-file stage's form.
private func checkInternals(_ table: CompiledTable, file: ContainerConstraints, input: Data) {
    for viewId in file.viewIds {
        check(
            table.location(ofView: viewId, inFile: file.fileName) != nil,
            "\(file.fileName): no place for \(viewId)", input)
    }
    let parsed = try? table.parsedFile(named: file.fileName)
    check(parsed?.table.count == file.count, "\(file.fileName): the parsed-file form differs", input)
    // Each view read in place, through the section's index: what the whole file gives.
    for (entry, viewId) in file.viewIds.enumerated() {
        guard case .found(let record, let adaptiveValues)? = try? table.view(viewId, inFile: file.fileName) else {
            return check(false, "\(file.fileName): \(viewId) not found in place", input)
        }
        check(record == file.table.record(at: entry), "\(file.fileName): \(viewId) differs in place", input)
        let expected = file.table.adaptiveValues.filter { $0.entry == entry }.map(\.name)
        check(adaptiveValues.map(\.name) == expected, "\(file.fileName): \(viewId)'s values differ in place", input)
    }
    // The view ids read in place, as a preload reads them: the file's own, in its order.
    var views = ViewTable.Builder()
    if (try? table.addViewIds(ofFile: file.fileName, to: &views)) == nil {
        return check(false, "\(file.fileName): its view ids are not read in place", input)
    }
    check(ViewTable.unread(views, files: []).viewIds == file.viewIds, "\(file.fileName): view ids differ", input)
}

/// A table that opens but is refused when read whole: each file's views read in place, and its view ids as a preload
/// reads them, give a value or the error, never a read outside the table (AddressSanitizer watches).
private func probeInPlace(_ table: CompiledTable, input: Data) {
    for name in table.fileNames.prefix(8) {
        var views = ViewTable.Builder()
        do {
            _ = try table.addViewIds(ofFile: name, to: &views)
        } catch {
            check(error.code == .invalidCompiledTable, "unexpected error code reading view ids: \(error)", input)
        }
        for viewId in ["title", "view0", "a", "caf\u{E9}", ""] {
            do {
                _ = try table.view(viewId, inFile: name)
            } catch {
                check(error.code == .invalidCompiledTable, "unexpected error code in place: \(error)", input)
            }
        }
    }
}

// MARK: - Seeds

/// The `.json` files of `folder` that parse on their own, by name.
private func parsableFiles(in folder: String) -> [(name: String, data: Data)] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.sorted().filter { $0.hasSuffix(".json") }.compactMap { name in
        guard let data = FileManager.default.contents(atPath: "\(folder)/\(name)"),
            (try? ConstraintFileParser().parse(data, fileName: name)) != nil
        else { return nil }
        return (name, data)
    }
}

/// Writes seed tables for `folders` into `directory`: each container's files as one table, or each file alone when
/// that table is larger than `maximumSize`. Returns how many it wrote.
private func writeSeeds(folders: [String], into directory: String, maximumSize: Int = 16_384) -> Int {
    var written = 0
    func write(_ files: [(name: String, data: Data)]) -> Bool {
        guard let table = try? CompiledTable.compile(files), table.count <= maximumSize else { return false }
        guard FileManager.default.createFile(atPath: "\(directory)/\(written)", contents: table) else { return false }
        written += 1
        return true
    }
    for folder in folders {
        let files = parsableFiles(in: folder)
        let containers = Dictionary(grouping: files) { $0.name.split(separator: "_").first.map(String.init) ?? "" }
        for container in containers.keys.sorted() {
            let group = containers[container] ?? []
            if !write(group), group.count > 1 {
                for file in group { _ = write([file]) }
            }
        }
    }
    return written
}

@_cdecl("LLVMFuzzerInitialize")
public func initializeTableFuzzer(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    guard let directory = getenv("TABLE_FUZZER_WRITE_SEEDS").map({ String(cString: $0) }) else { return 0 }
    let written = writeSeeds(folders: Array(CommandLine.arguments.dropFirst()), into: directory)
    FileHandle.standardOutput.write(Data("\(written) seed tables written to \(directory)\n".utf8))
    exit(written > 0 ? 0 : 1)
}

// MARK: - Harness

/// Two windows: a phone's (the class's own width) and a narrow iPad's, where every scaled value scales.
private let environments = [
    LayoutEnvironment(width: 375, height: 667, idiom: .phone),
    LayoutEnvironment(width: 320, height: 1024, idiom: .pad),
]

private func readTable(_ data: Data) -> Result<CompiledTable, ConstraintError> {
    do throws(ConstraintError) {
        let table = try CompiledTable(data: data, name: "T.dctable")
        // Each section is read when first asked for; read them all, as the build plugin does.
        try table.validate()
        return .success(table)
    } catch {
        return .failure(error)
    }
}

private func checkTable(_ data: Data, input: Data) {
    let table: CompiledTable
    switch readTable(data) {
    case .failure(let error):
        check(error.code == .invalidCompiledTable, "unexpected error code: \(error)", input)
        check(error.file == "T.dctable" && error.message.hasPrefix("byte "), "error not placed: \(error)", input)
        if let opened = try? CompiledTable(data: data, name: "T.dctable") { probeInPlace(opened, input: input) }
        return
    case .success(let read):
        table = read
    }
    // The table itself: every file it lists, every record of each.
    var containers = Set<String>()
    for name in table.fileNames {
        guard let file = table.file(named: name) else {
            return check(false, "\(name) is listed but not found", input)
        }
        check(file.fileName == name, "\(name) is found as \(file.fileName)", input)
        check(file.viewIds.count == file.count, "\(name): \(file.viewIds.count) ids for \(file.count) views", input)
        for viewId in file.viewIds {
            check(file[viewId] != nil, "\(name): no record for \(viewId)", input)
        }
        checkInternals(table, file: file, input: input)
        containers.insert(file.container)
    }
    // Through an interpreter: each file listed by the fallback with no JSON, so a file the load takes from the
    // fallback (one the table holds for another container) fails to parse instead of reading a record.
    let fallback = InMemorySource(Dictionary(uniqueKeysWithValues: table.fileNames.map { ($0, "") }))
    let source = CompiledTableSource(table: table, fallback: fallback)
    for environment in environments {
        let interpreter = ConstraintInterpreter(source: source, environment: environment, diagnostics: { _ in })
        for container in containers.sorted().prefix(16) {
            let records: [String: ConstraintRecord]
            do throws(ConstraintError) {
                records = try interpreter.records(container: container)
            } catch {
                check(!error.description.isEmpty, "an error with no description", input)
                continue
            }
            for (viewId, record) in records {
                let found = try? interpreter.record(viewId: viewId, container: container)
                check(found == record, "\(container).\(viewId): the lookup differs from the records", input)
                for attribute in ConstraintAttribute.allCases {
                    if case .number(let number) = record[attribute] {
                        check(number.isFinite, "\(container).\(viewId).\(attribute) is \(number)", input)
                    }
                }
            }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTable(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let input = start.map { Data(bytes: $0, count: count) } ?? Data()
    checkTable(input, input: input)
    let bytes = [UInt8](input)
    let matching = withMatchingChecksum(bytes)
    if matching != bytes { checkTable(Data(matching), input: input) }
    return 0
}
