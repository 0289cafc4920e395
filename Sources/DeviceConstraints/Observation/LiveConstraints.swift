import Foundation
public import Observation

/// One window's records as observable values: what SwiftUI views read, so that they lay out again when the window
/// changes class, a hot reload edits their numbers, or an update is installed — and only then.
///
/// Made from the window's interpreter; it follows whatever moves that interpreter (``ConstraintInterpreter/update(to:)``
/// from any caller, a hot reload, an installed update, an invalidation). Reading a record inside
/// `withObservationTracking` — as a SwiftUI `body` does — registers the read of that one record, and the tracking
/// fires when what that lookup returns changes: not on a resize that leaves it as it was, and never for a record it
/// did not read. ``environment`` and ``device`` are observed as well (a resize within a class changes
/// ``environment`` though no record changes).
///
/// ```swift
/// let live = LiveConstraints(interpreter)
/// let title = live[ConstraintIDs.Card.title]        // a ConstraintRecord; never throws
///
/// withObservationTracking {
///     _ = live[viewId: "title", container: "Card"].width
/// } onChange: {
///     print("the title's numbers changed")
/// }
/// ```
///
/// A lookup that fails (no such view, no file for the container, a file that does not parse) reads as the empty
/// record — every number 0, which the DSL reads as "not set" — and is reported once per view and cause to the
/// interpreter's diagnostics handler (with none, debug builds log it), not once per frame. It is observed like any
/// other read: a change that may make it succeed (a hot reload, an installed update or a rollback that adds or mends
/// the container's files, an invalidation, another class) fires it, and the next read looks again.
///
/// Reading costs one lookup in this object's own table of the records read so far, plus the observation
/// registrar's access; the first read of a record looks it up in the interpreter (loading its container if
/// needed, on the calling thread, as ``ConstraintInterpreter/record(viewId:container:)`` does: preload first).
///
/// Thread-safe: read and update from any thread. The tracking fires on the thread that made the change, before the
/// call that made it returns.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
public final class LiveConstraints: Observable, @unchecked Sendable {
    // @unchecked: `state` is only read while `lock` is held shared and only written while it is held exclusively.

    /// The interpreter of the window, whose lookups this object follows.
    public let interpreter: ConstraintInterpreter

    private let registrar = ObservationRegistrar()
    private let lock = ReadWriteLock()
    @exclusivity(unchecked) private var state: State
    private var publications: ConstraintObservation?

    /// A record read so far, with the key path its reads are tracked under.
    private struct Entry {
        var record: ConstraintRecord
        /// The lookup failed: the record is the empty one.
        var failed: Bool
        let keyPath: KeyPath<LiveConstraints, ConstraintRecord>
    }

    private struct State {
        var environment: LayoutEnvironment
        var device: DeviceProfile
        /// The records read so far, by container, then by view id.
        var entries: [String: [String: Entry]] = [:]
        /// The containers of reads answered unkept (see ``readAfterMiss(_:)``), fired at their next change.
        var waiting: Set<String> = []
        /// The last token handed to a record read (see ``subscript(tracked:)``).
        var nextToken: UInt64 = 0
    }

    /// The failed lookups already reported, by view and cause.
    private let reported = ConditionLocked<Set<Report>>([])

    private struct Report: Hashable {
        let id: ViewID
        let code: ConstraintError.Code
    }

    /// Follows `interpreter`'s window.
    ///
    /// - Parameter interpreter: the interpreter of one window; give each window its own (see
    ///   ``ConstraintInterpreter/init(sharingFilesWith:environment:)``).
    public init(_ interpreter: ConstraintInterpreter) {
        self.interpreter = interpreter
        let snapshot = interpreter.cache.snapshot
        state = State(environment: snapshot.environment, device: snapshot.device)
        publications = interpreter.publications.add { [weak self] publication in self?.refresh(publication) }
    }

    /// The window the records are for.
    public var environment: LayoutEnvironment {
        registrar.access(self, keyPath: \.environment)
        return lock.withReadLock { state.environment }
    }

    /// The device class resolved from ``environment``.
    public var device: DeviceProfile {
        registrar.access(self, keyPath: \.device)
        return lock.withReadLock { state.device }
    }

    /// The record of the view `id` names, for the current window; the empty record when the lookup fails.
    ///
    /// ```swift
    /// Text("June").padding(.leading, live[ConstraintIDs.Calendar.title].marginLeft)
    /// ```
    public subscript(_ id: ViewID) -> ConstraintRecord {
        self[viewId: id.viewId, container: id.container]
    }

    /// The record of `viewId` in `container`, for the current window; the empty record when the lookup fails.
    public subscript(viewId viewId: String, container container: String) -> ConstraintRecord {
        if let entry = lock.withReadLock({ state.entries[container]?[viewId] }) {
            registrar.access(self, keyPath: entry.keyPath)
            return entry.record
        }
        return readAfterMiss(ViewID(container: container, viewId: viewId))
    }

    /// What a record's reads are tracked under: `\.[tracked: token]`, with a token per record read, kept while the
    /// record is (an Int hashes faster than a view's two strings, and the registrar hashes the key path at every
    /// tracked read). It exists for its key path only and reads as the empty record.
    private subscript(tracked token: UInt64) -> ConstraintRecord {
        ConstraintRecord()
    }

    /// What reads of a container answered unkept are tracked under; it exists for its key path only.
    private subscript(waiting container: String) -> Bool {
        false
    }

    /// Moves the interpreter to a new window; see ``ConstraintInterpreter/update(to:)``.
    @discardableResult
    public func update(to environment: LayoutEnvironment) async throws(ConstraintError) -> EnvironmentChange? {
        try await interpreter.update(to: environment)
    }

    /// Moves the interpreter to a new window at once, reading no file; see ``ConstraintInterpreter/updateNow(to:)``.
    @discardableResult
    public func updateNow(to environment: LayoutEnvironment) -> EnvironmentChange? {
        interpreter.updateNow(to: environment)
    }

    // MARK: - The first read of a record

    /// Looks `id` up in the interpreter, then keeps what the interpreter has published for it, read under this
    /// object's lock: every change after that is announced and refreshes the entry, so nothing kept is ever stale.
    ///
    /// A lookup can answer from a load that a change (a reload, an invalidation) kept from publishing; what it read
    /// is not kept, and the lookup is made again (a new load publishes). After three such loads in a row, the read
    /// is answered unkept and tracked under its container, so that the next change of the container fires it.
    @inline(never)
    private func readAfterMiss(_ id: ViewID) -> ConstraintRecord {
        for attempt in 1...3 {
            var record: ConstraintRecord
            var failed = false
            do {
                record = try interpreter.record(id)
            } catch {
                record = ConstraintRecord()
                failed = true
                report(error, for: id)
            }
            let keyPath = lock.withWriteLock { () -> AnyKeyPath? in
                if let kept = state.entries[id.container]?[id.viewId] {
                    record = kept.record
                    return kept.keyPath
                }
                if let table = interpreter.cache.table(of: id.container) {
                    let published = table.record(id.viewId)
                    record = published ?? ConstraintRecord()
                    failed = published == nil
                } else if !failed {
                    // Read from a load that did not publish, or in place from a compiled table: a container
                    // preloaded from one is loaded whole in the background, so that its reads are followed.
                    if interpreter.cache.isUnread(id.container) { interpreter.loadInBackground(id.container) }
                    guard attempt == 3 else { return nil }
                    state.waiting.insert(id.container)
                    return \LiveConstraints.[waiting: id.container]
                }
                state.nextToken += 1
                let keyPath = \LiveConstraints.[tracked: state.nextToken]
                state.entries[id.container, default: [:]][id.viewId] = Entry(
                    record: record, failed: failed, keyPath: keyPath)
                return keyPath
            }
            switch keyPath {
            case let keyPath as KeyPath<LiveConstraints, ConstraintRecord>:
                registrar.access(self, keyPath: keyPath)
                return record
            case let keyPath as KeyPath<LiveConstraints, Bool>:
                registrar.access(self, keyPath: keyPath)
                return record
            default:
                continue
            }
        }
        return ConstraintRecord()
    }

    /// Tells the diagnostics handler, once per view and cause, that a lookup failed.
    private func report(_ error: ConstraintError, for id: ViewID) {
        guard let diagnostics = interpreter.diagnostics,
            reported.withLock({ $0.insert(Report(id: id, code: error.code)).inserted })
        else { return }
        let diagnostic = ConstraintDiagnostic(
            severity: .warning, code: .lookupFailed,
            message: "\(id) reads as the empty record: \(error.message)", file: error.file, line: error.line,
            column: error.column, keyPath: error.keyPath ?? "\(id)")
        diagnostics(diagnostic)
    }

    // MARK: - Following the interpreter

    /// Brings the records read so far up to date with the interpreter after `publication`, then tells the
    /// registrar which changed, outside the lock.
    private func refresh(_ publication: Publication) {
        var changed: [KeyPath<LiveConstraints, ConstraintRecord>] = []
        var woken: [String] = []
        var environmentChanged = false
        var deviceChanged = false
        lock.withWriteLock {
            switch publication {
            case .environment, .all:
                woken = Array(state.waiting)
                state.waiting = []
            case .containers(let names), .files(let names?):
                woken = names.filter { state.waiting.remove($0) != nil }
            case .files(nil):
                woken = Array(state.waiting)
                state.waiting = []
            }
            let snapshot = interpreter.cache.snapshot
            environmentChanged = snapshot.environment != state.environment
            deviceChanged = snapshot.device != state.device
            state.environment = snapshot.environment
            state.device = snapshot.device
            var containers: [String]
            switch publication {
            case .environment, .all, .files(nil): containers = Array(state.entries.keys)
            case .containers(let names), .files(let names?): containers = names.filter { state.entries[$0] != nil }
            }
            if case .files = publication {
                // Only the reads of containers that could not load: a loaded one's changes came as `.containers`.
                containers.removeAll { interpreter.cache.table(of: $0) != nil }
            }
            // A container that cannot load stays as it was on a resize: only its files (reload, invalidation) or
            // another class (other files) can change what its lookups find.
            let filesMayHaveChanged: Bool
            switch publication {
            case .environment: filesMayHaveChanged = deviceChanged
            case .containers, .all, .files: filesMayHaveChanged = true
            }
            for container in containers {
                guard var entries = state.entries[container] else { continue }
                let table = interpreter.cache.table(of: container)
                for (viewId, entry) in entries {
                    if let table {
                        if let record = table.record(viewId) {
                            guard entry.failed || record != entry.record else { continue }
                            entries[viewId]?.record = record
                            entries[viewId]?.failed = false
                        } else if entry.failed {
                            continue  // still no such view
                        } else {
                            entries[viewId] = nil
                        }
                    } else {
                        // Unloaded (invalidated, or left to load on demand after a switch): the next read looks again.
                        guard !entry.failed || filesMayHaveChanged else { continue }
                        entries[viewId] = nil
                    }
                    changed.append(entry.keyPath)
                }
                state.entries[container] = entries.isEmpty ? nil : entries
            }
        }
        if environmentChanged { notify(\.environment) }
        if deviceChanged { notify(\.device) }
        for keyPath in changed { notify(keyPath) }
        for container in woken { notify(\.[waiting: container]) }
    }

    private func notify<Member>(_ keyPath: KeyPath<LiveConstraints, Member>) {
        registrar.willSet(self, keyPath: keyPath)
        registrar.didSet(self, keyPath: keyPath)
    }
}

// MARK: - Outside every window

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension LiveConstraints {
    /// What a view reads when no `.deviceConstraints(_:)` (DeviceConstraintsUI) encloses it — a `#Preview` of the view
    /// alone, a test host, a view moved into a window that has none: every record is the empty one (every number 0,
    /// which the DSL reads as "not set"), and debug builds say once per view what to add. The default of SwiftUI's
    /// `\.liveConstraints`, so that reading it never meets a missing environment.
    ///
    /// ```swift
    /// struct CardView: View {
    ///     @Environment(\.liveConstraints) private var constraints   // this placeholder outside .deviceConstraints(_:)
    ///     var body: some View { Text("Title").frame(constraints[ConstraintIDs.Card.title]) }
    /// }
    /// ```
    public static let placeholder = LiveConstraints(placeholderReportingTo: DebugLog.defaultHandler())

    /// Whether this is ``placeholder``: the view that read it is outside every `.deviceConstraints(_:)`.
    public var isPlaceholder: Bool { interpreter.isPlaceholder }

    /// A placeholder whose warnings go to `diagnostics` (none when nil): what ``placeholder`` is, with debug builds'
    /// log, and what tests check.
    convenience init(placeholderReportingTo diagnostics: ConstraintDiagnosticHandler?) {
        let handler: ConstraintDiagnosticHandler = { diagnostic in
            guard let diagnostics, let id = diagnostic.keyPath else { return }
            diagnostics(
                ConstraintDiagnostic(
                    severity: .warning, code: .lookupFailed,
                    message:
                        "\(id) reads as the empty record: no .deviceConstraints(_:) encloses the view that reads it "
                        + "(a #Preview of the view alone, a test host, a view moved into another window); apply "
                        + ".deviceConstraints(interpreter) to the window's root view, or to the view in the #Preview",
                    keyPath: id))
        }
        self.init(
            ConstraintInterpreter(
                source: PlaceholderSource(), environment: LayoutEnvironment(width: 390, height: 844),
                diagnostics: handler))
    }
}

/// The source of ``LiveConstraints/placeholder``'s interpreter: no file at all.
struct PlaceholderSource: ConstraintSource {
    func data(forFile name: String) throws -> Data? { nil }
    func fileNames() throws -> [String] { [] }
}

extension ConstraintInterpreter {
    /// Whether this interpreter reads ``PlaceholderSource``: it is ``LiveConstraints/placeholder``'s.
    var isPlaceholder: Bool { files.source is PlaceholderSource }
}
