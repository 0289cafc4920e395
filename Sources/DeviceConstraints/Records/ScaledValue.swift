/// A number that scales with the window: the "dynamic" values of Qdaily's Split View design.
///
/// Written `{ "scaled": 60, "min": 40, "max": 80 }` in a constraint file: 60 × window width ÷ the design width
/// (the width the file states, `"designWidth": 375` beside its container key; else that of the class whose file
/// gave it, ``DeviceProfile/designWidth``, or the resolved class's for the base file), clamped to `min`/`max`, then
/// rounded to the nearest device pixel.
///
/// ```swift
/// let value = ScaledValue(60, minimum: 40)
/// value.resolved(width: 507, designWidth: 1366, displayScale: 2)   // 40 (22.27 clamped up to the minimum)
/// ```
public struct ScaledValue: Hashable, Sendable, CustomStringConvertible {
    /// The value at the design width.
    public let value: Double
    /// The smallest value, if any.
    public let minimum: Double?
    /// The largest value, if any.
    public let maximum: Double?

    /// A scaled value. The parser checks files (finite numbers, `min ≤ max`); here a minimum above the
    /// maximum is swapped.
    public init(_ value: Double, minimum: Double? = nil, maximum: Double? = nil) {
        self.value = value
        if let minimum, let maximum, minimum > maximum {
            (self.minimum, self.maximum) = (maximum, minimum)
        } else {
            (self.minimum, self.maximum) = (minimum, maximum)
        }
    }

    /// The value for a window `width` points wide when the design was drawn at `designWidth`.
    ///
    /// Always a finite number, whatever the file or the caller gives: a result too large for a `Double`
    /// (`{"scaled": 1e306}` in a wide window) reads as the largest finite one, and a width or design width that is
    /// not a positive, finite number counts as no scaling.
    public func resolved(width: Double, designWidth: Double, displayScale: Double) -> Double {
        let result = clamped(width: width, designWidth: designWidth)
        let scale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        let rounded = (result * scale).rounded() / scale + 0  // + 0: never -0
        return rounded.isFinite ? rounded : result
    }

    /// The value for a window `width` points wide, clamped to ``minimum`` and ``maximum``, before pixel rounding:
    /// what ``resolved(width:designWidth:displayScale:)`` rounds. Always finite.
    package func clamped(width: Double, designWidth: Double) -> Double {
        let width = width.isFinite && width > 0 ? width : 0
        let reference = designWidth.isFinite && designWidth > 0 ? designWidth : max(width, 1)
        // The ratio first: the value times the width alone could overflow where the result does not.
        var result = value * (width / reference)
        if !result.isFinite {
            result = result.isNaN ? 0 : result < 0 ? -Double.greatestFiniteMagnitude : .greatestFiniteMagnitude
        }
        if let minimum { result = max(result, minimum) }
        if let maximum { result = min(result, maximum) }
        return result
    }

    /// `scaled 60 (min 40, max 80)`.
    public var description: String {
        var text = "scaled \(value.compactDescription)"
        let bounds = [
            minimum.map { "min \(($0).compactDescription)" }, maximum.map { "max \(($0).compactDescription)" },
        ]
        .compactMap { $0 }
        if !bounds.isEmpty { text += " (" + bounds.joined(separator: ", ") + ")" }
        return text
    }
}
