/// A number that follows the user's text size (Dynamic Type), as `@ScaledMetric(relativeTo:)` does: written
/// `{"size": 44, "relativeTo": "body", "min": 40, "max": 80}`, or `{"scaled": 44, "relativeTo": "body"}` to follow
/// the window's width as well. A plain `fontSize` is one relative to `body`.
///
/// At a text size other than `.large` the number is multiplied by the style's ``TextStyle/scale(at:)``; a value that
/// follows the width is first scaled as a ``ScaledValue`` is (number × window width ÷ design width). Then the bounds
/// apply, and the result is rounded to the display's pixels. A value that follows the text size only is exactly the
/// file's number (within its bounds) at `.large`, never rounded, so files read as they did before text sizes.
struct TextScaledValue: Hashable, Sendable {
    /// The value at `.large` (and, when it follows the width, at the design width).
    let value: Double
    /// The text style it follows.
    let style: TextStyle
    /// Whether it also follows the window's width (`"scaled"` rather than `"size"`).
    let followsWidth: Bool
    let minimum: Double?
    let maximum: Double?

    init(
        _ value: Double, relativeTo style: TextStyle = .body, followsWidth: Bool = false, minimum: Double? = nil,
        maximum: Double? = nil
    ) {
        self.value = value
        self.style = style
        self.followsWidth = followsWidth
        if let minimum, let maximum, minimum > maximum {
            (self.minimum, self.maximum) = (maximum, minimum)
        } else {
            (self.minimum, self.maximum) = (minimum, maximum)
        }
    }

    /// Whether the value at `.large` is the file's number itself, so that a container whose text-scaled values are
    /// all like this resolves at `.large` to its merged table unchanged.
    var isFileNumberAtLarge: Bool {
        !followsWidth && minimum.map { value >= $0 } ?? true && maximum.map { value <= $0 } ?? true
    }

    /// The value for `environment`; `designWidth` as for ``ScaledValue`` (used only when it follows the width).
    /// Always finite.
    func resolved(for environment: LayoutEnvironment, designWidth: Double) -> Double {
        let scale = style.scale(at: environment.textSize)
        if !followsWidth && scale == 1 { return bounded(value) }
        let base = followsWidth ? ScaledValue(value).clamped(width: environment.width, designWidth: designWidth) : value
        var result = base * scale
        if !result.isFinite { result = result < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude }
        return environment.roundedToPixel(bounded(result))
    }

    private func bounded(_ number: Double) -> Double {
        var result = number
        if let minimum { result = max(result, minimum) }
        if let maximum { result = min(result, maximum) }
        return result
    }
}

extension TextScaledValue: CustomStringConvertible {
    /// `size 44 relativeTo body (min 40, max 80)`, or `scaled 44 relativeTo title1` for one that follows the width
    /// too: what `show` prints as the value's rule.
    var description: String {
        var text = "\(followsWidth ? "scaled" : "size") \(value.compactDescription) relativeTo \(style.rawValue)"
        let bounds = [minimum.map { "min \($0.compactDescription)" }, maximum.map { "max \($0.compactDescription)" }]
            .compactMap { $0 }
        if !bounds.isEmpty { text += " (" + bounds.joined(separator: ", ") + ")" }
        return text
    }
}
