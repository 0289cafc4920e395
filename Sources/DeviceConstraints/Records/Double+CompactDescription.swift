extension Double {
    /// The number as messages, tables and previews print it: `375` rather than `375.0`, fractions as they are.
    package var compactDescription: String {
        if isFinite, self == rounded(), abs(self) < 1e15 {
            return String(Int64(self))
        }
        return String(self)
    }
}
