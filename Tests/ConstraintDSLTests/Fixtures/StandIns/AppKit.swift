// A stand-in `AppKit` module, for type-checking the package's AppKit-only files on Linux (PlatformCompileCheckTests):
// the declarations those files use, spelled as Swift imports them from the macOS SDK. Never run: it has no
// behaviour. Add a declaration here only as the SDK spells it.
@_exported import Foundation

@MainActor
open class NSResponder: NSObject {}

public struct NSUserInterfaceItemIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

public enum NSUserInterfaceLayoutDirection: Int, Sendable {
    case leftToRight = 0
    case rightToLeft = 1
}

@MainActor
open class NSView: NSResponder {
    open var identifier: NSUserInterfaceItemIdentifier?
    open var superview: NSView? { nil }
    open var window: NSWindow? { nil }
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    open var userInterfaceLayoutDirection: NSUserInterfaceLayoutDirection = .leftToRight
}

@MainActor
open class NSWindow: NSResponder {
    public static let didResizeNotification = NSNotification.Name("NSWindowDidResizeNotification")
    public static let didChangeBackingPropertiesNotification = NSNotification.Name(
        "NSWindowDidChangeBackingPropertiesNotification")

    open var contentView: NSView?
    open var contentLayoutRect: NSRect { .zero }
    open var frame: NSRect { .zero }
    open var backingScaleFactor: CGFloat { 1 }
}

@MainActor
open class NSLayoutGuide: NSObject {
    open var identifier: NSUserInterfaceItemIdentifier = NSUserInterfaceItemIdentifier("")
    open weak var owningView: NSView?
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

    public struct Priority: RawRepresentable, Hashable, Sendable {
        public let rawValue: Float
        public init(rawValue: Float) { self.rawValue = rawValue }
        public init(_ rawValue: Float) { self.rawValue = rawValue }
        public static let required = Priority(1000)
    }

    public convenience init(
        item view1: Any, attribute attr1: NSLayoutConstraint.Attribute, relatedBy relation: NSLayoutConstraint.Relation,
        toItem view2: Any?, attribute attr2: NSLayoutConstraint.Attribute, multiplier: CGFloat, constant c: CGFloat
    ) {
        self.init()
    }

    open var constant: CGFloat = 0
    open var priority: Priority = .required
    open var identifier: String?

    open class func activate(_ constraints: [NSLayoutConstraint]) {}
}
