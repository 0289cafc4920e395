// The AppKit adapter of the layout environment: the environment of a window's content, and an observer that moves
// an interpreter to each new environment when the window is resized or changes screens. Compiled only where AppKit
// exists (a Mac app; Mac Catalyst has the UIKit adapter).
//
// Checked on Linux by PlatformCompileCheckTests against the stand-in AppKit (Tests/ConstraintDSLTests/Fixtures/
// StandIns/AppKit.swift, written from AppKit's headers; no macOS SDK was at hand for a real-SDK check). A Mac must
// still confirm that it builds at macOS 10.15, and that a live resize and a move to a screen of another scale reach
// the interpreter.

#if canImport(AppKit) && !canImport(UIKit)
    public import AppKit

    extension LayoutEnvironment {
        /// The environment of `window`'s content area: its size in points and backing scale factor. The idiom is
        /// inferred from the size (a window at least 600 points on its shorter side lays out as a pad).
        ///
        /// - Parameter window: The window.
        @MainActor
        public init(window: NSWindow) {
            let size = window.contentLayoutRect.size
            let direction: LayoutDirection =
                window.contentView?.userInterfaceLayoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
            self.init(
                width: Double(size.width), height: Double(size.height), idiom: nil,
                displayScale: Double(window.backingScaleFactor), layoutDirection: direction)
        }
    }

    /// Moves an interpreter to a window's environment whenever the window is resized or its backing scale changes
    /// (`NSWindow.didResizeNotification`, `NSWindow.didChangeBackingPropertiesNotification`), with
    /// ``ConstraintInterpreter/updateNow(to:)``, then calls ``onChange``. It stops when released or invalidated.
    ///
    /// ```swift
    /// let observer = LayoutEnvironmentObserver(window: window, interpreter: interpreter)
    /// observer.onChange = { _ in try? constraints.updateConstants(of: active, using: interpreter) }   // ConstraintDSL
    /// ```
    @MainActor
    public final class LayoutEnvironmentObserver {
        /// The interpreter moved to each new environment.
        public let interpreter: ConstraintInterpreter
        /// Called after the interpreter moved, with what changed; not called when nothing a lookup returns changed.
        public var onChange: ((EnvironmentChange) -> Void)?
        /// The environment last handed to the interpreter.
        public private(set) var lastEnvironment: LayoutEnvironment?
        private weak var window: NSWindow?
        private var observations: [NotificationObservation] = []

        /// Starts observing `window` and moves `interpreter` to its environment now.
        ///
        /// - Parameters:
        ///   - window: The window.
        ///   - interpreter: The interpreter.
        public init(window: NSWindow, interpreter: ConstraintInterpreter) {
            self.window = window
            self.interpreter = interpreter
            let names = [NSWindow.didResizeNotification, NSWindow.didChangeBackingPropertiesNotification]
            observations = names.map { name in
                NotificationObservation(name, object: window) { [weak self] _ in
                    MainActor.assumeIsolated { self?.updateEnvironment() }
                }
            }
            updateEnvironment()
        }

        /// Moves the interpreter to the window's environment if it differs from the last one.
        public func updateEnvironment() {
            guard let window else { return }
            let environment = LayoutEnvironment(window: window)
            guard environment != lastEnvironment else { return }
            lastEnvironment = environment
            if let change = interpreter.updateNow(to: environment) { onChange?(change) }
        }

        /// Stops observing (as releasing the observer does).
        public func invalidate() {
            observations = []
        }
    }
#endif
