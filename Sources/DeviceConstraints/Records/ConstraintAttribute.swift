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
    @inline(__always)  // a constant per case, on every attribute name a reader recognizes
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
    package static func suggestedName(for name: String) -> String? {
        if ConstraintAttribute(rawValue: name) != nil || name == "columns" { return nil }
        return EditDistance.closest(to: name, among: suggestableNames, maximum: 2)
    }

    /// Every name ``suggestedName(for:)`` may suggest.
    private static let suggestableNames = EditDistance.Candidates(allCases.map(\.rawValue) + ["columns"])
}
