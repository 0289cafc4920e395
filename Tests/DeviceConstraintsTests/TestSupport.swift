import Foundation
import Testing

@testable import DeviceConstraints

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fixture folders and files of this test target.
enum Fixtures {
    static var root: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    static func folder(_ name: String) throws -> URL {
        try root.appendingPathComponent(name, isDirectory: true)
    }

    static func data(_ folder: String, _ file: String) throws -> Data {
        try Data(contentsOf: self.folder(folder).appendingPathComponent(file))
    }

    /// The `Constraints/` folder that ships with the project.
    static var bundledConstraints: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Constraints", isDirectory: true)
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

    func fileNames() throws -> [String] { try base.fileNames() }

    func reads(of name: String) -> Int { lock.withLock { counts[name] ?? 0 } }
    var totalReads: Int { lock.withLock { counts.values.reduce(0, +) } }
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

/// SplitMix64: a small seeded generator, so that a failing case can be found again.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(below bound: Int) -> Int {
        Int(next() % UInt64(max(bound, 1)))
    }
}

/// Checks that work takes linear time without a bound on the clock that a busy machine could break: the work runs
/// at a size and at twice that size, several times each, alternating, and the fastest run at twice the size must
/// take at most 2.5 times the fastest at the size. Linear work takes about twice as long, quadratic work four
/// times; 2.5 leaves room for the allocator and the caches.
///
/// Time is the CPU time of the thread doing the work, not the time on the wall: on a machine shared with other
/// builds and with the other tests, a long run is shared with more threads than a short one, and its wall time grows
/// with the load (ten times for twice the work, seen here). The fastest of several runs leaves out what the load
/// still adds (caches, a busy sibling core). The runs are on a thread of their own, so that seconds of work do not
/// hold up, on the few threads that run the tests, the tests that wait for a watcher or a child process.
enum LinearTime {
    /// The largest ratio accepted between the fastest runs at twice the size and at the size.
    static let ratio = 2.5

    /// Prepares the inputs for `size` and `2 × size` (not timed), times `work` on each `rounds` times, alternating,
    /// and expects the fastest at twice the size to take at most ``ratio`` times the fastest at the size.
    ///
    /// - Returns: what `work` gave for the larger input, for the test's other checks.
    @discardableResult
    static func expectLinear<Input, Output: Sendable>(
        from size: Int, rounds: Int = 5, _ what: String, prepare: @escaping @Sendable (Int) throws -> Input,
        _ work: @escaping @Sendable (Input) throws -> Output, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Output {
        let (output, fastest) = try await onAThreadOfItsOwn { () throws -> (Output, (small: Double, large: Double)) in
            let small = try prepare(size)
            let large = try prepare(2 * size)
            var fastest = (small: Double.infinity, large: Double.infinity)
            var output: Output?
            for _ in 0..<max(1, rounds) {
                fastest.small = min(fastest.small, try seconds { _ = try work(small) })
                fastest.large = min(fastest.large, try seconds { output = try work(large) })
                // Far from linear already: more runs would only make a regression slow the suite down.
                if fastest.large > 4 * ratio * fastest.small { break }
            }
            return (output!, fastest)  // at least one round
        }
        let comment =
            "\(what): \(size) in \(milliseconds(fastest.small)), \(2 * size) in \(milliseconds(fastest.large)) "
            + "(fastest of \(rounds)); linear work takes about twice as long"
        #expect(fastest.large <= ratio * fastest.small, Comment(rawValue: comment), sourceLocation: sourceLocation)
        return output
    }

    /// Runs `body` on a new thread and returns what it gives.
    private static func onAThreadOfItsOwn<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result)
        async throws -> Result
    {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
            Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
        }
    }

    /// The CPU time `body` takes on this thread, in seconds.
    private static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = threadCPUTime()
        try body()
        return threadCPUTime() - start
    }

    /// The CPU time this thread has used, in seconds.
    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func milliseconds(_ seconds: Double) -> String {
        "\((seconds * 10_000).rounded() / 10) ms"
    }
}
