/// How the two sides of a constraint compare.
///
/// ```swift
/// print(LayoutRelation.lessThanOrEqual)   // <=
/// ```
public enum LayoutRelation: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `==`: `equalTo`.
    case equal
    /// `<=`: `lessThanOrEqualTo`.
    case lessThanOrEqual
    /// `>=`: `greaterThanOrEqualTo`.
    case greaterThanOrEqual

    /// `==`, `<=` or `>=`, as Auto Layout prints it.
    public var description: String {
        switch self {
        case .equal: "=="
        case .lessThanOrEqual: "<="
        case .greaterThanOrEqual: ">="
        }
    }
}
