extension GeneralFileReader {
    /// A number written as an object: `{"scaled": 60, "min": 40, "max": 80}` (follows the window's width),
    /// `{"size": 28, "relativeTo": "title1", "max": 40}` (follows the text size), `{"scaled": 44, "relativeTo":
    /// "body"}` (both) or `{"fixed": 11}` (neither): the number a record holds until it is resolved, and how it
    /// depends on the environment.
    func adaptiveNumber(_ name: String, _ value: Int, path: RecordPath) throws(ConstraintError)
        -> (number: Double, value: AdaptiveValue)
    {
        let keyPath = path.appending(name)
        let fields = try fields(
            of: value, allowed: ["scaled", "size", "fixed", "relativeTo", "min", "max"],
            what: "a scaled value such as {\"scaled\": 60, \"min\": 40} or {\"size\": 17, \"relativeTo\": \"body\"}",
            named: "scaled value", keyPath: keyPath)
        let forms = ["scaled", "size", "fixed"].filter { fields[$0] != nil }
        guard forms.count == 1, let form = forms.first, let base = fields[form] else {
            throw error(
                .invalidFormat,
                forms.isEmpty
                    ? "a scaled value needs \"scaled\" (its number at the design width, such as {\"scaled\": 60}), "
                        + "\"size\" (its number at the default text size, such as {\"size\": 17}) or \"fixed\" "
                        + "(a number that never scales, such as {\"fixed\": 11})"
                    : "a scaled value takes one of \(forms.map { "\"\($0)\"" }.joined(separator: " and ")); keep one",
                at: value, keyPath: keyPath)
        }
        let number = try finiteNumber(form, base, path: path, keyPath: keyPath + "." + form)
        if form == "fixed" {
            if let other = ["relativeTo", "min", "max"].first(where: { fields[$0] != nil }), let token = fields[other] {
                throw error(
                    .invalidFormat,
                    "a fixed value never scales, so \"\(other)\" has no meaning beside \"fixed\"; remove it",
                    at: token, keyPath: keyPath + "." + other)
            }
            if name == ConstraintAttribute.fontSize.rawValue, number < 11, let warnings {
                warnings.smallFixedFont(
                    number, at: { warningLocation(of: base) }, keyPath: { keyPath + ".fixed" })
            }
            return (number, .fixed)
        }
        let minimum = try fields["min"].map { (token: Int) throws(ConstraintError) -> Double in
            try finiteNumber("min", token, path: path, keyPath: keyPath + ".min")
        }
        let maximum = try fields["max"].map { (token: Int) throws(ConstraintError) -> Double in
            try finiteNumber("max", token, path: path, keyPath: keyPath + ".max")
        }
        if let minimum, let maximum, minimum > maximum, let token = fields["min"] {
            throw error(
                .invalidFormat,
                "\"min\" (\(minimum.compactDescription)) is greater than \"max\" (\(maximum.compactDescription))",
                at: token, keyPath: keyPath + ".min")
        }
        let style = try fields["relativeTo"].map { (token: Int) throws(ConstraintError) -> TextStyle in
            try textStyle(token, keyPath: keyPath + ".relativeTo")
        }
        // A font follows the text size however it is written; another number when it says `size` or `relativeTo`.
        let followsText = form == "size" || style != nil || name == ConstraintAttribute.fontSize.rawValue
        guard followsText else {
            return (number, .scaled(ScaledValue(number, minimum: minimum, maximum: maximum)))
        }
        let text = TextScaledValue(
            number, relativeTo: style ?? .body, followsWidth: form == "scaled", minimum: minimum, maximum: maximum)
        return (number, .text(text))
    }

    /// The text style a `relativeTo` names; a name that is none is warned about and reads as `body`, so that a
    /// misspelt style never stops a layout.
    private func textStyle(_ token: Int, keyPath: String) throws(ConstraintError) -> TextStyle {
        guard document.kind(token) == .string else {
            throw error(
                .invalidFormat,
                "\"relativeTo\" must be the name of a text style, such as \"body\" or \"title1\"; found \(found(token))",
                at: token, keyPath: keyPath)
        }
        let name = document.string(token)
        if let style = TextStyle(rawValue: name) { return style }
        warnings?.unknownTextStyle(name, at: { warningLocation(of: token) }, keyPath: { keyPath })
        return .body
    }

    /// `{"standardWidth": 440, "standardColumns": 2, "scale": 1.2, "spacing": 8, "insets": 16}`.
    func columnRule(_ value: Int, path: RecordPath) throws(ConstraintError) -> ColumnRule {
        let keyPath = path.appending(ColumnRule.key)
        let example = "{\"standardWidth\": 440, \"standardColumns\": 2, \"scale\": 1.2, \"spacing\": 8, \"insets\": 16}"
        let fields = try fields(
            of: value, allowed: ["standardWidth", "standardColumns", "scale", "spacing", "insets"],
            what: "a column rule such as \(example)", named: "column rule", keyPath: keyPath)
        func number(_ key: String, required: Bool, positive: Bool, default fallback: Double) throws(ConstraintError)
            -> Double
        {
            guard let token = fields[key] else {
                if required {
                    throw error(
                        .invalidFormat, "a column rule needs \"\(key)\"; write it as \(example)", at: value,
                        keyPath: keyPath)
                }
                return fallback
            }
            let number = try finiteNumber(key, token, path: path, keyPath: "\(keyPath).\(key)")
            guard positive ? number > 0 : number >= 0 else {
                throw error(
                    .invalidFormat,
                    "\"\(key)\" must be \(positive ? "greater than 0" : "0 or more"), found \(number.compactDescription)",
                    at: token, keyPath: "\(keyPath).\(key)")
            }
            return number
        }
        let standardWidth = try number("standardWidth", required: true, positive: true, default: 0)
        let columns = try number("standardColumns", required: true, positive: true, default: 0)
        guard columns == columns.rounded(), columns <= 10_000, let token = fields["standardColumns"] else {
            throw error(
                .invalidFormat,
                "\"standardColumns\" must be a whole number of columns from 1 to 10000, found \(columns.compactDescription)",
                at: fields["standardColumns"] ?? value, keyPath: "\(keyPath).standardColumns")
        }
        _ = token
        return ColumnRule(
            standardWidth: standardWidth, standardColumns: Int(columns),
            scale: try number("scale", required: false, positive: true, default: 1),
            spacing: try number("spacing", required: false, positive: false, default: 0),
            insets: try number("insets", required: false, positive: false, default: 0))
    }

    /// The members of an object by key, each among `allowed`; a key given twice keeps its last value, with a
    /// warning, as a record's attributes do.
    private func fields(
        of value: Int, allowed: [String], what: String, named noun: String, keyPath: String
    ) throws(ConstraintError) -> [String: Int] {
        guard document.kind(value) == .object else {
            throw error(.invalidFormat, "expected \(what), found \(found(value))", at: value, keyPath: keyPath)
        }
        var result: [String: Int] = [:]
        for member in document.members(value) {
            let key = document.string(member.key)
            guard allowed.contains(key) else {
                let hint = EditDistance.closest(to: key, among: allowed, maximum: 2).map { "; did you mean \"\($0)\"?" }
                throw error(
                    .invalidFormat,
                    "unknown key \"\(key)\" in \(what)\(hint ?? "; expected only " + allowed.map { "\"\($0)\"" }.joined(separator: ", "))",
                    at: member.key, keyPath: "\(keyPath).\(key)")
            }
            if result.updateValue(member.value, forKey: key) != nil {
                warnings?.repeatedKey(
                    key, in: noun, at: { warningLocation(of: member.key) }, keyPath: { "\(keyPath).\(key)" })
            }
        }
        return result
    }

    func finiteNumber(_ name: String, _ value: Int, path: RecordPath, keyPath: String? = nil)
        throws(ConstraintError) -> Double
    {
        guard document.kind(value) == .number else {
            throw error(
                .invalidFormat, "\"\(name)\" must be a number, found \(found(value))", at: value,
                keyPath: keyPath ?? path.appending(name))
        }
        let number = document.number(value)
        guard number.isFinite else {
            throw error(
                .invalidFormat, "\"\(name)\" is \(document.rawText(value)), too large for a Double", at: value,
                keyPath: keyPath ?? path.appending(name))
        }
        return number
    }
}
