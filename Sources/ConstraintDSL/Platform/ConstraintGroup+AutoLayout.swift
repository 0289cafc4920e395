// The Apple adapter: UIKit or AppKit views and layout guides as layout items (reached through `dc` alone), and
// resolved constraints as activated NSLayoutConstraints. Compiled only where UIKit (not watchOS, which has no Auto
// Layout) or AppKit exists, with Swift 6.2 or later (for isolated conformances). Everything it relies on (checking,
// resolving, describing) lives in platform-neutral code that the tests run.
//
// Checked on Linux by PlatformCompileCheckTests against the stand-in UIKit (written from the iPhoneOS 18.6 SDK's UIKit
// headers) and the stand-in AppKit (written from AppKit's headers), with an app whose own UIView category has `left`
// and `width`; type-checked against the real iPhoneOS 18.6 SDK at iOS 13, 17 and 18 (`Scripts/sdk-check.sh` runs
// that check). A Mac must still confirm the AppKit half builds, and that the constraints made here lay out as
// SnapKit's.

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
        /// let constraints = dayButton.dc.makeConstraints { make in
        ///     make.left.equalTo(container.dc.left).offset(114).offset(105, on: .iPhone5)
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
            Self.activate(try resolvedWithItems(for: device, in: catalog))
        }

        /// Resolves the constraints through `interpreter` (its window, device and records, see
        /// ``resolved(using:)``) and activates them as ``activate(for:in:)`` does.
        ///
        /// ```swift
        /// let active = try constraints.activate(using: interpreter)
        /// interpreter.onChange { _ in Task { @MainActor in try constraints.updateConstants(of: active, using: interpreter) } }
        /// ```
        ///
        /// - Parameter interpreter: The interpreter whose environment, device and records are used.
        /// - Returns: The activated constraints, in the order of ``constraints``.
        /// - Throws: ``ConstraintError`` for what ``resolved(using:)`` finds; then nothing is activated.
        @MainActor @discardableResult
        public func activate(using interpreter: ConstraintInterpreter) throws(ConstraintError)
            -> [NSLayoutConstraint]
        {
            Self.activate(try resolvedWithItems(using: interpreter))
        }

        /// One `NSLayoutConstraint` per resolved constraint, made with the documented initializer and activated.
        @MainActor
        private static func activate(_ resolved: [(constraint: ResolvedConstraint, items: CheckedItems)])
            -> [NSLayoutConstraint]
        {
            let made = resolved.map { resolved, items in
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
        /// - Returns: The constants that changed (only those were set).
        /// - Throws: ``ConstraintError`` for what ``validate(in:)`` finds, or with code
        ///   ``ConstraintError/Code/invalidValue`` if `active` does not hold one constraint per constraint of this
        ///   group; then nothing is changed.
        @MainActor @discardableResult
        public func updateConstants(
            of active: [NSLayoutConstraint], for device: DeviceProfile, in catalog: DeviceCatalog = .standard
        ) throws(ConstraintError) -> [ConstantChange] {
            try Self.update(active, to: try self.resolved(for: device, in: catalog))
        }

        /// Sets the constants of activated constraints to those of the window `environment` (per-device and
        /// scaled constants); only the constants that changed are set.
        ///
        /// - Parameters:
        ///   - active: The constraints ``activate(for:in:)`` returned.
        ///   - environment: The window, such as ``/DeviceConstraints/EnvironmentChange/new``.
        ///   - catalog: The catalog that resolves the device.
        /// - Returns: The constants that changed.
        /// - Throws: ``ConstraintError`` as ``resolved(for:in:)-(LayoutEnvironment,_)`` does, or with code
        ///   ``ConstraintError/Code/invalidValue`` if `active` does not match this group; then nothing is changed.
        @MainActor @discardableResult
        public func updateConstants(
            of active: [NSLayoutConstraint], for environment: LayoutEnvironment, in catalog: DeviceCatalog = .standard
        ) throws(ConstraintError) -> [ConstantChange] {
            try Self.update(active, to: try self.resolved(for: environment, in: catalog))
        }

        /// Sets the constants of activated constraints to those for the interpreter's current window, record-fed
        /// constants included: what to call when the interpreter reports a change.
        ///
        /// ```swift
        /// let observation = interpreter.onChange { _ in
        ///     Task { @MainActor in try? constraints.updateConstants(of: active, using: interpreter) }
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - active: The constraints ``activate(using:)`` returned.
        ///   - interpreter: The interpreter.
        /// - Returns: The constants that changed.
        /// - Throws: ``ConstraintError`` as ``resolved(using:)`` does, or with code
        ///   ``ConstraintError/Code/invalidValue`` if `active` does not match this group; then nothing is changed.
        @MainActor @discardableResult
        public func updateConstants(of active: [NSLayoutConstraint], using interpreter: ConstraintInterpreter)
            throws(ConstraintError) -> [ConstantChange]
        {
            try Self.update(active, to: try self.resolved(using: interpreter))
        }

        /// Sets the constants that differ between `active` and `resolved` (``ConstantChange/changes(from:to:)``).
        @MainActor
        private static func update(_ active: [NSLayoutConstraint], to resolved: [ResolvedConstraint])
            throws(ConstraintError) -> [ConstantChange]
        {
            guard resolved.count == active.count else {
                throw ConstraintError(
                    code: .invalidValue,
                    message: "expected the \(resolved.count) constraints activate(for:) made, found \(active.count)")
            }
            let current = zip(resolved, active).map { value, constraint in
                var now = value
                now.constant = Double(constraint.constant)
                return now
            }
            let changes = try ConstantChange.changes(from: current, to: resolved)
            for change in changes {
                active[change.index].constant = CGFloat(change.new)
            }
            return changes
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
