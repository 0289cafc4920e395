import Dispatch
import Foundation
import Synchronization

/// A second thread that runs `pass` over and over while a contention benchmark measures the first.
///
/// Start it in the benchmark's setup and stop it in its teardown, so that it reads continuously through the
/// warm-up and every measured iteration. ``passes`` counts completed passes, so a benchmark can show that the
/// second reader really ran while it was measured.
public final class BackgroundReader: Sendable {
    private let pass: @Sendable () -> Void
    private let running = Atomic<Bool>(false)
    private let completedPasses = Atomic<Int>(0)
    private let started = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// A reader that will run `pass` in a loop once started.
    public init(pass: @escaping @Sendable () -> Void) {
        self.pass = pass
    }

    /// The number of passes completed so far.
    public var passes: Int {
        completedPasses.load(ordering: .relaxed)
    }

    /// Starts the thread and returns once it is reading.
    public func start() {
        running.store(true, ordering: .sequentiallyConsistent)
        Thread.detachNewThread {
            self.started.signal()
            while self.running.load(ordering: .relaxed) {
                self.pass()
                self.completedPasses.add(1, ordering: .relaxed)
            }
            self.finished.signal()
        }
        started.wait()
    }

    /// Stops the thread and returns once it has finished its last pass.
    public func stop() {
        running.store(false, ordering: .sequentiallyConsistent)
        finished.wait()
    }
}
