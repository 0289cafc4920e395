import Dispatch

/// What tells a watcher's thread that files in its folder changed: the platform's file-system events, or a
/// scan that compares the folder with the last one.
///
/// A detector is made on the thread that creates the watcher (so that changes after the watcher's initializer
/// returns are seen) and is then used only on the watcher's thread.
protocol ChangeDetector: AnyObject {
    /// Blocks until files change, `wake` is signalled, or `timeout` seconds pass (nil: no limit).
    func wait(timeout: Double?) -> DetectorEvent
    /// Releases the detector's descriptors. Called once, on the watcher's thread, after the last ``wait(timeout:)``.
    func close()
}

/// What one wait of a ``ChangeDetector`` ended with.
enum DetectorEvent: Equatable {
    /// These names changed (possibly none: an event about the folder itself, or a scan that found nothing).
    case changed(Set<String>)
    /// The time ran out with nothing to report.
    case timedOut
    /// The watcher was cancelled.
    case woken
    /// The detector cannot go on (its descriptor failed); the watcher falls back to polling.
    case failed
}

/// Seconds on a clock that only moves forward, for deadlines.
enum MonotonicClock {
    static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
