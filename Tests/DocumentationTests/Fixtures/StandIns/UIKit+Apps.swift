// More of the stand-in `UIKit` (Tests/ConstraintDSLTests/Fixtures/StandIns/UIKit.swift), compiled into the same
// module by DocumentationTests: the declarations an app's code in the documentation uses (a view controller, labels
// and buttons, the app and scene delegates), spelled as Swift imports them from the iOS 18 SDK's UIKit headers, with
// their main-actor isolation. Never run. When the stand-in UIKit declares one of these itself, delete it here.

@MainActor
open class UIViewController: UIResponder {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open var view: UIView!
    open var title: String?
    open var traitCollection: UITraitCollection { UITraitCollection() }

    open func viewDidLoad() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
}

extension UIView {
    public func setNeedsLayout() {}
    public func layoutIfNeeded() {}
}

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
    public convenience init(windowScene: UIWindowScene) { self.init(frame: .zero) }

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

@MainActor
open class UIScene: UIResponder {
    open class ConnectionOptions: NSObject {}
}

@MainActor
open class UIWindowScene: UIScene {}

open class UISceneSession: NSObject {}

@MainActor
public protocol UISceneDelegate: AnyObject {}

@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
    var window: UIWindow? { get set }
}
