// A stand-in `AppKit` module, for type-checking the package's AppKit-only files and probes on Linux
// (PlatformCompileCheckTests). No macOS SDK could be had on this machine (the public copies of one are over the size a
// fetch may bring, or too old for this compiler), so it was written from AppKit's Objective-C headers as the search
// index holds them (MacOSX27.0.sdk's NSView.h, NSWindow.h, NSLayoutConstraint.h, NSLayoutGuide.h) by Clang's import
// rules: NS_SWIFT_UI_ACTOR classes are `@MainActor`, an `NSWindow…Notification` name is `NSWindow.…Notification`,
// and the `API_AVAILABLE(macos(…))` of each member is kept. Only what the package uses is declared; never run.
// A Mac must still confirm these shapes; the iOS files have the real-SDK check, these have not.
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
    @available(macOS 10.7, *)
    open var identifier: NSUserInterfaceItemIdentifier?
    open var superview: NSView? { nil }
    open var window: NSWindow? { nil }
    @available(macOS 10.7, *)
    open var translatesAutoresizingMaskIntoConstraints: Bool = true
    @available(macOS 10.8, *)
    open var userInterfaceLayoutDirection: NSUserInterfaceLayoutDirection = .leftToRight
}

@MainActor
open class NSWindow: NSResponder {
    // The SDK's are `nonisolated public class let`: Swift source cannot declare a class stored property.
    nonisolated public static let didResizeNotification = NSNotification.Name("NSWindowDidResizeNotification")
    @available(macOS 10.7, *)
    nonisolated public static let didChangeBackingPropertiesNotification = NSNotification.Name(
        "NSWindowDidChangeBackingPropertiesNotification")
    nonisolated public static let willCloseNotification = NSNotification.Name("NSWindowWillCloseNotification")

    open var contentView: NSView?
    @available(macOS 10.10, *)
    open var contentLayoutRect: NSRect { .zero }
    open var frame: NSRect { .zero }
    @available(macOS 10.7, *)
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
