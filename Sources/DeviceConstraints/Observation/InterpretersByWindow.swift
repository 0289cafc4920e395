/// One interpreter per window of an app, each made on first ask for its window and sharing the files of one
/// interpreter (``ConstraintInterpreter/init(sharingFilesWith:environment:)``): what the UIKit helper
/// (`SceneInterpreters`, one per `UIWindowScene`) and the AppKit helper (`WindowInterpreters`, one per `NSWindow`)
/// keep, written once, platform-neutral, so that Linux tests run it.
///
/// ``interpreter(sharingFilesWith:environment:)`` is the one place an interpreter for another window is made: these
/// helpers, `WindowTracker` (SwiftUI) and `LayoutEngine` (ConstraintLayout) all make theirs through it, so that none
/// reads the files again or leaves out the diagnostics handler.
///
/// Windows are held weakly and told apart by identity: a window that is gone, or was ``remove(_:)``d, gives up its
/// interpreter (released once as many new windows have opened as the entries kept when gone ones were last
/// dropped), and a new window at the address of a gone one gets a new interpreter. Not thread-safe: the helpers
/// use it on the main actor only.
package final class InterpretersByWindow<Window: AnyObject> {
    /// The interpreter whose files every window's interpreter shares.
    package let shared: ConstraintInterpreter
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// How many more new windows before one drops the entries of gone windows: as many as the entries kept last
    /// time. New windows, not entries, are counted: a new window at a gone one's address takes its entry and adds
    /// none, and windows coming and going at one address must not keep another gone window's interpreter forever.
    private var newWindowsBeforeDrop = 0

    private struct Entry {
        weak var window: Window?
        let interpreter: ConstraintInterpreter
    }

    /// Keeps the interpreters of windows that share `shared`'s files.
    package init(sharingFilesWith shared: ConstraintInterpreter) {
        self.shared = shared
    }

    /// The interpreter of `window`: the one made for it before, or a new one for `environment()` (read only then).
    package func interpreter(for window: Window, environment: () -> LayoutEnvironment) -> ConstraintInterpreter {
        let key = ObjectIdentifier(window)
        if let entry = entries[key], entry.window === window { return entry.interpreter }
        // A new window drops the entries of windows that are gone, releasing their interpreters, once as many new
        // windows have opened as there were entries kept at the last drop: dropping them at every new window made
        // n windows that all stay take time in n squared. A drop then costs at most twice the new windows since
        // the last, a constant each, and a gone window's interpreter is released by the time as many new windows
        // have opened as there are entries.
        if newWindowsBeforeDrop == 0 {
            entries = entries.filter { $0.value.window != nil }
            newWindowsBeforeDrop = max(1, entries.count)
        }
        newWindowsBeforeDrop -= 1
        let interpreter = Self.interpreter(sharingFilesWith: shared, environment: environment())
        entries[key] = Entry(window: window, interpreter: interpreter)
        return interpreter
    }

    /// A new interpreter for another window of `shared`'s app, at `environment`: it shares `shared`'s source,
    /// catalog, limits, diagnostics handler and parsed files, so a file `shared` has read is not read again.
    ///
    /// - Parameters:
    ///   - shared: an interpreter of the app (any that shares with it will do).
    ///   - environment: the other window.
    package static func interpreter(
        sharingFilesWith shared: ConstraintInterpreter, environment: LayoutEnvironment
    ) -> ConstraintInterpreter {
        ConstraintInterpreter(sharingFilesWith: shared, environment: environment)
    }

    /// The interpreter made for `window`, if any.
    package func existingInterpreter(for window: Window) -> ConstraintInterpreter? {
        entries[ObjectIdentifier(window)].flatMap { $0.window === window ? $0.interpreter : nil }
    }

    /// Forgets `window`'s interpreter (the window closed, the scene disconnected).
    package func remove(_ window: Window) {
        let key = ObjectIdentifier(window)
        if entries[key]?.window === window || entries[key]?.window == nil { entries[key] = nil }
    }

    /// The number of windows with an interpreter, gone ones not counted.
    package var count: Int { entries.values.filter { $0.window != nil }.count }
}
