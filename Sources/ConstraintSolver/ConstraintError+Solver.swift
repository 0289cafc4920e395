public import DeviceConstraints

/// The codes of the errors ``Solver`` throws. The error is the same ``ConstraintError`` the rest of the package
/// throws; the solver's errors carry no file location, only a message:
///
/// ```
/// error: the required constraint 'x + -1 * y + -10 == 0' cannot hold together with the constraints already added
/// ```
///
/// A method that throws leaves the solver as it was before the call (except for ``solverFailure``).
extension ConstraintError.Code {
    /// A required constraint conflicts with the required constraints already in the solver.
    public static let unsatisfiable = ConstraintError.Code(rawValue: "unsatisfiable")
    /// ``Solver/add(_:)`` was given a constraint the solver already has.
    public static let duplicateConstraint = ConstraintError.Code(rawValue: "duplicateConstraint")
    /// ``Solver/remove(_:)`` was given a constraint the solver does not have.
    public static let unknownConstraint = ConstraintError.Code(rawValue: "unknownConstraint")
    /// ``Solver/addEditVariable(_:strength:)`` was given a variable that is an edit variable already.
    public static let duplicateEditVariable = ConstraintError.Code(rawValue: "duplicateEditVariable")
    /// ``Solver/suggestValue(_:_:)`` or ``Solver/removeEditVariable(_:)`` was given a variable that is not an
    /// edit variable.
    public static let unknownEditVariable = ConstraintError.Code(rawValue: "unknownEditVariable")
    /// An edit variable was given ``Strength/required``: a suggestion must be able to give way.
    public static let requiredEditVariable = ConstraintError.Code(rawValue: "requiredEditVariable")
    /// A coefficient, constant, strength or suggested value is infinite or not a number (or became one when a
    /// constraint was combined with the ones in the solver).
    public static let nonFiniteValue = ConstraintError.Code(rawValue: "nonFiniteValue")
    /// The simplex did not converge or found the objective unbounded: input whose numbers are too far apart in
    /// size for double precision (coefficients of 1e20 and 1e-9 in one system), or a bug in the solver (please
    /// report it with the constraints that caused it). ``Solver/add(_:)`` and ``Solver/suggestValue(_:_:)`` leave
    /// the solver without the constraint or the suggestion, as they do for the other errors; from
    /// ``Solver/remove(_:)`` the constraint is gone but the solution may not be optimal: ``Solver/reset()`` it.
    public static let solverFailure = ConstraintError.Code(rawValue: "solverFailure")
}
