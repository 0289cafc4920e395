// More of the stand-in `UIKit` (Tests/ConstraintDSLTests/Fixtures/StandIns/UIKit.swift), compiled into the same
// module by DocumentationTests: the declarations an app's code in the documentation uses (a view controller, labels
// and buttons, the app and scene delegates), spelled as Swift imports them from the iOS 18 SDK's UIKit headers, with
// their main-actor isolation. Never run. When the stand-in UIKit declares one of these itself, delete it here (it
// now declares UIViewController, UIScene, UIWindowScene, UIWindow(windowScene:) and layoutIfNeeded, from the SDK).

@MainActor
open class UIControl: UIView {
    /// UIKit's controls are made with `UIButton()`, from NSObject's `init()`.
    public convenience init() { self.init(frame: .zero) }
}

@MainActor
open class UIButton: UIControl {}

@MainActor
open class UILabel: UIView {
    /// UIKit's labels are made with `UILabel()`, from NSObject's `init()`.
    public convenience init() { self.init(frame: .zero) }

    open var text: String?
    open var font: UIFont!
}

open class UIFont: NSObject, @unchecked Sendable {
    open class func systemFont(ofSize fontSize: CGFloat) -> UIFont { UIFont() }
}

extension UIWindow {
    public var rootViewController: UIViewController? {
        get { nil }
        set {}
    }

    public func makeKeyAndVisible() {}
}

@MainActor
open class UIApplication: UIResponder {
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}

/// Every method is optional in the SDK; the ones an app implements are plain methods of its delegate.
@MainActor
public protocol UIApplicationDelegate: AnyObject {}

extension UIApplicationDelegate {
    /// What `@main` calls: UIApplicationMain with this delegate.
    public static func main() {}
}

extension UIScene {
    open class ConnectionOptions: NSObject {}
}

open class UISceneSession: NSObject {}

@MainActor
public protocol UISceneDelegate: AnyObject {}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}
