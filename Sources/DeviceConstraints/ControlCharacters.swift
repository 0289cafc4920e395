/// Text made safe to print, on a terminal or in a log: every control character that a terminal would obey is shown
/// as an escape, never sent. The one implementation of the rule: the tool prints through `TerminalText`, which
/// calls it, and ``ConstraintStore`` writes its errors and diagnostics with it.
///
/// File names, view ids, versions and the errors an app's `verify` throws come from bytes anyone can write, and a
/// terminal obeys what they hold: `"t\u001b[2J"` clears the screen, `ESC ] 0 ; … BEL` sets the window's title,
/// U+0085 ends a line on some, U+202E shows the rest of a line backwards.
///
/// ```swift
/// ControlCharacters.escaped("t\u{1B}[2J\n")   // "t\\u001B[2J\n": the line feed stays, it ends a line
/// ControlCharacters.line("two\nlines")        // "two\\u000Alines": one line of a table or a diagnostic
/// ```
///
/// The escape is JSON's, `\u` and four hexadecimal digits: the way a constraint file writes the character, and
/// inside a JSON string the same character, so JSON escaped here is still valid JSON with the same strings.
package enum ControlCharacters {
    /// Whether a terminal may act on `scalar` rather than show it: a C0 control (U+0000–U+001F), DEL (U+007F), a C1
    /// control (U+0080–U+009F, U+009B is a second way to start an escape sequence), or a bidirectional control
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorders what follows it on the line.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every character ``isUnsafe(_:)`` escaped but the line feed, which ends a line.
    package static func escaped(_ text: String) -> String {
        escaping(text, keepingLineFeeds: true)
    }

    /// `text` as one line: every character ``isUnsafe(_:)`` escaped, the line feed too. For what must stay on its
    /// line, whatever it holds: a cell of a table, a diagnostic of lint's list.
    package static func line(_ text: String) -> String {
        escaping(text, keepingLineFeeds: false)
    }

    private static func escaping(_ text: String, keepingLineFeeds: Bool) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Most text has nothing to escape: it is returned as it is, without a copy. Otherwise the bytes between
            // unsafe scalars are copied in runs.
            var escaped: [UInt8] = []
            var copied = 0
            var offset = 0
            while offset < bytes.count {
                guard let (scalar, length) = unsafeScalar(in: bytes, at: offset),
                    scalar != 0x0A || !keepingLineFeeds
                else {
                    offset += 1
                    continue
                }
                if escaped.isEmpty { escaped.reserveCapacity(bytes.count + 64) }
                escaped.append(contentsOf: bytes[copied..<offset])
                let hex = Array(String(scalar, radix: 16, uppercase: true).utf8)
                escaped += Array(#"\u"#.utf8) + Array(repeating: UInt8(ascii: "0"), count: 4 - hex.count) + hex
                offset += length
                copied = offset
            }
            guard copied > 0 else { return nil }
            escaped.append(contentsOf: bytes[copied...])
            return String(decoding: escaped, as: UTF8.self)
        } ?? text
    }

    /// The scalar at `offset` of valid UTF-8 and its length in bytes, when it is one ``isUnsafe(_:)``; nil for any
    /// other, or for a byte that does not start a scalar. Every unsafe scalar is a byte below 0x20, 0x7F, or a
    /// sequence led by 0xC2 (U+0080–U+009F), 0xD8 (U+061C) or 0xE2 (U+2000–U+2FFF).
    private static func unsafeScalar(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (UInt32, Int)? {
        let lead = bytes[offset]
        switch lead {
        case 0x00..<0x20, 0x7F:
            return (UInt32(lead), 1)
        case 0xC2, 0xD8:
            guard offset + 1 < bytes.count else { return nil }
            let value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F)
            return Unicode.Scalar(value).map(isUnsafe) == true ? (value, 2) : nil
        case 0xE2:
            guard offset + 2 < bytes.count else { return nil }
            let value =
                UInt32(lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F)
            return Unicode.Scalar(value).map(isUnsafe) == true ? (value, 3) : nil
        default:
            return nil
        }
    }
}
