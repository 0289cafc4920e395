/// A value in a file that depends on the window or on the text size: resolved per environment, after the merge.
enum AdaptiveValue: Hashable, Sendable {
    case scaled(ScaledValue)
    case columns(ColumnRule)
    /// Follows the text size (`{"size": 44, "relativeTo": "body"}`, or a width-scaled one with a text style).
    case text(TextScaledValue)
    /// A font size that never follows the text size (`{"fixed": 11}`): resolved as the plain number it is, and
    /// only listed so that the merge knows a plain `fontSize` is not to follow `body`.
    case fixed
}
