public import DeviceConstraints

/// The constraints ``LayoutItemDSL/makeConstraints(_:)`` made, still per device: resolve them for a device to get
/// plain values, as often as the device changes.
///
/// ```swift
/// let constraints = dayButton.makeConstraints { make in
///     make.top.equalToSuperview()
///     make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
///     make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
/// }
/// let live = try constraints.resolved(for: interpreter.device)   // constants picked along the lookup chain
/// print(constraints)                                              // one constraint a line, overrides included
/// ```
///
/// Resolving for another device changes the constants only: the same constraints, in the same order.
public struct ConstraintGroup: RandomAccessCollection, CustomStringConvertible {
    /// The constraints, one per attribute, in the order they were written.
    public let constraints: [LayoutConstraint]

    /// A group of constraints, such as those of several items together.
    ///
    /// ```swift
    /// let all = ConstraintGroup(Array(titleConstraints) + Array(buttonConstraints))
    /// ```
    ///
    /// - Parameter constraints: The constraints, in order.
    public init(_ constraints: some Sequence<LayoutConstraint>) {
        self.constraints = Array(constraints)
    }

    /// The position of the first constraint.
    public var startIndex: Int { constraints.startIndex }
    /// The position after the last constraint.
    public var endIndex: Int { constraints.endIndex }
    /// The constraint at `position`.
    public subscript(position: Int) -> LayoutConstraint { constraints[position] }

    /// Checks what Auto Layout would otherwise raise an exception for, on any device: that every item still
    /// exists and has the superitem a constraint needs, that related items share an ancestor, that attributes
    /// can be related, that numbers are finite and priorities 1 to 1000, and that every override names a device
    /// of the catalog.
    ///
    /// ```swift
    /// do {
    ///     try constraints.validate()
    /// } catch {
    ///     print(error)   // CalendarView.swift:42: error: dayButton and other have no common ancestor, …
    /// }
    /// ```
    ///
    /// - Parameter catalog: The catalog whose devices overrides may name.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` for the first problem, in the order the constraints were
    ///   written, located at its file and line, with the others in
    ///   ``/DeviceConstraints/ConstraintError/additionalErrors``. Codes:
    ///   ``DeviceConstraints/ConstraintError/Code/itemReleased``,
    ///   ``DeviceConstraints/ConstraintError/Code/noSuperitem``,
    ///   ``DeviceConstraints/ConstraintError/Code/noCommonAncestor``,
    ///   ``DeviceConstraints/ConstraintError/Code/incompatibleAttributes``,
    ///   ``DeviceConstraints/ConstraintError/Code/invalidValue``,
    ///   ``/DeviceConstraints/ConstraintError/Code/unknownDevice``.
    public func validate(in catalog: DeviceCatalog = .standard) throws(ConstraintError) {
        _ = try checkedItems(in: catalog)
    }

    /// The constraints on `device`: each constant picked along the device's lookup chain, as the interpreter
    /// picks a file's numbers, so an `iPhone14Pro` that falls back to `iPhone6` takes the `.iPhone6` override.
    ///
    /// ```swift
    /// let live = try constraints.resolved(for: interpreter.device, in: interpreter.catalog)
    /// for constraint in live { print(constraint) }   // dayButton.left == container.left + 105.0 (…)
    /// ```
    ///
    /// - Parameters:
    ///   - device: The device, usually ``/DeviceConstraints/ConstraintInterpreter/device``.
    ///   - catalog: The catalog that names the devices it falls back to.
    /// - Returns: One resolved constraint per constraint, in the same order.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` for the problems ``validate(in:)`` finds; nothing is
    ///   resolved then.
    public func resolved(for device: DeviceProfile, in catalog: DeviceCatalog = .standard) throws(ConstraintError)
        -> [ResolvedConstraint]
    {
        try resolvedWithItems(for: device, in: catalog).map(\.constraint)
    }

    /// The constraints for the window `environment`: the device is the one `catalog` resolves it to, each
    /// constant picked along its lookup chain, and scaled constants evaluated for the window's width. A resize
    /// changes the constants only.
    ///
    /// ```swift
    /// let window = LayoutEnvironment(width: 507, height: 768, idiom: .pad)
    /// let live = try constraints.resolved(for: window)   // .scaled(20, designWidth: 375) reads 27.0
    /// ```
    ///
    /// - Parameters:
    ///   - environment: The window.
    ///   - catalog: The catalog that resolves the device and names its fallbacks.
    /// - Returns: One resolved constraint per constraint, in the same order.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` for what ``validate(in:)`` finds, and for a record-fed
    ///   constant (which needs ``resolved(using:)``), at the constraint's file and line.
    public func resolved(for environment: LayoutEnvironment, in catalog: DeviceCatalog = .standard)
        throws(ConstraintError) -> [ResolvedConstraint]
    {
        let context = ConstantContext(environment: environment, device: catalog.resolve(environment), records: nil)
        return try resolvedWithItems(in: context, catalog: catalog).map(\.constraint)
    }

    /// The constraints for the interpreter's current window: as ``resolved(for:in:)-(LayoutEnvironment,_)``,
    /// and record-fed constants (`.record(id, .marginLeft)`) read through the interpreter, so they follow
    /// ``/DeviceConstraints/ConstraintInterpreter/update(to:)`` as per-device and scaled constants do.
    ///
    /// ```swift
    /// _ = try await interpreter.update(to: LayoutEnvironment(width: 507, height: 768, idiom: .pad))
    /// let live = try constraints.resolved(using: interpreter)   // the 507-point window's record numbers
    /// ```
    ///
    /// - Parameter interpreter: The interpreter whose environment, device, catalog and records are used.
    /// - Returns: One resolved constraint per constraint, in the same order.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` for what ``validate(in:)`` finds, and what reading a
    ///   record throws (`.unknownView`, ``DeviceConstraints/ConstraintError/Code/missingAttribute``, …), at the
    ///   constraint's file and line.
    public func resolved(using interpreter: ConstraintInterpreter) throws(ConstraintError) -> [ResolvedConstraint] {
        try resolvedWithItems(using: interpreter).map(\.constraint)
    }

    /// Each resolved constraint with its live items, for the platform adapters.
    package func resolvedWithItems(for device: DeviceProfile, in catalog: DeviceCatalog) throws(ConstraintError)
        -> [(constraint: ResolvedConstraint, items: CheckedItems)]
    {
        try resolvedWithItems(in: ConstantContext(device: device), catalog: catalog)
    }

    /// Each constraint resolved through `interpreter`, with its live items.
    package func resolvedWithItems(using interpreter: ConstraintInterpreter) throws(ConstraintError)
        -> [(constraint: ResolvedConstraint, items: CheckedItems)]
    {
        let context = ConstantContext(
            environment: interpreter.environment, device: interpreter.device, records: interpreter)
        return try resolvedWithItems(in: context, catalog: interpreter.catalog)
    }

    /// Each constraint resolved in `context`, with its live items.
    package func resolvedWithItems(in context: ConstantContext, catalog: DeviceCatalog) throws(ConstraintError)
        -> [(constraint: ResolvedConstraint, items: CheckedItems)]
    {
        let items = try checkedItems(in: catalog)
        let chain = catalog.lookupChain(for: context.device)
        var problems: [ConstraintError] = []
        var result: [(constraint: ResolvedConstraint, items: CheckedItems)] = []
        result.reserveCapacity(items.count)
        for (constraint, items) in zip(constraints, items) {
            do {
                result.append((try constraint.resolved(along: chain, in: context), items))
            } catch {
                problems.append(error)
            }
        }
        guard var first = problems.first else { return result }
        first.additionalErrors = Array(problems.dropFirst())
        throw first
    }

    /// The live items of every constraint, once all are checked: what ``validate(in:)`` checks, without
    /// resolving any constant (so without an interpreter for record-fed ones).
    package func checkedItems(in catalog: DeviceCatalog) throws(ConstraintError) -> [CheckedItems] {
        var problems: [ConstraintError] = []
        let items = constraints.compactMap { $0.check(in: catalog, problems: &problems) }
        guard var first = problems.first else { return items }
        first.additionalErrors = Array(problems.dropFirst())
        throw first
    }

    /// One constraint a line, as ``LayoutConstraint/description`` prints it.
    public var description: String {
        constraints.map(\.description).joined(separator: "\n")
    }
}

// A group's constraints refer to its items: layout nodes, which are mutable classes used on one thread.
@available(*, unavailable)
extension ConstraintGroup: Sendable {}
