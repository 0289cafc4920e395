/// An unknown of a ``Solver``: a name for messages and the value the solver gave it.
///
/// ```swift
/// let width = Variable("width")
/// try solver.add(width >= 100)
/// solver.updateVariables()
/// width.value    // 100
/// ```
///
/// A variable is a reference: two variables with the same name are different unknowns, and one variable may be
/// used by several solvers (each writes its own solution into ``value`` when asked). A `Variable` is not
/// `Equatable`, because `==` between variables makes a ``SolverConstraint``; compare with `===` and key
/// dictionaries by `ObjectIdentifier(variable)`.
///
/// Threading: a variable is not `Sendable`. Its ``value`` is written by ``Solver/updateVariables()``, so it belongs
/// to the same isolation domain as the solvers that use it; copy values out to share them.
public final class Variable {
    /// A name for descriptions and error messages. It need not be unique.
    public let name: String

    /// The value from the last ``Solver/updateVariables()`` of a solver that has this variable; 0 before that.
    // Written only by `updateVariables()` (a plain store, never an inout access) and read from the same isolation
    // domain, since a variable is not Sendable: no two accesses can overlap, so the dynamic exclusivity check,
    // which was a third of the cost of reading back a solution, is left out.
    @exclusivity(unchecked) public internal(set) var value: Double = 0

    /// Creates a variable.
    ///
    /// - Parameter name: A name for descriptions and error messages.
    public init(_ name: String = "") {
        self.name = name
    }
}

extension Variable: CustomStringConvertible {
    /// The name, or `Variable(0x…)` for a variable without one.
    public var description: String {
        name.isEmpty ? "Variable(\(ObjectIdentifier(self)))" : name
    }
}

// The solver's objects are mutable classes (or refer to them) used on one thread, as kiwi's are.
@available(*, unavailable)
extension Variable: Sendable {}
