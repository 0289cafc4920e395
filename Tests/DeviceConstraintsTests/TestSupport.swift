import Foundation
// The shared test support (Tests/TestSupport), for every file of this target without an import of its own.
@_exported import TestSupport
import Testing

@testable import DeviceConstraints

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fixture folders and files of this test target.
enum Fixtures: FixtureFolder {
    static var resources: Bundle { .module }

    static func data(_ folder: String, _ file: String) throws -> Data {
        try Data(contentsOf: self.folder(folder).appendingPathComponent(file))
    }
}

/// A source that counts how often each file is read, to check single flight.
final class CountingSource: ConstraintSource, @unchecked Sendable {
    private let base: any ConstraintSource
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private let delay: TimeInterval

    init(_ base: any ConstraintSource, delay: TimeInterval = 0) {
        self.base = base
        self.delay = delay
    }

    func data(forFile name: String) throws -> Data? {
        lock.withLock { counts[name, default: 0] += 1 }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        return try base.data(forFile: name)
    }

    func fileNames() throws -> [String] {
        lock.withLock { listed += 1 }
        return try base.fileNames()
    }

    /// How often the source was listed.
    var listings: Int { lock.withLock { listed } }
    private var listed = 0

    func reads(of name: String) -> Int { lock.withLock { counts[name] ?? 0 } }
    var totalReads: Int { lock.withLock { counts.values.reduce(0, +) } }
    /// The names asked for, found or not.
    var namesRead: Set<String> { lock.withLock { Set(counts.keys) } }
}

/// A source whose files can be changed while a test runs: to break a file, then fix it.
final class MutableSource: ConstraintSource, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String]
    private var unreadable: Set<String> = []

    init(_ files: [String: String]) { self.files = files }

    subscript(name: String) -> String? {
        get { lock.withLock { files[name] } }
        set { lock.withLock { files[name] = newValue } }
    }

    func makeUnreadable(_ name: String, _ unreadable: Bool = true) {
        lock.withLock {
            if unreadable { self.unreadable.insert(name) } else { self.unreadable.remove(name) }
        }
    }

    struct ReadFailure: Error, CustomStringConvertible {
        var description: String { "permission denied" }
    }

    func data(forFile name: String) throws -> Data? {
        try lock.withLock {
            if unreadable.contains(name) { throw ReadFailure() }
            return files[name].map { Data($0.utf8) }
        }
    }

    func fileNames() -> [String] { lock.withLock { files.keys.sorted() } }
}

/// A list that any thread may append to.
final class LockedList<Element>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Element] = []

    func append(_ item: Element) { lock.withLock { items.append(item) } }
    var all: [Element] { lock.withLock { items } }
}

/// Collects diagnostics from any thread.
final class DiagnosticLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [ConstraintDiagnostic] = []

    var handler: ConstraintDiagnosticHandler {
        { diagnostic in self.lock.withLock { self.items.append(diagnostic) } }
    }

    var all: [ConstraintDiagnostic] { lock.withLock { items } }
}

extension DeviceCatalog {
    static func profile(_ name: DeviceName) throws -> DeviceProfile {
        try #require(DeviceCatalog.standard.profile(named: name))
    }
}

extension ViewTable.Builder {
    /// Adds a view unless its id was added before: nil when added, else the entry already there.
    mutating func add(_ key: UnsafeBufferPointer<UInt8>, record: ConstraintRecord) -> Int? {
        switch claim(key) {
        case .new(let hash):
            add(key, hash: hash, record: record)
            return nil
        case .again(let entry):
            return entry
        }
    }
}

/// A source that can hold a read after it has taken a file's bytes: to change the file and invalidate while a
/// load is between reading and publishing.
final class GatedSource: ConstraintSource, @unchecked Sendable {
    private let files: MutableSource
    private let gate = NSCondition()
    private var holding = false
    private var held = false

    init(_ files: [String: String]) { self.files = MutableSource(files) }

    subscript(name: String) -> String? {
        get { files[name] }
        set { files[name] = newValue }
    }

    /// The next read returns its bytes only after ``release()``.
    func holdNextRead() { gate.withLock { holding = true } }

    func waitUntilHeld() {
        gate.withLock { while !held { gate.wait() } }
    }

    /// Whether a read is being held: for async tests, which must not block a thread waiting for it.
    var isHeld: Bool { gate.withLock { held } }

    func release() {
        gate.withLock {
            holding = false
            gate.broadcast()
        }
    }

    func data(forFile name: String) throws -> Data? {
        let data = try files.data(forFile: name)
        gate.withLock {
            guard holding else { return }
            held = true
            gate.broadcast()
            while holding { gate.wait() }
        }
        return data
    }

    func fileNames() throws -> [String] { files.fileNames() }
}

/// A source that calls back on every read: to look records up from inside a load.
final class CallbackSource: ConstraintSource, @unchecked Sendable {
    private let files: MutableSource
    private let callback: @Sendable () -> Void

    init(_ files: [String: String], callback: @escaping @Sendable () -> Void) {
        self.files = MutableSource(files)
        self.callback = callback
    }

    func data(forFile name: String) throws -> Data? {
        callback()
        return try files.data(forFile: name)
    }

    func fileNames() throws -> [String] { files.fileNames() }
}

/// A ``ChangingSource`` whose changes the test makes and announces separately, to stand in the gap a
/// `ConstraintStore` leaves between making a change and announcing it.
final class VersionedSource: ChangingSource, @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: String]
    private var revision: UInt64 = 0
    private let observers = Observers<Set<String>>()

    init(_ files: [String: String]) { self.files = files }

    /// Replaces files and starts the next revision, announcing nothing yet.
    func change(_ changed: [String: String]) {
        lock.withLock {
            files.merge(changed) { $1 }
            revision += 1
        }
    }

    /// Announces the last change, as a store does once it is in place.
    func announce(_ names: Set<String>) { observers.post(names) }

    func pinned() -> PinnedFiles {
        lock.withLock { PinnedFiles(source: InMemorySource(files), revision: revision) }
    }

    func onFilesChanged(_ handler: @escaping @Sendable (Set<String>, UInt64) -> Void) -> ConstraintObservation {
        observers.add { [weak self] names in handler(names, self?.lock.withLock { self?.revision } ?? 0) }
    }

    func data(forFile name: String) throws -> Data? { try pinned().source.data(forFile: name) }
    func fileNames() throws -> [String] { try pinned().source.fileNames() }
}

/// One expectation for the parts of an error a test names: its code, and any of its file, line, column, key path and
/// texts its message contains. A failure says which parts differ and shows the error; nil (no error thrown) fails.
/// (One `#expect` here instead of one per part at every call: the test target compiles much faster.)
func expectError(
    _ error: ConstraintError?, _ code: ConstraintError.Code, file: String? = nil, line: Int? = nil,
    column: Int? = nil, keyPath: String? = nil, says texts: String..., sourceLocation: SourceLocation = #_sourceLocation
) {
    checkError(error, code, file: file, line: line, column: column, keyPath: keyPath, says: texts, sourceLocation)
}

/// The error `body` throws, checked as `expectError(_:_:…)` checks it, and returned: nil, and a failure, when `body`
/// returns or throws another type of error.
@discardableResult
func expectError<Result>(
    _ code: ConstraintError.Code, file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String? = nil,
    says texts: String..., sourceLocation: SourceLocation = #_sourceLocation, from body: () throws -> Result
) -> ConstraintError? {
    let error = thrownError(body, sourceLocation)
    if let error {
        checkError(error, code, file: file, line: line, column: column, keyPath: keyPath, says: texts, sourceLocation)
    }
    return error
}

/// `expectError(_:file:line:column:keyPath:says:sourceLocation:from:)` for an async `body`.
@discardableResult
func expectAsyncError<Result>(
    _ code: ConstraintError.Code, file: String? = nil, line: Int? = nil, column: Int? = nil, keyPath: String? = nil,
    says texts: String..., sourceLocation: SourceLocation = #_sourceLocation, from body: () async throws -> Result
) async -> ConstraintError? {
    let error = await expectAsyncConstraintError(sourceLocation: sourceLocation, from: body)
    if let error {
        checkError(error, code, file: file, line: line, column: column, keyPath: keyPath, says: texts, sourceLocation)
    }
    return error
}

private func thrownError<Value>(_ body: () throws -> Value, _ sourceLocation: SourceLocation) -> ConstraintError? {
    thrownError(Result { try body() }, sourceLocation)
}

/// The `ConstraintError` of `outcome`; nil, and a failure, for a value or another type of error.
private func thrownError<Value>(_ outcome: Result<Value, any Error>, _ sourceLocation: SourceLocation)
    -> ConstraintError?
{
    switch outcome {
    case .success:
        Issue.record("no error thrown, expected a ConstraintError", sourceLocation: sourceLocation)
    case .failure(let error as ConstraintError):
        return error
    case .failure(let error):
        Issue.record("\(type(of: error)) thrown, expected a ConstraintError: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

private func checkError(
    _ error: ConstraintError?, _ code: ConstraintError.Code, file: String?, line: Int?, column: Int?,
    keyPath: String?, says texts: [String], _ sourceLocation: SourceLocation
) {
    var differences: [String] = []
    if let error {
        if error.code != code { differences.append("code \(error.code), expected \(code)") }
        if let file, error.file != file {
            differences.append("file \(String(describing: error.file)), expected \(file)")
        }
        if let line, error.line != line {
            differences.append("line \(String(describing: error.line)), expected \(line)")
        }
        if let column, error.column != column {
            differences.append("column \(String(describing: error.column)), expected \(column)")
        }
        if let keyPath, error.keyPath != keyPath {
            differences.append("key path \(String(describing: error.keyPath)), expected \(keyPath)")
        }
        for text in texts where !error.message.contains(text) {
            differences.append("the message does not contain \(text.debugDescription)")
        }
    } else {
        differences.append("no error, expected \(code)")
    }
    #expect(
        differences.isEmpty, "\(differences.joined(separator: "; ")) in: \(error.map { "\($0)" } ?? "nil")",
        sourceLocation: sourceLocation)
}

/// The `ConstraintError` `body` throws; nil, and a failure, when it returns or throws another type of error. (A
/// function rather than `#expect(throws:)`: one macro expansion fewer at every call.)
@discardableResult
func expectConstraintError<Result>(
    sourceLocation: SourceLocation = #_sourceLocation, from body: () throws -> Result
) -> ConstraintError? {
    thrownError(body, sourceLocation)
}

/// `expectConstraintError(sourceLocation:from:)` for an async `body`.
@discardableResult
func expectAsyncConstraintError<Result>(
    sourceLocation: SourceLocation = #_sourceLocation, from body: () async throws -> Result
) async -> ConstraintError? {
    do {
        return thrownError(Swift.Result<Result, any Error>.success(try await body()), sourceLocation)
    } catch {
        return thrownError(Swift.Result<Result, any Error>.failure(error), sourceLocation)
    }
}
