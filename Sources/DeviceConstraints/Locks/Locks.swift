// The package's two locks, over pthreads (Synchronization's Mutex needs iOS 18), in one file as swift-log's
// Locks.swift keeps its own: the platform's C library is imported once, and every pthread call's result is checked
// by `checkPthread`.
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

/// Stops the process when a pthread call fails: every failure these locks can see (a lock used before it was
/// made or after it was destroyed, a deadlock the system detected, a lock released by a thread that does not
/// hold it) is a bug in these locks, and going on would corrupt the state the lock guards. swift-log's
/// `Locks.swift` does the same.
@inline(__always)
func checkPthread(_ status: Int32, _ call: StaticString, file: StaticString = #fileID, line: UInt = #line) {
    precondition(status == 0, "\(call) failed with error \(status)", file: file, line: line)
}

/// Takes a lock: `attempt` (a `trylock`) a bounded number of times, then a bounded number of times more, each after
/// giving the processor up (`sched_yield`), then `block` (the blocking call). A lock here is held for a microsecond
/// or a few; a thread that finds it taken by a thread on another core usually finds it free again sooner than it
/// could sleep and be woken (two context switches, tens of microseconds on a busy machine). The first tries are for
/// a holder running on another core; the tries after yielding, for a holder that takes longer or needs this core (a
/// preload's two workers, on two cores, slept on a lock 4.5 times a preload with 100 tries alone, about once in ten
/// preloads with the yields as well). Past both bounds it blocks, so a holder that was descheduled costs a waiter at
/// most the bounded spinning.
@inline(__always)
func acquire(_ attempt: () -> Int32, orBlock block: () -> Int32, _ call: StaticString) {
    var status = attempt()
    var attempts = 1
    while status == EBUSY && attempts < lockSpinAttempts {
        status = attempt()
        attempts &+= 1
    }
    if status == EBUSY { status = acquireAfterYielding(attempt, orBlock: block) }
    checkPthread(status, call)
}

/// The rest of ``acquire(_:orBlock:_:)``, seldom reached: tries after yielding, then blocks.
@inline(never)
private func acquireAfterYielding(_ attempt: () -> Int32, orBlock block: () -> Int32) -> Int32 {
    for _ in 0..<lockYields {
        sched_yield()
        let status = attempt()
        if status != EBUSY { return status }
    }
    return block()
}

/// How many times ``acquire(_:orBlock:_:)`` tries a lock before it yields.
let lockSpinAttempts = 100
/// How many times ``acquire(_:orBlock:_:)`` yields and tries again before it blocks.
let lockYields = 20

/// A reader-writer lock made of several `pthread_rwlock`s: many readers at once, or one writer.
///
/// A reader takes one of the locks, chosen by its thread, and a writer takes them all, so readers on
/// different threads write to different cache lines: a single lock would make every read an atomic write
/// to one line that all reading cores pass between them (a "big reader" lock). Writes are rare here (a
/// container published or forgotten), reads are every lookup.
///
/// Portable down to iOS 13 (unlike `Synchronization.Mutex`). Only a closure API, so that every access is one
/// transaction and no lock can be held across an `await` by accident. The lock guards state its owner keeps
/// in its own stored properties: a reader then reads that state in place, where a value handed to the
/// closure would be copied (its storage retained: an atomic write to a count that every reader shares).
final class ReadWriteLock: @unchecked Sendable {
    // @unchecked: the locks are thread-safe and live at stable addresses for the object's whole life.

    /// The number of locks: a power of two, enough that the few threads that read rarely share one.
    private static let shardBits = 4
    private static let shardCount = 1 << shardBits
    /// Bytes from one lock to the next: a lock's size rounded up to a whole number of 64-byte cache lines.
    private static let stride = (MemoryLayout<pthread_rwlock_t>.size + 63) / 64 * 64

    private let storage: UnsafeMutableRawPointer

    init() {
        storage = .allocate(byteCount: Self.shardCount * Self.stride, alignment: 64)
        for shard in 0..<Self.shardCount {
            let lock = self.lock(shard)
            lock.initialize(to: pthread_rwlock_t())
            checkPthread(pthread_rwlock_init(lock, nil), "pthread_rwlock_init")
        }
    }

    deinit {
        for shard in 0..<Self.shardCount {
            checkPthread(pthread_rwlock_destroy(lock(shard)), "pthread_rwlock_destroy")
            lock(shard).deinitialize(count: 1)
        }
        storage.deallocate()
    }

    @inline(__always)
    private func lock(_ shard: Int) -> UnsafeMutablePointer<pthread_rwlock_t> {
        (storage + shard &* Self.stride).assumingMemoryBound(to: pthread_rwlock_t.self)
    }

    /// The lock the calling thread reads with: its thread identity, hashed.
    @inline(__always)
    private var readerShard: Int {
        // `pthread_t` is an integer on glibc and a pointer elsewhere; either way, one word that names the thread.
        let thread = UInt64(withUnsafeBytes(of: pthread_self()) { $0.loadUnaligned(as: UInt.self) })
        return Int(truncatingIfNeeded: (thread &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.shardBits))
    }

    /// Runs `body` holding the lock shared: `body` may only read the guarded state.
    @inline(__always)
    func withReadLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        let lock = self.lock(readerShard)
        acquire({ pthread_rwlock_tryrdlock(lock) }, orBlock: { pthread_rwlock_rdlock(lock) }, "pthread_rwlock_rdlock")
        defer { checkPthread(pthread_rwlock_unlock(lock), "pthread_rwlock_unlock") }
        return try body()
    }

    /// Runs `body` holding the lock exclusively: every shard, always in the same order.
    @inline(__always)
    func withWriteLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        for shard in 0..<Self.shardCount {
            let lock = self.lock(shard)
            acquire(
                { pthread_rwlock_trywrlock(lock) }, orBlock: { pthread_rwlock_wrlock(lock) }, "pthread_rwlock_wrlock")
        }
        defer {
            for shard in (0..<Self.shardCount).reversed() {
                checkPthread(pthread_rwlock_unlock(lock(shard)), "pthread_rwlock_unlock")
            }
        }
        return try body()
    }
}

/// A value guarded by a `pthread_mutex`, with a condition variable to wait for it to change.
final class ConditionLocked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only touched while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    /// Unchecked: the mutex already makes every access exclusive, so the runtime's dynamic exclusivity check would
    /// only add a call to every lock taken (a load takes a dozen).
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
        // The mutex and the condition in one allocation (a load makes a lock for each container it loads): the
        // condition at the first offset past the mutex that its alignment allows. Neither moves until `deinit`.
        let conditionOffset = Self.conditionOffset
        let block = UnsafeMutableRawPointer.allocate(
            byteCount: conditionOffset + MemoryLayout<pthread_cond_t>.size,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment))
        mutex = block.initializeMemory(as: pthread_mutex_t.self, repeating: pthread_mutex_t(), count: 1)
        condition = (block + conditionOffset).initializeMemory(
            as: pthread_cond_t.self, repeating: pthread_cond_t(), count: 1)
        assert(
            Int(bitPattern: condition) % MemoryLayout<pthread_cond_t>.alignment == 0
                && UnsafeMutableRawPointer(condition) >= UnsafeMutableRawPointer(mutex + 1),
            "the condition lies past the mutex, aligned")
        checkPthread(pthread_mutex_init(mutex, nil), "pthread_mutex_init")
        checkPthread(pthread_cond_init(condition, nil), "pthread_cond_init")
    }

    deinit {
        checkPthread(pthread_cond_destroy(condition), "pthread_cond_destroy")
        checkPthread(pthread_mutex_destroy(mutex), "pthread_mutex_destroy")
        condition.deinitialize(count: 1)
        mutex.deinitialize(count: 1)
        UnsafeMutableRawPointer(mutex).deallocate()  // the block `init` allocated, which begins with the mutex
    }

    /// Where the condition begins in the block that holds both: past the mutex, rounded up to its alignment.
    private static var conditionOffset: Int {
        let alignment = MemoryLayout<pthread_cond_t>.alignment
        return (MemoryLayout<pthread_mutex_t>.size + alignment - 1) / alignment * alignment
    }

    /// Takes the mutex, trying it before blocking (``acquire(_:orBlock:_:)``).
    @inline(__always)
    private func lockMutex() {
        let mutex = self.mutex
        acquire({ pthread_mutex_trylock(mutex) }, orBlock: { pthread_mutex_lock(mutex) }, "pthread_mutex_lock")
    }

    /// Runs `body` with exclusive access.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lockMutex()
        defer { checkPthread(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        return try body(&value)
    }

    /// Runs `body` with exclusive access, then wakes every thread waiting in ``wait(until:)``.
    func withLockAndSignal<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lockMutex()
        defer {
            checkPthread(pthread_cond_broadcast(condition), "pthread_cond_broadcast")
            checkPthread(pthread_mutex_unlock(mutex), "pthread_mutex_unlock")
        }
        return try body(&value)
    }

    /// Blocks until `ready` returns a result for the value, then returns it.
    func wait<Result>(until ready: (Value) -> Result?) -> Result {
        lockMutex()
        defer { checkPthread(pthread_mutex_unlock(mutex), "pthread_mutex_unlock") }
        while true {
            if let result = ready(value) { return result }
            checkPthread(pthread_cond_wait(condition, mutex), "pthread_cond_wait")
        }
    }
}
