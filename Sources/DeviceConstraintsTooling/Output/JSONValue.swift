/// A JSON value for the tool's `--json` output, written with its object keys in the order given.
///
/// Reports build one and print ``rendered``; the output is always valid JSON (RFC 8259): strings are
/// escaped, and a number that is not finite is written as `null`.
///
/// ```swift
/// let value: JSONValue = .object([("files", .integer(7)), ("diagnostics", .array([]))])
/// print(value.rendered)
/// // {
/// //   "files": 7,
/// //   "diagnostics": []
/// // }
/// ```
package enum JSONValue: Sendable, Hashable {
    /// An object whose members are written in this order.
    case object([(key: String, value: JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A number, written as Swift writes a `Double` (`6.0`, `0.5`, `1e+20`).
    case number(Double)
    /// A whole number, written without a fraction (`7`).
    case integer(Int)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// A string, or `null` when `value` is nil.
    package static func nullable(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// An integer, or `null` when `value` is nil.
    package static func nullable(_ value: Int?) -> JSONValue {
        value.map { .integer($0) } ?? .null
    }

    /// The value as indented JSON (two spaces a level), without a trailing newline.
    package var rendered: String {
        var text = ""
        write(to: &text, indent: "")
        return text
    }

    /// The value as JSON on one line, without a trailing newline: a line of a JSON Lines stream
    /// (`lint --watch --json` prints one after every change).
    package var line: String {
        var text = ""
        write(to: &text, indent: nil)
        return text
    }

    /// Two values are equal when they render alike: the same members in the same order.
    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.line == rhs.line
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(line)
    }

    /// The members, with `key` set to `value` (first when `self` has no such key); nil when `self` is not an object.
    package func setting(_ key: String, to value: JSONValue) -> JSONValue? {
        guard case .object(var members) = self else { return nil }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.insert((key, value), at: 0)
        }
        return .object(members)
    }

    /// Writes the value indented by `indent` a level deeper for each level, or on one line when `indent` is nil.
    private func write(to text: inout String, indent: String?) {
        switch self {
        case .object(let members):
            Self.writeList(members, open: "{", close: "}", to: &text, indent: indent) { member, text, inner in
                Self.writeString(member.key, to: &text)
                text += ": "
                member.value.write(to: &text, indent: inner)
            }
        case .array(let elements):
            Self.writeList(elements, open: "[", close: "]", to: &text, indent: indent) { element, text, inner in
                element.write(to: &text, indent: inner)
            }
        case .string(let string):
            Self.writeString(string, to: &text)
        case .number(let number):
            text += number.isFinite ? "\(number)" : "null"
        case .integer(let integer):
            text += "\(integer)"
        case .bool(let bool):
            text += bool ? "true" : "false"
        case .null:
            text += "null"
        }
    }

    /// `open`, each item on a line of its own one level deeper, `close`; `open` and `close` together when
    /// there are no items. On one line when `indent` is nil: the items separated by `, `.
    private static func writeList<Item>(
        _ items: [Item], open: String, close: String, to text: inout String, indent: String?,
        writeItem: (Item, inout String, String?) -> Void
    ) {
        guard !items.isEmpty else {
            text += open + close
            return
        }
        guard let indent else {
            text += open
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                writeItem(item, &text, nil)
            }
            text += close
            return
        }
        let inner = indent + "  "
        text += open + "\n"
        for (index, item) in items.enumerated() {
            text += inner
            writeItem(item, &text, inner)
            text += index == items.count - 1 ? "\n" : ",\n"
        }
        text += indent + close
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped, everything else as it is.
    private static func writeString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
