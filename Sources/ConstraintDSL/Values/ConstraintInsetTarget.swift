public import DeviceConstraints

/// What `inset(_:)` takes: anything that says how far each attribute moves inward, on each device.
///
/// A number, a ``LayoutConstant``, a ``PerDevice`` number (every ``ConstraintOffsetTarget``) is the same inset from
/// every edge; ``LayoutInsets`` gives each edge its own; a ``/DeviceConstraints/ConstraintRecord`` gives its four
/// margins. One protocol for all of them, as SnapKit's `ConstraintInsetTarget`, instead of one `inset` per type:
///
/// ```swift
/// make.edges.equalToSuperview().inset(12)
/// make.edges.equalToSuperview().inset(LayoutInsets(top: 8, left: 16, bottom: 8, right: 16))
/// make.horizontalEdges.equalToSuperview().inset(.scaled(16, designWidth: 375))
/// make.horizontalEdges.equalToSuperview().inset(spec)   // left + marginLeft, right - marginRight
/// ```
///
/// The constants of `LayoutConstant` (`.fixed`, `.scaled`, `.record`) are written without the type's name wherever
/// a target is taken: `offset(.scaled(20, designWidth: 375))`.
public protocol ConstraintInsetTarget {
    /// The constant of `attribute`'s constraint that moves it inward by this inset: its default and its per-device
    /// overrides (see ``LayoutInsets/constant(for:)`` for the sign each attribute takes).
    ///
    /// - Parameter attribute: The attribute of the constrained item.
    /// - Returns: The constant of its constraint.
    func insetConstants(for attribute: LayoutAttribute) -> PerDevice<LayoutConstant>
}

extension LayoutInsets: ConstraintInsetTarget {
    /// The constant of `attribute` on every device: ``constant(for:)``.
    public func insetConstants(for attribute: LayoutAttribute) -> PerDevice<LayoutConstant> {
        PerDevice(.fixed(constant(for: attribute)))
    }
}

extension ConstraintRecord: ConstraintInsetTarget {
    /// The record's four margins as insets: `marginTop`, `marginLeft`, `marginBottom` and `marginRight`.
    public func insetConstants(for attribute: LayoutAttribute) -> PerDevice<LayoutConstant> {
        LayoutInsets(margins: self).insetConstants(for: attribute)
    }
}

// The numbers a target is often written as, without their type's name: `offset(.nan)` as with a `Double` parameter.
extension ConstraintInsetTarget where Self == Double {
    /// Not a number (`Double.nan`); reported when the constraints are resolved.
    public static var nan: Double { Double.nan }
    /// Infinity (`Double.infinity`); reported when the constraints are resolved.
    public static var infinity: Double { Double.infinity }
}
