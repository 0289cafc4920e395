public import ConstraintDSL

/// Something a reviewer of a layout must know: a required constraint that had to be broken, or an item whose
/// frame the constraints do not determine.
///
/// Printed like a compiler warning, with the place each constraint was written:
///
/// ```
/// CalendarView.swift:44: warning: broke 'day.width == 400.0 (CalendarView.swift:44)': it conflicts with 2 required constraints and the window's size
///     day.left == container.left + 16.0 (CalendarView.swift:42)
///     day.right == container.right - 16.0 (CalendarView.swift:43)
/// ```
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem this is.
    public enum Kind: String, Hashable, Sendable {
        /// Required constraints conflict; ``LayoutDiagnostic/brokenConstraint`` was left out, as Auto Layout does.
        case brokenConstraint
        /// The constraints leave an item's position or size free (Auto Layout's `hasAmbiguousLayout`).
        case ambiguousLayout
        /// Ambiguity was not checked: the layout has more items than ``LayoutDiagnostic/ambiguityCheckLimit``.
        case ambiguityNotChecked
    }

    /// What kind of problem this is.
    public var kind: Kind
    /// What went wrong, in one sentence.
    public var message: String
    /// The constraint left out, for ``Kind/brokenConstraint``.
    public var brokenConstraint: ResolvedConstraint?
    /// The smallest set of required constraints the broken one conflicts with: remove any one of them (or the
    /// broken one) and the rest can hold.
    public var conflictingConstraints: [ResolvedConstraint]

    /// The item an ``Kind/ambiguousLayout`` diagnostic is about.
    public var item: String?
    /// The attributes the constraints leave free: `left`, `top`, `width`, `height`.
    public var freeAttributes: [LayoutAttribute]

    /// How many items a layout may have for its ambiguity to be checked: the check probes each item's four
    /// variables, so it grows faster than the layout.
    public static let ambiguityCheckLimit = 1000

    /// The diagnostic as a compiler prints a warning, then each conflicting constraint on a line of its own.
    public var description: String {
        var location = ""
        if let broken = brokenConstraint { location = "\(broken.fileName):\(broken.line): " }
        let lines = ["\(location)warning: \(message)"] + conflictingConstraints.map { "    \($0)" }
        return lines.joined(separator: "\n")
    }
}
