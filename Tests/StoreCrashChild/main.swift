// The child of ConstraintStoreCrashTests: opens a store and installs, confirms, rolls back and resets in a loop,
// as fast as it can, until the test kills it (SIGKILL) at a random instant. It is a small executable rather than the
// test binary run again, so that what is killed is only the store's work (no test runner starting up or reporting)
// and it runs the same way under every test runner; it is a target of the package, not a product.
//
// Usage: StoreCrashChild <store folder> <base folder> <variants folder> <first version> [<server URL>]
// Each install is the bundle variants/<k mod n>.json at version k, k counting up from <first version>; with a server
// URL, it is fetched from <server URL>/<k>.json with ConstraintUpdateFetcher instead (the server serves that bundle),
// and each step fetches it a second time (a 304). Prints a line when the store is open and one after each step, so
// that the test can count steps rather than time them.

import DeviceConstraints
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 5 || arguments.count == 6, let first = Int(arguments[4]) else {
    FileHandle.standardError.write(
        Data("usage: StoreCrashChild <store> <base> <variants> <first version> [<server URL>]\n".utf8))
    exit(2)
}
let store: ConstraintStore
do {
    store = try ConstraintStore(
        directory: URL(fileURLWithPath: arguments[1]), base: DirectorySource(URL(fileURLWithPath: arguments[2])))
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
let variantsFolder = URL(fileURLWithPath: arguments[3])
let names = ((try? FileManager.default.contentsOfDirectory(atPath: variantsFolder.path)) ?? []).sorted()
let variants = names.compactMap { name in
    (try? Data(contentsOf: variantsFolder.appendingPathComponent(name))).flatMap { try? ConstraintUpdate(data: $0) }
}
guard !variants.isEmpty else { exit(3) }

// Never outlives a test that stopped watching it (the test kills it within a second of the step it waits for).
let deadline = Date().addingTimeInterval(120)
var version = first
FileHandle.standardOutput.write(Data("open\n".utf8))
while Date() < deadline {
    version += 1
    do {
        switch version % 13 {
        case 5: try await store.rollback()
        case 11: try await store.reset()
        default:
            let variant = variants[version % variants.count]
            if arguments.count == 6, let url = URL(string: "\(arguments[5])/\(version).json") {
                let fetcher = ConstraintUpdateFetcher(url: url, store: store)
                try await fetcher.fetch { _ in }
                try await fetcher.fetch { _ in }
            } else {
                try await store.install(ConstraintUpdate(version: String(version), files: variant.files)) { _ in }
            }
            if version % 3 == 0 { try store.confirm(version: String(version)) }
        }
        FileHandle.standardOutput.write(Data("\(version)\n".utf8))
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
