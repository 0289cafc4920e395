package import DeviceConstraints

/// Which file serves each container on each device of a catalog: a file of the device's own, a file
/// reached through its fallback chain (another device's, or the base file), or none.
///
/// It goes by file names only, as the interpreter chooses files; `lint` checks what they hold.
///
/// ```swift
/// let coverage = CoverageReport(fileNames: try source.fileNames(), catalog: .standard)
/// coverage.source(of: "Card", on: "iPhoneX")   // .fallback(file: "Card_iPhone6.json", device: "iPhone6")
/// ```
package struct CoverageReport: Sendable {
    /// Where a device gets a container's records from.
    package enum Source: Sendable, Hashable {
        /// The device has a file of its own.
        case own(file: String)
        /// The first file on the device's lookup chain is another device's, or the base file (`device` nil).
        case fallback(file: String, device: DeviceName?)
        /// No file on the device's lookup chain: the interpreter throws `fileNotFound`.
        case missing
    }

    /// The devices of the catalog, in its order: the columns.
    package let devices: [DeviceProfile]
    /// The containers that have a file, sorted: the rows.
    package let containers: [String]
    /// `sources[container][device]`, in the order of ``containers`` and ``devices``.
    package let sources: [[Source]]

    /// Files for a device the catalog does not know (`Card_iPad.json` without an `iPad`), which no device
    /// reads: the file and the device its name gives, sorted by file.
    package let deadFiles: [(file: String, device: String)]

    /// The coverage of the constraint files named `fileNames` for the devices of `catalog`, by the rule the
    /// interpreter follows (``ConstraintFileName/roles(of:knownDevices:topLevelKey:)``): files that are not
    /// constraint files are left out, and files for devices the catalog lacks are listed apart.
    ///
    /// - Parameter topLevelKey: reads a file's top-level key, for the names the rule leaves in doubt.
    package init(fileNames: [String], catalog: DeviceCatalog, topLevelKey: ((String) -> String?)? = nil) {
        let known = Set(catalog.profiles.map(\.name))
        var files: [String: [DeviceName?: String]] = [:]
        var dead: [(file: String, device: String)] = []
        let roles = ConstraintFileName.roles(of: fileNames, knownDevices: known, topLevelKey: topLevelKey)
        for name in fileNames {
            switch roles[name] {
            case .file(let file)?: files[file.container, default: [:]][file.device] = name
            case .unknownDevice(_, let device)?: dead.append((name, device))
            case .notConstraintFile?, nil: continue
            }
        }
        deadFiles = dead.sorted { $0.file < $1.file }
        devices = catalog.profiles
        containers = files.keys.sorted()
        let graph = FallbackGraph(catalog)
        sources = containers.map { container in
            let available = files[container] ?? [:]
            // The first device on each chain with a file of the container, folded once per device: walking every
            // device's chain made a catalog of 800 devices, each falling back to all narrower ones, take 8 s.
            let first = graph.fold { device, firstOfFallbacks -> Int? in
                available[graph.profiles[device].name] == nil ? firstOfFallbacks.lazy.compactMap { $0 }.first : device
            }
            return zip(graph.profiles, first).map { profile, first in
                if let own = available[profile.name] { return .own(file: own) }
                if let first, let file = available[graph.profiles[first].name] {
                    return .fallback(file: file, device: graph.profiles[first].name)
                }
                if let base = available[nil] { return .fallback(file: base, device: nil) }
                return .missing
            }
        }
    }

    /// Where `device` gets `container` from; nil when either is not in the report.
    package func source(of container: String, on device: DeviceName) -> Source? {
        guard let row = containers.firstIndex(of: container),
            let column = devices.firstIndex(where: { $0.name == device })
        else { return nil }
        return sources[row][column]
    }

    /// The widest line ``text`` prints when it can: a terminal's 100 columns.
    package static let defaultWidth = 100
    /// The widest a container name prints in ``text``: a longer one is cut short with `…` (``json`` has it whole).
    package static let maximumNameWidth = 40

    /// The matrix: a row a container, a column a device (`own`, `→ iPhone6`, `→ base`, `missing`), a
    /// legend and a count. Devices that do not fit in `width` columns go on to a further table below, with
    /// the containers again, so that no line is wider than `width` unless one column alone is. A container name
    /// longer than ``maximumNameWidth`` is cut short with `…`.
    package func text(width: Int = CoverageReport.defaultWidth) -> String {
        let cells = sources.map { $0.map(Self.cell) }
        let names = containers.map { DisplayWidth.truncating($0, to: Self.maximumNameWidth) }
        let containerWidth = max("container".count, names.map { DisplayWidth.of($0) }.max() ?? 0)
        // Greedily, as many devices per table as fit: a column is its widest cell and two spaces.
        var groups: [[Int]] = []
        var used = containerWidth
        for column in devices.indices {
            let columnWidth = max(
                DisplayWidth.of(devices[column].name.rawValue), cells.map { DisplayWidth.of($0[column]) }.max() ?? 0)
            if groups.isEmpty || used + 2 + columnWidth > width && !groups[groups.count - 1].isEmpty {
                groups.append([])
                used = containerWidth
            }
            groups[groups.count - 1].append(column)
            used += 2 + columnWidth
        }
        let tables = groups.map { columns in
            TextTable(
                header: ["container"] + columns.map { devices[$0].name.rawValue },
                rows: zip(names, cells).map { container, row in [container] + columns.map { row[$0] } }
            ).rendered
        }
        let all = sources.joined()
        let own = all.count { if case .own = $0 { true } else { false } }
        let missing = all.count { $0 == .missing }
        let counts =
            "\(counted(containers.count, "container")) × \(counted(devices.count, "device")): "
            + "\(own) own files, \(all.count - own - missing) through a fallback, \(missing) missing"
        let legend = """
            own:      the device's own file
            → D:      the file of device D, through the fallback chain
            → base:   the base file Container.json
            missing:  no file; the interpreter throws fileNotFound
            """
        let dead = deadFiles.map { "\($0.file): \(ConstraintFileName.unknownDeviceMessage($0.device))" }
        let deadList = dead.isEmpty ? [] : [dead.joined(separator: "\n")]
        guard !containers.isEmpty else {
            guard !dead.isEmpty else { return "No constraint files.\n" + counts }
            // Every file is for a device the catalog lacks: most likely the files were written for another catalog.
            let advice = """
                No constraint file that a device of the catalog reads: each is for a device the catalog does not know.
                Pass the catalog they were written for with --catalog <file>, or rename them (see \
                '\(DeviceConstraintsTool.name) devices').
                """
            return ([advice + "\n" + counts] + deadList).joined(separator: "\n\n")
        }
        return (tables + [legend, counts] + deadList).joined(separator: "\n\n")
    }

    /// ``text(width:)`` for a terminal of ``defaultWidth`` columns.
    package var text: String { text() }

    /// The report for `coverage --json`:
    ///
    /// ```json
    /// { "devices": ["iPhone5", "iPhone6", …],
    ///   "containers": [
    ///     { "name": "Card",
    ///       "coverage": [
    ///         { "device": "iPhone6", "status": "own", "file": "Card_iPhone6.json" },
    ///         { "device": "iPhoneX", "status": "fallback", "file": "Card_iPhone6.json" },
    ///         { "device": "iPad", "status": "missing", "file": null } ] } ] }
    /// ```
    package var json: JSONValue {
        .object([
            ("devices", .array(devices.map { .string($0.name.rawValue) })),
            (
                "containers",
                .array(
                    zip(containers, sources).map { container, row in
                        .object([
                            ("name", .string(container)),
                            (
                                "coverage",
                                .array(
                                    zip(devices, row).map { device, source in
                                        .object([
                                            ("device", .string(device.name.rawValue)),
                                            ("status", .string(Self.status(source))),
                                            ("file", .nullable(Self.file(source))),
                                        ])
                                    })
                            ),
                        ])
                    })
            ),
            (
                "deadFiles",
                .array(
                    deadFiles.map { dead in
                        .object([
                            ("file", .string(dead.file)), ("device", .string(dead.device)),
                            ("message", .string(ConstraintFileName.unknownDeviceMessage(dead.device))),
                        ])
                    })
            ),
        ])
    }

    private static func cell(_ source: Source) -> String {
        switch source {
        case .own: "own"
        case .fallback(_, let device?): "→ \(device)"
        case .fallback(_, nil): "→ base"
        case .missing: "missing"
        }
    }

    private static func status(_ source: Source) -> String {
        switch source {
        case .own: "own"
        case .fallback: "fallback"
        case .missing: "missing"
        }
    }

    private static func file(_ source: Source) -> String? {
        switch source {
        case .own(let file), .fallback(let file, _): file
        case .missing: nil
        }
    }
}
