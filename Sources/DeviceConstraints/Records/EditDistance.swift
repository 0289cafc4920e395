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

    /// Words filed so that the nearest to another within three edits is found without comparing it with every
    /// word: the answer of ``closest(to:among:maximum:)`` over the same words, for a check that asks for many words
    /// (lint's dead files, each compared with every device name, were files times devices).
    ///
    /// Each word is filed, lowercased, under each string made by deleting up to three of its characters, by how many
    /// were deleted. Two words d edits apart (a character missing, extra or different, or two neighbours swapped)
    /// lead to a common string by deleting at most d characters of each, so a word is looked for in rounds: round r
    /// compares the words filed under strings that take r deletions from the word or from them, and once the nearest
    /// found is r edits away, every word as near, the first listed on a tie among them, has been found.
    struct Index: Sendable {
        /// The most edits a suggestion is made within.
        static let maximumEdits = 3
        /// Longer words are not filed, but compared with every word asked for: a word of n characters is filed
        /// under about n³ / 6 strings.
        static let maximumLength = 24

        private let words: [String]
        /// For each number of deletions, the words filed under each string, by their position among `words`.
        private var filed: [[String: [Int]]] = Array(repeating: [:], count: maximumEdits + 1)
        /// The positions of the words too long to file.
        private var unfiled: [Int] = []

        /// Files `words`, in their order.
        init(_ words: [String]) {
            self.words = words
            for (position, word) in words.enumerated() {
                let scalars = Array(word.lowercased().unicodeScalars)
                guard scalars.count <= Self.maximumLength else {
                    unfiled.append(position)
                    continue
                }
                for (deleted, strings) in Self.deletions(of: scalars, upTo: Self.maximumEdits).enumerated() {
                    for string in strings { filed[deleted][string, default: []].append(position) }
                }
            }
        }

        /// The word nearest to `word` within `maximum` edits (at most ``maximumEdits``), the first listed on a tie.
        func closest(to word: String, maximum: Int) -> String? {
            let maximum = min(maximum, Self.maximumEdits, word.count - 1)
            guard maximum >= 0 else { return nil }
            var best: (position: Int, distance: Int)?
            func compare(_ position: Int) {
                let distance = EditDistance.distance(word, words[position], cutoff: maximum)
                guard distance <= maximum else { return }
                if best == nil || (distance, position) < (best!.distance, best!.position) {
                    best = (position, distance)
                }
            }
            for position in unfiled { compare(position) }
            let scalars = Array(word.lowercased().unicodeScalars)
            // A filed word has at most maximumLength characters: a longer word than that and maximumEdits more is
            // further than maximumEdits from each.
            guard scalars.count <= Self.maximumLength + Self.maximumEdits else {
                return best.map { words[$0.position] }
            }
            let own = Self.deletions(of: scalars, upTo: maximum)
            var compared: Set<Int> = []
            for round in 0...maximum {
                // Every pair of deletion counts whose larger is this round: the word's own and a filed word's.
                for ownDeleted in 0...round {
                    for filedDeleted in 0...round where max(ownDeleted, filedDeleted) == round {
                        for string in own[ownDeleted] {
                            for position in filed[filedDeleted][string] ?? [] where compared.insert(position).inserted {
                                compare(position)
                            }
                        }
                    }
                }
                // Any word not met yet is more than `round` edits away.
                if let best, best.distance <= round { break }
            }
            return best.map { words[$0.position] }
        }

        /// The distinct strings made by deleting 0, 1, … up to `count` of `scalars` (fewer when it is shorter), by
        /// how many were deleted.
        private static func deletions(of scalars: [Unicode.Scalar], upTo count: Int) -> [Set<String>] {
            var levels: [Set<[Unicode.Scalar]>] = [[scalars]]
            for _ in 0..<count {
                var next: Set<[Unicode.Scalar]> = []
                for string in levels[levels.count - 1] {
                    for skipped in string.indices {
                        var shorter = string
                        shorter.remove(at: skipped)
                        next.insert(shorter)
                    }
                }
                levels.append(next)
            }
            return levels.map { level in Set(level.map { String(String.UnicodeScalarView($0)) }) }
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
