/// The version of a ``ConstraintUpdate``, read: dot-separated non-negative integers, compared component by
/// component (`"10"` is newer than `"9"`, `"1.10"` than `"1.9"`), a missing component counting as 0 (`"2"` and
/// `"2.0"` are the same version).
///
/// Anything else is refused, so that two versions always compare as their author meant: no letters (`"1.2b"`), no
/// empty component (`"1..2"`, `"1."`), no sign, no leading zero (`"1.02"`: is it 2 or 20?).
struct UpdateVersion: Comparable, Sendable, CustomStringConvertible {
    /// The longest version accepted, in characters.
    static let maximumLength = 64
    /// The most digits a component may have: every such number fits in 64 bits.
    static let maximumDigits = 18

    /// The version as written.
    let text: String
    /// Its numbers, without the zeros that end it (`"2.0"` → `[2]`).
    let components: [UInt64]

    /// Reads `text`.
    ///
    /// - Throws: ``ConstraintError`` `.invalidVersion`, saying what is wrong and what a version looks like.
    init(_ text: String) throws(ConstraintError) {
        self.text = text
        var components: [UInt64] = []
        var current: UInt64 = 0
        var digits = 0
        var leadingZero = false
        var problem: String?
        if text.isEmpty {
            problem = "is empty"
        } else if text.utf8.count > Self.maximumLength {
            problem = "is longer than \(Self.maximumLength) characters"
        }
        for byte in text.utf8 where problem == nil {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if leadingZero {
                    problem = "has a number with a leading zero"
                } else if digits == Self.maximumDigits {
                    problem = "has a number of more than \(Self.maximumDigits) digits"
                }
                leadingZero = digits == 0 && byte == UInt8(ascii: "0")
                current = current &* 10 &+ UInt64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: "."):
                if digits == 0 { problem = "has an empty part" }
                components.append(current)
                (current, digits, leadingZero) = (0, 0, false)
            default:
                problem = "has a character other than digits and dots"
            }
        }
        if problem == nil, digits == 0 { problem = "has an empty part" }
        if let problem {
            throw ConstraintError(
                code: .invalidVersion,
                message:
                    "the update's version \"\(text.debugDescriptionContent)\" \(problem); a version is numbers "
                    + "separated by dots, such as \"12\" or \"1.4.2\", each newer version greater than the last")
        }
        components.append(current)
        while components.count > 1, components.last == 0 { components.removeLast() }
        self.components = components
    }

    static func < (lhs: UpdateVersion, rhs: UpdateVersion) -> Bool {
        lhs.components.lexicographicallyPrecedes(rhs.components)
    }

    static func == (lhs: UpdateVersion, rhs: UpdateVersion) -> Bool {
        lhs.components == rhs.components
    }

    var description: String { text }
}
