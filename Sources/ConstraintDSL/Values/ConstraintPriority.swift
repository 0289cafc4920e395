/// How strongly a constraint holds, from 1 to 1000 as in Auto Layout: `required` (1000) must hold, lower ones
/// give way to higher ones when they conflict.
///
/// ```swift
/// make.width.equalTo(120).priority(.high)     // @750
/// make.width.lessThanOrEqualTo(300).priority(999)
/// ```
///
/// A priority outside 1...1000 (or not a number) is reported when the constraints are resolved, instead of
/// making Auto Layout raise an exception.
public struct ConstraintPriority: Hashable, Sendable, Comparable, CustomStringConvertible,
    ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral
{
    /// The priority, 1 to 1000; the type of `UILayoutPriority`'s raw value.
    public var value: Float

    /// Creates a priority.
    ///
    /// ```swift
    /// let almostRequired = ConstraintPriority(999)
    /// ```
    ///
    /// - Parameter value: 1 to 1000. Other values are kept and reported by resolution.
    public init(_ value: Float) {
        self.value = value
    }

    /// Creates a priority from an integer literal: `.priority(750)`.
    ///
    /// - Parameter value: 1 to 1000.
    public init(integerLiteral value: Int) {
        self.value = Float(value)
    }

    /// Creates a priority from a floating-point literal: `.priority(749.5)`.
    ///
    /// - Parameter value: 1 to 1000.
    public init(floatLiteral value: Float) {
        self.value = value
    }

    /// 1000: the constraint must hold. The default.
    public static let required = ConstraintPriority(1000)
    /// 750, `UILayoutPriority.defaultHigh`.
    public static let high = ConstraintPriority(750)
    /// 500: between high and low.
    public static let medium = ConstraintPriority(500)
    /// 250, `UILayoutPriority.defaultLow`.
    public static let low = ConstraintPriority(250)

    /// Whether Auto Layout accepts this priority: 1 to 1000.
    public var isValid: Bool { value >= 1 && value <= 1000 }

    /// Orders priorities by value.
    public static func < (lhs: ConstraintPriority, rhs: ConstraintPriority) -> Bool {
        lhs.value < rhs.value
    }

    /// `750`, or `749.5` when the value has a fraction.
    public var description: String {
        value.isFinite && value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
