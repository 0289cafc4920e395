// One interpreter per window scene, made for the scene's window and preloaded before the first layout; the view
// controller keeps it following the window.
import DeviceConstraints
import UIKit

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        // The constraint files are in the app target's resources (the repository's Constraints/ folder).
        let interpreter = ConstraintInterpreter(
            source: BundleSource(.main), environment: LayoutEnvironment(window: window))
        let calendar = CalendarViewController(interpreter: interpreter)
        window.rootViewController = calendar
        self.window = window
        // Off the main thread; the window shows once every container is loaded, so no lookup reads a file.
        Task {
            do {
                try await interpreter.preloadAll()
            } catch {
                print(error)  // file:line:column: error: … — the files are broken, or not in the app's resources
            }
            window.makeKeyAndVisible()
        }
    }
}
