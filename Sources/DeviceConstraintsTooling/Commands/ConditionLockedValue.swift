import Foundation

/// A value behind a lock, for the session's state between watcher reports.
final class ConditionLockedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Sets a new value and returns the old one.
    func exchange(_ newValue: Value) -> Value {
        lock.withLock {
            defer { value = newValue }
            return value
        }
    }
}
