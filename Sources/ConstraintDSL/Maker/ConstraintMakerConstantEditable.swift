public import DeviceConstraints

/// A statement that relates attributes to a number: the number can be given per device, repeating the
/// relation, and a priority and a label can be added.
///
/// ```swift
/// make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
/// make.width.lessThanOrEqualTo(320).lessThanOrEqualTo(280, on: .iPhone5)
/// ```
///
/// The original Masonry extension's `equalTo_iPhone5Or5SOr6Or6S(105)` is `equalTo(105, on: .iPhone5, .iPhone6)`:
/// one method for any list of devices of the catalog, and never an empty one.
public final class ConstraintMakerConstantEditable<Relation>: ConstraintMakerPrioritizable {
    func override(_ constant: some ConstraintConstantTarget, on devices: [DeviceName]) -> Self {
        description.setLayoutConstant(on: devices) { _ in constant.layoutConstant }
        return self
    }
}

extension ConstraintMakerConstantEditable where Relation == RelationKind.Equal {
    /// On these devices, and those that fall back to them, the attributes equal `constant` instead.
    ///
    /// ```swift
    /// make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)   // an iPhone 14 Pro gets 105 via iPhone6
    /// ```
    ///
    /// - Parameters:
    ///   - constant: The number on these devices, or a ``LayoutConstant``.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement, for more devices, a priority or a label.
    @discardableResult
    public func equalTo(_ constant: some ConstraintConstantTarget, on first: DeviceName, _ more: DeviceName...)
        -> Self
    {
        override(constant, on: [first] + more)
    }
}

extension ConstraintMakerConstantEditable where Relation == RelationKind.LessThanOrEqual {
    /// On these devices, and those that fall back to them, the attributes are at most `constant` instead.
    ///
    /// ```swift
    /// make.width.lessThanOrEqualTo(320).lessThanOrEqualTo(280, on: .iPhone5)
    /// ```
    ///
    /// - Parameters:
    ///   - constant: The number on these devices, or a ``LayoutConstant``.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement, for more devices, a priority or a label.
    @discardableResult
    public func lessThanOrEqualTo(
        _ constant: some ConstraintConstantTarget, on first: DeviceName, _ more: DeviceName...
    )
        -> Self
    {
        override(constant, on: [first] + more)
    }
}

extension ConstraintMakerConstantEditable where Relation == RelationKind.GreaterThanOrEqual {
    /// On these devices, and those that fall back to them, the attributes are at least `constant` instead.
    ///
    /// ```swift
    /// make.height.greaterThanOrEqualTo(44).greaterThanOrEqualTo(40, on: .iPhone5)
    /// ```
    ///
    /// - Parameters:
    ///   - constant: The number on these devices, or a ``LayoutConstant``.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement, for more devices, a priority or a label.
    @discardableResult
    public func greaterThanOrEqualTo(
        _ constant: some ConstraintConstantTarget, on first: DeviceName, _ more: DeviceName...
    )
        -> Self
    {
        override(constant, on: [first] + more)
    }
}
