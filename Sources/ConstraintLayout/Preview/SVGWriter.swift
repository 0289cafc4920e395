/// Builds an SVG document element by element; attribute values and text are escaped, so any name is safe.
struct SVGWriter {
    var lines: [String] = []

    /// `text` with the five XML special characters escaped, and control characters (not allowed in XML 1.0)
    /// replaced by U+FFFD. Tab, carriage return, DEL, the C1 controls and the bidirectional controls are written as
    /// character references (`&#x202E;`): the same characters to an SVG reader, and nothing a terminal acts on when
    /// the sheet is printed to one (`device-constraints preview` without `--output`).
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\n": escaped.unicodeScalars.append(scalar)
            case "\t", "\r", "\u{7F}"..."\u{9F}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}"..."\u{202E}",
                "\u{2066}"..."\u{2069}":
                escaped += "&#x\(String(scalar.value, radix: 16, uppercase: true));"
            default:
                let invalid = scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value)
                escaped.unicodeScalars.append(invalid ? "\u{FFFD}" : scalar)
            }
        }
        return escaped
    }

    /// `name="value"` pairs; numbers are written with at most two decimals.
    static func attributes(_ pairs: [(String, Attribute)]) -> String {
        pairs.map { name, value in
            switch value {
            case .number(let number): " \(name)=\"\(PreviewNumber.short(number))\""
            case .text(let text): " \(name)=\"\(escape(text))\""
            }
        }.joined()
    }

    enum Attribute {
        case number(Double)
        case text(String)
    }

    mutating func open(_ element: String, _ pairs: [(String, Attribute)] = []) {
        lines.append("<\(element)\(Self.attributes(pairs))>")
    }

    mutating func close(_ element: String) {
        lines.append("</\(element)>")
    }

    mutating func empty(_ element: String, _ pairs: [(String, Attribute)]) {
        lines.append("<\(element)\(Self.attributes(pairs))/>")
    }

    mutating func text(_ content: String, _ pairs: [(String, Attribute)]) {
        element("text", content, pairs)
    }

    /// `<element …>content</element>`, the content escaped.
    mutating func element(_ element: String, _ content: String, _ pairs: [(String, Attribute)] = []) {
        lines.append("<\(element)\(Self.attributes(pairs))>\(Self.escape(content))</\(element)>")
    }
}
