import Dispatch
import Foundation
import Testing

@testable import DeviceConstraints

/// The package's two locks (`Locks.swift`): each takes a lock by trying it a bounded number of times and then
/// blocking. CI also runs these under ThreadSanitizer.
struct LocksTests {
    /// Many threads changing one value at once, most of them finding the lock taken: no change is lost.
    @Test func aValueChangedFromManyThreadsAtOnceLosesNoChange() {
        let counter = ConditionLocked(0)
        let threads = 4
        let changes = TestTier.size(quick: 20_000, long: 100_000)
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<changes { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == threads * changes)
    }

    /// Writers taking every shard while readers read: a reader never sees a write half done, and no write is lost.
    @Test func readersNeverSeeAWriteHalfDoneAndNoWriteIsLost() {
        final class Pair: @unchecked Sendable {
            let lock = ReadWriteLock()
            var first = 0
            var second = 0
        }
        let pair = Pair()
        let writes = TestTier.size(quick: 5_000, long: 25_000)
        let torn = ConditionLocked(0)
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            if worker < 2 {
                for _ in 0..<writes {
                    pair.lock.withWriteLock {
                        pair.first += 1
                        pair.second += 1
                    }
                }
            } else {
                for _ in 0..<writes {
                    let seen = pair.lock.withReadLock { (pair.first, pair.second) }
                    if seen.0 != seen.1 { torn.withLock { $0 += 1 } }
                }
            }
        }
        #expect(torn.withLock { $0 } == 0)
        #expect(pair.lock.withReadLock { (pair.first, pair.second) } == (2 * writes, 2 * writes))
    }

    /// A lock held far longer than a waiter tries it: the waiter blocks until it is given up, then takes it.
    @Test(.timeLimit(.minutes(10)))
    func aWaiterBlocksUntilALockHeldLongIsGivenUp() {
        let state = ConditionLocked<[String]>([])
        let rwLock = ReadWriteLock()
        let held = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            state.withLock { order in
                held.signal()
                Thread.sleep(forTimeInterval: 0.05)
                order.append("holder")
            }
            rwLock.withWriteLock {
                held.signal()
                Thread.sleep(forTimeInterval: 0.05)
                state.withLock { $0.append("writer") }
            }
            done.signal()
        }
        held.wait()
        state.withLock { $0.append("waiter") }
        held.wait()
        rwLock.withReadLock { state.withLock { $0.append("reader") } }
        done.wait()
        #expect(state.withLock { $0 } == ["holder", "waiter", "writer", "reader"])
    }
}
