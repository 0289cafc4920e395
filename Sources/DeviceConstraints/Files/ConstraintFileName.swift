package import struct Foundation.Data

/// The name of a constraint file: `Container_Device.json` for one device, `Container.json` for the
/// device-neutral base.
///
/// The device is the part after the *last* underscore, so container names may contain underscores;
/// device names may not.
///
/// ```swift
/// ConstraintFileName(container: "Calendar", device: .iPhone6).fileName   // "Calendar_iPhone6.json"
/// ```
public struct ConstraintFileName: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The container (the top-level key of the file).
    public var container: String
    /// The device, or `nil` for the base file.
    public var device: DeviceName?

    /// A file name for `container` on `device` (the base file when `device` is nil).
    public init(container: String, device: DeviceName? = nil) {
        self.container = container
        self.device = device
    }

    /// Reads a file name: a known device or a model (``DeviceModel/named(_:)``), a width or an orientation
    /// (`Card_w600-landscape.json`, see ``DevicePart``) after the last underscore makes a device file, anything
    /// else is the base file of the whole stem. Nil when the name does not end
    /// in `.json` or its container name is invalid.
    ///
    /// - Parameters:
    ///   - fileName: a name such as `Calendar_iPhone6.json` or `Calendar_iPhone16.json`.
    ///   - knownDevices: the device names a suffix may be, besides the models'.
    public init?(parsing fileName: String, knownDevices: Set<DeviceName>) {
        guard fileName.hasSuffix(".json") else { return nil }
        let stem = String(fileName.dropLast(".json".count))
        if let underscore = stem.lastIndex(of: "_") {
            let device = DeviceName(String(stem[stem.index(after: underscore)...]))
            let container = String(stem[..<underscore])
            if Self.isDevicePart(device, knownDevices: knownDevices), Self.validateContainer(container) == nil {
                self.init(container: container, device: device)
                return
            }
        }
        guard Self.validateContainer(stem) == nil else { return nil }
        self.init(container: stem, device: nil)
    }

    /// Whether `part`, the text after a file name's last underscore, names what a file may be for: a known device
    /// or a model, a width or an orientation, or either of the first two with an orientation (``DevicePart``).
    static func isDevicePart(_ part: DeviceName, knownDevices: Set<DeviceName>) -> Bool {
        let isDevice = { (name: DeviceName) in knownDevices.contains(name) || DeviceModel.named(name) != nil }
        return isDevice(part) || DevicePart(parsing: part.rawValue, isDevice: isDevice) != nil
    }

    /// The top-level keys a file may have when no one says which container it holds: the whole stem
    /// (`Calendar_Dark` of `Calendar_Dark.json`, a base file) or the part before its last underscore
    /// (`Calendar` of `Calendar_iPhone6.json`).
    static func containerCandidates(ofFile fileName: String) -> [String] {
        let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(".json".count)) : fileName
        guard let underscore = stem.lastIndex(of: "_") else { return [stem] }
        return [stem, String(stem[..<underscore])]
    }

    /// `Container_Device.json`, or `Container.json` for the base file.
    public var fileName: String {
        if let device { "\(container)_\(device.rawValue).json" } else { "\(container).json" }
    }

    public var description: String { fileName }

    public static func < (lhs: ConstraintFileName, rhs: ConstraintFileName) -> Bool {
        (lhs.container, lhs.device?.rawValue ?? "") < (rhs.container, rhs.device?.rawValue ?? "")
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// The files of `container` along `chain`, most specific first, then the base file.
    ///
    /// - Throws: ``ConstraintError`` `.invalidName` when the container or a device name could not be part of
    ///   a file name in the source's folder (a hand-made `DeviceProfile(name: "../x")`, say).
    package static func files(of container: String, along chain: [DeviceName]) throws(ConstraintError)
        -> [ConstraintFileName]
    {
        if let error = validateContainer(container) { throw error }
        var files: [ConstraintFileName] = []
        files.reserveCapacity(chain.count + 1)
        for device in chain {
            // Letters and digits only (every catalog name in practice) is valid without the full check.
            if !device.rawValue.utf8.allSatisfy(Self.isASCIILetterOrDigit),
                let error = DeviceName.validate(device.rawValue, what: "device name")
            {
                throw error
            }
            files.append(ConstraintFileName(container: container, device: device))
        }
        files.append(ConstraintFileName(container: container))
        return files
    }

    /// Why `name` cannot be a container name, or nil when it can. A container name becomes part of a
    /// file name, so it must not reach outside the source's folder.
    public static func validateContainer(_ name: String) -> ConstraintError? {
        // One pass over the scalars: this runs on every load.
        var separator = false
        var dots = false
        var control = false
        var previous: Unicode.Scalar = " "
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0x2F, 0x5C: separator = true
            case 0x2E where previous == ".": dots = true
            // The general category Cc: C0 controls, DEL and C1 controls.
            case 0x00...0x1F, 0x7F...0x9F: control = true
            default: break
            }
            previous = scalar
        }
        let problem: String? =
            if name.isEmpty {
                "is empty"
            } else if separator {
                "contains a path separator"
            } else if dots {
                "contains '..'"
            } else if control {
                "contains a control character"
            } else {
                nil
            }
        guard let problem else { return nil }
        return ConstraintError(
            code: .invalidName,
            message:
                "container name \"\(name.debugDescriptionContent)\" \(problem); use the name of the container type, such as \"CalendarView\""
        )
    }
}

extension String {
    /// The string escaped as in a Swift literal, without the quotes, so that control characters print.
    var debugDescriptionContent: String {
        String(debugDescription.dropFirst().dropLast())
    }
}

// MARK: - The one rule for the files of a folder

extension ConstraintFileName {
    /// What a file of a folder is to the interpreter, by ``roles(of:knownDevices:topLevelKey:)``.
    package enum Role: Hashable, Sendable {
        /// A constraint file: a device's file, or the base file.
        case file(ConstraintFileName)
        /// `Card_iPad.json` when the catalog has no `iPad`: a file for a device the catalog does not know,
        /// which no device reads.
        case unknownDevice(container: String, device: String)
        /// Not a constraint file: not `.json`, a name no container can have, or a file that holds something
        /// else (a `description.json` among the resources).
        case notConstraintFile
    }

    /// The one rule for the files of a folder, which the interpreter (``ConstraintInterpreter/availableContainers()``),
    /// `lint` and `coverage` all follow:
    ///
    /// - `Container_Device.json`, with a device of the catalog: that device's file.
    /// - `Container_Other.json`, where `Other` could name a device but the catalog has none of that name: a file
    ///   for an unknown device, which no device reads, when `Container` has another file in the folder
    ///   (`Container.json`, `Container_iPhone6.json`) or the file's top-level key is `Container`. Otherwise
    ///   it is the base file of a container named `Container_Other`.
    /// - `Container.json`: the base file of `Container`; but a file that is its container's only file and whose
    ///   top-level key is something else is not a constraint file (`description.json` holding `{"name": …}`).
    /// - Anything else is not a constraint file.
    ///
    /// - Parameters:
    ///   - fileNames: every file name of the folder.
    ///   - knownDevices: the devices of the catalog.
    ///   - topLevelKey: the first top-level key of a file (see ``topLevelKey(of:)``), or nil when it cannot be
    ///     read; asked only for the files the names leave in doubt. Without it, names alone decide.
    /// - Returns: the role of each name.
    package static func roles(
        of fileNames: [String], knownDevices: Set<DeviceName>, topLevelKey: ((String) -> String?)? = nil
    ) -> [String: Role] {
        var roles: [String: Role] = [:]
        var withDeviceFiles: Set<String> = []
        var stems: Set<String> = []
        for name in fileNames {
            guard let file = ConstraintFileName(parsing: name, knownDevices: knownDevices) else {
                roles[name] = .notConstraintFile
                continue
            }
            if file.device != nil {
                roles[name] = .file(file)
                withDeviceFiles.insert(file.container)
            } else {
                stems.insert(file.container)
            }
        }
        for name in fileNames where roles[name] == nil {
            let stem = String(name.dropLast(".json".count))
            var key: String??
            func firstKey() -> String? {
                if key == nil { key = .some(topLevelKey?(name)) }
                return key ?? nil
            }
            if let underscore = stem.lastIndex(of: "_") {
                let container = String(stem[..<underscore])
                let device = String(stem[stem.index(after: underscore)...])
                if DeviceName.validate(device, what: "device name") == nil, validateContainer(container) == nil,
                    withDeviceFiles.contains(container) || stems.contains(container) || firstKey() == container
                {
                    roles[name] = .unknownDevice(container: container, device: device)
                    continue
                }
            }
            if topLevelKey != nil, !withDeviceFiles.contains(stem), let key = firstKey(), key != stem {
                roles[name] = .notConstraintFile
            } else {
                roles[name] = .file(ConstraintFileName(container: stem))
            }
        }
        return roles
    }

    /// What every tool says of a file for a device the catalog does not know.
    package static func unknownDeviceMessage(_ device: String) -> String {
        "no device reads this file: \"\(device)\" is not a device of the catalog"
    }

    /// The first key of the object at the root of a JSON file, read from its first bytes, past a
    /// `"designWidth": n,` that comes before the container's key; nil when the file does not start with an object
    /// and a plain key (no escapes), or starts with `"designWidth"` followed by anything else.
    package static func topLevelKey(of data: Data) -> String? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            func skipSpace() {
                while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            }
            /// The plain key at `i`, moving past it.
            func key() -> UnsafeRawBufferPointer.SubSequence? {
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                let start = i + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                    end += 1
                }
                guard end < bytes.count else { return nil }
                i = end + 1
                return bytes[start..<end]
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            skipSpace()
            guard var first = key() else { return nil }
            if first.elementsEqual(ConstraintFileParser.designWidthKey.utf8) {
                // `: 375,` then the container's key.
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                skipSpace()
                let number = i
                while i < bytes.count, Self.numberBytes.contains(bytes[i]) { i += 1 }
                guard i > number else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
                skipSpace()
                guard let next = key() else { return nil }
                first = next
            }
            // Not the standard library's validating String initializer: it needs iOS 18 / macOS 15, above the floors.
            let invalid = transcode(
                first.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
            return invalid ? nil : String(decoding: first, as: UTF8.self)
        }
    }

    /// The bytes a JSON number is written with.
    private static let numberBytes = Set("0123456789+-.eE".utf8)
}
