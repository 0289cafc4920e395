/// The relation of a statement that relates attributes to a number, as a type, so that a per-device number
/// repeats the relation it belongs to: `equalTo(115).equalTo(105, on: .iPhone5)` compiles,
/// `equalTo(115).lessThanOrEqualTo(105, on: .iPhone5)` does not.
///
/// ```swift
/// make.height.equalTo(115)                 // ConstraintMakerConstantEditable<RelationKind.Equal>
/// make.width.lessThanOrEqualTo(320)        // ConstraintMakerConstantEditable<RelationKind.LessThanOrEqual>
/// ```
public enum RelationKind: Sendable {
    /// `equalTo`.
    public enum Equal: Sendable {}
    /// `lessThanOrEqualTo`.
    public enum LessThanOrEqual: Sendable {}
    /// `greaterThanOrEqualTo`.
    public enum GreaterThanOrEqual: Sendable {}
}
