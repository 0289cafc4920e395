// Compiled with DeviceConstraints' Platform/ files and the stand-in UIKit: fails if a UIKit adapter was left out by
// its `#if`, or no longer reads as apps use it.
import UIKit

@MainActor
func probeUIKitAdapter(_ window: UIWindow, _ scene: UIWindowScene, _ interpreter: ConstraintInterpreter) {
    let view = LayoutEnvironmentView(interpreter: interpreter)
    view.onChange = { change in _ = change.new }
    view.updateEnvironment()
    _ = LayoutEnvironment(window: window)
    _ = LayoutEnvironment(windowScene: scene)
    _ = LayoutEnvironment(traitCollection: window.traitCollection, size: window.bounds.size)
    let textSize: TextSize? = TextSize(window.traitCollection.preferredContentSizeCategory)
    _ = (textSize, TextSize(UIContentSizeCategory.accessibilityExtraExtraExtraLarge) == .accessibility5)

    let interpreters = SceneInterpreters(sharingFilesWith: interpreter)
    let sceneInterpreter: ConstraintInterpreter = interpreters.interpreter(for: scene)
    _ = (sceneInterpreter, interpreters.shared, interpreters.count)
}
