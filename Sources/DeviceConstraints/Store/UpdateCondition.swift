/// A condition an update carries: the installations it is for. Every condition of an update must hold for it to be
/// installed; each is checked on the device, against the ``UpdateAudience`` the app gives, before anything is written.
///
/// A condition is written as `device-constraints bundle --when` takes it:
///
/// ```swift
/// let conditions = try [
///     UpdateCondition("appVersion>=3.2"),   // app versions, compared number by number
///     UpdateCondition("appVersion<4"),
///     UpdateCondition("os=iOS,iPadOS"),     // one of several values
///     UpdateCondition("osVersion>=17"),
///     UpdateCondition("idiom=pad"),
///     UpdateCondition("device=iPhone16"),   // a device class or model of the catalog
///     UpdateCondition("w600"),              // windows at least 600 points wide
///     UpdateCondition("locale=de"),         // de, de-CH, de_AT…
///     UpdateCondition("region=CA"),
///     UpdateCondition("signal.plan=pro"),   // the app's own signals
/// ]
/// ```
///
/// - `appVersion` and `osVersion` take `=`, `!=`, `<`, `<=`, `>`, `>=` and a version of numbers and dots, compared
///   component by component (`3.10` is newer than `3.9`; `4` and `4.0` are equal).
/// - `os`, `idiom`, `device`, `locale`, `region` and `signal.<name>` take `=` or `!=` and one value or several
///   separated by commas (`=` holds for any of them, `!=` for none). `os` is one of ``knownOperatingSystems``
///   (any case); `idiom` is `phone` or `pad`; `device` a device class or model name; `locale` a language, with a
///   region or not (`de`, `de-CH`), which holds for the app's locale and every more specific one; `region` two
///   letters or three digits.
/// - `w<points>` holds for windows at least that wide, as a width qualifier in a file name does.
///
/// A fact the app did not give (no app version, no window width) makes its conditions fail, saying so.
public struct UpdateCondition: Sendable, Hashable, CustomStringConvertible {
    /// The condition as written, such as `appVersion>=3.2`.
    public let description: String
    let test: Test

    /// The longest condition accepted, in bytes.
    public static let maximumLength = 256
    /// The operating systems `os=` may name (compared without regard to case).
    public static let knownOperatingSystems = [
        "iOS", "iPadOS", "macOS", "macCatalyst", "tvOS", "watchOS", "visionOS", "Linux", "Windows", "Android",
    ]
    /// The keys a condition may start with (`signal.` is followed by the signal's name).
    static let keys = [
        "appVersion", "osVersion", "os", "idiom", "device", "locale", "region", "signal.<name>", "w<points>",
    ]

    enum Comparison: String, Sendable, Hashable, CaseIterable {
        // Two-character operators first, so that `>=` is not read as `>`.
        case notEqual = "!="
        case lessOrEqual = "<="
        case greaterOrEqual = ">="
        case equal = "="
        case less = "<"
        case greater = ">"
    }

    enum Test: Sendable, Hashable {
        case appVersion(Comparison, [UInt64])
        case osVersion(Comparison, [UInt64])
        /// A key compared with one of `values` (lowercased where case does not matter); `negated` for `!=`.
        case oneOf(Fact, values: [String], negated: Bool)
        case minimumWidth(Int)
    }

    enum Fact: Sendable, Hashable {
        case os, idiom, device, locale, region
        case signal(String)
    }

    /// Reads a condition.
    ///
    /// - Throws: ``ConstraintError`` `.invalidCondition` for an unknown key, an operator the key does not take, or a
    ///   value of the wrong form, saying what was expected.
    public init(_ text: String) throws(ConstraintError) {
        description = text
        test = try Self.parse(text)
    }

    // MARK: - Reading

    private static func parse(_ text: String) throws(ConstraintError) -> Test {
        func failure(_ problem: String) -> ConstraintError {
            ConstraintError(
                code: .invalidCondition,
                message:
                    "the condition \"\(text.debugDescriptionContent)\" \(problem); a condition is a key, an operator "
                    + "and a value, such as appVersion>=3.2, os=iOS, device=iPhone16, w600, locale=de or "
                    + "signal.plan=pro (see UpdateCondition)")
        }
        guard !text.isEmpty else { throw failure("is empty") }
        guard text.utf8.count <= maximumLength else { throw failure("is longer than \(maximumLength) bytes") }
        let bytes = Array(text.utf8)
        guard !bytes.contains(where: { $0 < 0x21 || $0 == 0x7F }) else {
            throw failure("has a space or a control character")
        }
        // `w600`: a width qualifier, as in file names.
        if bytes.first == UInt8(ascii: "w"), bytes.count > 1, bytes.dropFirst().allSatisfy(isDigit) {
            guard bytes.count <= 6, let width = Int(text.dropFirst()), width > 0 else {
                throw failure("is a width of more than 5 digits, or 0; a width qualifier is w<points>, such as w600")
            }
            return .minimumWidth(width)
        }
        guard let start = bytes.firstIndex(where: { "=!<>".utf8.contains($0) }) else {
            throw failure("has no operator (=, !=, <, <=, >, >=)")
        }
        let key = String(decoding: bytes[..<start], as: UTF8.self)
        let rest = bytes[start...]
        guard let comparison = Comparison.allCases.first(where: { rest.starts(with: $0.rawValue.utf8) }) else {
            throw failure("has an operator that is not one of =, !=, <, <=, >, >=")
        }
        let value = String(decoding: rest.dropFirst(comparison.rawValue.utf8.count), as: UTF8.self)
        guard !value.isEmpty else { throw failure("has no value after \(comparison.rawValue)") }
        guard !value.contains(where: { "=!<>".contains($0) }) else {
            throw failure("has a second operator in its value")
        }
        switch key {
        case "appVersion", "osVersion":
            guard let version = VersionNumber.components(of: value) else {
                throw failure("compares \(key) with \"\(value)\", which is not numbers separated by dots (3.2, 17.4.1)")
            }
            return key == "appVersion" ? .appVersion(comparison, version) : .osVersion(comparison, version)
        default: break
        }
        let fact: Fact
        switch key {
        case "os": fact = .os
        case "idiom": fact = .idiom
        case "device": fact = .device
        case "locale": fact = .locale
        case "region": fact = .region
        case _ where key.hasPrefix("signal."):
            let name = key.dropFirst("signal.".count)
            guard !name.isEmpty, name.utf8.allSatisfy({ isDigit($0) || isLetter($0) || "_-.".utf8.contains($0) })
            else {
                throw failure("names a signal \"\(name)\" that is not letters, digits, _, - and . (signal.plan=pro)")
            }
            fact = .signal(String(name))
        default:
            var problem = "has an unknown key \"\(key.debugDescriptionContent)\""
            let known = ["appVersion", "osVersion", "os", "idiom", "device", "locale", "region", "signal"]
            if let near = EditDistance.closest(to: key, among: known, maximum: 3) {
                problem += "; did you mean \"\(near)\"?"
            }
            throw failure(problem + "; the keys are \(keys.joined(separator: ", "))")
        }
        guard comparison == .equal || comparison == .notEqual else {
            throw failure("compares \(key) with \(comparison.rawValue), which only versions take; use = or !=")
        }
        let values = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard !values.contains(where: \.isEmpty) else { throw failure("has an empty value in its list") }
        let read = try values.map { (value) throws(ConstraintError) -> String in
            if let problem = problem(with: value, for: fact) { throw failure(problem) }
            return normalized(value, for: fact)
        }
        return .oneOf(fact, values: read, negated: comparison == .notEqual)
    }

    /// What is wrong with `value` for `fact`, or nil.
    private static func problem(with value: String, for fact: Fact) -> String? {
        let bytes = Array(value.utf8)
        switch fact {
        case .os:
            guard knownOperatingSystems.contains(where: { $0.lowercased() == value.lowercased() }) else {
                return "names an operating system \"\(value)\" that is not one of "
                    + knownOperatingSystems.joined(separator: ", ")
            }
        case .idiom:
            guard DeviceIdiom(rawValue: value) != nil else {
                return
                    "names an idiom \"\(value)\"; the idioms are \(DeviceIdiom.allCases.map(\.rawValue).joined(separator: ", "))"
            }
        case .device:
            if let error = DeviceName.validate(value, what: "device name") { return "names a \(error.message)" }
        case .locale:
            let parts = value.split(whereSeparator: { $0 == "-" || $0 == "_" })
            guard let language = parts.first, (2...3).contains(language.count),
                language.utf8.allSatisfy(isLetter),
                parts.allSatisfy({ $0.utf8.allSatisfy { isLetter($0) || isDigit($0) } })
            else {
                return
                    "names a locale \"\(value)\" that is not a language code with optional subtags (de, de-CH, zh-Hant)"
            }
        case .region:
            guard (bytes.count == 2 && bytes.allSatisfy(isLetter)) || (bytes.count == 3 && bytes.allSatisfy(isDigit))
            else {
                return "names a region \"\(value)\" that is not two letters or three digits (CA, DE, 419)"
            }
        case .signal:
            break
        }
        return nil
    }

    /// `value` as it is compared: lowercased, `_` read as `-`, except for devices and signals, compared as written.
    private static func normalized(_ value: String, for fact: Fact) -> String {
        switch fact {
        case .device, .signal: value
        case .os, .idiom, .region: value.lowercased()
        case .locale: String(value.lowercased().map { $0 == "_" ? "-" : $0 })
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// The device names a `device=` condition compares with: what the tool checks against the catalog.
    package var deviceNames: [String] {
        guard case .oneOf(.device, let values, _) = test else { return [] }
        return values
    }

    // MARK: - Checking

    /// Why the condition does not hold for `audience`, or nil when it holds.
    func failure(for audience: UpdateAudience) -> String? {
        switch test {
        case .appVersion(let comparison, let version):
            return compare("app version", audience.appVersion, comparison, version)
        case .osVersion(let comparison, let version):
            return compare("OS version", audience.osVersion, comparison, version)
        case .minimumWidth(let width):
            guard let actual = audience.width else { return "the app gave no window width" }
            return actual >= Double(width) ? nil : "the window is \(Self.points(actual)) points wide"
        case .oneOf(let fact, let values, let negated):
            let (name, given): (String, [String]) =
                switch fact {
                case .os: ("OS", audience.os.map { [$0] } ?? [])
                case .idiom: ("idiom", audience.idiom.map { [$0.rawValue] } ?? [])
                case .device: ("device", [audience.device?.rawValue, audience.model?.rawValue].compactMap { $0 })
                case .locale: ("locale", audience.locale.map { [$0] } ?? [])
                case .region: ("region", audience.region.map { [$0] } ?? [])
                case .signal(let name): ("signal \(name)", audience.signals[name].map { [$0] } ?? [])
                }
            guard !given.isEmpty else { return "the app gave no \(name)" }
            let matches = given.contains { given in
                let actual = Self.normalized(given, for: fact)
                return values.contains { fact == .locale ? actual == $0 || actual.hasPrefix($0 + "-") : actual == $0 }
            }
            guard matches == negated else { return nil }
            return "the \(name) is \(given.joined(separator: ", model "))"
        }
    }

    private func compare(_ name: String, _ actual: String?, _ comparison: Comparison, _ wanted: [UInt64]) -> String? {
        guard let actual else { return "the app gave no \(name)" }
        guard let components = VersionNumber.components(of: actual, leading: true) else {
            return "the \(name) \"\(actual.debugDescriptionContent)\" is not numbers separated by dots"
        }
        let holds =
            switch comparison {
            case .equal: components == wanted
            case .notEqual: components != wanted
            case .less: components.lexicographicallyPrecedes(wanted)
            case .lessOrEqual: !wanted.lexicographicallyPrecedes(components)
            case .greater: wanted.lexicographicallyPrecedes(components)
            case .greaterOrEqual: !components.lexicographicallyPrecedes(wanted)
            }
        return holds ? nil : "the \(name) is \(actual)"
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

/// Versions of apps and systems as conditions compare them: numbers separated by dots, without the zeros that end
/// them (`4.0` and `4` are equal).
enum VersionNumber {
    /// The numbers of `text`, or nil when it is not numbers separated by dots (at most 8 of at most 18 digits).
    /// `leading`: read the numbers and dots `text` starts with, and ignore the rest (`17.4.1 (21E236)`).
    static func components(of text: String, leading: Bool = false) -> [UInt64]? {
        var components: [UInt64] = []
        var current: UInt64 = 0
        var digits = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits < 18 else { return nil }
                current = current * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: ".") where digits > 0 && components.count < 7:
                components.append(current)
                (current, digits) = (0, 0)
            default:
                guard leading else { return nil }
                guard digits > 0 else { return nil }
                return finished(components + [current])
            }
        }
        guard digits > 0 else { return nil }
        return finished(components + [current])
    }

    private static func finished(_ components: [UInt64]) -> [UInt64] {
        var components = components
        while components.count > 1, components.last == 0 { components.removeLast() }
        return components
    }
}
