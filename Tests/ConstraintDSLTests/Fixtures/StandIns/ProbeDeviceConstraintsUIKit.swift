// Compiled into DeviceConstraints with the stand-in UIKit: fails if the UIKit adapter was left out by its `#if`.
import UIKit

@MainActor
func probeUIKitAdapter(_ window: UIWindow, _ interpreter: ConstraintInterpreter) {
    let view = LayoutEnvironmentView(interpreter: interpreter)
    view.updateEnvironment()
    _ = LayoutEnvironment(window: window)
    _ = LayoutEnvironment(traitCollection: window.traitCollection, size: window.bounds.size)
}
