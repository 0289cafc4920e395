/// The attributes that have a meaning of their own in a constraint record.
///
/// Any other attribute name is an *extension*: it is kept as it is and read with
/// ``ConstraintRecord/subscript(attribute:)``.
public enum ConstraintAttribute: String, CaseIterable, Sendable, Hashable {
    case marginLeft, marginRight, marginTop, marginBottom, width, height
    case fontSize, imageName, remarkParameterOne, remarkParameterTwo

    /// The attribute named `rawValue`, or nil for any other name (an extension).
    ///
    /// Written out rather than synthesized: the parser asks for every attribute of every record, and
    /// matching on the length and then the bytes is several times faster than the synthesized string switch.
    public init?(rawValue: String) {
        var name = rawValue
        guard let attribute = name.withUTF8({ Self(utf8: $0) }) else { return nil }
        self = attribute
    }

    /// The attribute whose name is the UTF-8 `name`, or nil.
    init?(utf8 name: UnsafeBufferPointer<UInt8>) {
        guard let base = name.baseAddress, let candidate = Self.candidate(base, count: name.count) else {
            return nil
        }
        // Same length by construction; compare the bytes with the name's static text (no String is made).
        let known = candidate.staticName.utf8Start
        var i = 0
        while i < name.count, known[i] == name[i] { i &+= 1 }
        guard i == name.count else { return nil }
        self = candidate
    }

    /// The only attribute a name of `count` bytes starting at `name` can be, told by its length and at most
    /// one byte; the caller compares the rest.
    @inline(__always)
    private static func candidate(_ name: UnsafePointer<UInt8>, count: Int) -> ConstraintAttribute? {
        switch count {
        case 5: .width
        case 6: .height
        case 8: .fontSize
        case 9: name[0] == UInt8(ascii: "m") ? .marginTop : .imageName
        case 10: .marginLeft
        case 11: .marginRight
        case 12: .marginBottom
        case 18: name[15] == UInt8(ascii: "O") ? .remarkParameterOne : .remarkParameterTwo
        default: nil
        }
    }

    /// The attribute whose name is the first `count` bytes of `readable`, compared eight bytes at a time: the
    /// parser's hot path. `readable` starts at the name and must hold at least 16 bytes and the whole name (bytes
    /// after the name are read, and ignored); debug builds check it. `words` is ``nameWords``, which a caller reads
    /// once rather than once per name.
    @inline(__always)
    static func matching(_ readable: UnsafeBufferPointer<UInt8>, count: Int, words: NameWords = nameWords)
        -> ConstraintAttribute?
    {
        assert(readable.count >= 16 && readable.count >= count, "fewer than 16 bytes readable from the name")
        let name = readable.baseAddress.unsafelyUnwrapped
        guard let candidate = candidate(name, count: count) else { return nil }
        let raw = UnsafeRawPointer(name)
        let known = words[candidate.bit]
        let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        if count <= 8 {
            let mask: UInt64 = count == 8 ? ~0 : (1 &<< UInt64(8 &* count)) &- 1
            return first & mask == known.0 ? candidate : nil
        }
        let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let mask: UInt64 = count >= 16 ? ~0 : (1 &<< UInt64(8 &* (count &- 8))) &- 1
        guard first == known.0, second & mask == known.1 else { return nil }
        guard count > 16 else { return candidate }
        return name[16] == known.2.0 && name[17] == known.2.1 ? candidate : nil
    }

    typealias NameWords = [(UInt64, UInt64, (UInt8, UInt8))]

    /// Each attribute's name as little-endian words of eight bytes, zero-padded, by ``bit``; the last two
    /// bytes of the 18-byte names apart.
    static let nameWords: NameWords = {
        var words = [(UInt64, UInt64, (UInt8, UInt8))](repeating: (0, 0, (0, 0)), count: allCases.count)
        for attribute in allCases {
            let bytes = Array(attribute.rawValue.utf8) + Array(repeating: 0, count: 18)
            func word(_ offset: Int) -> UInt64 {
                (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
            }
            words[attribute.bit] = (word(0), word(8), (bytes[16], bytes[17]))
        }
        return words
    }()

    /// The number of bytes of the name.
    var nameLength: Int { staticName.utf8CodeUnitCount }

    /// The name as static text: ``rawValue`` without making a `String`.
    private var staticName: StaticString {
        switch self {
        case .marginLeft: "marginLeft"
        case .marginRight: "marginRight"
        case .marginTop: "marginTop"
        case .marginBottom: "marginBottom"
        case .width: "width"
        case .height: "height"
        case .fontSize: "fontSize"
        case .imageName: "imageName"
        case .remarkParameterOne: "remarkParameterOne"
        case .remarkParameterTwo: "remarkParameterTwo"
        }
    }

    /// The six standard attributes, which read as 0 when a file does not set them.
    public static let standard: [ConstraintAttribute] = [
        .marginLeft, .marginRight, .marginTop, .marginBottom, .width, .height,
    ]

    /// Whether this is one of the six standard attributes.
    public var isStandard: Bool { bit < 6 }

    /// The JSON type the attribute must have.
    var expectsString: Bool { self == .imageName }

    /// The bits of the attributes that hold numbers, derived from ``allCases``: what ``ConstraintRecord``
    /// compares, hashes and merges, so that a new attribute is never skipped.
    static let numberBits: [Int] = {
        let bits = allCases.filter { !$0.expectsString }.map(\.bit)
        // The record stores ten numbers inline (one per bit) and its set of given attributes in 16 bits.
        assert(allCases.allSatisfy { $0.bit < 10 }, "ConstraintRecord.numbers needs a slot per attribute bit")
        return bits
    }()

    /// ``numberBits`` as a mask of bits.
    static let numberBitMask: UInt16 = numberBits.reduce(0) { $0 | 1 << $1 }

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

extension ConstraintAttribute {
    /// The attribute name, known or `columns`, that `name` is probably a misspelling of (see
    /// ``suggestion(for:)``); nil when `name` is one of them or nothing is close.
    static func suggestedName(for name: String) -> String? {
        if ConstraintAttribute(rawValue: name) != nil || name == "columns" { return nil }
        return EditDistance.closest(to: name, among: suggestableNames, maximum: 2)
    }

    /// Every name ``suggestedName(for:)`` may suggest.
    private static let suggestableNames = EditDistance.Candidates(allCases.map(\.rawValue) + ["columns"])
}

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
