/// Optimal string alignment distance (Damerau–Levenshtein with adjacent swaps), case-insensitive.
///
/// Cheap enough to run on every unknown key of a large file: a candidate is passed over without computing the
/// distance when the lengths, or the characters, already differ by more than the maximum, and ASCII words (almost
/// all) are compared as bytes, with no allocation, stopping once the cutoff is passed.
package enum EditDistance {
    /// The candidate nearest to `word` within `maximum` edits, the first one listed on a tie.
    package static func closest(to word: String, among candidates: [String], maximum: Int) -> String? {
        closest(to: word, among: Candidates(candidates), maximum: maximum)
    }

    /// Words to compare others with, each with what the quick checks need of it, worked out once.
    struct Candidates: Sendable {
        fileprivate let words: [(word: String, letters: Letters?)]

        init(_ words: [String]) {
            self.words = words.map { ($0, Letters($0)) }
        }
    }

    /// The candidate nearest to `word` within `maximum` edits, the first one listed on a tie.
    ///
    /// A word is only taken for a typo of a candidate when fewer edits than it has characters reach it: `"a"` is
    /// not a misspelt `"max"`, though two insertions make it one.
    static func closest(to word: String, among candidates: Candidates, maximum: Int) -> String? {
        let maximum = min(maximum, word.count - 1)
        guard maximum >= 0 else { return nil }
        var best: (candidate: String, distance: Int)?
        let letters = Letters(word)
        for (candidate, other) in candidates.words where best?.distance != 0 {
            // Each edit adds at most one character that the other word lacks (a swap adds none).
            if let letters, let other,
                abs(letters.count - other.count) > maximum
                    || (letters.mask & ~other.mask).nonzeroBitCount > maximum
                    || (other.mask & ~letters.mask).nonzeroBitCount > maximum
            {
                continue
            }
            let cutoff = min(maximum, best.map { $0.distance - 1 } ?? maximum)
            let distance = self.distance(word, candidate, cutoff: cutoff)
            if distance <= maximum, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The number of edits between `a` and `b`; any value above `cutoff` may be returned as `cutoff + 1`.
    package static func distance(_ a: String, _ b: String, cutoff: Int = .max) -> Int {
        var a = a
        var b = b
        let ascii = a.withUTF8 { a in b.withUTF8 { b in asciiDistance(a, b, cutoff: cutoff) } }
        if let ascii { return ascii }
        return scalarDistance(a, b, cutoff: cutoff)
    }

    /// The characters of an ASCII word, lowercased: how many, and which (a bit per character, modulo 64: two
    /// characters may share a bit, which only lets more candidates through). Nil for a word that is not ASCII.
    fileprivate struct Letters: Sendable {
        var count: Int
        var mask: UInt64 = 0

        init?(_ word: String) {
            var word = word
            let letters = word.withUTF8 { bytes -> Letters? in
                guard UTF8Hash.isASCII(bytes) else { return nil }
                var letters = Letters(count: bytes.count)
                for byte in bytes { letters.mask |= 1 &<< UInt64(EditDistance.lower(byte) & 63) }
                return letters
            }
            guard let letters else { return nil }
            self = letters
        }

        private init(count: Int) { self.count = count }
    }

    @inline(__always)
    fileprivate static func lower(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// The distance of two ASCII words, case-insensitive, in three rows of the table; nil when either is not ASCII.
    private static func asciiDistance(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, cutoff: Int)
        -> Int?
    {
        guard UTF8Hash.isASCII(a), UTF8Hash.isASCII(b) else { return nil }
        let n = a.count
        let m = b.count
        let gap = abs(n - m)
        if gap > cutoff { return cutoff == .max ? gap : cutoff + 1 }
        if n == 0 { return m }
        if m == 0 { return n }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { rows in
            var beforePrevious = rows.baseAddress.unsafelyUnwrapped
            var previous = beforePrevious + (m + 1)
            var current = previous + (m + 1)
            for j in 0...m { previous[j] = j }
            var previousMinimum = 0
            for i in 1...n {
                current[0] = i
                var minimum = i
                let x = lower(a[i - 1])
                for j in 1...m {
                    let y = lower(b[j - 1])
                    var value = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x == y ? 0 : 1))
                    if i > 1, j > 1, x == lower(b[j - 2]), lower(a[i - 2]) == y {
                        value = Swift.min(value, beforePrevious[j - 2] + 1)
                    }
                    current[j] = value
                    minimum = Swift.min(minimum, value)
                }
                // A cell comes from the row above (adding 0 or more) or, by a swap, from the one before (adding
                // 1): once two rows are past the cutoff, every later row is.
                if cutoff != .max, minimum > cutoff, i > 1, previousMinimum >= cutoff { return cutoff + 1 }
                previousMinimum = minimum
                (beforePrevious, previous, current) = (previous, current, beforePrevious)
            }
            return previous[m]
        }
    }

    /// The distance of any two words, by Unicode scalars of their lowercased forms (what ``distance(_:_:cutoff:)``
    /// computes as bytes for ASCII words: the tests compare the two).
    static func scalarDistance(_ a: String, _ b: String, cutoff: Int) -> Int {
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
