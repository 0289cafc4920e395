/// A value in a file that depends on the window: resolved per environment, after the merge.
enum DynamicValue: Hashable, Sendable {
    case scaled(ScaledValue)
    case columns(ColumnRule)
}
