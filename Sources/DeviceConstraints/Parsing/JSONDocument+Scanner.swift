// The scanner: one pass over the bytes that validates everything and writes the tape.

extension JSONDocument {
    /// Where scanning stopped and why; turned into a ``ConstraintError`` with a message only when thrown.
    struct ScanError: Error {
        var offset: Int
        var reason: Reason

        enum Reason {
            /// A value was expected (at the root, after `[`, `,` or `:`).
            case valueExpected
            /// An object key was expected (after `{` or `,`).
            case keyExpected
            /// `what` was expected `context` (e.g. `',' or '}'`, `after object member`).
            case expected(_ what: String, _ context: String)
            case trailingComma(before: UInt8)
            case trailingGarbage
            case tooDeep
            case unterminatedString
            case controlCharacter
            case invalidEscape
            case invalidUnicodeEscape
            case unpairedSurrogate
            case invalidUTF8
            case leadingZero
            case digitExpected(after: String)
            /// `-Infinity`: found only when the error is reported, from a `digitExpected` after `-`.
            case negativeInfinity
        }
    }

    /// An open array or object on the scanner's stack.
    private struct Frame {
        /// The tape index of the enclosing container.
        var container: UInt32
        /// How many elements or members the enclosing container had so far.
        var count: UInt32
    }

    private static let openObject: UInt8 = 0x7B  // {
    private static let closeObject: UInt8 = 0x7D  // }
    private static let openArray: UInt8 = 0x5B  // [
    private static let closeArray: UInt8 = 0x5D  // ]
    private static let quote: UInt8 = 0x22  // "
    private static let backslash: UInt8 = 0x5C  // \
    private static let comma: UInt8 = 0x2C  // ,
    private static let colon: UInt8 = 0x3A  // :
    private static let minus: UInt8 = 0x2D  // -
    private static let zero: UInt8 = 0x30  // 0

    /// Validates the whole of `buffer` and returns its tape. Iterative: the nesting lives in an explicit
    /// stack, never on the call stack.
    static func scan(_ buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(ScanError) -> Tape {
        let p = buffer
        let n = p.count
        guard n > 0 else { throw ScanError(offset: 0, reason: .valueExpected) }
        var tape = Tape()
        // Typical documents have one value every 8 to 12 bytes.
        tape.reserveCapacity(n / 8 + 4)

        let depthLimit = max(0, maximumDepth)
        let stack = UnsafeMutablePointer<Frame>.allocate(capacity: min(depthLimit, n) + 1)
        defer { stack.deallocate() }
        var depth = 0
        var container = 0
        var count: UInt32 = 0
        var inObject = false

        var i = 0
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }
        skipWhitespace(p, &i)

        value: while true {
            // `i` is at the first byte of a value.
            guard i < n else { throw ScanError(offset: n, reason: .valueExpected) }
            let c = p[i]
            switch c {
            case quote:
                let end = try scanString(p, i)
                tape.append(
                    Token(
                        start: UInt32(truncatingIfNeeded: i), length: UInt32(truncatingIfNeeded: end.end &- i),
                        next: UInt32(truncatingIfNeeded: tape.count &+ 1), kind: .string,
                        flags: end.escaped ? Token.hasEscapes : 0))
                i = end.end
            case minus, zero...0x39:
                let end = try scanNumber(p, i)
                tape.append(
                    Token(
                        start: UInt32(truncatingIfNeeded: i), length: UInt32(truncatingIfNeeded: end.end &- i),
                        next: UInt32(truncatingIfNeeded: tape.count &+ 1), kind: .number,
                        flags: end.integer ? Token.isInteger : 0))
                i = end.end
            case openObject, openArray:
                if depth >= depthLimit { throw ScanError(offset: i, reason: .tooDeep) }
                stack[depth] = Frame(container: UInt32(truncatingIfNeeded: container), count: count)
                depth &+= 1
                container = tape.count
                count = 0
                inObject = c == openObject
                tape.append(
                    Token(
                        start: UInt32(truncatingIfNeeded: i), length: 0, next: 0, kind: inObject ? .object : .array,
                        flags: 0))
                i &+= 1
                skipWhitespace(p, &i)
                if i < n && p[i] == c &+ 2 {  // `}` and `]` follow `{` and `[` by two
                    tape[container].next = UInt32(truncatingIfNeeded: tape.count)
                    depth &-= 1
                    container = Int(stack[depth].container)
                    count = stack[depth].count
                    inObject = depth > 0 && tape[container].kind == .object
                    i &+= 1
                } else {
                    if inObject { try scanKey(p, &i, &tape) }
                    continue value
                }
            case 0x74:  // t
                guard i &+ 4 <= n && load32(p, at: i) == 0x6575_7274 else {
                    throw ScanError(offset: i, reason: .valueExpected)
                }
                tape.append(literal(.true, at: i, length: 4, index: tape.count))
                i &+= 4
            case 0x66:  // f
                guard i &+ 5 <= n && load32(p, at: i &+ 1) == 0x6573_6C61 else {
                    throw ScanError(offset: i, reason: .valueExpected)
                }
                tape.append(literal(.false, at: i, length: 5, index: tape.count))
                i &+= 5
            case 0x6E:  // n
                guard i &+ 4 <= n && load32(p, at: i) == 0x6C6C_756E else {
                    throw ScanError(offset: i, reason: .valueExpected)
                }
                tape.append(literal(.null, at: i, length: 4, index: tape.count))
                i &+= 4
            default:
                throw ScanError(offset: i, reason: .valueExpected)
            }

            // A value has just ended: count it, then find what follows it in its container.
            while true {
                count &+= 1
                if depth == 0 { break value }
                skipWhitespace(p, &i)
                guard i < n else {
                    throw ScanError(offset: n, reason: inObject ? Self.afterMember : Self.afterElement)
                }
                let d = p[i]
                if d == comma {
                    let commaOffset = i
                    i &+= 1
                    skipWhitespace(p, &i)
                    if inObject {
                        if i < n && p[i] == closeObject {
                            throw ScanError(offset: commaOffset, reason: .trailingComma(before: closeObject))
                        }
                        try scanKey(p, &i, &tape)
                    } else if i < n && p[i] == closeArray {
                        throw ScanError(offset: commaOffset, reason: .trailingComma(before: closeArray))
                    }
                    continue value
                }
                guard d == (inObject ? closeObject : closeArray) else {
                    throw ScanError(offset: i, reason: inObject ? Self.afterMember : Self.afterElement)
                }
                tape[container].length = count
                tape[container].next = UInt32(truncatingIfNeeded: tape.count)
                depth &-= 1
                container = Int(stack[depth].container)
                count = stack[depth].count
                inObject = depth > 0 && tape[container].kind == .object
                i &+= 1
            }
        }

        skipWhitespace(p, &i)
        if i < n { throw ScanError(offset: i, reason: .trailingGarbage) }
        return tape
    }

    private static let afterMember = ScanError.Reason.expected("',' or '}'", "after object member")
    private static let afterElement = ScanError.Reason.expected("',' or ']'", "after array element")

    @inline(__always)
    private static func literal(_ kind: Kind, at i: Int, length: UInt32, index: Int) -> Token {
        Token(
            start: UInt32(truncatingIfNeeded: i), length: length, next: UInt32(truncatingIfNeeded: index &+ 1),
            kind: kind, flags: 0)
    }

    /// The four bytes at `i`, as a little-endian word; the caller checked that they are in `p` (debug builds check
    /// again).
    @inline(__always)
    private static func load32(_ p: UnsafeBufferPointer<UInt8>, at i: Int) -> UInt32 {
        assert(i >= 0 && i &+ 4 <= p.count, "a four-byte load past the end")
        return UInt32(
            littleEndian: UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + i).loadUnaligned(as: UInt32.self))
    }

    @inline(__always)
    private static func skipWhitespace(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int) {
        let n = p.count
        while i < n {
            let c = p[i]
            if c > 0x20 { return }
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            i &+= 1
        }
    }

    /// Scans an object key at `i` (after `{` or `,` and whitespace), appends it, and moves `i` past the
    /// colon and the whitespace after it, to the member's value.
    @inline(__always)
    private static func scanKey(
        _ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ tape: inout Tape
    ) throws(ScanError) {
        let n = p.count
        guard i < n && p[i] == quote else { throw ScanError(offset: i, reason: .keyExpected) }
        let end = try scanString(p, i)
        tape.append(
            Token(
                start: UInt32(truncatingIfNeeded: i), length: UInt32(truncatingIfNeeded: end.end &- i),
                next: UInt32(truncatingIfNeeded: tape.count &+ 1), kind: .string,
                flags: end.escaped ? Token.hasEscapes : 0))
        i = end.end
        skipWhitespace(p, &i)
        guard i < n && p[i] == colon else {
            throw ScanError(offset: i, reason: .expected("':'", "after object key"))
        }
        i &+= 1
        skipWhitespace(p, &i)
    }

    /// The offset of the first byte from `i` on that a string cannot hold as it is (a quote, a backslash, a
    /// control character, a byte above ASCII), or of the last few bytes before `n`; checked eight bytes at
    /// a time. The scanner and the plain reader both find their strings' ends with it.
    @inline(__always)
    static func skipPlainBytes(_ p: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = p.count
        var i = start
        while i &+ 8 <= n {
            // Eight bytes at a time, all in `p` (the loop's condition).
            let word = UInt64(
                littleEndian: UnsafeRawPointer(p.baseAddress.unsafelyUnwrapped + i).loadUnaligned(as: UInt64.self))
            let quotes = word ^ 0x2222_2222_2222_2222
            let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
            let special =
                ((quotes &- 0x0101_0101_0101_0101) & ~quotes)
                | ((backslashes &- 0x0101_0101_0101_0101) & ~backslashes)
                | ((word &- 0x2020_2020_2020_2020) & ~word)
                | word
            let mask = special & 0x8080_8080_8080_8080
            if mask != 0 {
                // The lowest flagged byte is always a real one; flags above it may be false.
                return i &+ mask.trailingZeroBitCount >> 3
            }
            i &+= 8
        }
        return i
    }

    /// Validates the string whose opening quote is at `start`; returns the offset after its closing quote, and
    /// whether it holds an escape. The plain reader validates its strings that hold more than printable ASCII
    /// with it.
    @inline(__always)
    static func scanString(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int
    ) throws(ScanError) -> (end: Int, escaped: Bool) {
        let n = p.count
        var i = start &+ 1
        var escaped = false
        while true {
            i = skipPlainBytes(p, from: i)
            guard i < n else { throw ScanError(offset: start, reason: .unterminatedString) }
            let c = p[i]
            if c == quote { return (i &+ 1, escaped) }
            if c == backslash {
                escaped = true
                i = try scanEscape(p, i, stringStart: start)
            } else if c < 0x20 {
                throw ScanError(offset: i, reason: .controlCharacter)
            } else if c >= 0x80 {
                i = try scanUTF8(p, i)
            } else {
                i &+= 1
            }
        }
    }

    /// Validates the escape whose backslash is at `i`; returns the offset after it.
    private static func scanEscape(
        _ p: UnsafeBufferPointer<UInt8>, _ i: Int, stringStart: Int
    ) throws(ScanError) -> Int {
        let n = p.count
        guard i &+ 1 < n else { throw ScanError(offset: stringStart, reason: .unterminatedString) }
        switch p[i &+ 1] {
        case quote, backslash, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74:  // " \ / b f n r t
            return i &+ 2
        case 0x75:  // u
            guard let unit = hex4(p, i &+ 2) else { throw ScanError(offset: i, reason: .invalidUnicodeEscape) }
            if unit & 0xFC00 == 0xD800 {
                // A high surrogate must be followed at once by an escaped low surrogate.
                guard i &+ 12 <= n && p[i &+ 6] == backslash && p[i &+ 7] == 0x75,
                    let low = hex4(p, i &+ 8), low & 0xFC00 == 0xDC00
                else { throw ScanError(offset: i, reason: .unpairedSurrogate) }
                return i &+ 12
            }
            if unit & 0xFC00 == 0xDC00 { throw ScanError(offset: i, reason: .unpairedSurrogate) }
            return i &+ 6
        default:
            throw ScanError(offset: i, reason: .invalidEscape)
        }
    }

    /// The value of the four hexadecimal digits at `i`, or nil.
    static func hex4(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt32? {
        let n = p.count
        guard i &+ 4 <= n else { return nil }
        var value: UInt32 = 0
        for k in 0..<4 {
            let c = p[i &+ k]
            let digit: UInt8
            switch c {
            case 0x30...0x39: digit = c &- 0x30
            case 0x41...0x46: digit = c &- 0x37
            case 0x61...0x66: digit = c &- 0x57
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates the multi-byte UTF-8 sequence whose lead byte is at `i` (Unicode table 3-7); returns the
    /// offset after it.
    private static func scanUTF8(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) throws(ScanError) -> Int {
        let n = p.count
        let lead = p[i]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0  // no overlong forms
        case 0xED:
            length = 3
            high = 0x9F  // no surrogates
        case 0xE1...0xEF: length = 3
        case 0xF0:
            length = 4
            low = 0x90  // no overlong forms
        case 0xF4:
            length = 4
            high = 0x8F  // nothing above U+10FFFF
        case 0xF1...0xF3: length = 4
        default: throw ScanError(offset: i, reason: .invalidUTF8)
        }
        guard i &+ length <= n else { throw ScanError(offset: i, reason: .invalidUTF8) }
        let second = p[i &+ 1]
        guard second >= low && second <= high else { throw ScanError(offset: i, reason: .invalidUTF8) }
        var k = 2
        while k < length {
            guard p[i &+ k] & 0xC0 == 0x80 else { throw ScanError(offset: i, reason: .invalidUTF8) }
            k &+= 1
        }
        return i &+ length
    }

    /// Validates the number starting at `start` (a `-` or a digit); returns the offset after it. The plain
    /// reader (``FastFileReader``) checks numbers with it too.
    @inline(__always)
    static func scanNumber(
        _ p: UnsafeBufferPointer<UInt8>, _ start: Int
    ) throws(ScanError) -> (end: Int, integer: Bool) {
        let n = p.count
        var i = start
        if p[i] == minus {
            i &+= 1
            guard i < n && p[i] &- zero < 10 else { throw ScanError(offset: i, reason: .digitExpected(after: "'-'")) }
        }
        if p[i] == zero {
            i &+= 1
            if i < n && p[i] &- zero < 10 { throw ScanError(offset: i &- 1, reason: .leadingZero) }
        } else {
            i &+= 1
            while i < n && p[i] &- zero < 10 { i &+= 1 }
        }
        var integer = true
        if i < n && p[i] == 0x2E {  // .
            i &+= 1
            guard i < n && p[i] &- zero < 10 else { throw ScanError(offset: i, reason: .digitExpected(after: "'.'")) }
            i &+= 1
            while i < n && p[i] &- zero < 10 { i &+= 1 }
            integer = false
        }
        if i < n && p[i] | 0x20 == 0x65 {  // e or E
            i &+= 1
            if i < n && (p[i] == 0x2B || p[i] == minus) { i &+= 1 }
            guard i < n && p[i] &- zero < 10 else {
                throw ScanError(offset: i, reason: .digitExpected(after: "the exponent marker"))
            }
            i &+= 1
            while i < n && p[i] &- zero < 10 { i &+= 1 }
            integer = false
        }
        return (i, integer)
    }
}
