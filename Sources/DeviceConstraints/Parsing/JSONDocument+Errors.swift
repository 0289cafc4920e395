// Turning a scan failure into a ConstraintError whose message says what was found and what was expected.
// None of this runs unless the document is malformed.

extension JSONDocument {
    /// The error for `failure` in `bytes`, with the line and column of the offending character.
    static func constraintError(for failure: ScanError, in bytes: [UInt8], maximumDepth: Int) -> ConstraintError {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = min(max(failure.offset, 0), buffer.count)
            var reason = failure.reason
            if case .digitExpected(let after) = reason, after == "'-'", word(at: offset, in: buffer) == "Infinity" {
                // Point at the minus sign of `-Infinity`.
                offset -= 1
                reason = .negativeInfinity
            }
            let location = location(ofOffset: offset, in: buffer)
            let message = Self.message(for: reason, at: offset, in: buffer, maximumDepth: maximumDepth)
            let code: ConstraintError.Code =
                if case .tooDeep = failure.reason { .nestingTooDeep } else { .malformedJSON }
            return ConstraintError(code: code, message: message, line: location.line, column: location.column)
        }
    }

    /// The 1-based line and column of the byte at `offset`. Lines end at `\n` (so `\r\n` counts once);
    /// columns count Unicode scalars (UTF-8 lead bytes), not bytes. A leading byte order mark takes no column.
    static func location(ofOffset offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var position = TextPosition()
        advance(&position, to: offset, in: buffer)
        return (position.line, position.column)
    }

    /// Moves `position` to `offset` (from the start of the text when `offset` is before it), counting lines and
    /// columns as ``location(ofOffset:in:)`` does: a reader that places its diagnostics in file order reads the
    /// text once for all of them, and only as far as the last one.
    static func advance(_ position: inout TextPosition, to offset: Int, in buffer: UnsafeBufferPointer<UInt8>) {
        let end = min(max(offset, 0), buffer.count)
        if end < position.offset { position = TextPosition() }
        var i = position.offset
        if i == 0 && buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            i = min(3, end)
        }
        var line = position.line
        var column = position.column
        while i < end {
            let c = buffer[i]
            if c == 0x0A {
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        position = TextPosition(offset: i, line: line, column: column)
    }

    private static func message(
        for reason: ScanError.Reason, at offset: Int, in buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int
    ) -> String {
        switch reason {
        case .valueExpected:
            switch previousSignificantByte(before: offset, in: buffer) {
            case nil: return expected("a JSON value", "", at: offset, in: buffer, value: true)
            case 0x5B: return expected("a value or ']'", "", at: offset, in: buffer, value: true)
            case 0x2C: return expected("a value", "after ','", at: offset, in: buffer, value: true)
            default: return expected("a value", "after ':'", at: offset, in: buffer, value: true)
            }
        case .keyExpected:
            if previousSignificantByte(before: offset, in: buffer) == 0x7B {
                return expected("a string key or '}'", "", at: offset, in: buffer)
            }
            return expected("a string key", "after ','", at: offset, in: buffer)
        case .expected(let what, let context):
            return expected(what, context, at: offset, in: buffer)
        case .trailingComma(let before):
            return "trailing comma before '\(Character(Unicode.Scalar(before)))'"
        case .trailingGarbage:
            return expected("end of input", "after the root value", at: offset, in: buffer)
        case .tooDeep:
            return "nesting exceeds the maximum depth of \(max(0, maximumDepth))"
        case .unterminatedString:
            return "unterminated string; expected '\"' before the end of input"
        case .controlCharacter:
            return "control character \(scalarName(UInt32(buffer[offset]))) must be escaped in a string"
        case .invalidEscape:
            let escaped = describeCharacter(at: offset + 1, in: buffer).text
            return "invalid escape '\\\(escaped)' in string"
        case .invalidUnicodeEscape:
            // Show the escape up to the first character that cannot be part of it.
            var end = offset + 2
            while end < min(offset + 6, buffer.count) && buffer[end] > 0x20 && buffer[end] != 0x22
                && buffer[end] != 0x5C && buffer[end] < 0x80
            {
                end += 1
            }
            let text = String(decoding: buffer[offset..<end], as: UTF8.self)
            return "invalid escape '\(text)' in string; expected 4 hexadecimal digits after '\\u'"
        case .unpairedSurrogate:
            let text = String(decoding: buffer[offset..<min(offset + 6, buffer.count)], as: UTF8.self)
            return "unpaired surrogate '\(text)' in string; a high surrogate \\uD800-\\uDBFF must be followed "
                + "by a low surrogate \\uDC00-\\uDFFF"
        case .invalidUTF8:
            var end = offset + 1
            while end < buffer.count && end < offset + 4 && buffer[end] & 0xC0 == 0x80 { end += 1 }
            let hex = buffer[offset..<end].map { hexByte($0) }.joined(separator: " ")
            return "invalid UTF-8 \(end - offset == 1 ? "byte" : "sequence") \(hex) in string"
        case .leadingZero:
            var end = offset
            while end < buffer.count && (buffer[end] &- 0x30 < 10 || buffer[end] == 0x2E) { end += 1 }
            let text = String(decoding: buffer[offset..<end], as: UTF8.self)
            return "leading zeros are not allowed in numbers, found '\(text)'"
        case .negativeInfinity:
            return "'-Infinity' is not valid JSON; write a finite number"
        case .digitExpected(let after):
            return expected("a digit after \(after)", "in a number", at: offset, in: buffer, words: false)
        }
    }

    /// `expected X context, found Y`, or `unexpected end of input; expected X`, or a message for a
    /// common mistake (comments, NaN, single quotes) found where `X` was expected.
    ///
    /// - Parameters:
    ///   - value: Whether a value was expected, so that `+1` and `.5` get a message about numbers.
    ///   - words: Whether to show a whole word (`'True'`) rather than its first letter.
    private static func expected(
        _ what: String, _ context: String, at offset: Int, in buffer: UnsafeBufferPointer<UInt8>,
        value: Bool = false, words: Bool = true
    ) -> String {
        if offset >= buffer.count { return "unexpected end of input; expected \(what)" }
        if let special = commonMistake(at: offset, in: buffer, value: value) { return special }
        let found = describeCharacter(at: offset, in: buffer)
        let word = words ? word(at: offset, in: buffer) : nil
        let shown = found.isScalarName ? found.text : "'\(word ?? found.text)'"
        return "expected \(what)\(context.isEmpty ? "" : " \(context)"), found \(shown)"
    }

    private static func commonMistake(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>, value: Bool) -> String? {
        let c = buffer[offset]
        let next: UInt8 = offset + 1 < buffer.count ? buffer[offset + 1] : 0
        // A file saved as UTF-16 (a byte order mark FF FE or FE FF, or a NUL after each ASCII byte) fails at its
        // first bytes: name the encoding, not the byte.
        if offset <= 1, buffer.count >= 2,
            (buffer[0] == 0xFF && buffer[1] == 0xFE) || (buffer[0] == 0xFE && buffer[1] == 0xFF)
                || (buffer[0] != 0 && buffer[1] == 0) || (buffer[0] == 0 && buffer[1] != 0)
        {
            return "the file is UTF-16, not UTF-8; save it as UTF-8"
        }
        switch c {
        case 0x2F where next == 0x2F || next == 0x2A:  // // or /*
            return "comments are not allowed in JSON"
        case 0x27:  // '
            return "single quotes are not allowed in JSON; strings use double quotes '\"'"
        case 0x2B where value && next &- 0x30 < 10:  // +1
            return "numbers cannot start with '+'"
        case 0x2E where value && next &- 0x30 < 10:  // .5
            return "numbers must have a digit before '.'"
        default:
            switch word(at: offset, in: buffer) {
            case "NaN": return "'NaN' is not valid JSON; write a number"
            case "Infinity": return "'Infinity' is not valid JSON; write a finite number"
            case "True", "False", "Null", "TRUE", "FALSE", "NULL", "None", "nil", "undefined":
                return "'\(word(at: offset, in: buffer) ?? "")' is not valid JSON; use true, false or null"
            default: return nil
            }
        }
    }

    /// The run of ASCII letters, digits and underscores at `offset` if it starts with a letter (at most 32).
    private static func word(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> String? {
        func isLetter(_ c: UInt8) -> Bool { (c | 0x20) &- 0x61 < 26 }
        guard offset < buffer.count, isLetter(buffer[offset]) else { return nil }
        var end = offset
        while end < buffer.count && end < offset + 32
            && (isLetter(buffer[end]) || buffer[end] &- 0x30 < 10 || buffer[end] == 0x5F)
        {
            end += 1
        }
        return String(decoding: buffer[offset..<end], as: UTF8.self)
    }

    /// The character at `offset` as text (`x`, `é`), or as a name (`U+000A`, `byte 0xFF`) when it cannot be
    /// shown between quotes.
    private static func describeCharacter(
        at offset: Int, in buffer: UnsafeBufferPointer<UInt8>
    ) -> (text: String, isScalarName: Bool) {
        guard offset < buffer.count else { return ("end of input", true) }
        let c = buffer[offset]
        if c < 0x80 {
            if c <= 0x20 || c == 0x7F { return (scalarName(UInt32(c)), true) }
            return (String(Character(Unicode.Scalar(c))), false)
        }
        var iterator = buffer[offset...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .privateUse,
                .unassigned, .nonspacingMark, .enclosingMark:
                return (scalarName(scalar.value), true)
            default: break
            }
            return (String(Character(scalar)), false)
        }
        return ("byte \(hexByte(c))", true)
    }

    private static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" : "") + hex
    }

    /// The last byte before `offset` that is not whitespace (nor a byte order mark), or nil at the start.
    private static func previousSignificantByte(before offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> UInt8? {
        var i = min(offset, buffer.count) - 1
        let hasBOM = buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
        while i >= (hasBOM ? 3 : 0) {
            let c = buffer[i]
            if c != 0x20 && c != 0x0A && c != 0x0D && c != 0x09 { return c }
            i -= 1
        }
        return nil
    }
}

/// A byte offset of a text with its 1-based line and column: where ``JSONDocument/advance(_:to:in:)`` goes on from.
struct TextPosition {
    var offset = 0
    var line = 1
    var column = 1
}
