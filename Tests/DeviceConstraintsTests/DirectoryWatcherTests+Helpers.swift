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

/// How long a test waits for something that normally takes milliseconds: long enough for a machine busy with other
/// builds and with the other suites (a whole `swift test` on two busy cores), and only spent when something is
/// wrong, since every wait ends as soon as its condition holds. Below the tests' ten-minute time limits, so that a
/// test that waits in vain says for what.
let patience = 300.0

/// Reports from a watcher's callback, in order.
final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Set<String>] = []
    private var arrivals: [Double] = []
    /// The clock the arrival times are read from: the monotonic clock, or a test's ``FakeClock``.
    private let clock: @Sendable () -> Double

    init(clock: @escaping @Sendable () -> Double = MonotonicClock.now) {
        self.clock = clock
    }

    func append(_ names: Set<String>) {
        lock.withLock {
            items.append(names)
            arrivals.append(clock())
        }
    }

    var all: [Set<String>] { lock.withLock { items } }
    /// When each report arrived, on the reports' clock (seconds).
    var times: [Double] { lock.withLock { arrivals } }

    /// The reports so far once there are `count`, or when `seconds` have passed.
    func wait(forCount count: Int, within seconds: Double = patience) async -> [Set<String>] {
        _ = await waitUntil(within: seconds) { self.all.count >= count }
        return all
    }
}

/// When each step of a writer ran, on the monotonic clock, to bound what a watcher may do at any speed.
///
/// A watcher splits changes into two reports only when it finds the folder quiet for the debounce interval, or when
/// the maximum delay runs out. Every event of a step happens between its start and its end, so two events in a row
/// are at most `end of the later step − start of the earlier` apart: a report can only end between two steps that
/// took at least the debounce together. The test thread may be descheduled anywhere (the machine is shared); these
/// bounds hold however long that lasts.
final class Timeline: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [(start: Double, end: Double)] = []

    /// Runs `step` and notes when it started and ended.
    @discardableResult
    func step<T>(_ step: () throws -> T) rethrows -> T {
        let start = MonotonicClock.now()
        defer {
            let end = MonotonicClock.now()
            lock.withLock { steps.append((start, end)) }
        }
        return try step()
    }

    /// When the first step started.
    var start: Double? { lock.withLock { steps.first?.start } }

    /// The most reports the steps can give a watcher with `debounce` and `maximumDelay`: one, plus one for each pair
    /// of steps in a row that took the debounce or longer together, plus one for each maximum delay the steps
    /// outlasted.
    func mostReports(debounce: Double, maximumDelay: Double) -> Int {
        lock.withLock {
            guard let first = steps.first, let last = steps.last else { return 0 }
            var splits = 0
            for (earlier, later) in zip(steps, steps.dropFirst()) where later.end - earlier.start >= debounce {
                splits += 1
            }
            return 1 + splits + Int((last.end - first.start) / maximumDelay)
        }
    }
}

/// A clock for the watcher's loop that moves only when a ``ScriptedDetector`` moves it.
final class FakeClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = 0.0

    var now: Double { lock.withLock { time } }

    func set(_ value: Double) { lock.withLock { time = max(time, value) } }

    /// The clock as the loop reads it.
    var reading: @Sendable () -> Double { { self.now } }
}

/// A detector that plays a script of changes on a ``FakeClock``: the loop's timing logic (debounce, maximum delay)
/// runs exactly as on a real folder, but time moves only as the script says, so nothing depends on the machine.
///
/// A wait returns the next change when it comes before the loop's timeout (moving the clock to it), else times out
/// (moving the clock by the timeout). Once the script is played and nothing is pending (no timeout), the watcher is
/// woken, which ends the loop.
final class ScriptedDetector: ChangeDetector, @unchecked Sendable {
    private let clock: FakeClock
    private var script: [(time: Double, names: Set<String>)]
    /// When a wait ends by waking the watcher, as `cancel()` does: before this time no later change is played.
    private let wakeAt: Double?
    /// Waits in a row whose deadline had already passed.
    private var polls = 0
    /// When the loop was found spinning (a thousand such waits in a row), if it was.
    let spun = ConditionLocked<Double?>(nil)

    init(clock: FakeClock, changes: [(time: Double, names: Set<String>)], wakeAt: Double? = nil) {
        self.clock = clock
        self.script = changes.sorted { $0.time < $1.time }
        self.wakeAt = wakeAt
    }

    func wait(timeout: Double?) -> DetectorEvent {
        let now = clock.now
        // A deadline already past: the loop polls, and time does not move. A loop that does so again and again
        // would spin forever on a real folder too: it is woken, with an issue, instead of hanging the test.
        if let timeout, timeout <= 0 {
            polls += 1
            guard polls < 1000 else {
                spun.withLock { $0 = now }
                return .woken
            }
            return .timedOut
        }
        polls = 0
        // At least one step forward: `now + (deadline − now)` can round to just short of the loop's deadline.
        let deadline = timeout.map { max(now + $0, now.nextUp) } ?? .infinity
        if let wakeAt, wakeAt <= min(deadline, script.first?.time ?? .infinity) {
            clock.set(wakeAt)
            return .woken
        }
        if let next = script.first, next.time <= deadline {
            script.removeFirst()
            clock.set(next.time)
            return .changed(next.names)
        }
        guard deadline.isFinite else { return .woken }
        clock.set(deadline)
        return .timedOut
    }

    func close() {}

    /// Runs a watcher's loop over `changes` with `debounce` (and the watcher's maximum delay for it) until the script
    /// is played, and returns each report with the time it was delivered.
    static func play(
        _ changes: [(time: Double, names: Set<String>)], debounce: Double, wakeAt: Double? = nil
    ) async throws -> [(time: Double, names: Set<String>)] {
        let clock = FakeClock()
        let reports = Reports(clock: clock.reading)
        let detector = ScriptedDetector(clock: clock, changes: changes, wakeAt: wakeAt)
        let loop = WatchLoop(
            directory: "/nonexistent", detector: detector,
            wake: try WakeSignal(), debounce: debounce,
            maximumDelay: DirectoryWatcher.maximumDelay(debounce: debounce), fallbackInterval: 0.5,
            clock: clock.reading, onChange: reports.append)
        loop.start()
        // The loop ends by itself when the script is played; the wait is only a guard against a hang.
        #expect(await waitUntil(within: patience) { loop.isCancelled }, "the loop did not end")
        loop.cancel()
        let spun = detector.spun.withLock { $0 }
        #expect(spun == nil, "the loop waited with a deadline already past, again and again, at \(spun ?? 0)")
        return zip(reports.times, reports.all).map { ($0, $1) }
    }
}

/// A real detector (the platform's events, or polling) that counts its waits: how many the watcher's thread began,
/// and how many ended. An idle watcher's thread runs only when a wait ends, so the count bounds how often it ran, and
/// a slow or busy machine can only lower it (a polling wait ends at the earliest an interval after the last scan).
final class CountingDetector: ChangeDetector, @unchecked Sendable {
    // @unchecked: `inner` is used on the watcher's thread only (as a detector is); the counts are under the lock.
    private let inner: any ChangeDetector
    private let lock = NSLock()
    private var counts = (begun: 0, ended: 0)

    init(_ inner: any ChangeDetector) {
        self.inner = inner
    }

    /// Waits begun, and waits ended, so far.
    var waits: (begun: Int, ended: Int) { lock.withLock { counts } }

    func wait(timeout: Double?) -> DetectorEvent {
        lock.withLock { counts.begun += 1 }
        defer { lock.withLock { counts.ended += 1 } }
        return inner.wait(timeout: timeout)
    }

    func close() { inner.close() }
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
func waitUntil(within seconds: Double = patience, _ condition: () -> Bool) async -> Bool {
    let deadline = MonotonicClock.now() + seconds
    while MonotonicClock.now() < deadline && !Task.isCancelled {
        if condition() { return true }
        try? await Task.sleep(nanoseconds: 10_000_000)
    }
    return condition()
}

extension AsyncStream where Element: Sendable {
    /// Every element until the stream finishes, or nil if it has not finished within `seconds`.
    func collect(within seconds: Double = patience) async -> [Element]? {
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

/// Runs the toolchain's programs.
enum Toolchain {
    /// The first `name` on PATH.
    static func find(_ name: String) -> URL? { ChildProcess.find(name) }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `program` on a thread of its own and throws its output unless it exits with 0.
    static func run(_ program: URL, _ arguments: [String]) async throws {
        let run = try await ChildProcess.run(program, arguments)
        if run.status != 0 {
            throw Failure(description: "\(program.lastPathComponent) failed:\n\(run.log)")
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
