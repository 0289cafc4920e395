import Foundation

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// A watcher's thread: waits on its detector, collects the changed names until the folder has been quiet for the
/// debounce interval, then hands them to the callback and to every stream.
///
/// The thread holds this object, not the ``DirectoryWatcher``, so releasing the watcher can cancel it.
final class WatchLoop: @unchecked Sendable {
    // @unchecked: `detector` is only touched on the loop's thread (and before it starts); the rest is immutable
    // or inside `state`.

    private struct State {
        var cancelled = false
        var finished = false
        /// The loop's thread, once it runs: `cancel()` called from it must not wait for itself.
        var thread: pthread_t?
        var subscribers: [Int: AsyncStream<Set<String>>.Continuation] = [:]
        var nextSubscriber = 0
    }

    private let state = ConditionLocked(State())
    private let wake: WakeSignal
    private var detector: any ChangeDetector
    private let directory: String
    private let debounce: Double
    private let maximumDelay: Double
    private let fallbackInterval: Double
    private let onChange: (@Sendable (Set<String>) -> Void)?
    /// Seconds on a clock that only moves forward: the debounce and the maximum delay are measured on it. Tests give
    /// a clock they move themselves, with a detector that moves it as its events come.
    private let clock: @Sendable () -> Double
    /// The name the thread runs under (`DirWatcher 12`), unique for a while, so tests can find its CPU time.
    let threadName: String

    private static let serials = ConditionLocked(0)

    init(
        directory: String, detector: any ChangeDetector, wake: WakeSignal, debounce: Double, maximumDelay: Double,
        fallbackInterval: Double, clock: @escaping @Sendable () -> Double = MonotonicClock.now,
        onChange: (@Sendable (Set<String>) -> Void)?
    ) {
        self.clock = clock
        self.directory = directory
        self.detector = detector
        self.wake = wake
        self.debounce = debounce
        self.maximumDelay = maximumDelay
        self.fallbackInterval = fallbackInterval
        self.onChange = onChange
        let serial = Self.serials.withLock { serial -> Int in
            serial = (serial + 1) % 10_000
            return serial
        }
        // Linux keeps 15 bytes of a thread's name.
        threadName = "DirWatcher \(serial)"
    }

    func start() {
        Thread { [self] in run() }.start()
    }

    var isCancelled: Bool { state.withLock { $0.cancelled || $0.finished } }

    /// Stops the thread. Returns once the thread has closed its descriptors and no callback runs any more (at
    /// once when called from the callback itself: the thread then stops when the callback returns).
    func cancel() {
        let mustWait = state.withLock { state -> Bool in
            if !state.cancelled && !state.finished {
                state.cancelled = true
                wake.signal()
            }
            if let thread = state.thread, pthread_equal(thread, pthread_self()) != 0 { return false }
            return !state.finished
        }
        if mustWait { state.wait { $0.finished ? () : nil } }
    }

    var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// A stream of the reports from now on; finished when the watcher stops.
    func subscribe() -> AsyncStream<Set<String>> {
        let (stream, continuation) = AsyncStream.makeStream(of: Set<String>.self, bufferingPolicy: .unbounded)
        let id = state.withLock { state -> Int in
            state.nextSubscriber += 1
            return state.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            self?.state.withLock { state in state.subscribers[id] = nil }
        }
        let open = state.withLock { state -> Bool in
            guard !state.cancelled && !state.finished else { return false }
            state.subscribers[id] = continuation
            return true
        }
        if !open { continuation.finish() }
        return stream
    }

    private func run() {
        state.withLock { $0.thread = pthread_self() }
        nameThisThread()
        var pending: Set<String> = []
        var firstChange = 0.0
        var lastChange = 0.0
        waiting: while true {
            var timeout: Double?
            if !pending.isEmpty {
                timeout = min(lastChange + debounce, firstChange + maximumDelay) - clock()
            }
            let event = detector.wait(timeout: timeout)
            let now = clock()
            switch event {
            case .woken:
                break waiting
            case .changed(let names):
                if names.isEmpty { break }
                if pending.isEmpty { firstChange = now }
                pending.formUnion(names)
                lastChange = now
            case .timedOut:
                break
            case .failed:
                // The platform's events broke down: carry on by polling (the folder as it is now is the new
                // baseline, so changes during the switch may be missed; what is pending is kept).
                detector.close()
                guard let polling = try? PollingDetector(directory: directory, interval: fallbackInterval, wake: wake)
                else { break waiting }
                detector = polling
            }
            if !pending.isEmpty && (now >= lastChange + debounce || now >= firstChange + maximumDelay) {
                deliver(pending)
                pending = []
            }
        }
        detector.close()
        let subscribers = state.withLockAndSignal { state -> [AsyncStream<Set<String>>.Continuation] in
            state.finished = true
            wake.close()
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        // Outside the lock: finishing runs each stream's `onTermination`, which takes it.
        for subscriber in subscribers { subscriber.finish() }
    }

    /// Gives the kernel this thread's name, for a debugger, `top -H` and the tests. (Foundation's `Thread.name`
    /// reaches the kernel on Linux only if set after the thread's start has returned, which is a race; and
    /// `pthread_setname_np` is not in the Glibc module.)
    private func nameThisThread() {
        #if canImport(Darwin)
            _ = pthread_setname_np(threadName)
        #elseif os(Linux) || os(Android)
            let descriptor = open("/proc/thread-self/comm", O_WRONLY)
            guard descriptor >= 0 else { return }
            var name = Array(threadName.utf8)
            _ = write(descriptor, &name, name.count)
            POSIX.close(descriptor)
        #endif
    }

    private func deliver(_ names: Set<String>) {
        let subscribers = state.withLock { state -> [AsyncStream<Set<String>>.Continuation]? in
            state.cancelled ? nil : Array(state.subscribers.values)
        }
        guard let subscribers else { return }
        for subscriber in subscribers { subscriber.yield(names) }
        onChange?(names)
    }
}
