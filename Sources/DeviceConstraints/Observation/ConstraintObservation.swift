/// A registration of a change handler: cancel it, or let it go, to stop the calls.
///
/// ```swift
/// let observation = interpreter.onChange { change in print(change) }
/// // …
/// observation.cancel()
/// ```
public final class ConstraintObservation: Sendable {
    private let cancellation: ConditionLocked<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) {
        cancellation = ConditionLocked(cancel)
    }

    /// Stops the calls. Calling it again does nothing.
    public func cancel() {
        let cancel = cancellation.withLock { value in
            defer { value = nil }
            return value
        }
        cancel?()
    }

    deinit {
        cancel()
    }
}
