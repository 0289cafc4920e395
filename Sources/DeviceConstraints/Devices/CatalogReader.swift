import Foundation

/// Reads a device catalog file with the package's JSON reader, so that every error has a line and column.
///
/// The format: `{"devices": [{"name": "iPhone5", "idiom": "phone", "width": 320, "height": 568,
/// "fallbacks": [], "designWidth": 375}, …], "extensionAttributes": ["with"]}`, `fallbacks`, `designWidth` and
/// `extensionAttributes` optional, no other keys.
struct CatalogReader {
    /// The keys a catalog document may have.
    private static let topLevelKeys = ["devices", "extensionAttributes"]
    private let document: JSONDocument
    private let fileName: String?
    /// The token of each device object, to place validation errors that only know `devices[i]`.
    private var deviceTokens: [JSONDocument.Index] = []

    init(_ data: Data, fileName: String?) throws(ConstraintError) {
        self.fileName = fileName
        do {
            document = try JSONDocument(data: data)
        } catch {
            var error = error
            error.message = "the device catalog is not valid JSON: \(error.message)"
            error.file = error.file ?? fileName
            throw error
        }
    }

    func profiles() throws(ConstraintError) -> [DeviceProfile] {
        let root = document.root
        guard document.kind(root) == .object else {
            throw invalid(root, nil, expected: "an object with a \"devices\" array")
        }
        let top = try members(of: root, allowed: Self.topLevelKeys, at: nil)
        guard let devices = top["devices"] else {
            throw error(root, nil, "missing required key \"devices\" (an array of devices)")
        }
        guard document.kind(devices) == .array else {
            throw invalid(devices, "devices", expected: "an array of devices")
        }
        var profiles: [DeviceProfile] = []
        for (index, element) in document.elements(devices).enumerated() {
            profiles.append(try profile(element, at: "devices[\(index)]"))
        }
        return profiles
    }

    /// The names of the optional `extensionAttributes` array, each with its index and place, in document order.
    func extensionAttributes() throws(ConstraintError) -> [(index: Int, name: String, line: Int, column: Int)] {
        let root = document.root
        guard document.kind(root) == .object,
            let list = try members(of: root, allowed: Self.topLevelKeys, at: nil)["extensionAttributes"]
        else { return [] }
        guard document.kind(list) == .array else {
            throw invalid(list, "extensionAttributes", expected: "an array of attribute names (strings)")
        }
        var names: [(index: Int, name: String, line: Int, column: Int)] = []
        for (index, element) in document.elements(list).enumerated() {
            guard document.kind(element) == .string else {
                throw invalid(element, "extensionAttributes[\(index)]", expected: "an attribute name (a string)")
            }
            let location = document.location(of: element)
            names.append((index, document.string(element), location.line, location.column))
        }
        return names
    }

    /// `error` placed at the device its key path names (`devices[3]…`), when it has no location yet.
    func located(_ error: ConstraintError) -> ConstraintError {
        var error = error
        error.file = error.file ?? fileName
        guard error.line == nil, let keyPath = error.keyPath, let location = location(of: keyPath, memberOnly: false)
        else { return error }
        error.line = location.line
        error.column = location.column
        return error
    }

    /// Where `keyPath` is: `devices[3]` is the device's object, `devices[3].fallbacks` the value of that key of it
    /// (the device's object when `memberOnly` is false and it has no such key); nil for any other key path.
    func location(of keyPath: String, memberOnly: Bool = true) -> (line: Int, column: Int)? {
        guard keyPath.hasPrefix("devices["), let close = keyPath.firstIndex(of: "]"),
            let index = Int(keyPath[keyPath.index(keyPath.startIndex, offsetBy: 8)..<close]),
            let devices = try? members(of: document.root, allowed: Self.topLevelKeys, at: nil)["devices"],
            document.kind(devices) == .array
        else { return nil }
        let elements = Array(document.elements(devices))
        guard elements.indices.contains(index) else { return nil }
        let rest = keyPath[keyPath.index(after: close)...]
        guard rest.hasPrefix("."), document.kind(elements[index]) == .object else {
            return rest.isEmpty || !memberOnly ? document.location(of: elements[index]) : nil
        }
        let key = rest.dropFirst()
        let value = document.members(elements[index]).first { document.string($0.key) == key }?.value
        if let value { return document.location(of: value) }
        return memberOnly ? nil : document.location(of: elements[index])
    }

    /// Where the value of `key` is in each device's object, in the order of the devices; nil for a device without
    /// it, and no places at all when the document has no `devices` array. One pass over the devices, so that placing
    /// a diagnostic for every device costs no more than reading the catalog.
    func locations(ofDeviceKey key: String) -> [(line: Int, column: Int)?] {
        guard let devices = try? members(of: document.root, allowed: Self.topLevelKeys, at: nil)["devices"],
            document.kind(devices) == .array
        else { return [] }
        return document.elements(devices).map { element in
            guard document.kind(element) == .object,
                let value = document.members(element).first(where: { document.string($0.key) == key })?.value
            else { return nil }
            return document.location(of: value)
        }
    }

    // MARK: - One device

    private func profile(_ element: JSONDocument.Index, at path: String) throws(ConstraintError) -> DeviceProfile {
        guard document.kind(element) == .object else { throw invalid(element, path, expected: "a device object") }
        let fields = try members(
            of: element, allowed: ["name", "idiom", "width", "height", "fallbacks", "designWidth"], at: path)
        func required(_ key: String, _ meaning: String) throws(ConstraintError) -> JSONDocument.Index {
            guard let value = fields[key] else {
                throw error(element, path, "missing required key \"\(key)\" (\(meaning))")
            }
            return value
        }
        let name = try required("name", "a string")
        guard document.kind(name) == .string else { throw invalid(name, "\(path).name", expected: "a string") }
        let idiomToken = try required("idiom", "\"phone\" or \"pad\"")
        guard document.kind(idiomToken) == .string, let idiom = DeviceIdiom(rawValue: document.string(idiomToken))
        else { throw invalid(idiomToken, "\(path).idiom", expected: "\"phone\" or \"pad\"") }
        var size: [Double] = []
        for key in ["width", "height"] {
            let value = try required(key, "a number, the portrait \(key) in points")
            guard document.kind(value) == .number else {
                throw invalid(value, "\(path).\(key)", expected: "a number (the portrait \(key) in points)")
            }
            size.append(document.number(value))
        }
        var designWidth: Double?
        if let value = fields["designWidth"] {
            guard document.kind(value) == .number else {
                throw invalid(
                    value, "\(path).designWidth", expected: "a number (the width in points the class was designed at)")
            }
            designWidth = document.number(value)
        }
        var fallbacks: [DeviceName] = []
        if let list = fields["fallbacks"] {
            guard document.kind(list) == .array else {
                throw invalid(list, "\(path).fallbacks", expected: "an array of device names")
            }
            for (position, item) in document.elements(list).enumerated() {
                guard document.kind(item) == .string else {
                    throw invalid(item, "\(path).fallbacks[\(position)]", expected: "a device name (a string)")
                }
                fallbacks.append(DeviceName(document.string(item)))
            }
        }
        return DeviceProfile(
            name: DeviceName(document.string(name)), idiom: idiom, width: size[0], height: size[1],
            fallbacks: fallbacks, designWidth: designWidth)
    }

    // MARK: - Helpers

    /// The members of an object by key, rejecting keys outside `allowed`.
    private func members(of object: JSONDocument.Index, allowed: [String], at keyPath: String?)
        throws(ConstraintError) -> [String: JSONDocument.Index]
    {
        var result: [String: JSONDocument.Index] = [:]
        for member in document.members(object) {
            let key = document.string(member.key)
            guard allowed.contains(key) else {
                let list = allowed.map { "\"\($0)\"" }.joined(separator: ", ")
                throw error(
                    member.key, keyPath.map { "\($0).\(key)" } ?? key, "unknown key \"\(key)\"; expected only \(list)")
            }
            result[key] = member.value
        }
        return result
    }

    private func invalid(_ value: JSONDocument.Index, _ keyPath: String?, expected: String) -> ConstraintError {
        error(value, keyPath, "expected \(expected), found \(describe(value))")
    }

    private func error(_ token: JSONDocument.Index, _ keyPath: String?, _ message: String) -> ConstraintError {
        let location = document.location(of: token)
        return ConstraintError(
            code: .invalidFormat, message: message, file: fileName, line: location.line, column: location.column,
            keyPath: keyPath)
    }

    /// `a string ("wide")`, `a number (1.5)`, `true`, `null`, `an array`, `an object`.
    private func describe(_ value: JSONDocument.Index) -> String {
        switch document.kind(value) {
        case .string: "a string (\(document.rawText(value)))"
        case .number: "a number (\(document.rawText(value)))"
        case .true: "true"
        case .false: "false"
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
