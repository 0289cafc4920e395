public import DeviceConstraints

/// One constraint as written, before a device is chosen: its constant is a ``PerDevice`` value.
///
/// ```swift
/// let constraints = dayButton.makeConstraints { make in
///     make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
/// }
/// print(constraints[0])            // dayButton.left == container.left + 114.0 [iPhone5: 105.0] (Calendar.swift:2)
/// constraints[0].constant          // 114.0 [iPhone5: 105.0]
/// let onSE = try constraints[0].resolved(for: iPhone5).constant   // 105.0
/// ```
///
/// A constraint refers to its items weakly, as `NSLayoutConstraint` does: keep the items alive while you use it.
public struct LayoutConstraint: CustomStringConvertible {
    /// The second side of a constraint.
    enum Second {
        /// A width or height related to a number alone.
        case none
        /// An attribute of an item.
        case item(ItemReference, LayoutAttribute)
        /// The superitem's attribute, but the item had no superitem when the constraint was written.
        case missingSuperitem(LayoutAttribute)
    }

    let first: ItemReference
    /// The attribute of the item constrained.
    public let firstAttribute: LayoutAttribute
    /// How the two sides compare.
    public let relation: LayoutRelation
    let second: Second
    /// What the second side is multiplied by.
    public let multiplier: Double
    /// What is added to the second side, per device; each value may depend on the window (scaled, or read from
    /// a record).
    public let layoutConstant: PerDevice<LayoutConstant>
    /// What is added to the second side, per device, as numbers: a scaled constant reads as its value at the
    /// design width, a record-fed one as 0. ``layoutConstant`` has what they depend on.
    public var constant: PerDevice<Double> { layoutConstant.map { $0.nominalValue ?? 0 } }
    /// How strongly the constraint holds.
    public let priority: ConstraintPriority
    /// The label given with `labeled(_:)`, if any.
    public let label: String?
    /// The file the constraint was written in, as `#fileID` gives it: `MyApp/CalendarView.swift`.
    public let file: String
    /// The line it was written on.
    public let line: Int

    /// The item constrained.
    public var firstItem: LayoutItemIdentity { first.identity }

    /// The item on the second side; `nil` for a width or height related to a number alone, and for a superitem
    /// that was missing.
    public var secondItem: LayoutItemIdentity? {
        if case .item(let item, _) = second { return item.identity }
        return nil
    }

    /// The attribute on the second side; `nil` for a width or height related to a number alone.
    public var secondAttribute: LayoutAttribute? {
        switch second {
        case .none: nil
        case .item(_, let attribute), .missingSuperitem(let attribute): attribute
        }
    }

    /// The file name alone: `CalendarView.swift`.
    public var fileName: String { ConstraintText.fileName(file) }

    /// This constraint on `device`: its constant picked along the device's lookup chain.
    ///
    /// ```swift
    /// let iPhone14Pro = try #require(DeviceCatalog.standard.profile(named: .iPhone14Pro))
    /// try constraint.resolved(for: iPhone14Pro).constant   // the .iPhone6 override, if there is one
    /// ```
    ///
    /// - Parameters:
    ///   - device: The device.
    ///   - catalog: The catalog that names the devices it falls back to and the devices overrides may name.
    /// - Returns: The constraint with plain values.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` for the problems ``ConstraintGroup/validate(in:)`` reports.
    public func resolved(for device: DeviceProfile, in catalog: DeviceCatalog = .standard) throws(ConstraintError)
        -> ResolvedConstraint
    {
        try ConstraintGroup([self]).resolved(for: device, in: catalog)[0]
    }

    /// Its values for the device whose lookup chain is `chain`, in `context`; the caller has checked the
    /// constraint. A record that cannot be read is an error at this constraint's file and line.
    func resolved(along chain: [DeviceName], in context: ConstantContext) throws(ConstraintError)
        -> ResolvedConstraint
    {
        let value: Double
        do {
            value = try layoutConstant.resolved(along: chain).resolved(in: context)
        } catch {
            throw ConstraintError(
                code: error.code,
                message: "\(error.file == nil ? error.message : error.description) in '\(statement)'", file: file,
                line: line,
                keyPath: error.keyPath)
        }
        return ResolvedConstraint(
            firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, secondItem: secondItem,
            secondAttribute: secondAttribute, multiplier: multiplier, constant: value, priority: priority,
            label: label, file: file, line: line)
    }

    /// `dayButton.left == container.left + 114.0 [iPhone5: 105.0] (CalendarView.swift:42)`: as a resolved
    /// constraint prints, with the per-device constants after the default.
    public var description: String {
        statement + ConstraintText.location(file: file, line: line)
    }

    /// The description without its location, as errors quote it.
    var statement: String {
        let second: String? =
            switch self.second {
            case .none: nil
            case .item(let item, let attribute): "\(item.identity.name).\(attribute)"
            case .missingSuperitem(let attribute): "(no superitem).\(attribute)"
            }
        return ConstraintText.statement(
            first: "\(firstItem.name).\(firstAttribute)", relation: relation, second: second,
            multiplier: multiplier, constant: ConstraintText.constant(layoutConstant, hasSecondItem: second != nil),
            priority: priority, label: label)
    }
}

// A constraint refers to its items: layout nodes, which are mutable classes used on one thread.
@available(*, unavailable)
extension LayoutConstraint: Sendable {}
