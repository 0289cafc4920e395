import Foundation

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
    /// (`Card_w600-landscape.json`, see `DevicePart`) after the last underscore makes a device file, anything
    /// else is the base file of the whole stem. Nil when the name does not end
    /// in `.json` or its container name is invalid.
    ///
    /// - Parameters:
    ///   - fileName: a name such as `Calendar_iPhone6.json` or `Calendar_iPhone16.json`.
    ///   - knownDevices: the device names a suffix may be, besides the models'.
    public init?(parsing fileName: String, knownDevices: Set<DeviceName>) {
        guard let stem = Self.stem(ofFile: fileName) else { return nil }
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

    /// The suffix every constraint file's name ends in: the one place it is written.
    package static let suffix = ".json"

    /// Whether `name` ends in ``suffix``, as every constraint file's name does (other files of a folder are
    /// not read).
    package static func hasSuffix(_ name: String) -> Bool {
        name.hasSuffix(suffix)
    }

    /// The UTF-8 of a file name (`Card_iPhone6.json`) split into its container (`Card`) and what follows the last
    /// underscore (`iPhone6`), both in place; nil for a name without the suffix or without an underscore (a base
    /// file). A listing of thousands of names splits each with no allocation.
    package static func containerAndPart(_ utf8: UnsafeBufferPointer<UInt8>) -> (
        container: UnsafeBufferPointer<UInt8>, part: UnsafeBufferPointer<UInt8>
    )? {
        // `.json`, compared byte by byte: no shared array to count a reference to from every core that lists.
        let count = utf8.count
        guard count > 5, utf8[count - 5] == 0x2E, utf8[count - 4] == 0x6A, utf8[count - 3] == 0x73,
            utf8[count - 2] == 0x6F, utf8[count - 1] == 0x6E
        else { return nil }
        assert(suffix == ".json", "the bytes above are the suffix's")
        var underscore = count - 6
        while underscore >= 0 && utf8[underscore] != 0x5F { underscore -= 1 }
        guard underscore >= 0, let base = utf8.baseAddress else { return nil }
        return (
            UnsafeBufferPointer(start: base, count: underscore),
            UnsafeBufferPointer(start: base + underscore + 1, count: count - 5 - underscore - 1)
        )
    }

    /// `name` without its `.json` suffix (`Calendar_iPhone6` of `Calendar_iPhone6.json`); nil when it has none.
    package static func stem(ofFile name: String) -> String? {
        name.hasSuffix(suffix) ? String(name.dropLast(suffix.count)) : nil
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
        let stem = stem(ofFile: fileName) ?? fileName
        guard let underscore = stem.lastIndex(of: "_") else { return [stem] }
        return [stem, String(stem[..<underscore])]
    }

    /// `Container_Device.json`, or `Container.json` for the base file.
    public var fileName: String {
        Self.fileName(container: container, part: device?.rawValue)
    }

    /// `Container_part.json`, or `Container.json` for no part: the one place names are built (with their length
    /// reserved at once; an interpolation grows the string piece by piece, which a load of many containers feels).
    static func fileName(container: String, part: String?) -> String {
        var name = container
        name.reserveCapacity(container.utf8.count + (part.map { $0.utf8.count + 1 } ?? 0) + suffix.utf8.count)
        if let part {
            name += "_"
            name += part
        }
        name += suffix
        return name
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
        if let error = validateDevices(chain) { throw error }
        for device in chain { files.append(ConstraintFileName(container: container, device: device)) }
        files.append(ConstraintFileName(container: container))
        return files
    }

    /// Why a device name of `chain` cannot be part of a file name, or nil when each can.
    static func validateDevices(_ chain: [DeviceName]) -> ConstraintError? {
        for device in chain {
            // Letters and digits only (every catalog name in practice) is valid without the full check.
            if !device.rawValue.utf8.allSatisfy(Self.isASCIILetterOrDigit),
                let error = DeviceName.validate(device.rawValue, what: "device name")
            {
                return error
            }
        }
        return nil
    }

    /// Why `name` cannot be a container name, or nil when it can. A container name becomes part of a
    /// file name, so it must not reach outside the source's folder.
    public static func validateContainer(_ name: String) -> ConstraintError? {
        // One pass over the UTF-8 bytes: this runs on every load, and for every name a preload is given.
        var separator = false
        var dots = false
        var control = false
        var previous: UInt8 = 0x20
        var name = name
        name.withUTF8 { utf8 in
            for byte in utf8 {
                switch byte {
                case 0x2F, 0x5C: separator = true
                case 0x2E where previous == 0x2E: dots = true
                // The general category Cc: C0 controls and DEL here; C1 controls (U+0080–U+009F) are 0xC2 followed
                // by 0x80–0x9F (a continuation byte follows only a lead byte in valid UTF-8, and 0xC2 leads only them).
                case 0x00...0x1F, 0x7F: control = true
                case 0x80...0x9F where previous == 0xC2: control = true
                default: break
                }
                previous = byte
            }
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
    ///   - topLevelKey: the first top-level key of a file (see `ConstraintFileParser.topLevelKey(of:)`), or nil when it cannot be
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
            let stem = Self.stem(ofFile: name) ?? name
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
}

// MARK: - The one rule for the names of files that are written

extension ConstraintFileName {
    /// The longest file name accepted, in UTF-8 bytes: what every file system an app runs on stores.
    package static let maximumNameLength = 255

    /// What makes `name` unfit to be a constraint file written in a folder of an app — by the store when it installs
    /// an update, by `bundle` when it writes one, by `lint` when it checks a folder — or nil when it is fit.
    ///
    /// Refused: an empty or overlong name, a path separator, a control character, a hidden name, `..`, a name not
    /// ending in `.json`, and an invisible formatting character (a bidirectional control such as U+202E, which shows
    /// the name reversed, or a zero-width space, which hides a difference between two names).
    package static func nameProblem(_ name: String) -> String? {
        if name.isEmpty { return "is empty" }
        if name.utf8.count > maximumNameLength { return "is longer than \(maximumNameLength) bytes" }
        for scalar in name.unicodeScalars {
            switch scalar.value {
            case 0: return "contains a NUL"
            case 0x2F, 0x5C: return "contains a path separator"
            case 0x01...0x1F, 0x7F...0x9F: return "contains a control character"
            case let value where isInvisibleFormatting(value):
                return "contains the invisible character U+\(String(value, radix: 16, uppercase: true)) (a "
                    + "bidirectional control or a zero-width character), which makes the name read as another"
            default: continue
            }
        }
        if name.hasPrefix(".") { return "starts with a dot (a hidden file, or a folder)" }
        if name.contains("..") { return "contains '..'" }
        if !hasSuffix(name) { return "does not end in .json" }
        return nil
    }

    /// The formatting characters (Unicode's category Cf) a file name can hide: the bidirectional marks, embeddings,
    /// overrides and isolates, the zero-width spaces and joiners, the soft hyphen, the byte order mark.
    private static func isInvisibleFormatting(_ value: UInt32) -> Bool {
        switch value {
        case 0xAD, 0x61C, 0x180E, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF,
            0xFFF9...0xFFFB:
            true
        default: false
        }
    }

    /// The pairs of `names` that are one file on a disk that ignores case or Unicode normalization (as Apple's do by
    /// default): `Card.json` and `card.json`, `Café.json` precomposed and decomposed. Each pair in the order of
    /// `names`, the first name of a group paired with each later one.
    ///
    /// Give the names as listed, not as the keys of a dictionary: Swift's `String` equality is canonical equivalence,
    /// so a dictionary keeps only one of two spellings of `Café.json`.
    package static func clashes(among names: [String]) -> [(first: String, second: String)] {
        var folded: [String: String] = [:]
        var pairs: [(first: String, second: String)] = []
        for name in names {
            let key = name.precomposedStringWithCanonicalMapping.lowercased()
            if let first = folded[key] {
                pairs.append((first, name))
            } else {
                folded[key] = name
            }
        }
        return pairs
    }

    /// What every tool says of two names that are one file on the app's disk.
    package static func clashMessage(_ first: String, _ second: String) -> String {
        let same = first == second ? "how their accents are encoded" : "case or accents"
        return "\"\(first.debugDescriptionContent)\" and \"\(second.debugDescriptionContent)\" differ only in \(same), "
            + "and are one file on an app's disk (which ignores both); keep one of them"
    }
}
