// Compiled with DeviceConstraints' Platform/ files and the stand-in AppKit: fails if an AppKit adapter was left out by
// its `#if`, or no longer reads as apps use it.
import AppKit

@MainActor
func probeAppKitAdapter(_ window: NSWindow, _ interpreter: ConstraintInterpreter) {
    let interpreters = WindowInterpreters(sharingFilesWith: interpreter)
    let observer = LayoutEnvironmentObserver(window: window, interpreter: interpreters.interpreter(for: window))
    observer.onChange = { change in _ = change.new }
    observer.invalidate()
    _ = LayoutEnvironment(window: window)
    _ = (interpreters.shared, interpreters.count)
}
