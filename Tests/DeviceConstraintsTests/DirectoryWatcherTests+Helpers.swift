import Foundation
import Testing

@testable import DeviceConstraints

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Helpers of DirectoryWatcherTests: real folders and single-system-call saves, bounded waits, and what Linux's /proc
// says about this process.

/// A fresh folder under the temporary directory, removed when released, with the file operations of a save
/// done as single system calls (Foundation's writes may go through a temporary file of their own).
final class TemporaryFolder: Sendable {
    let url: URL
    private let owned: Bool

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("DirectoryWatcherTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        owned = true
    }

    /// An existing folder, left in place when released.
    init(existing url: URL) {
        self.url = url
        owned = false
    }

    deinit {
        if owned { try? FileManager.default.removeItem(at: url) }
    }

    private func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// open(O_TRUNC) + write + close: a write in place (or a new file).
    func write(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    func append(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_WRONLY | O_APPEND)
    }

    /// Writes from the start without truncating.
    func overwrite(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_WRONLY | O_CREAT)
    }

    private func write(_ name: String, _ text: String, flags: Int32) throws {
        let descriptor = open(path(name), flags, 0o644)
        guard descriptor >= 0 else { throw FileFailure(operation: "open \(name)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FileFailure(operation: "write \(name)") }
    }

    func rename(_ name: String, to newName: String) throws {
        guard systemRename(path(name), path(newName)) == 0 else { throw FileFailure(operation: "rename \(name)") }
    }

    func remove(_ name: String) throws {
        guard unlink(path(name)) == 0 else { throw FileFailure(operation: "unlink \(name)") }
    }

    struct FileFailure: Error, CustomStringConvertible {
        var operation: String
        var code = errno
        var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }
}

// The C functions, under names the methods of TemporaryFolder do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRename(_ old: String, _ new: String) -> Int32 {
    rename(old, new)
}

/// Reports from a watcher's callback, in order.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Set<String>] = []
    private var arrivals: [Date] = []

    func append(_ names: Set<String>) {
        lock.withLock {
            items.append(names)
            arrivals.append(Date())
        }
    }

    var all: [Set<String>] { lock.withLock { items } }
    /// When each report arrived.
    var times: [Date] { lock.withLock { arrivals } }

    /// The reports so far once there are `count`, or when `seconds` have passed.
    func wait(forCount count: Int, within seconds: Double) async -> [Set<String>] {
        _ = await waitUntil(within: seconds) { self.all.count >= count }
        return all
    }
}

/// Holds a watcher for its own callback.
final class WatcherBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: DirectoryWatcher?
    var watcher: DirectoryWatcher? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Whether `condition` became true within `seconds`, checking every 10 ms. Never waits longer, and stops when the
/// test's task is cancelled (its time limit).
func waitUntil(within seconds: Double, _ condition: () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline && !Task.isCancelled {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

extension AsyncStream where Element: Sendable {
    /// Every element until the stream finishes, or nil if it has not finished within `seconds`.
    func collect(within seconds: Double = 5) async -> [Element]? {
        let elements = LockedList<Element>()
        let finished = LockedList<Bool>()
        let reader = Task {
            for await element in self { elements.append(element) }
            finished.append(true)
        }
        let ended = await waitUntil(within: seconds) { !finished.all.isEmpty }
        reader.cancel()
        return ended ? elements.all : nil
    }
}

/// Runs `body` on a new thread, so that blocking or sleeping in it holds none of the few threads that run the
/// tests (and their timing does not depend on when those are free).
func onThreadOfItsOwn(_ body: @escaping @Sendable () throws -> Void) async throws {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        Thread {
            do {
                try body()
                continuation.resume()
            } catch {
                continuation.resume(throwing: error)
            }
        }.start()
    }
}

/// Runs the toolchain's programs.
enum Toolchain {
    /// The first `name` on PATH.
    static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `program` on a thread of its own and throws its output unless it exits with 0.
    static func run(_ program: URL, _ arguments: [String]) async throws {
        try await onThreadOfItsOwn { try runAndWait(program, arguments) }
    }

    private static func runAndWait(_ program: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus != 0 {
            throw Failure(description: "\(program.lastPathComponent) failed:\n\(text)")
        }
    }
}

/// What Linux's /proc says about this process: open descriptors, threads, a thread's CPU time.
enum ThreadCensus {
    /// Whether there is a /proc to read (Linux).
    static let isAvailable = FileManager.default.fileExists(atPath: "/proc/self/task")

    static var openDescriptors: Int { entries("/proc/self/fd") }
    static var threads: Int { entries("/proc/self/task") }

    private static func entries(_ path: String) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: path).count) ?? 0
    }

    /// The id of the thread whose name is `name`, if there is one.
    static func thread(named name: String) -> String? {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.first { task in
            let comm = try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
            return comm?.trimmingCharacters(in: .whitespacesAndNewlines) == name
        }
    }

    /// How often a thread has blocked and been woken (its voluntary context switches).
    static func wakeUps(ofThread id: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/task/\(id)/status", encoding: .utf8) else {
            return nil
        }
        let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
        return line.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) }
    }

    /// User plus system time of a thread, in clock ticks (fields 14 and 15 of its stat line).
    static func cpuTicks(ofThread id: String) -> Int? {
        guard let line = try? String(contentsOfFile: "/proc/self/task/\(id)/stat", encoding: .utf8),
            let close = line.lastIndex(of: ")")
        else { return nil }
        // After "pid (comm)" come the fields from the third on.
        let fields = line[line.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }
}
