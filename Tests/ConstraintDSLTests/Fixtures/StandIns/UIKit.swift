// A stand-in `UIKit` module, for type-checking the package's UIKit-only files on Linux (PlatformCompileCheckTests):
// the declarations those files use, spelled as Swift imports them from the iOS SDK (main-actor views, `CGFloat`
// numbers, nested enums). Never run: it has no behaviour. Add a declaration here only as the SDK spells it.
@_exported import Foundation

@MainActor
open class UIResponder {
    public init() {}
}

public enum UIUserInterfaceSizeClass: Int, Sendable {
    case unspecified = 0
    case compact = 1
    case regular = 2
}

public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone = 0
    case pad = 1
    case tv = 2
    case carPlay = 3
    case mac = 5
    case vision = 6
}

@MainActor
open class UIDevice: NSObject {
    open class var current: UIDevice { UIDevice() }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .unspecified }
}

public enum UITraitEnvironmentLayoutDirection: Int, Sendable {
    case unspecified = -1
    case leftToRight = 0
    case rightToLeft = 1
}

open class UITraitCollection: NSObject, @unchecked Sendable {
    open var horizontalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    open var verticalSizeClass: UIUserInterfaceSizeClass { .unspecified }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .unspecified }
    open var displayScale: CGFloat { 0 }
    open var layoutDirection: UITraitEnvironmentLayoutDirection { .unspecified }
}

@MainActor
open class UIView: UIResponder {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    public init(frame: CGRect) { super.init() }
    public required init?(coder: NSCoder) { super.init() }

    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var isHidden: Bool = false
    open var isUserInteractionEnabled: Bool = true
    open var autoresizingMask: AutoresizingMask = []
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    open var accessibilityIdentifier: String?
    open var superview: UIView? { nil }
    open var window: UIWindow? { nil }
    open var traitCollection: UITraitCollection { UITraitCollection() }

    open func addSubview(_ view: UIView) {}
    open func layoutSubviews() {}
    open func didMoveToWindow() {}
    open func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {}
}

@MainActor
open class UIWindow: UIView {}

@MainActor
open class UILayoutGuide: NSObject {
    open var identifier: String = ""
    open weak var owningView: UIView?
}

public struct UILayoutPriority: RawRepresentable, Hashable, Sendable {
    public let rawValue: Float
    public init(rawValue: Float) { self.rawValue = rawValue }
    public init(_ rawValue: Float) { self.rawValue = rawValue }
    public static let required = UILayoutPriority(1000)
}

@MainActor
open class NSLayoutConstraint: NSObject {
    public enum Attribute: Int, Sendable {
        case left = 1
        case right, top, bottom, leading, trailing, width, height, centerX, centerY
        case notAnAttribute = 0
    }

    public enum Relation: Int, Sendable {
        case lessThanOrEqual = -1
        case equal = 0
        case greaterThanOrEqual = 1
    }

    public convenience init(
        item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation,
        toItem view2: Any?, attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init()
    }

    open var constant: CGFloat = 0
    open var priority: UILayoutPriority = .required
    open var identifier: String?
    open var isActive: Bool = false

    open class func activate(_ constraints: [NSLayoutConstraint]) {}
    open class func deactivate(_ constraints: [NSLayoutConstraint]) {}
}
