/// One adaptive attribute of a table: which view, which attribute, what rule, and which width it scales
/// against: the width its file states, else the design width of the class whose file gave it (set when files are
/// merged; nil for the base file, whose values scale against the resolved class).
struct AdaptiveAttribute: Hashable, Sendable {
    /// The entry of the view in its table.
    var entry: Int
    /// The attribute's name (`width`, `columns`, or an extension).
    var name: String
    var value: AdaptiveValue
    /// The device of the file that gave the value; nil for a base file or a single file not yet merged.
    var device: DeviceName?
    /// The width the file that gave the value says it was drawn for (`"designWidth": 375`), which a scaled value
    /// scales against before any class's; nil when the file states none.
    var designWidth: Double? = nil
}
