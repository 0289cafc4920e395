/// One task at a time through an async section, in the order they asked: what keeps a store's installs, rollbacks
/// and resets one after another, each whole, the last one called the last one done, a slow `verify` included.
///
/// A waiting task suspends (it holds no thread); a task cancelled while it waits leaves the line and throws, so no
/// caller waits for a turn it no longer wants.
///
/// ```swift
/// try await gate.enter()
/// defer { gate.leave() }
/// ```
final class SerialGate: Sendable {
    private struct Waiter {
        let id: UInt64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var busy = false
        /// The tasks in line, first first: a handful at most, so removing the first costs nothing worth a deque.
        var waiting: [Waiter] = []
        var lastID: UInt64 = 0
    }

    private let state = ConditionLocked(State())

    /// Waits for the turn of the calling task: after every task that asked before it has left.
    ///
    /// - Throws: ``ConstraintError`` `.cancelled` when the task is cancelled before its turn comes.
    func enter() async throws(ConstraintError) {
        let id = state.withLock { state in
            state.lastID += 1
            return state.lastID
        }
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    // One lock decides the order: a task is in line from here.
                    let now: Bool? = state.withLock { state in
                        if !state.busy {
                            state.busy = true
                            return true
                        }
                        // Cancelled before it could be put in line: the cancellation handler found nothing to resume.
                        if Task.isCancelled { return false }
                        state.waiting.append(Waiter(id: id, continuation: continuation))
                        return nil
                    }
                    switch now {
                    case true?: continuation.resume()
                    case false?: continuation.resume(throwing: CancellationError())
                    case nil: break
                    }
                }
            } onCancel: {
                let removed = state.withLock { state -> Waiter? in
                    guard let index = state.waiting.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.waiting.remove(at: index)
                }
                removed?.continuation.resume(throwing: CancellationError())
            }
        } catch {
            throw ConstraintError(
                code: .cancelled,
                message: "the task was cancelled while it waited for the installs before it; nothing was changed")
        }
    }

    /// How many tasks wait for their turn (for tests).
    var waitingCount: Int {
        state.withLock { $0.waiting.count }
    }

    /// Ends the turn, handing it to the next task in line.
    func leave() {
        let next = state.withLock { state -> Waiter? in
            guard !state.waiting.isEmpty else {
                state.busy = false
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.continuation.resume()
    }
}
