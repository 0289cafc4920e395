/// A linear expression: `Σ coefficient × variable + constant`.
///
/// Built with `+`, `-`, `*` and `/` (by a number) from variables and numbers, and turned into a
/// ``SolverConstraint`` by `==`, `<=` or `>=`:
///
/// ```swift
/// let left = Variable("left"), width = Variable("width")
/// let right: Expression = left + width          // left + width
/// let center = (left + right) / 2               // left + 0.5 × width
/// let constraint = center == 160                // required
/// ```
///
/// A variable may appear in several terms; the solver adds them up.
public struct Expression {
    /// One `coefficient × variable` of an expression.
    public struct Term {
        /// The variable.
        public var variable: Variable
        /// Its factor.
        public var coefficient: Double

        /// Creates a term.
        public init(_ variable: Variable, coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    /// The variable terms, in the order they were written.
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// Creates `Σ terms + constant`.
    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `variable`.
    public init(_ variable: Variable) {
        self.init([Term(variable)])
    }

    /// The expression `constant`.
    public init(_ constant: Double) {
        self.init(constant: constant)
    }

    func scaled(by factor: Double) -> Expression {
        Expression(terms.map { Term($0.variable, coefficient: $0.coefficient * factor) }, constant: constant * factor)
    }

    /// Whether every coefficient and the constant are finite.
    var isFinite: Bool {
        constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite }
    }
}

extension Expression: CustomStringConvertible {
    /// `2 * x + -1 * y + 10`: every term, then the constant.
    public var description: String {
        let parts = terms.map { $0.coefficient == 1 ? "\($0.variable)" : "\($0.coefficient) * \($0.variable)" }
        return (parts + ["\(constant)"]).joined(separator: " + ")
    }
}

// MARK: - Arithmetic

extension Expression {
    /// The sum of two expressions.
    public static func + (lhs: Expression, rhs: Expression) -> Expression {
        Expression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }

    /// The expression plus a number.
    public static func + (lhs: Expression, rhs: Double) -> Expression {
        Expression(lhs.terms, constant: lhs.constant + rhs)
    }

    /// A number plus the expression.
    public static func + (lhs: Double, rhs: Expression) -> Expression {
        rhs + lhs
    }

    /// The difference of two expressions.
    public static func - (lhs: Expression, rhs: Expression) -> Expression {
        lhs + -rhs
    }

    /// The expression minus a number.
    public static func - (lhs: Expression, rhs: Double) -> Expression {
        lhs + -rhs
    }

    /// A number minus the expression.
    public static func - (lhs: Double, rhs: Expression) -> Expression {
        lhs + -rhs
    }

    /// The negated expression.
    public static prefix func - (operand: Expression) -> Expression {
        operand.scaled(by: -1)
    }

    /// The expression times a number.
    public static func * (lhs: Expression, rhs: Double) -> Expression {
        lhs.scaled(by: rhs)
    }

    /// A number times the expression.
    public static func * (lhs: Double, rhs: Expression) -> Expression {
        rhs.scaled(by: lhs)
    }

    /// The expression divided by a number. Dividing by zero gives infinite coefficients, which
    /// ``Solver/add(_:)`` rejects.
    public static func / (lhs: Expression, rhs: Double) -> Expression {
        lhs.scaled(by: 1 / rhs)
    }
}

extension Variable {
    /// The sum of two variables.
    public static func + (lhs: Variable, rhs: Variable) -> Expression {
        Expression([Expression.Term(lhs), Expression.Term(rhs)])
    }

    /// The variable plus a number.
    public static func + (lhs: Variable, rhs: Double) -> Expression {
        Expression([Expression.Term(lhs)], constant: rhs)
    }

    /// A number plus the variable.
    public static func + (lhs: Double, rhs: Variable) -> Expression {
        Expression([Expression.Term(rhs)], constant: lhs)
    }

    /// The variable plus an expression.
    public static func + (lhs: Variable, rhs: Expression) -> Expression {
        Expression(lhs) + rhs
    }

    /// An expression plus the variable.
    public static func + (lhs: Expression, rhs: Variable) -> Expression {
        lhs + Expression(rhs)
    }

    /// The difference of two variables.
    public static func - (lhs: Variable, rhs: Variable) -> Expression {
        Expression([Expression.Term(lhs), Expression.Term(rhs, coefficient: -1)])
    }

    /// The variable minus a number.
    public static func - (lhs: Variable, rhs: Double) -> Expression {
        Expression([Expression.Term(lhs)], constant: -rhs)
    }

    /// A number minus the variable.
    public static func - (lhs: Double, rhs: Variable) -> Expression {
        Expression([Expression.Term(rhs, coefficient: -1)], constant: lhs)
    }

    /// The variable minus an expression.
    public static func - (lhs: Variable, rhs: Expression) -> Expression {
        Expression(lhs) - rhs
    }

    /// An expression minus the variable.
    public static func - (lhs: Expression, rhs: Variable) -> Expression {
        lhs - Expression(rhs)
    }

    /// The negated variable.
    public static prefix func - (operand: Variable) -> Expression {
        Expression([Expression.Term(operand, coefficient: -1)])
    }

    /// The variable times a number.
    public static func * (lhs: Variable, rhs: Double) -> Expression {
        Expression([Expression.Term(lhs, coefficient: rhs)])
    }

    /// A number times the variable.
    public static func * (lhs: Double, rhs: Variable) -> Expression {
        Expression([Expression.Term(rhs, coefficient: lhs)])
    }

    /// The variable divided by a number.
    public static func / (lhs: Variable, rhs: Double) -> Expression {
        Expression([Expression.Term(lhs, coefficient: 1 / rhs)])
    }
}

// The solver's objects are mutable classes (or refer to them) used on one thread, as kiwi's are.
@available(*, unavailable)
extension Expression: Sendable {}

@available(*, unavailable)
extension Expression.Term: Sendable {}
