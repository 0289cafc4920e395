public import DeviceConstraints

/// The codes of the problems the constraint DSL finds when it resolves constraints. The error is the same
/// ``ConstraintError`` the interpreter throws, located at the file and line the constraint was written on:
///
/// ```
/// CalendarView.swift:42: error: dayButton and otherButton have no common ancestor, so 'dayButton.left == otherButton.right' cannot hold; put both in one tree before resolving
/// ```
extension ConstraintError.Code {
    /// Two items of a constraint are in different trees: Auto Layout would raise an exception.
    public static let noCommonAncestor = ConstraintError.Code(rawValue: "noCommonAncestor")
    /// A constraint relates to the superitem (`equalToSuperview()`, or an edge equal to a number), but the
    /// item had none when the constraint was written.
    public static let noSuperitem = ConstraintError.Code(rawValue: "noSuperitem")
    /// An item of a constraint no longer exists: constraints refer to their items weakly.
    public static let itemReleased = ConstraintError.Code(rawValue: "itemReleased")
    /// Two attributes that cannot be related: `left`/`right` against `leading`/`trailing`.
    public static let incompatibleAttributes = ConstraintError.Code(rawValue: "incompatibleAttributes")
    /// A constant or multiplier that is not finite, a zero multiplier for an edge or center, or a priority
    /// outside 1...1000.
    public static let invalidValue = ConstraintError.Code(rawValue: "invalidValue")
}

extension ConstraintError.Code {
    /// A record-fed constant names an attribute that no file of the view's container sets.
    public static let missingAttribute = ConstraintError.Code(rawValue: "missingAttribute")
}
