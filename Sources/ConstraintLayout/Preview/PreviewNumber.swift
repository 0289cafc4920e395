/// Fixed number formatting for preview sheets and their text form: the same digits on every platform and
/// locale, so snapshots compare as text.
enum PreviewNumber {
    /// `value` with exactly `decimals` digits after the point (`12.00`, `-0.50`); `nan` or `inf` for
    /// non-finite values.
    static func fixed(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        // At most 15 decimals, so that the factor fits an Int64 and the digits a double.
        let decimals = min(max(decimals, 0), 15)
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (abs(value) * factor).rounded()
        guard scaled < 9e15 else { return String(value) }
        let digits = Int64(scaled)
        let whole = digits / Int64(factor)
        let fraction = String(digits % Int64(factor))
        let sign = value < 0 && digits != 0 ? "-" : ""
        guard decimals > 0 else { return "\(sign)\(whole)" }
        return "\(sign)\(whole)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// `value` with at most two decimals and no trailing zeros (`12`, `12.5`, `10.33`): for labels and SVG
    /// coordinates.
    static func short(_ value: Double) -> String {
        var text = fixed(value)
        guard text.contains(".") else { return text }
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
