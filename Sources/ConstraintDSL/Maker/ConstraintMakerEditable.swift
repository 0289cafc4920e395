public import DeviceConstraints

/// A statement related to an item or an anchor: its constant (per device, if need be) and multiplier can be
/// set, then a priority and a label.
///
/// ```swift
/// make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
/// make.right.equalTo(container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
/// make.edges.equalToSuperview().inset(12).inset(8, on: .iPhone5)
/// make.width.equalTo(container.width).multipliedBy(0.5).priority(.high)
/// ```
///
/// Each attribute has one constant: a call without devices sets its default, a call with devices sets the
/// value on those devices, in any order. `offset` adds the amount as it is; `inset` moves the attribute inward
/// as SnapKit does: it is subtracted for `right`, `bottom` and `trailing`, twice for a width or height (one
/// inset on each side), and not at all for a center.
public final class ConstraintMakerEditable: ConstraintMakerPrioritizable {
    // MARK: - Offsets

    /// The constant added to the second side: `left == container.left + amount`.
    ///
    /// ```swift
    /// make.left.equalTo(previousDay.right).offset(spec.marginLeft)
    /// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375))   // follows the window's width
    /// make.left.equalTo(container.left).offset(PerDevice(20.0).overriding(12, on: .iPhone5))
    /// ```
    ///
    /// - Parameter amount: A number, a ``LayoutConstant`` or a ``PerDevice`` of those: the constant on devices
    ///   without their own, and those it overrides; devices it does not name keep theirs.
    /// - Returns: The statement, for per-device amounts, a multiplier, a priority or a label.
    @discardableResult
    public func offset(_ amount: some ConstraintOffsetTarget) -> ConstraintMakerEditable {
        description.setConstants { _ in amount.offsetConstants }
        return self
    }

    /// The constant on these devices, and those that fall back to them.
    ///
    /// ```swift
    /// make.right.equalTo(container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
    /// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375)).offset(.fixed(12), on: .iPhone5)
    /// ```
    ///
    /// - Parameters:
    ///   - amount: The constant on these devices: a number or a ``LayoutConstant``.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement.
    @discardableResult
    public func offset(_ amount: some ConstraintConstantTarget, on first: DeviceName, _ more: DeviceName...)
        -> ConstraintMakerEditable
    {
        description.setLayoutConstant(on: [first] + more) { _ in amount.layoutConstant }
        return self
    }

    // MARK: - Insets

    /// Moves each attribute inward by `amount`: added for left, leading and top; subtracted for right, trailing
    /// and bottom; subtracted twice for a width or height.
    ///
    /// ```swift
    /// make.edges.equalToSuperview().inset(12)   // top + 12, left + 12, bottom - 12, right - 12
    /// make.edges.equalToSuperview().inset(LayoutInsets(top: 8, left: 16, bottom: 8, right: 16))
    /// make.horizontalEdges.equalToSuperview().inset(.scaled(16, designWidth: 375))
    /// make.horizontalEdges.equalToSuperview().inset(spec)   // left + marginLeft, right - marginRight
    /// ```
    ///
    /// - Parameter amount: A number, a ``LayoutConstant``, a ``PerDevice`` of those, ``LayoutInsets``, or a
    ///   record (its `marginTop`, `marginLeft`, `marginBottom` and `marginRight`, already resolved for the
    ///   device by the interpreter): the inset on devices without their own, and those it overrides.
    /// - Returns: The statement.
    @discardableResult
    public func inset(_ amount: some ConstraintInsetTarget) -> ConstraintMakerEditable {
        description.setConstants { amount.insetConstants(for: $0) }
        return self
    }

    /// The inset on these devices, and those that fall back to them.
    ///
    /// ```swift
    /// make.horizontalEdges.equalToSuperview().inset(20).inset(12, on: .iPhone5).inset(15, on: .iPhone6)
    /// ```
    ///
    /// - Parameters:
    ///   - amount: The inset on these devices: a number or a ``LayoutConstant``.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement.
    @discardableResult
    public func inset(_ amount: some ConstraintConstantTarget, on first: DeviceName, _ more: DeviceName...)
        -> ConstraintMakerEditable
    {
        description.setLayoutConstant(on: [first] + more) { amount.layoutConstant.inset(for: $0) }
        return self
    }

    /// The insets on these devices, and those that fall back to them.
    ///
    /// ```swift
    /// make.edges.equalToSuperview().inset(LayoutInsets(all: 20)).inset(LayoutInsets(all: 12), on: .iPhone5)
    /// ```
    ///
    /// - Parameters:
    ///   - insets: The insets on these devices.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement.
    @discardableResult
    public func inset(_ insets: LayoutInsets, on first: DeviceName, _ more: DeviceName...)
        -> ConstraintMakerEditable
    {
        description.setConstant(on: [first] + more) { insets.constant(for: $0) }
        return self
    }

    // MARK: - Multipliers

    /// Multiplies the second side: `width == container.width * 0.5`.
    ///
    /// ```swift
    /// make.width.equalTo(container.width).multipliedBy(0.5)
    /// ```
    ///
    /// - Parameter multiplier: A finite number; zero only for a width or height. Others are reported when the
    ///   constraints are resolved.
    /// - Returns: The statement.
    @discardableResult
    public func multipliedBy(_ multiplier: Double) -> ConstraintMakerEditable {
        description.multiplier = multiplier
        return self
    }

    /// Divides the second side: `dividedBy(2)` is `multipliedBy(0.5)`.
    ///
    /// ```swift
    /// make.width.equalTo(container.width).dividedBy(3)
    /// ```
    ///
    /// - Parameter divisor: A finite number other than zero; zero is reported when the constraints are resolved.
    /// - Returns: The statement.
    @discardableResult
    public func dividedBy(_ divisor: Double) -> ConstraintMakerEditable {
        multipliedBy(1 / divisor)
    }
}
