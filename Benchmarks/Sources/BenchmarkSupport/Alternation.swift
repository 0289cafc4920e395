import Foundation

/// A flag that flips on every call: which of two states a benchmark's next iteration goes to, where nothing else
/// remembers it (a baseline with no interpreter left to ask, a text size turned back and forth).
public final class Alternation: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false  // guarded by `lock`

    public init() {}

    /// Flips the flag and returns its new value.
    public func toggle() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        flag.toggle()
        return flag
    }
}
