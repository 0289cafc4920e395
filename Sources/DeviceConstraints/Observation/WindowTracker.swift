/// One window of a SwiftUI app: its interpreter and the ``LiveConstraints`` its views read, moved to each
/// environment the window is measured in. What `.deviceConstraints(_:)` (DeviceConstraintsUI) keeps for each
/// window; platform-neutral, so that its rules are tested on every platform.
///
/// **Telling windows apart.** A tracker is one window: the SwiftUI layer keeps one in the state of each window's
/// root view, so SwiftUI makes one per window (per scene, on iPad and the Mac) and releases it when it releases that
/// view's state — when the scene is closed, or discarded by the system.
///
/// **Which interpreter.** The first tracker made for an app's interpreter claims that interpreter. While it is
/// claimed, every other tracker makes an interpreter of its own that shares its files
/// (``ConstraintInterpreter/init(sharingFilesWith:environment:)``: a class another window has loaded reads no file)
/// and releases it with itself. When the claiming tracker is released, the next tracker made claims the app's
/// interpreter again.
///
/// **When it moves.** The environment to follow is the pinned one (previews), else the one of the window's last
/// measured size and traits. When moving there reads no file — a resize, or a class whose files are parsed
/// already — the tracker moves at once with ``ConstraintInterpreter/updateNow(to:)``, during the layout that measured
/// it, so views read the new numbers in the same pass. Otherwise it moves with ``ConstraintInterpreter/update(to:)``
/// in a task: the files are read off the main thread, views keep the old class's numbers until the new class is
/// ready, then all switch at once. What is measured meanwhile is followed when that update ends (the last wins).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
package final class WindowTracker {
    /// The app's interpreter, which this window uses or shares files with.
    package let app: ConstraintInterpreter
    /// The records the window's views read; follows ``interpreter``.
    package let live: LiveConstraints
    /// The app's interpreter, while this window has claimed it.
    private let claim: WindowClaim?
    private var size: (width: Double, height: Double)?
    private var traits = WindowTraits()
    private var pinned: LayoutEnvironment?
    /// The update in progress, while a move reads files off the main thread.
    package private(set) var catchingUp: Task<Void, Never>?
    /// Called on the main actor as each round of a catch-up starts, with the environment it moves to: what tests use
    /// to measure the window again while an update is under way.
    package var roundStarted: ((LayoutEnvironment) -> Void)?

    /// A window of the app whose interpreter is `app`.
    ///
    /// - Parameters:
    ///   - app: the app's interpreter, which the first window uses and the others share files with.
    ///   - environment: the environment a window that does not claim `app` starts in; `app`'s when nil. It
    ///     answers until the window is first measured.
    ///   - claiming: whether this tracker may claim `app` (a container's never does: see ``ContainerScope``).
    package init(for app: ConstraintInterpreter, environment: LayoutEnvironment? = nil, claiming: Bool = true) {
        self.app = app
        if claiming, let claim = WindowClaim(app) {
            self.claim = claim
            live = LiveConstraints(app)
        } else {
            claim = nil
            live = LiveConstraints(
                InterpretersByWindow<AnyObject>.interpreter(
                    sharingFilesWith: app, environment: environment ?? app.environment))
        }
    }

    /// The window's interpreter: the app's, or one sharing its files.
    package var interpreter: ConstraintInterpreter { live.interpreter }

    /// Whether this window uses the app's interpreter itself.
    package var usesAppInterpreter: Bool { claim != nil }

    /// The environment to follow: the pinned one, else the measured window's; nil before the first measurement.
    package var target: LayoutEnvironment? {
        pinned ?? size.map { traits.environment(width: $0.width, height: $0.height) }
    }

    /// The window was measured at `width × height` points (its full size, safe areas included).
    package func measured(width: Double, height: Double) {
        size = (width, height)
        follow()
    }

    /// The window's traits changed (or were read for the first time).
    package func traitsChanged(_ traits: WindowTraits) {
        guard traits != self.traits else { return }
        self.traits = traits
        follow()
    }

    /// Pins the environment the records are looked up for, whatever the window measures; nil follows the window
    /// again.
    package func pin(_ environment: LayoutEnvironment?) {
        guard environment != pinned else { return }
        pinned = environment
        follow()
    }

    // MARK: - Moving

    private func follow() {
        guard catchingUp == nil, let target, target != interpreter.environment else { return }
        if interpreter.canSwitchWithoutReading(to: target) {
            live.updateNow(to: target)
        } else {
            catchingUp = Task { await self.catchUp() }
        }
    }

    /// Moves to the target, reading files off the main thread, until the window stops moving meanwhile: always to
    /// the latest target, so that measurements made during one round are coalesced into the next (one round per
    /// update at most, never one per measurement), and the last is always followed.
    ///
    /// A round starts only for a target no round has moved to yet: when the app moves the interpreter itself
    /// meanwhile, or an update cannot reach its target, the catch-up ends rather than chase it (the next
    /// measurement starts another).
    private func catchUp() async {
        var attempted: LayoutEnvironment?
        while let target, target != interpreter.environment, target != attempted {
            attempted = target
            roundStarted?(target)
            if interpreter.canSwitchWithoutReading(to: target) {
                live.updateNow(to: target)
            } else {
                // A container that cannot load for the new class is left unloaded by the switch (which happens
                // all the same): the views' lookups of it report the error, once per view, through the
                // interpreter's diagnostics.
                _ = try? await live.update(to: target)
            }
        }
        catchingUp = nil
    }
}

/// An app's interpreter, claimed by one window at a time: the claim ends when it is released.
private final class WindowClaim: Sendable {
    let interpreter: ConstraintInterpreter

    /// The interpreters claimed now. An identifier here stays valid (no other object can take its address): the
    /// claim holds its interpreter until it removes it.
    private static let claimed = ConditionLocked<Set<ObjectIdentifier>>([])

    /// Claims `interpreter`, or nil when another window has.
    init?(_ interpreter: ConstraintInterpreter) {
        guard Self.claimed.withLock({ $0.insert(ObjectIdentifier(interpreter)).inserted }) else { return nil }
        self.interpreter = interpreter
    }

    deinit {
        let id = ObjectIdentifier(interpreter)
        Self.claimed.withLock { _ = $0.remove(id) }
    }
}
