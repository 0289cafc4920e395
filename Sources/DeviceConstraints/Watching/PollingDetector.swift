/// Finds changes by listing the folder every `interval` seconds and comparing names, sizes, modification and
/// change times and inodes with the last listing.
///
/// For folders whose changes the kernel does not announce (network shares, folders shared into a container or a
/// virtual machine), and where the platform's events cannot start. While files are changing it scans at each of
/// the watcher's deadlines as well, so that "quiet" means a scan found nothing new.
final class PollingDetector: ChangeDetector {
    private let directory: String
    private let interval: Double
    private let wake: WakeSignal
    private var snapshot: DirectorySnapshot
    private var nextScan: Double

    /// Takes the first snapshot now: changes from here on are reported.
    init(directory: String, interval: Double, wake: WakeSignal) throws(ConstraintError) {
        self.directory = directory
        self.interval = interval
        self.wake = wake
        snapshot = try DirectorySnapshot(directory: directory)
        nextScan = MonotonicClock.now() + interval
    }

    func wait(timeout: Double?) -> DetectorEvent {
        let untilScan = max(0, nextScan - MonotonicClock.now())
        let limit = min(timeout ?? .infinity, untilScan)
        guard let readable = POSIX.waitForReadable([wake.readEnd], timeout: limit) else { return .failed }
        if readable[0] { return .woken }
        // The wait ended: either a scan is due or the watcher's deadline came and it wants to know if the folder
        // is quiet. A folder that cannot be listed (removed, or a share that went away) counts as empty, so its
        // files are reported as deleted, and as created when it comes back.
        let fresh = (try? DirectorySnapshot(directory: directory)) ?? DirectorySnapshot()
        let changed = fresh.changedNames(since: snapshot)
        snapshot = fresh
        nextScan = MonotonicClock.now() + interval
        return changed.isEmpty ? .timedOut : .changed(changed)
    }

    func close() {}
}
