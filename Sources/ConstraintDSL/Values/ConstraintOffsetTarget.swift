/// What `offset(_:)` and a number relation (`equalTo(_:)`, `lessThanOrEqualTo(_:)`, `greaterThanOrEqualTo(_:)`)
/// take: a constant with its per-device overrides.
///
/// Numbers (`Int`, `Double`, and `CGFloat` on Apple platforms), a ``LayoutConstant`` (every
/// ``ConstraintConstantTarget``), and a ``PerDevice`` of those. One protocol for all of them, as SnapKit's
/// `ConstraintOffsetTarget`, instead of one `offset` per type:
///
/// ```swift
/// make.left.equalTo(previousDay.right).offset(spec.marginLeft)
/// make.right.equalTo(container.right).offset(-3.5)
/// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375))
/// make.left.equalToSuperview().offset(PerDevice(20.0).overriding(12, on: .iPhone5))
/// make.height.equalTo(PerDevice(60.0).overriding(45, on: .iPhone5).scaled(designWidth: 375))
/// ```
///
/// Every offset target is an inset target too: the same inset from every edge.
public protocol ConstraintOffsetTarget: ConstraintInsetTarget {
    /// The constant on devices without an override, and the overrides.
    var offsetConstants: PerDevice<LayoutConstant> { get }
}

extension ConstraintOffsetTarget {
    /// Each constant as an inset of `attribute` (see ``LayoutInsets/constant(for:)``).
    public func insetConstants(for attribute: LayoutAttribute) -> PerDevice<LayoutConstant> {
        offsetConstants.map { $0.inset(for: attribute) }
    }
}

extension PerDevice: ConstraintInsetTarget where Value: ConstraintConstantTarget {}

extension PerDevice: ConstraintOffsetTarget where Value: ConstraintConstantTarget {
    /// Each value as a constant.
    public var offsetConstants: PerDevice<LayoutConstant> { map { $0.layoutConstant } }
}
