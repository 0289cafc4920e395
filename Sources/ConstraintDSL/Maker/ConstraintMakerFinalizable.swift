/// The end of a statement: only a label can still be added.
///
/// ```swift
/// make.width.equalTo(120).priority(.high).labeled("dayButton width")
/// ```
public class ConstraintMakerFinalizable {
    let description: ConstraintDescription

    init(_ description: ConstraintDescription) {
        self.description = description
    }

    /// Names the constraints of this statement, for descriptions and for `NSLayoutConstraint.identifier`.
    ///
    /// ```swift
    /// make.height.equalTo(105).labeled("topViewHeight")   // topView.height == 105.0 "topViewHeight" (…)
    /// ```
    ///
    /// - Parameter label: The label; the last one given wins.
    /// - Returns: The statement.
    @discardableResult
    public func labeled(_ label: String) -> ConstraintMakerFinalizable {
        description.label = label
        return self
    }
}

// A statement being written is mutable and lives only inside `makeConstraints`.
@available(*, unavailable)
extension ConstraintMakerFinalizable: Sendable {}
