/// The observers of one kind of event: callbacks and async streams, each called for every event posted after it
/// was added, outside every lock, on the thread that posts.
final class Observers<Event: Sendable>: Sendable {
    typealias Handler = @Sendable (Event) -> Void

    private struct State {
        var nextID: UInt64 = 0
        var handlers: [UInt64: Handler] = [:]
    }

    private let state = ConditionLocked(State())

    /// Adds `handler`; it is called until the returned observation is cancelled or released.
    func add(_ handler: @escaping Handler) -> ConstraintObservation {
        let id = state.withLock { state in
            state.nextID += 1
            state.handlers[state.nextID] = handler
            return state.nextID
        }
        return ConstraintObservation { [weak self] in self?.remove(id) }
    }

    /// A stream of the events posted from now on; it ends when the observers go away (with their interpreter)
    /// and stops observing when the consumer stops iterating. Events are buffered, newest kept, up to 64.
    func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(64))
        let id = state.withLock { state in
            state.nextID += 1
            state.handlers[state.nextID] = { continuation.yield($0) }
            return state.nextID
        }
        // Ends the stream when the observers are released (with their interpreter).
        finishers.withLock { $0[id] = { continuation.finish() } }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// What ends each stream.
    private let finishers = ConditionLocked<[UInt64: @Sendable () -> Void]>([:])

    /// Calls every handler with `event`, outside the lock.
    func post(_ event: Event) {
        let handlers = state.withLock { Array($0.handlers.values) }
        for handler in handlers { handler(event) }
    }

    /// Whether anyone observes.
    var isEmpty: Bool {
        state.withLock { $0.handlers.isEmpty }
    }

    private func remove(_ id: UInt64) {
        state.withLock { _ = $0.handlers.removeValue(forKey: id) }
        finishers.withLock { _ = $0.removeValue(forKey: id) }
    }

    deinit {
        for finish in finishers.withLock({ Array($0.values) }) { finish() }
    }
}
