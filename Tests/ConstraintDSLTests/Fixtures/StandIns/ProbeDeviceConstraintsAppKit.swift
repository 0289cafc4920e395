// Compiled into DeviceConstraints with the stand-in AppKit: fails if the AppKit adapter was left out by its `#if`.
import AppKit

@MainActor
func probeAppKitAdapter(_ window: NSWindow, _ interpreter: ConstraintInterpreter) {
    let observer = LayoutEnvironmentObserver(window: window, interpreter: interpreter)
    observer.invalidate()
    _ = LayoutEnvironment(window: window)
}
