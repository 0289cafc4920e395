/// A statement whose constants are set: a priority and a label can still be added.
///
/// ```swift
/// make.size.equalTo(spec).priority(.high)
/// ```
public class ConstraintMakerPrioritizable: ConstraintMakerFinalizable {
    /// Sets how strongly the constraints of this statement hold; ``ConstraintPriority/required`` unless set.
    ///
    /// ```swift
    /// make.width.equalTo(120).priority(.high)        // @750
    /// make.width.lessThanOrEqualTo(300).priority(999)
    /// ```
    ///
    /// - Parameter priority: 1 to 1000; a value outside is reported when the constraints are resolved.
    /// - Returns: The statement, for a label.
    @discardableResult
    public func priority(_ priority: ConstraintPriority) -> ConstraintMakerFinalizable {
        description.priority = priority
        return self
    }
}
