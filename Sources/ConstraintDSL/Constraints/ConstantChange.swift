public import DeviceConstraints

/// One constant that moved when constraints were resolved again, such as after a resize: its position in
/// the group, and the number before and after.
///
/// ```swift
/// let before = try constraints.resolved(using: interpreter)
/// _ = interpreter.updateNow(to: LayoutEnvironment(width: 507, height: 768, idiom: .pad))
/// let after = try constraints.resolved(using: interpreter)
/// for change in try ConstantChange.changes(from: before, to: after) {
///     active[change.index].constant = change.new   // what the Apple adapter's updateConstants does
/// }
/// ```
public struct ConstantChange: Hashable, Sendable, CustomStringConvertible {
    /// The position of the constraint in the group (and in the activated constraints).
    public let index: Int
    /// The constant before.
    public let old: Double
    /// The constant after.
    public let new: Double

    /// A change of the constant at `index` from `old` to `new`.
    public init(index: Int, old: Double, new: Double) {
        self.index = index
        self.old = old
        self.new = new
    }

    /// The constants that differ between two resolutions of the same constraints, in order: all a resize needs
    /// to set on the activated constraints, since resolving again changes constants only.
    ///
    /// - Parameters:
    ///   - old: The constraints as they were resolved (and activated).
    ///   - new: The same constraints resolved again.
    /// - Returns: One change per constant that differs; empty when none does.
    /// - Throws: ``/DeviceConstraints/ConstraintError`` with code ``DeviceConstraints/ConstraintError/Code/invalidValue``
    ///   when the two are not the same constraints (another count, or a difference other than the constant):
    ///   those need to be activated anew.
    public static func changes(from old: [ResolvedConstraint], to new: [ResolvedConstraint])
        throws(ConstraintError) -> [ConstantChange]
    {
        guard old.count == new.count else {
            throw ConstraintError(
                code: .invalidValue,
                message: "expected the \(old.count) constraints resolved before, found \(new.count)")
        }
        var changes: [ConstantChange] = []
        for (index, (before, after)) in zip(old, new).enumerated() {
            var same = after
            same.constant = before.constant
            guard same == before else {
                throw ConstraintError(
                    code: .invalidValue,
                    message:
                        "'\(before)' became '\(after)': more than its constant changed; activate the constraints anew",
                    file: after.file, line: after.line)
            }
            if before.constant != after.constant {
                changes.append(ConstantChange(index: index, old: before.constant, new: after.constant))
            }
        }
        return changes
    }

    /// `#3: 20.0 → 27.0`.
    public var description: String { "#\(index): \(old) → \(new)" }
}
