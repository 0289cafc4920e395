// One interpreter per NSWindow: the AppKit face of InterpretersByWindow (which Linux tests run). Compiled only where
// AppKit exists and UIKit does not (a Mac app, not Mac Catalyst, which has SceneInterpreters).
//
// Checked on Linux by PlatformCompileCheckTests against the stand-in AppKit (Tests/ConstraintDSLTests/Fixtures/StandIns/
// AppKit.swift, written from AppKit's headers; no macOS SDK was at hand for a real-SDK check). A Mac must still
// confirm that it builds at macOS 10.15 and that `NSWindow.willCloseNotification` arrives on the main queue with the
// window as its object.

#if canImport(AppKit) && !canImport(UIKit)
    public import AppKit

    /// The interpreters of a Mac app's windows: one per `NSWindow`, each for its own content size and backing scale,
    /// all sharing the files of one interpreter, so that a second window of a device class already loaded reads no
    /// file. A window's interpreter is forgotten when the window closes.
    ///
    /// ```swift
    /// let interpreters = WindowInterpreters(sharingFilesWith: interpreter)
    /// let observer = LayoutEnvironmentObserver(window: window, interpreter: interpreters.interpreter(for: window))
    /// ```
    @MainActor
    public final class WindowInterpreters {
        private let byWindow: InterpretersByWindow<NSWindow>
        private var closing: NotificationObservation?

        /// The interpreter whose files every window's interpreter shares.
        public var shared: ConstraintInterpreter { byWindow.shared }

        /// Keeps one interpreter per window, each sharing `interpreter`'s files.
        ///
        /// - Parameter interpreter: The interpreter whose source, catalog, limits, diagnostics and file stages the
        ///   windows' interpreters share; it is not itself given to a window.
        public init(sharingFilesWith interpreter: ConstraintInterpreter) {
            byWindow = InterpretersByWindow(sharingFilesWith: interpreter)
            closing = NotificationObservation(NSWindow.willCloseNotification) { [weak self] notification in
                let window = notification.object as? NSWindow
                MainActor.assumeIsolated {
                    if let window { self?.byWindow.remove(window) }
                }
            }
        }

        /// The interpreter of `window`: the one made for it before, else a new one for the window's current
        /// environment (``LayoutEnvironment/init(window:)``). A ``LayoutEnvironmentObserver`` keeps it on the
        /// window's environment from then on.
        ///
        /// - Parameter window: The window.
        /// - Returns: The window's interpreter.
        public func interpreter(for window: NSWindow) -> ConstraintInterpreter {
            byWindow.interpreter(for: window) { LayoutEnvironment(window: window) }
        }

        /// The number of open windows with an interpreter.
        public var count: Int { byWindow.count }
    }
#endif
