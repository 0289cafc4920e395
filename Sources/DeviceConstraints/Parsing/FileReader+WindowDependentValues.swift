extension FileReader {
    /// `{"scaled": 60, "min": 40, "max": 80}`.
    func scaledValue(_ name: String, _ value: Int, path: RecordPath) throws(ConstraintError) -> ScaledValue {
        let keyPath = path.appending(name)
        let fields = try fields(
            of: value, allowed: ["scaled", "min", "max"], what: "a scaled value such as {\"scaled\": 60, \"min\": 40}",
            named: "scaled value", keyPath: keyPath)
        guard let base = fields["scaled"] else {
            throw error(
                .invalidFormat,
                "a scaled value needs \"scaled\", its number at the design width, such as {\"scaled\": 60}",
                at: value, keyPath: keyPath)
        }
        let number = try finiteNumber("scaled", base, path: path, keyPath: keyPath + ".scaled")
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
        return ScaledValue(number, minimum: minimum, maximum: maximum)
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
