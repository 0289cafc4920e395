// Reading a parsed document: token kinds, containers, and lazy decoding of strings and numbers.

extension JSONDocument {
    /// A token index; the root value is 0. Indexes are only meaningful for the document they came from.
    package typealias Index = Int

    /// The kind of a JSON value.
    package enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    /// The root value's index: 0.
    package var root: Index { 0 }

    /// The kind of the value at `i`.
    package func kind(_ i: Index) -> Kind { tape[i].kind }

    /// The byte offset of the first byte of the value at `i`: the quote of a string, the `{` of an object.
    package func offset(_ i: Index) -> Int { Int(tape[i].start) }

    /// The number of elements of an array or members of an object; 0 for scalars.
    package func count(_ i: Index) -> Int {
        let token = tape[i]
        return token.kind == .object || token.kind == .array ? Int(token.length) : 0
    }

    /// The index of the first token after the value at `i` and all its descendants (`count` at the end).
    package func next(_ i: Index) -> Index { Int(tape[i].next) }

    /// The indexes of the elements of the array at `i`, in order; empty if `i` is not an array.
    package func elements(_ i: Index) -> Elements {
        let token = tape[i]
        return Elements(tape: tape, first: i + 1, count: token.kind == .array ? Int(token.length) : 0)
    }

    /// The members of the object at `i` in document order, as the indexes of each key (a string token) and
    /// its value; empty if `i` is not an object. Duplicate keys are all listed.
    package func members(_ i: Index) -> Members {
        let token = tape[i]
        return Members(tape: tape, first: i + 1, count: token.kind == .object ? Int(token.length) : 0)
    }

    /// Whether the number at `i` is written without fraction or exponent (`60`, `-3`, not `60.0`, `1e2`).
    package func isInteger(_ i: Index) -> Bool {
        let token = tape[i]
        return token.kind == .number && token.flags & Token.isInteger != 0
    }

    /// The source text of the value at `i`: a string with its quotes and escapes as written (`"sixty"`),
    /// a number as written (`1E+2`), `true`, `false`, `null`; `{...}` or `[...]` for containers.
    package func rawText(_ i: Index) -> String {
        let token = tape[i]
        switch token.kind {
        case .object: return "{...}"
        case .array: return "[...]"
        default:
            let start = Int(token.start)
            return String(decoding: bytes[start..<start + Int(token.length)], as: UTF8.self)
        }
    }

    /// The 1-based line and column of the byte at `offset`. Lines are separated by `\n` (so `\r\n` counts
    /// once); the column counts characters (Unicode scalars), not bytes. A leading byte order mark takes no
    /// column.
    ///
    /// The first call reads the document once to build a ``LineTable``; every call after it costs a binary
    /// search, so reporting many problems in a large file stays linear.
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        lines.table(of: bytes).location(ofOffset: offset)
    }

    /// The 1-based line and column of the byte at `offset` of `bytes`, counted as ``location(ofOffset:)``
    /// counts them: for an offset kept after its document is gone (``ContainerConstraints``' view offsets).
    /// It reads `bytes` up to `offset`: for more than one location in the same bytes, build a ``LineTable``.
    package static func location(ofOffset offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { location(ofOffset: offset, in: $0) }
    }

    /// The 1-based line and column where the value at `i` starts.
    package func location(of i: Index) -> (line: Int, column: Int) {
        location(ofOffset: offset(i))
    }
}

// MARK: - Sequences

extension JSONDocument {
    /// The element indexes of an array, computed as they are iterated.
    package struct Elements: Sequence, Sendable {
        fileprivate let tape: Tape
        fileprivate let first: Int
        /// The number of elements.
        package let count: Int

        package var underestimatedCount: Int { count }

        package func makeIterator() -> Iterator {
            Iterator(tape: tape, current: first, remaining: count)
        }

        package struct Iterator: IteratorProtocol {
            fileprivate let tape: Tape
            fileprivate var current: Int
            fileprivate var remaining: Int

            package mutating func next() -> Index? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let element = current
                current = Int(tape[element].next)
                return element
            }
        }
    }

    /// The members of an object as `(key, value)` index pairs, computed as they are iterated.
    package struct Members: Sequence, Sendable {
        fileprivate let tape: Tape
        fileprivate let first: Int
        /// The number of members.
        package let count: Int

        package var underestimatedCount: Int { count }

        package func makeIterator() -> Iterator {
            Iterator(tape: tape, current: first, remaining: count)
        }

        package struct Iterator: IteratorProtocol {
            fileprivate let tape: Tape
            fileprivate var current: Int
            fileprivate var remaining: Int

            package mutating func next() -> (key: Index, value: Index)? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let key = current
                current = Int(tape[key + 1].next)
                return (key, key + 1)
            }
        }
    }
}

// MARK: - Strings

extension JSONDocument {
    /// The decoded value of the string at `i`: escapes resolved, `\u` surrogate pairs combined. For other
    /// kinds, the source text (see ``rawText(_:)``).
    package func string(_ i: Index) -> String {
        let token = tape[i]
        guard token.kind == .string else { return rawText(i) }
        return bytes.withUnsafeBufferPointer { buffer in
            Self.string(
                content: UnsafeBufferPointer(
                    rebasing: buffer[Int(token.start) + 1..<Int(token.start) + Int(token.length) - 1]),
                hasEscapes: token.flags & Token.hasEscapes != 0)
        }
    }

    /// The decoded value of the validated string content `content` (the bytes between its quotes), with its
    /// escapes resolved when it has any.
    static func string(content: UnsafeBufferPointer<UInt8>, hasEscapes: Bool) -> String {
        guard hasEscapes else { return String(decoding: content, as: UTF8.self) }
        // Unescaping never makes a string longer.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { scratch in
            let length = unescape(content, into: scratch)
            return String(decoding: UnsafeBufferPointer(rebasing: scratch[..<length]), as: UTF8.self)
        }
    }

    /// Calls `body` with the UTF-8 bytes between the quotes of the string at `i` when it has no escapes, so
    /// that they are its decoded value, without making a `String`. Nil for a string with escapes, or another
    /// kind; ``string(_:)`` decodes those.
    package func withUnescapedUTF8<Result>(
        _ i: Index, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        let token = tape[i]
        guard token.kind == .string, token.flags & Token.hasEscapes == 0 else { return nil }
        return try bytes.withUnsafeBufferPointer { buffer in
            try body(
                UnsafeBufferPointer(rebasing: buffer[Int(token.start) + 1..<Int(token.start) + Int(token.length) - 1]))
        }
    }

    /// Whether the string at `i` decodes to exactly the Unicode scalars of `s` (no canonical equivalence:
    /// `"é"` and `"e\u0301"` differ). Does not allocate when the token has no escapes; false for other kinds.
    package func stringEquals(_ i: Index, _ s: String) -> Bool {
        let token = tape[i]
        guard token.kind == .string else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            let content = UnsafeBufferPointer(
                rebasing: buffer[Int(token.start) + 1..<Int(token.start) + Int(token.length) - 1])
            if token.flags & Token.hasEscapes == 0 {
                return Self.equal(content, s)
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: content.count) { scratch in
                let length = Self.unescape(content, into: scratch)
                return Self.equal(UnsafeBufferPointer(rebasing: scratch[..<length]), s)
            }
        }
    }

    private static func equal(_ utf8: UnsafeBufferPointer<UInt8>, _ s: String) -> Bool {
        let result = s.utf8.withContiguousStorageIfAvailable { other in
            other.count == utf8.count && other.elementsEqual(utf8)
        }
        return result ?? s.utf8.elementsEqual(utf8)
    }

    /// Writes the UTF-8 of the validated string content `source` with its escapes resolved into
    /// `destination` (at least as long as `source`); returns the number of bytes written.
    static func unescape(
        _ source: UnsafeBufferPointer<UInt8>, into destination: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        // Both buffers are read and written through their subscripts: debug builds check every index.
        let s = source
        let d = destination
        let n = source.count
        var i = 0
        var o = 0
        while i < n {
            let c = s[i]
            guard c == 0x5C else {
                d[o] = c
                o += 1
                i += 1
                continue
            }
            let escape = s[i + 1]
            i += 2
            switch escape {
            case 0x62: d[o] = 0x08  // b
            case 0x66: d[o] = 0x0C  // f
            case 0x6E: d[o] = 0x0A  // n
            case 0x72: d[o] = 0x0D  // r
            case 0x74: d[o] = 0x09  // t
            case 0x75:  // u
                var scalar = hex4(s, i) ?? 0xFFFD
                i += 4
                if scalar & 0xFC00 == 0xD800, let low = hex4(s, i + 2) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    i += 6
                }
                o += encodeUTF8(scalar, into: d, at: o)
                continue
            default: d[o] = escape  // " \ /
            }
            o += 1
        }
        return o
    }

    /// Writes `scalar` as UTF-8 into `d` at `o`; returns the number of bytes written.
    private static func encodeUTF8(_ scalar: UInt32, into d: UnsafeMutableBufferPointer<UInt8>, at o: Int) -> Int {
        switch scalar {
        case 0..<0x80:
            d[o] = UInt8(scalar)
            return 1
        case 0x80..<0x800:
            d[o] = UInt8(0xC0 | scalar >> 6)
            d[o + 1] = UInt8(0x80 | scalar & 0x3F)
            return 2
        case 0x800..<0x10000:
            d[o] = UInt8(0xE0 | scalar >> 12)
            d[o + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            d[o + 2] = UInt8(0x80 | scalar & 0x3F)
            return 3
        default:
            d[o] = UInt8(0xF0 | scalar >> 18)
            d[o + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            d[o + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            d[o + 3] = UInt8(0x80 | scalar & 0x3F)
            return 4
        }
    }
}

// MARK: - Numbers

extension JSONDocument {
    /// The value of the number at `i`, correctly rounded to the nearest `Double` (`-0` is `-0.0`; a value
    /// beyond the `Double` range is ±infinity). NaN for other kinds.
    ///
    /// A mantissa of at most 2^53 with a decimal exponent within ±22 is converted exactly with one
    /// multiplication or division (Clinger's fast path); other literals go through the standard library's
    /// correctly rounded, locale-independent conversion.
    package func number(_ i: Index) -> Double {
        let token = tape[i]
        guard token.kind == .number else { return .nan }
        return bytes.withUnsafeBufferPointer { buffer in
            Self.parseNumber(
                UnsafeBufferPointer(rebasing: buffer[Int(token.start)..<Int(token.start) + Int(token.length)]))
        }
    }

    /// Exact powers of ten that a `Double` holds exactly.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of a validated JSON number literal.
    static func parseNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        let n = text.count
        var i = 0
        let negative = n > 0 && text[0] == 0x2D
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        // Digits count from the first non-zero one; the mantissa may wrap past 19 of them, but is only
        // used when there are at most 19.
        while i < n, text[i] &- 0x30 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(text[i] &- 0x30)
            if significantDigits > 0 || text[i] != 0x30 { significantDigits += 1 }
            i += 1
        }
        if i < n, text[i] == 0x2E {
            i += 1
            while i < n, text[i] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(text[i] &- 0x30)
                if significantDigits > 0 || text[i] != 0x30 { significantDigits += 1 }
                exponent -= 1
                i += 1
            }
        }
        if i < n, text[i] | 0x20 == 0x65 {
            i += 1
            var exponentNegative = false
            if text[i] == 0x2D || text[i] == 0x2B {
                exponentNegative = text[i] == 0x2D
                i += 1
            }
            var explicit = 0
            while i < n, text[i] &- 0x30 < 10 {
                // Saturate: anything this large is 0 or infinity anyway, and the slow path decides which.
                if explicit < 1_000_000 { explicit = explicit * 10 + Int(text[i] &- 0x30) }
                i += 1
            }
            exponent += exponentNegative ? -explicit : explicit
        }
        if significantDigits <= 19 {
            if mantissa == 0 { return negative ? -0.0 : 0.0 }
            if mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
                var value = Double(mantissa)
                if exponent < 0 {
                    value /= powersOfTen[-exponent]
                } else {
                    value *= powersOfTen[exponent]
                }
                return negative ? -value : value
            }
        }
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }
}
