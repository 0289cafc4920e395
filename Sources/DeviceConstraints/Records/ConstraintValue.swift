/// The value of one attribute in a constraint record: a number, a string or a bool.
///
/// ```swift
/// if case .number(let spacing)? = record[attribute: "columnSpacing"] { … }
/// ```
public enum ConstraintValue: Hashable, Sendable, CustomStringConvertible {
    /// A JSON number; integers and decimals both read as `Double`.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// A JSON `true` or `false`.
    case bool(Bool)

    /// The number, if this is one.
    public var numberValue: Double? {
        if case .number(let value) = self { value } else { nil }
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The bool, if this is one.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The value as it would be written in JSON: `60.0`, `"calendar"`, `true`.
    public var description: String {
        switch self {
        case .number(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        case .bool(let value): "\(value)"
        }
    }
}
