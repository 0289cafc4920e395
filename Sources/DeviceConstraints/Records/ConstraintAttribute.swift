/// The attributes that have a meaning of their own in a constraint record.
///
/// Any other attribute name is an *extension*: it is kept as it is and read with
/// ``ConstraintRecord/subscript(attribute:)``.
public enum ConstraintAttribute: String, CaseIterable, Sendable, Hashable {
    case marginLeft, marginRight, marginTop, marginBottom, width, height
    case fontSize, imageName, remarkParameterOne, remarkParameterTwo

    /// The six standard attributes, which read as 0 when a file does not set them.
    public static let standard: [ConstraintAttribute] = [
        .marginLeft, .marginRight, .marginTop, .marginBottom, .width, .height,
    ]

    /// Whether this is one of the six standard attributes.
    public var isStandard: Bool { bit < 6 }

    /// The JSON type the attribute must have.
    var expectsString: Bool { self == .imageName }

    /// A stable index, used as a bit in ``ConstraintRecord``'s set of attributes a file gave.
    var bit: Int {
        switch self {
        case .marginLeft: 0
        case .marginRight: 1
        case .marginTop: 2
        case .marginBottom: 3
        case .width: 4
        case .height: 5
        case .fontSize: 6
        case .imageName: 7
        case .remarkParameterOne: 8
        case .remarkParameterTwo: 9
        }
    }

    /// The known attribute that `name` is probably a misspelling of: within two edits (an insertion, a
    /// deletion, a substitution or a swap of neighbours), ignoring case. Nil when `name` is known or
    /// nothing is close.
    ///
    /// ```swift
    /// ConstraintAttribute.suggestion(for: "witdh")   // .width
    /// ```
    public static func suggestion(for name: String) -> ConstraintAttribute? {
        if ConstraintAttribute(rawValue: name) != nil { return nil }
        let candidates = allCases.map(\.rawValue)
        guard let best = EditDistance.closest(to: name, among: candidates, maximum: 2) else { return nil }
        return ConstraintAttribute(rawValue: best)
    }
}

/// Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), case-insensitive.
package enum EditDistance {
    /// The candidate nearest to `word` within `maximum` edits, the first one listed on a tie.
    package static func closest(to word: String, among candidates: [String], maximum: Int) -> String? {
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(word, candidate, cutoff: maximum)
            if distance <= maximum, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The number of edits between `a` and `b`; any value above `cutoff` may be returned as `cutoff + 1`.
    package static func distance(_ a: String, _ b: String, cutoff: Int = .max) -> Int {
        let a = Array(a.lowercased().unicodeScalars)
        let b = Array(b.lowercased().unicodeScalars)
        if abs(a.count - b.count) > cutoff { return cutoff == .max ? abs(a.count - b.count) : cutoff + 1 }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
