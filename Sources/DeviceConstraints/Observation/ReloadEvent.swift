/// What a hot reload did after files changed: reloaded containers, or rejected an edit.
///
/// ```swift
/// for await event in interpreter.reloads() {
///     switch event {
///     case .reloaded(let containers): relayout(containers)
///     case .rejected(let error): showBanner(error.description)   // Card_iPad.json:3:18: error: …
///     }
/// }
/// ```
public enum ReloadEvent: Hashable, Sendable, CustomStringConvertible {
    /// These loaded containers were read again and now answer with the edited values (sorted).
    case reloaded([String])
    /// An edit could not be read: the error says file, line and column; the container keeps its last good values.
    case rejected(ConstraintError)

    /// `reloaded Card, Feed` or the error.
    public var description: String {
        switch self {
        case .reloaded(let containers): "reloaded \(containers.joined(separator: ", "))"
        case .rejected(let error): error.description
        }
    }
}
