/// How constraints print: like Auto Layout's own descriptions, with the place they were written.
///
/// `dayButton.left == container.left + 105.0 @750 "label" (CalendarView.swift:42)`
enum ConstraintText {
    /// The statement without its location. `constant` is already formatted with its sign (`+ 105.0`,
    /// `- 12.0`, or for a constant-only relation `105.0`), or empty.
    static func statement(
        first: String, relation: LayoutRelation, second: String?, multiplier: Double, constant: String,
        priority: ConstraintPriority, label: String?
    ) -> String {
        var text = "\(first) \(relation)"
        if let second {
            text += " \(second)"
            if multiplier != 1 { text += " * \(number(multiplier))" }
        }
        if !constant.isEmpty { text += " \(constant)" }
        if priority != .required { text += " @\(priority)" }
        if let label { text += " \(String(reflecting: label))" }
        return text
    }

    /// ` (CalendarView.swift:42)`, to follow a statement.
    static func location(file: String, line: Int) -> String {
        " (\(fileName(file)):\(line))"
    }

    /// The constant as it follows the second side: `+ 105.0`, `- 12.0`, nothing for 0 unless `keepZero`; alone,
    /// for a constant-only relation: `105.0`, `-12.0`.
    static func constant(_ value: Double, hasSecondItem: Bool, keepZero: Bool = false) -> String {
        guard hasSecondItem else { return number(value) }
        if value == 0 && !keepZero { return "" }
        return value < 0 ? "- \(number(-value))" : "+ \(number(value))"
    }

    /// A per-device constant: the default as ``constant(_:hasSecondItem:keepZero:)`` prints it, then the
    /// overrides, sorted by device: `+ 114.0 [iPhone5: 105.0]`.
    static func constant(_ value: PerDevice<Double>, hasSecondItem: Bool) -> String {
        let base = constant(value.default, hasSecondItem: hasSecondItem, keepZero: !value.overrides.isEmpty)
        guard !value.overrides.isEmpty else { return base }
        let overrides = value.devices.map { "\($0): \(number(value.overrides[$0] ?? 0))" }
        return base + " [" + overrides.joined(separator: ", ") + "]"
    }

    /// A constant that may depend on the window: as the per-device numbers print when every value is a number,
    /// else `+ scaled 20 at 375 [iPhone5: 12.0]` or `+ Feed.grid.marginTop`.
    static func constant(_ value: PerDevice<LayoutConstant>, hasSecondItem: Bool) -> String {
        guard !value.default.isFixed || value.overrides.values.contains(where: { !$0.isFixed }) else {
            return constant(value.map { $0.nominalValue ?? 0 }, hasSecondItem: hasSecondItem)
        }
        let text: (LayoutConstant) -> String = { $0.nominalValue.map(number) ?? $0.description }
        let base =
            switch value.default.source {
            case .number(let number): constant(number, hasSecondItem: hasSecondItem, keepZero: true)
            default: hasSecondItem ? "+ \(value.default)" : "\(value.default)"
            }
        guard !value.overrides.isEmpty else { return base }
        let overrides = value.devices.map { device in
            "\(device): " + (value.overrides[device].map { $0.isFixed ? text($0) : $0.description } ?? "")
        }
        return base + " [" + overrides.joined(separator: ", ") + "]"
    }

    /// `105.0`, `0.5`; never `-0.0`.
    static func number(_ value: Double) -> String {
        value == 0 ? "0.0" : "\(value)"
    }

    /// `CalendarView.swift` from `MyApp/CalendarView.swift` (`#fileID`) or a path.
    static func fileName(_ file: String) -> String {
        file.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? file
    }
}
