import Foundation
import Testing

@testable import DeviceConstraints

// Helpers of the ConstraintStore suites: a store over the fixture files in a fresh folder, updates written as text,
// what the folder holds byte for byte, and the reload events of an interpreter.

/// A store's folder, removed when released, over the app's files in `Fixtures/Store/Base` unless told otherwise.
final class StoreSandbox: Sendable {
    let folder: TemporaryFolder
    let base: any ConstraintSource

    init(base: (any ConstraintSource)? = nil) throws {
        folder = try TemporaryFolder()
        self.base = try base ?? DirectorySource(Fixtures.folder("Store/Base"))
    }

    var url: URL { folder.url.appendingPathComponent("Store", isDirectory: true) }

    /// Opens the store: one launch of the app.
    func open(
        launches: Int = 2, catalog: DeviceCatalog = .standard,
        maximumUpdateSize: Int = ConstraintUpdate.defaultMaximumSize,
        maximumRecordSize: Int = StoreRecord.maximumSize, simulatedFailure: Int32? = nil,
        diagnostics: DiagnosticLog? = nil
    ) throws(ConstraintError) -> ConstraintStore {
        try ConstraintStore(
            directory: url, base: base, catalog: catalog, limits: .default, maximumUpdateSize: maximumUpdateSize,
            rollbackAfterUnconfirmedLaunches: launches, diagnostics: diagnostics?.handler,
            maximumRecordSize: maximumRecordSize, simulatedFailure: simulatedFailure)
    }

    /// Opens the store again once the store before it has let go of the folder's lock: the next launch of the app.
    /// A weak reference to the last store reads nil as its deinitialization begins, a moment before the lock it holds
    /// is given back, so a test that waited for that reads `storeInUse` for that moment; it tries again (the test's
    /// time limit catches a store that never lets go).
    func reopen() async throws -> ConstraintStore {
        while true {
            switch Result(catching: { () throws(ConstraintError) in try open() }) {
            case .success(let store):
                return store
            case .failure(let error) where error.code == .storeInUse:
                try await Task.sleep(nanoseconds: 1_000_000)
            case .failure(let error):
                throw error
            }
        }
    }

    /// Every file under the store's folder, by path relative to it, with its bytes; a link as `-> target`.
    var contents: [String: Data] {
        var found: [String: Data] = [:]
        let manager = FileManager.default
        for path in (manager.enumerator(atPath: url.path)?.allObjects as? [String]) ?? [] {
            let full = url.appendingPathComponent(path).path
            if let target = try? manager.destinationOfSymbolicLink(atPath: full) {
                found[path] = Data("-> \(target)".utf8)
            } else if let data = manager.contents(atPath: full) {
                var isFolder: ObjCBool = false
                if manager.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue { found[path] = data }
            }
        }
        return found
    }

    /// The update folders in the store's folder, sorted.
    var updateFolders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasPrefix("update-") }
            .sorted()
    }
}

/// An update of text files.
func textUpdate(_ version: String, _ files: [String: String]) -> ConstraintUpdate {
    ConstraintUpdate(version: version, files: files.mapValues { Data($0.utf8) })
}

/// A verify that accepts every update.
let acceptEverything: @Sendable (ConstraintUpdate) async throws -> Void = { _ in }

/// Card_iPad.json with the title's height.
func cardForPad(height: Double) -> String {
    #"{"Card": [{"title": {"marginLeft": 24, "height": \#(height)}}]}"#
}

/// The two windows of the fixtures: a phone (reads Card.json) and an iPad (Card_iPad.json, then Card.json).
enum Windows {
    static let phone = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
    static let pad = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)
}

/// The reload events of an interpreter, collected.
final class ReloadLog: Sendable {
    private let list = ConditionLocked<[ReloadEvent]>([])
    private let observation: ConstraintObservation

    init(_ interpreter: ConstraintInterpreter) {
        let list = self.list
        observation = interpreter.onReload { event in list.withLock { $0.append(event) } }
    }

    var all: [ReloadEvent] { list.withLock { $0 } }
}

/// A stand-in for the docs' Ed25519 verifier, which needs CryptoKit (Apple platforms only): a keyed digest over the
/// bundle's bytes, so that a byte flipped after signing fails exactly where a real signature would.
struct TestSigningKey: Sendable {
    let key: UInt64

    func signature(for data: Data) -> Data {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ key
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x0100_0000_01B3
        }
        return withUnsafeBytes(of: hash.bigEndian) { Data($0) }
    }

    /// The shape of CryptoKit's `Curve25519.Signing.PublicKey.isValidSignature(_:for:)`.
    func isValidSignature(_ signature: Data, for data: Data) -> Bool {
        self.signature(for: data) == signature
    }
}

struct TamperedUpdate: Error, CustomStringConvertible {
    var description: String { "the update's signature does not match" }
}
