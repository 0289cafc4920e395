/// A constraint for one device: plain values, as `NSLayoutConstraint(item:attribute:relatedBy:toItem:attribute:multiplier:constant:)`
/// takes them, with the place it was written.
///
/// ```swift
/// let live = try constraints.resolved(for: interpreter.device)
/// print(live[1])             // dayButton.left == container.left + 105.0 (CalendarView.swift:42)
/// live[1].constant           // 105.0
/// ```
public struct ResolvedConstraint: Hashable, Sendable, CustomStringConvertible {
    /// The item constrained.
    public var firstItem: LayoutItemIdentity
    /// Its attribute.
    public var firstAttribute: LayoutAttribute
    /// How the two sides compare.
    public var relation: LayoutRelation
    /// The item on the second side; `nil` when a width or height is related to a number alone.
    public var secondItem: LayoutItemIdentity?
    /// Its attribute; `nil` exactly when ``secondItem`` is (Auto Layout's `.notAnAttribute`).
    public var secondAttribute: LayoutAttribute?
    /// What the second side is multiplied by.
    public var multiplier: Double
    /// What is added to the second side, for this device.
    public var constant: Double
    /// How strongly the constraint holds.
    public var priority: ConstraintPriority
    /// The label given with `labeled(_:)`, if any.
    public var label: String?
    /// The file the constraint was written in, as `#fileID` gives it: `MyApp/CalendarView.swift`.
    public var file: String
    /// The line it was written on.
    public var line: Int

    /// Creates a resolved constraint; the DSL makes them with ``ConstraintGroup/resolved(for:in:)-(DeviceProfile,_)``.
    ///
    /// ```swift
    /// let expected = ResolvedConstraint(
    ///     firstItem: LayoutItemIdentity(dayButton), firstAttribute: .height, relation: .equal,
    ///     constant: 105, file: "App/CalendarView.swift", line: 42)
    /// ```
    ///
    /// - Parameters:
    ///   - firstItem: The item constrained.
    ///   - firstAttribute: Its attribute.
    ///   - relation: How the two sides compare.
    ///   - secondItem: The item on the second side, if any.
    ///   - secondAttribute: Its attribute; give it exactly when `secondItem` is given.
    ///   - multiplier: What the second side is multiplied by.
    ///   - constant: What is added to the second side.
    ///   - priority: How strongly the constraint holds.
    ///   - label: A label, if any.
    ///   - file: The file it was written in.
    ///   - line: The line it was written on.
    public init(
        firstItem: LayoutItemIdentity, firstAttribute: LayoutAttribute, relation: LayoutRelation,
        secondItem: LayoutItemIdentity? = nil, secondAttribute: LayoutAttribute? = nil, multiplier: Double = 1,
        constant: Double = 0, priority: ConstraintPriority = .required, label: String? = nil, file: String,
        line: Int
    ) {
        self.firstItem = firstItem
        self.firstAttribute = firstAttribute
        self.relation = relation
        self.secondItem = secondItem
        self.secondAttribute = secondAttribute
        self.multiplier = multiplier
        self.constant = constant
        self.priority = priority
        self.label = label
        self.file = file
        self.line = line
    }

    /// The file name alone: `CalendarView.swift`.
    public var fileName: String { ConstraintText.fileName(file) }

    /// As Auto Layout prints a constraint, with where it was written:
    /// `dayButton.left == container.left + 105.0 @750 "label" (CalendarView.swift:42)`, or for a number alone
    /// `dayButton.height == 105.0 (CalendarView.swift:44)`. A required priority and a missing label are left out.
    public var description: String {
        let second = secondItem.map { "\($0.name).\(secondAttribute?.rawValue ?? "notAnAttribute")" }
        let statement = ConstraintText.statement(
            first: "\(firstItem.name).\(firstAttribute)", relation: relation, second: second,
            multiplier: multiplier, constant: ConstraintText.constant(constant, hasSecondItem: secondItem != nil),
            priority: priority, label: label)
        return statement + ConstraintText.location(file: file, line: line)
    }
}
