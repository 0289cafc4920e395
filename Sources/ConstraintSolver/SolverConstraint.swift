/// A linear equation or inequality with a strength: `expression relation 0`.
///
/// Made with `==`, `<=` and `>=` between variables, expressions and numbers; `|` gives it a strength other than
/// required (the parentheses are needed, as in kiwi's Python):
///
/// ```swift
/// let a = x == y + 10                   // required
/// let b = x <= 2 * y                    // required
/// let c = (x == y + 10) | .weak         // a new constraint, weak
/// try solver.add(c)
/// ```
///
/// A constraint is a reference: the solver knows it by identity, so the same constraint can be removed later,
/// and two constraints that read the same are two constraints.
public final class SolverConstraint {
    /// How the expression compares to zero.
    public enum Relation: Sendable, Hashable, CustomStringConvertible {
        /// `expression <= 0`
        case lessThanOrEqual
        /// `expression == 0`
        case equal
        /// `expression >= 0`
        case greaterThanOrEqual

        /// `<=`, `==` or `>=`.
        public var description: String {
            switch self {
            case .lessThanOrEqual: "<="
            case .equal: "=="
            case .greaterThanOrEqual: ">="
            }
        }
    }

    /// The left side minus the right side, as written.
    public let expression: Expression
    /// How ``expression`` compares to zero.
    public let relation: Relation
    /// How much the constraint matters.
    public let strength: Strength

    /// Creates `expression relation 0` with a strength.
    ///
    /// - Parameters:
    ///   - expression: The left side minus the right side.
    ///   - relation: How the expression compares to zero.
    ///   - strength: ``Strength/required`` unless given.
    public init(_ expression: Expression, _ relation: Relation, strength: Strength = .required) {
        self.expression = expression
        self.relation = relation
        self.strength = strength
    }

    /// The same expression and relation with another strength, as a new constraint.
    public static func | (constraint: SolverConstraint, strength: Strength) -> SolverConstraint {
        SolverConstraint(constraint.expression, constraint.relation, strength: strength)
    }
}

extension SolverConstraint: Hashable {
    /// Whether `lhs` and `rhs` are the same constraint (identity).
    public static func == (lhs: SolverConstraint, rhs: SolverConstraint) -> Bool {
        lhs === rhs
    }

    /// Hashes the identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension SolverConstraint: CustomStringConvertible {
    /// `x + -1 * y + -10 == 0 | weak`; the strength is left out when required.
    public var description: String {
        let text = "\(expression) \(relation) 0"
        return strength.isRequired ? text : "\(text) | \(strength)"
    }
}

// MARK: - Relations

extension Expression {
    /// `lhs == rhs`, required.
    public static func == (lhs: Expression, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Expression, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Expression, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: Expression, rhs: Double) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Expression, rhs: Double) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Expression, rhs: Double) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: Double, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Double, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Double, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }
}

extension Variable {
    /// `lhs == rhs`, required.
    public static func == (lhs: Variable, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Variable, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Variable, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: Variable, rhs: Double) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Variable, rhs: Double) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Variable, rhs: Double) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: Double, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Double, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Double, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: Variable, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Variable, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Variable, rhs: Expression) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }

    /// `lhs == rhs`, required.
    public static func == (lhs: Expression, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .equal)
    }

    /// `lhs <= rhs`, required.
    public static func <= (lhs: Expression, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .lessThanOrEqual)
    }

    /// `lhs >= rhs`, required.
    public static func >= (lhs: Expression, rhs: Variable) -> SolverConstraint {
        SolverConstraint(lhs - rhs, .greaterThanOrEqual)
    }
}

// The solver's objects are mutable classes (or refer to them) used on one thread, as kiwi's are.
@available(*, unavailable)
extension SolverConstraint: Sendable {}
