/// One constant, for one device or all: what the per-device forms take (`offset(_:on:)`, `inset(_:on:)`,
/// `equalTo(_:on:)`, …), and, as every ``ConstraintOffsetTarget``, `offset(_:)` and the number relations.
///
/// `Int`, `Double` (so literals such as `8` and `-3.5`), `CGFloat` on Apple platforms, and ``LayoutConstant``:
///
/// ```swift
/// make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
/// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375)).offset(.fixed(12), on: .iPhone5)
/// make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
/// ```
public protocol ConstraintConstantTarget: ConstraintOffsetTarget {
    /// The constant.
    var layoutConstant: LayoutConstant { get }
}

extension ConstraintConstantTarget {
    /// The constant on every device.
    public var offsetConstants: PerDevice<LayoutConstant> { PerDevice(layoutConstant) }
}

extension LayoutConstant: ConstraintConstantTarget {
    /// Itself.
    public var layoutConstant: LayoutConstant { self }
}

extension Double: ConstraintConstantTarget {
    /// The number, the same on every window.
    public var layoutConstant: LayoutConstant { .fixed(self) }
}

extension Int: ConstraintConstantTarget {
    /// The number, the same on every window.
    public var layoutConstant: LayoutConstant { .fixed(Double(self)) }
}
