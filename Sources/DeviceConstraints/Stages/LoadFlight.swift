import Foundation

/// One load of one container under way: the first caller does the work, every other caller waits for its
/// result instead of reading and parsing the same files again (single flight).
final class LoadFlight: Sendable {
    typealias Outcome = Result<ViewTable, ConstraintError>

    private struct State {
        var outcome: Outcome?
        var continuations: [CheckedContinuation<Outcome, Never>] = []
    }

    private let state = ConditionLocked(State())
    /// The thread that leads the load, to tell a lookup from inside the load (which would wait for itself).
    private let leader = ObjectIdentifier(Thread.current)

    /// Whether the calling thread is the one doing the load.
    var isLedByCurrentThread: Bool {
        ObjectIdentifier(Thread.current) == leader
    }

    /// Ends the flight: wakes threads blocked in ``wait()`` and resumes tasks suspended in ``outcome()``.
    func finish(_ outcome: Outcome) {
        let waiting = state.withLockAndSignal { state in
            state.outcome = outcome
            defer { state.continuations = [] }
            return state.continuations
        }
        for continuation in waiting { continuation.resume(returning: outcome) }
    }

    /// Blocks the calling thread until the flight ends (the synchronous layout path).
    func wait() -> Outcome {
        state.wait { $0.outcome }
    }

    /// Suspends the calling task until the flight ends, without blocking a thread.
    func outcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready: Outcome? = state.withLock { state in
                if let outcome = state.outcome { return outcome }
                state.continuations.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
