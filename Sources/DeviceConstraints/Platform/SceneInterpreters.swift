// One interpreter per UIWindowScene: the UIKit face of InterpretersByWindow (which Linux tests run). Compiled only
// where UIKit has views (not watchOS).
//
// Checked on Linux by PlatformCompileCheckTests against the stand-in UIKit (Tests/ConstraintDSLTests/Fixtures/StandIns/
// UIKit.swift, written from the iPhoneOS 18.6 SDK's UIKit headers and overlay), and type-checked against the real
// iPhoneOS 18.6 SDK at iOS 13 and 18 (`Scripts/sdk-check.sh` runs that check). A Mac must still confirm that
// `UIScene.didDisconnectNotification` arrives on the main queue with the scene as its object.

#if canImport(UIKit) && !os(watchOS)
    public import UIKit

    /// The interpreters of an app's window scenes: one per `UIWindowScene`, each for its own window's size and
    /// traits, all sharing the files of one interpreter. iPadOS shows several scenes of an app side by side, each
    /// freely resized (694 and 320 points wide, say), and one interpreter has one environment: give each scene its
    /// own, and keep them here. A scene's interpreter reads no file another scene of the same device class has read,
    /// and is forgotten when the scene disconnects.
    ///
    /// ```swift
    /// // AppDelegate: the files are read once, for every scene.
    /// static let interpreters = SceneInterpreters(
    ///     sharingFilesWith: ConstraintInterpreter(
    ///         source: BundleSource(.main), environment: LayoutEnvironment(width: 375, height: 667, idiom: .phone)))
    ///
    /// // SceneDelegate
    /// func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
    ///     guard let windowScene = scene as? UIWindowScene else { return }
    ///     let interpreter = AppDelegate.interpreters.interpreter(for: windowScene)
    ///     let window = UIWindow(windowScene: windowScene)
    ///     window.rootViewController = CardViewController(interpreter: interpreter)   // adds a LayoutEnvironmentView
    ///     window.makeKeyAndVisible()
    ///     self.window = window
    /// }
    /// ```
    @MainActor
    public final class SceneInterpreters {
        private let byScene: InterpretersByWindow<UIWindowScene>
        private var disconnection: NotificationObservation?

        /// The interpreter whose files every scene's interpreter shares.
        public var shared: ConstraintInterpreter { byScene.shared }

        /// Keeps one interpreter per window scene, each sharing `interpreter`'s files.
        ///
        /// - Parameter interpreter: The interpreter whose source, catalog, limits, diagnostics and file stages the
        ///   scenes' interpreters share; it is not itself given to a scene.
        public init(sharingFilesWith interpreter: ConstraintInterpreter) {
            byScene = InterpretersByWindow(sharingFilesWith: interpreter)
            disconnection = NotificationObservation(UIScene.didDisconnectNotification) { [weak self] notification in
                let scene = notification.object as? UIWindowScene
                MainActor.assumeIsolated {
                    if let scene { self?.byScene.remove(scene) }
                }
            }
        }

        /// The interpreter of `scene`: the one made for it before, else a new one for the scene's current size and
        /// traits (``LayoutEnvironment/init(windowScene:)``). A ``LayoutEnvironmentView`` in the scene's window keeps
        /// it on the window's environment from then on.
        ///
        /// - Parameter scene: The window scene.
        /// - Returns: The scene's interpreter.
        public func interpreter(for scene: UIWindowScene) -> ConstraintInterpreter {
            byScene.interpreter(for: scene) { LayoutEnvironment(windowScene: scene) }
        }

        /// The number of connected scenes with an interpreter.
        public var count: Int { byScene.count }
    }
#endif
