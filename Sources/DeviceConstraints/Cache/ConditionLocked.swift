#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#else
    #error("ReadWriteLock and ConditionLocked need pthreads: add this platform's C library above")
#endif

/// A value guarded by a `pthread_mutex`, with a condition variable to wait for it to change.
final class ConditionLocked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    private var value: Value

    init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        checkPthread(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        checkPthread(pthread_cond_init(condition, nil), "pthread_cond_init")
    }

    deinit {
        checkPthread(pthread_cond_destroy(condition), "pthread_cond_destroy")
        checkPthread(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        condition.deinitialize(count: 1)
        condition.deallocate()
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        checkPthread(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        defer { checkPthread(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        return try body(&value)
    }

    /// Runs `body` with exclusive access, then wakes every thread waiting in ``wait(until:)``.
    func withLockAndSignal<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        checkPthread(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        defer {
            checkPthread(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
            checkPthread(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
        }
        return try body(&value)
    }

    /// Blocks until `ready` returns a result for the value, then returns it.
    func wait<Result>(until ready: (Value) -> Result?) -> Result {
        checkPthread(pthread_mutex_lock(mutex), "pthread_mutex_lock")
        defer { checkPthread(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        while true {
            if let result = ready(value) { return result }
            checkPthread(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
        }
    }
}
