// The Apple adapter: UIKit or AppKit views and layout guides as layout items, and resolved constraints as
// activated NSLayoutConstraints. It is compiled only where UIKit (not watchOS, which has no Auto Layout) or
// AppKit exists, with Swift 6.2 or later (for isolated conformances). CI runs on Linux, so CI never compiles this
// file (it was only type-checked against stand-in modules with UIKit's and AppKit's shapes): keep it minimal and
// obvious, and check every change on a Mac. Everything it relies on (checking, resolving, describing) lives in
// platform-neutral code that the tests cover.

#if canImport(UIKit) && !os(watchOS) && compiler(>=6.2)
    public import DeviceConstraints
    public import UIKit

    typealias PlatformView = UIView
    typealias PlatformLayoutPriority = UILayoutPriority

    /// Views are layout items on the main actor. Name one with `accessibilityIdentifier` for readable
    /// descriptions; otherwise its class name is used.
    extension UIView: @MainActor LayoutItem {
        /// The accessibility identifier, else the class name: `dayButton`, `UIButton`.
        public var layoutName: String { accessibilityIdentifier ?? "\(type(of: self))" }
        /// The superview.
        public var layoutSuperitem: (any LayoutItem)? { superview }
    }

    /// Layout guides (the safe area, readable content, your own) are layout items owned by their view.
    extension UILayoutGuide: @MainActor LayoutItem {
        /// The identifier, else the class name.
        public var layoutName: String { identifier.isEmpty ? "\(type(of: self))" : identifier }
        /// The owning view.
        public var layoutSuperitem: (any LayoutItem)? { owningView }
    }
#elseif canImport(AppKit) && compiler(>=6.2)
    public import AppKit
    public import DeviceConstraints

    typealias PlatformView = NSView
    typealias PlatformLayoutPriority = NSLayoutConstraint.Priority

    /// Views are layout items on the main actor. Name one with `identifier` for readable descriptions;
    /// otherwise its class name is used.
    extension NSView: @MainActor LayoutItem {
        /// The identifier, else the class name: `dayButton`, `NSButton`.
        public var layoutName: String { identifier?.rawValue ?? "\(type(of: self))" }
        /// The superview.
        public var layoutSuperitem: (any LayoutItem)? { superview }
    }

    /// Layout guides are layout items owned by their view.
    extension NSLayoutGuide: @MainActor LayoutItem {
        /// The identifier, else the class name.
        public var layoutName: String { identifier.rawValue.isEmpty ? "\(type(of: self))" : identifier.rawValue }
        /// The owning view.
        public var layoutSuperitem: (any LayoutItem)? { owningView }
    }
#endif

#if ((canImport(UIKit) && !os(watchOS)) || canImport(AppKit)) && compiler(>=6.2)
    extension ConstraintGroup {
        /// Resolves the constraints for `device`, turns each into an `NSLayoutConstraint` with the documented
        /// initializer, and activates them. Constrained views stop translating their autoresizing masks.
        ///
        /// ```swift
        /// let constraints = dayButton.makeConstraints { make in
        ///     make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
        /// }
        /// let active = try constraints.activate(for: interpreter.device)
        /// ```
        ///
        /// - Parameters:
        ///   - device: The device, usually ``ConstraintInterpreter/device``.
        ///   - catalog: The catalog that names the devices it falls back to.
        /// - Returns: The activated constraints, in the order of ``constraints``.
        /// - Throws: ``ConstraintError`` for what ``validate(in:)`` finds; then nothing is activated.
        @MainActor @discardableResult
        public func activate(for device: DeviceProfile, in catalog: DeviceCatalog = .standard)
            throws(ConstraintError) -> [NSLayoutConstraint]
        {
            let made = try resolvedWithItems(for: device, in: catalog).map { resolved, items in
                (items.first as? PlatformView)?.translatesAutoresizingMaskIntoConstraints = false
                let constraint = NSLayoutConstraint(
                    item: items.first as AnyObject, attribute: resolved.firstAttribute.autoLayout,
                    relatedBy: resolved.relation.autoLayout, toItem: items.second.map { $0 as AnyObject },
                    attribute: resolved.secondAttribute?.autoLayout ?? .notAnAttribute,
                    multiplier: CGFloat(resolved.multiplier), constant: CGFloat(resolved.constant))
                constraint.priority = PlatformLayoutPriority(resolved.priority.value)
                constraint.identifier = resolved.label
                return constraint
            }
            NSLayoutConstraint.activate(made)
            return made
        }

        /// Sets the constants of constraints that ``activate(for:in:)`` made from this group to those of
        /// another device, such as after the window changed size: resolving again changes constants only.
        ///
        /// ```swift
        /// try constraints.updateConstants(of: active, for: DeviceCatalog.standard.resolve(width: 375, height: 667))
        /// ```
        ///
        /// - Parameters:
        ///   - active: The constraints `activate(for:in:)` returned.
        ///   - device: The new device.
        ///   - catalog: The catalog that names the devices it falls back to.
        /// - Throws: ``ConstraintError`` for what ``validate(in:)`` finds, or with code
        ///   ``ConstraintError/Code/invalidValue`` if `active` does not hold one constraint per constraint of this
        ///   group; then nothing is changed.
        @MainActor
        public func updateConstants(
            of active: [NSLayoutConstraint], for device: DeviceProfile, in catalog: DeviceCatalog = .standard
        ) throws(ConstraintError) {
            let resolved = try self.resolved(for: device, in: catalog)
            guard resolved.count == active.count else {
                throw ConstraintError(
                    code: .invalidValue,
                    message: "expected the \(resolved.count) constraints activate(for:) made, found \(active.count)")
            }
            for (constraint, value) in zip(active, resolved) {
                constraint.constant = CGFloat(value.constant)
            }
        }
    }

    extension LayoutAttribute {
        var autoLayout: NSLayoutConstraint.Attribute {
            switch self {
            case .left: .left
            case .right: .right
            case .top: .top
            case .bottom: .bottom
            case .leading: .leading
            case .trailing: .trailing
            case .width: .width
            case .height: .height
            case .centerX: .centerX
            case .centerY: .centerY
            }
        }
    }

    extension LayoutRelation {
        var autoLayout: NSLayoutConstraint.Relation {
            switch self {
            case .equal: .equal
            case .lessThanOrEqual: .lessThanOrEqual
            case .greaterThanOrEqual: .greaterThanOrEqual
            }
        }
    }
#endif
