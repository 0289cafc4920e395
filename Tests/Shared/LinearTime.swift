// Shared by the test targets that check linear time (each has a link to this file: SwiftPM test targets cannot
// share a source file otherwise, and a library target for one helper would put Testing in the package's graph).
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// 3, not 2.5: a clean-clone CI run beside other builds measured 2.55 for two linear checks (the caches and the
    /// allocator do not scale perfectly); a quadratic step gives 4, so 3 still tells them apart.
    static let ratio = 3.0

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
