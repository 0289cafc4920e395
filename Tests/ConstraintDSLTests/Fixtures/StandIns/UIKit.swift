// A stand-in `UIKit` module, for type-checking the package's UIKit-only files, probes and DocC snippets on Linux
// (PlatformCompileCheckTests). Written from the iPhoneOS 18.6 SDK: the Objective-C headers as Swift imports them (printed with
// `swift-synthesize-interface -module-name UIKit.<Header> -target arm64-apple-ios18.0`; the header is named above each
// group) and UIKit's Swift overlay (`UIKit.swiftmodule/arm64-apple-ios.swiftinterface`: the traits and their
// registration). Each declaration keeps the SDK's shape, `@available` and main-actor isolation; only what the package
// uses is declared. Never run: bodies are placeholders. Differences the language forces: `class let` becomes
// `static let`, conformances to NSCoding/NSCopying that would need bodies are left out, and deprecations (iOS 17's
// `traitCollectionDidChange`) mean nothing on Linux: the real-SDK check (`Scripts/sdk-check.sh`) catches those.
@_exported import Foundation

// MARK: - UIDevice.h, UIInterface.h

public enum UIUserInterfaceIdiom: Int, @unchecked Sendable {
    case unspecified = -1
    @available(iOS 3.2, *)
    case phone = 0
    @available(iOS 3.2, *)
    case pad = 1
    @available(iOS 9.0, *)
    case tv = 2
    @available(iOS 9.0, *)
    case carPlay = 3
    @available(iOS 14.0, *)
    case mac = 5
    @available(iOS 17.0, *)
    case vision = 6
}

@available(iOS 2.0, *)
@MainActor open class UIDevice: NSObject {
    open class var current: UIDevice { UIDevice() }
    @available(iOS 3.2, *)
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .unspecified }
}

@available(iOS 8.0, *)
public enum UIUserInterfaceSizeClass: Int, @unchecked Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

@available(iOS 10.0, *)
public enum UITraitEnvironmentLayoutDirection: Int, @unchecked Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

// MARK: - UITraitCollection.h

@available(iOS 8.0, *)
open class UITraitCollection: NSObject, @unchecked Sendable {
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .unspecified }
    open var layoutDirection: UITraitEnvironmentLayoutDirection { .unspecified }
    open var displayScale: CGFloat { 0 }
    open var horizontalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    open var verticalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    @available(iOS 10.0, *)
    open var preferredContentSizeCategory: UIContentSizeCategory { .unspecified }
}

// MARK: - UIContentSizeCategory.h (NS_TYPED_ENUM: a struct of `static let` constants; the SDK's are `extern`
// constants whose values the header does not show, so the stand-in's are their names)

@available(iOS 7.0, *)
public struct UIContentSizeCategory: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(rawValue: String) { self.rawValue = rawValue }
}

extension UIContentSizeCategory {
    @available(iOS 10.0, *)
    public static let unspecified = UIContentSizeCategory("UIContentSizeCategoryUnspecified")
    @available(iOS 7.0, *)
    public static let extraSmall = UIContentSizeCategory("UIContentSizeCategoryExtraSmall")
    @available(iOS 7.0, *)
    public static let small = UIContentSizeCategory("UIContentSizeCategorySmall")
    @available(iOS 7.0, *)
    public static let medium = UIContentSizeCategory("UIContentSizeCategoryMedium")
    @available(iOS 7.0, *)
    public static let large = UIContentSizeCategory("UIContentSizeCategoryLarge")
    @available(iOS 7.0, *)
    public static let extraLarge = UIContentSizeCategory("UIContentSizeCategoryExtraLarge")
    @available(iOS 7.0, *)
    public static let extraExtraLarge = UIContentSizeCategory("UIContentSizeCategoryExtraExtraLarge")
    @available(iOS 7.0, *)
    public static let extraExtraExtraLarge = UIContentSizeCategory("UIContentSizeCategoryExtraExtraExtraLarge")
    @available(iOS 7.0, *)
    public static let accessibilityMedium = UIContentSizeCategory("UIContentSizeCategoryAccessibilityMedium")
    @available(iOS 7.0, *)
    public static let accessibilityLarge = UIContentSizeCategory("UIContentSizeCategoryAccessibilityLarge")
    @available(iOS 7.0, *)
    public static let accessibilityExtraLarge = UIContentSizeCategory("UIContentSizeCategoryAccessibilityExtraLarge")
    @available(iOS 7.0, *)
    public static let accessibilityExtraExtraLarge = UIContentSizeCategory(
        "UIContentSizeCategoryAccessibilityExtraExtraLarge")
    @available(iOS 7.0, *)
    public static let accessibilityExtraExtraExtraLarge = UIContentSizeCategory(
        "UIContentSizeCategoryAccessibilityExtraExtraExtraLarge")

    /// Posted when the user changes the preferred content size category (`NS_SWIFT_NONISOLATED`).
    @available(iOS 7.0, *)
    public static let didChangeNotification = NSNotification.Name("UIContentSizeCategoryDidChangeNotification")
}

/// Trait environments expose a trait collection that describes their environment.
@MainActor public protocol UITraitEnvironment: NSObjectProtocol {
    var traitCollection: UITraitCollection { get }

    @available(
        iOS, introduced: 8.0, deprecated: 17.0,
        message: "Use the trait change registration APIs declared in the UITraitChangeObservable protocol"
    )
    func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
}

@available(iOS 17.0, *)
@MainActor public protocol UITraitChangeRegistration: NSObjectProtocol {}

// MARK: - UIKit.swiftinterface (the overlay): traits

@available(iOS 17.0, tvOS 17.0, *)
public protocol UITraitDefinition {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

@available(iOS 17.0, tvOS 17.0, *)
public typealias UITrait = any UITraitDefinition.Type

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitHorizontalSizeClass: UITraitDefinition {
    public static let defaultValue: UIUserInterfaceSizeClass = .unspecified
}

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitVerticalSizeClass: UITraitDefinition {
    public static let defaultValue: UIUserInterfaceSizeClass = .unspecified
}

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitDisplayScale: UITraitDefinition {
    public static let defaultValue: CGFloat = 0
}

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitLayoutDirection: UITraitDefinition {
    public static let defaultValue: UITraitEnvironmentLayoutDirection = .unspecified
}

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitUserInterfaceIdiom: UITraitDefinition {
    public static let defaultValue: UIUserInterfaceIdiom = .unspecified
}

@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitPreferredContentSizeCategory: UITraitDefinition {
    public static let defaultValue: UIContentSizeCategory = .unspecified
}

@available(iOS 17.0, tvOS 17.0, *)
@MainActor public protocol UITraitChangeObservable {
    typealias TraitChangeHandler<TraitEnvironment> = (
        _ traitEnvironment: TraitEnvironment, _ previousTraitCollection: UITraitCollection
    ) -> Void where TraitEnvironment: UITraitEnvironment

    @discardableResult
    func registerForTraitChanges<TraitEnvironment>(
        _ traits: [UITrait], handler: @escaping Self.TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration where TraitEnvironment: UITraitEnvironment
}

@available(iOS 17.0, tvOS 17.0, *)
extension UIView: UITraitChangeObservable {
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment>(
        _ traits: [UITrait], handler: @escaping UIView.TraitChangeHandler<TraitEnvironment>
    ) -> any UITraitChangeRegistration where TraitEnvironment: UITraitEnvironment {
        StandInRegistration()
    }
}

@available(iOS 17.0, *)
private final class StandInRegistration: NSObject, UITraitChangeRegistration {}

// MARK: - UIResponder.h, UIView.h (with UIAccessibilityIdentification.h's identifier)

@available(iOS 2.0, *)
@MainActor open class UIResponder: NSObject {}

@MainActor public protocol UICoordinateSpace: NSObjectProtocol {
    var bounds: CGRect { get }
}

@available(iOS 2.0, *)
@MainActor open class UIView: UIResponder, UITraitEnvironment, UICoordinateSpace {
    public struct AutoresizingMask: OptionSet, @unchecked Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static var flexibleWidth: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 1) }
        public static var flexibleHeight: UIView.AutoresizingMask { AutoresizingMask(rawValue: 1 << 4) }
    }

    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open var isUserInteractionEnabled: Bool = true
    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var autoresizingMask: UIView.AutoresizingMask = []
    open var superview: UIView? { nil }
    open var window: UIWindow? { nil }
    open func addSubview(_ view: UIView) {}
    open func didMoveToWindow() {}
    open func didMoveToSuperview() {}
    open func setNeedsLayout() {}
    open func layoutIfNeeded() {}
    open func layoutSubviews() {}
    open var isHidden: Bool = false
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    @available(iOS 5.0, *)
    open var accessibilityIdentifier: String?

    open var traitCollection: UITraitCollection { UITraitCollection() }
    @available(
        iOS, introduced: 8.0, deprecated: 17.0,
        message: "Use the trait change registration APIs declared in the UITraitChangeObservable protocol"
    )
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

// MARK: - UIWindow.h, UIScene.h, UIWindowScene.h

@available(iOS 2.0, *)
@MainActor open class UIWindow: UIView {
    @available(iOS 13.0, *)
    public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    @available(iOS 13.0, *)
    open weak var windowScene: UIWindowScene?
}

@available(iOS 13.0, *)
@MainActor open class UIScene: UIResponder {
    // The SDK's `nonisolated public class let`: Swift source cannot declare a class stored property.
    @available(iOS 13.0, *)
    nonisolated public static let didDisconnectNotification = NSNotification.Name("UISceneDidDisconnectNotification")
}

@available(iOS 13.0, *)
@MainActor open class UIWindowScene: UIScene {
    open var coordinateSpace: any UICoordinateSpace { UIView(frame: .zero) }
    open var traitCollection: UITraitCollection { UITraitCollection() }
    open var windows: [UIWindow] { [] }
    @available(iOS 15.0, *)
    open var keyWindow: UIWindow? { nil }
}

// MARK: - UIViewController.h, UIViewControllerTransitionCoordinator.h

@MainActor public protocol UIContentContainer: NSObjectProtocol {
    func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator)
}

@MainActor public protocol UIViewControllerTransitionCoordinatorContext: NSObjectProtocol {}

@MainActor public protocol UIViewControllerTransitionCoordinator: UIViewControllerTransitionCoordinatorContext {
    // Clang imports every Objective-C method as `@discardableResult`.
    @discardableResult
    func animate(
        alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
        completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
    ) -> Bool
}

@available(iOS 2.0, *)
@MainActor open class UIViewController: UIResponder, UITraitEnvironment, UIContentContainer {
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open var view: UIView!
    open func viewDidLoad() {}
    open func viewWillLayoutSubviews() {}
    open func viewDidLayoutSubviews() {}
    open var title: String?
    open func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {}

    open var traitCollection: UITraitCollection { UITraitCollection() }
    @available(
        iOS, introduced: 8.0, deprecated: 17.0,
        message: "Use the trait change registration APIs declared in the UITraitChangeObservable protocol"
    )
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

// MARK: - UILayoutGuide.h, NSLayoutConstraint.h

@available(iOS 9.0, *)
@MainActor open class UILayoutGuide: NSObject {
    open weak var owningView: UIView?
    open var identifier: String = ""
}

public struct UILayoutPriority: Hashable, Equatable, RawRepresentable, @unchecked Sendable {
    public let rawValue: Float
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public init(rawValue: Float) { self.rawValue = rawValue }
}

extension UILayoutPriority {
    @available(iOS 6.0, *)
    public static var required: UILayoutPriority { UILayoutPriority(1000) }
}

@available(iOS 6.0, *)
@MainActor open class NSLayoutConstraint: NSObject {
    public convenience init(
        item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation,
        toItem view2: Any?, attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init()
    }

    open var priority: UILayoutPriority = .required
    open var constant: CGFloat = 0
    open var isActive: Bool = false
    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {}
    open var identifier: String?
}

extension NSLayoutConstraint {
    public enum Relation: Int, @unchecked Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    public enum Attribute: Int, @unchecked Sendable {
        case left = 1
        case right = 2
        case top = 3
        case bottom = 4
        case leading = 5
        case trailing = 6
        case width = 7
        case height = 8
        case centerX = 9
        case centerY = 10
        case notAnAttribute = 0
    }
}
