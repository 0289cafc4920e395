import Foundation

/// How much a ``SolverConstraint`` matters: a required constraint must hold; the others are satisfied as well as
/// they can be, a stronger one before a weaker one.
///
/// ```swift
/// try solver.add((width == 320) | .strong)
/// try solver.add((width == 100) | .weak)     // gives way: width is 320
/// try solver.add((width >= 0) | Strength(priority: 999))
/// ```
///
/// As in kiwi, an optional strength is a weight on the constraint's error in the one objective the solver
/// minimizes: ``strong`` is 1,000 × ``medium``, which is 1,000 × ``weak``. So a stronger constraint beats a weaker
/// one unless a thousand weaker ones pull the other way. ``required`` is above every optional strength.
public struct Strength: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The weight of the constraint's error in the objective; ``required`` for a required constraint.
    public let weight: Double

    private init(weight: Double) {
        self.weight = weight
    }

    /// A strength from kiwi's three levels: `strong × 1,000,000 + medium × 1,000 + weak`, times `multiplier`.
    ///
    /// ```swift
    /// let aBitAboveMedium = Strength(medium: 1, weak: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - strong: 0 to 1000 (values outside are clamped).
    ///   - medium: 0 to 1000.
    ///   - weak: 0 to 1000.
    ///   - multiplier: Scales the sum; the result is clamped to 0…``required``. A weight that is not a number is
    ///     kept, and ``Solver/add(_:)`` rejects it.
    public init(strong: Double = 0, medium: Double = 0, weak: Double = 0, multiplier: Double = 1) {
        func clamp(_ value: Double) -> Double { value.isNaN ? value : Swift.min(Swift.max(value, 0), 1000) }
        let sum = (clamp(strong) * 1_000_000 + clamp(medium) * 1000 + clamp(weak)) * multiplier
        self.init(weight: sum.isNaN ? sum : Swift.min(Swift.max(sum, 0), Strength.required.weight))
    }

    /// The strength of an Auto Layout priority: 1000 is ``required``, and 1 up to 999 map, in order, onto
    /// optional strengths with 250 (`defaultLow`) at ``weak``, 500 at ``medium`` and 750 (`defaultHigh`) at
    /// ``strong``: `1000^((priority − 250) ÷ 250)`, so each step of 250 is the factor of 1,000 between kiwi's levels.
    ///
    /// ```swift
    /// Strength(priority: 750) == .strong     // true
    /// Strength(priority: 999) < .required    // true
    /// ```
    ///
    /// - Parameter priority: 1 to 1000; values outside are clamped, as is a priority that is not a number to 1.
    public init(priority: Float) {
        let clamped = priority.isNaN ? 1 : Swift.min(Swift.max(Double(priority), 1), 1000)
        if clamped >= 1000 {
            self = .required
        } else {
            // 10^(3(p − 250)/250): exact at 250, 500 and 750, below required (≈ 9.99e8) at 999.999.
            let exponent = 3 * (clamped - 250) / 250
            self.init(weight: pow(10, exponent))
        }
    }

    /// Must hold: adding a required constraint that conflicts with others throws
    /// ``DeviceConstraints/ConstraintError/Code/unsatisfiable``.
    public static let required = Strength(weight: 1_001_001_000)
    /// Auto Layout's 750 (`defaultHigh`).
    public static let strong = Strength(weight: 1_000_000)
    /// Auto Layout's 500.
    public static let medium = Strength(weight: 1000)
    /// Auto Layout's 250 (`defaultLow`).
    public static let weak = Strength(weight: 1)

    /// Whether a constraint of this strength must hold.
    public var isRequired: Bool { weight >= Strength.required.weight }

    /// Orders strengths by weight.
    public static func < (lhs: Strength, rhs: Strength) -> Bool {
        lhs.weight < rhs.weight
    }

    /// `required`, `strong`, `medium`, `weak`, or the weight.
    public var description: String {
        switch self {
        case .required: "required"
        case .strong: "strong"
        case .medium: "medium"
        case .weak: "weak"
        default: "\(weight)"
        }
    }
}
