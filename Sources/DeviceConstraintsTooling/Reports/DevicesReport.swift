package import DeviceConstraints

/// The devices of a catalog: name, idiom, portrait size and lookup chain; then each class with its models.
///
/// ```swift
/// print(DevicesReport(catalog: .standard).text)
/// // name            idiom  size       lookup chain
/// // iPhone5         phone  320×568    iPhone5
/// // …
/// // iPhone14Pro     phone  393×852    iPhone14Pro → iPhone6
/// ```
package struct DevicesReport: Sendable, Hashable {
    /// The catalog.
    package let catalog: DeviceCatalog
    /// What the catalog is called in the last line: `the standard catalog`, `catalog.json`.
    package let catalogName: String

    /// A report of `catalog`, called `catalogName` in its last line.
    package init(catalog: DeviceCatalog, catalogName: String = "the standard catalog") {
        self.catalog = catalog
        self.catalogName = catalogName
    }

    /// How many names of a lookup chain ``text`` prints at most: a longer chain ends in `→ …`, so that a catalog
    /// of a thousand classes, each falling back to the next, prints a thousand lines and not half a million names.
    package static let maximumChainLength = 12

    /// A table of the devices in catalog order, then each class with its models, then a count. A `design width` column follows the size when a
    /// device of the catalog was designed at a width other than its own, so that a plain catalog prints as it did.
    /// A lookup chain longer than ``maximumChainLength`` names is cut short with `→ …`.
    package var text: String {
        let hasDesignWidths = catalog.profiles.contains { $0.designWidth != $0.width }
        let graph = FallbackGraph(catalog)
        let rows = catalog.profiles.indices.map { device in
            let profile = catalog.profiles[device]
            let chain = graph.chain(of: device, limit: Self.maximumChainLength)
            return [profile.name.rawValue, profile.idiom.rawValue, Self.size(profile)]
                + (hasDesignWidths ? [profile.designWidth.compactDescription] : [])
                + [(chain.names.map(\.rawValue) + (chain.isComplete ? [] : ["…"])).joined(separator: " → ")]
        }
        let header = ["name", "idiom", "size"] + (hasDesignWidths ? ["design width"] : []) + ["lookup chain"]
        let table = TextTable(header: header, rows: rows)
        return table.rendered + "\n\n" + modelsText + "\n\n\(counted(rows.count, "device")) in \(catalogName)"
    }

    /// Each class with the models read for it (``DeviceCatalog/models(of:)``), classes in catalog order, those with
    /// no model left out: `iPhone14Pro  iPhone14Pro, iPhone15, iPhone15Pro, iPhone16`.
    var modelsText: String {
        let rows = catalog.profiles.compactMap { profile -> [String]? in
            let models = catalog.models(of: profile.name)
            guard !models.isEmpty else { return nil }
            return [profile.name.rawValue, models.map(\.name.rawValue).joined(separator: ", ")]
        }
        return TextTable(header: ["class", "models (a file may be named for any of them)"], rows: rows).rendered
    }

    /// The report for `devices --json`: a catalog file, the devices in catalog order, each with exactly the keys a
    /// catalog file gives it, so that the output reads back with `--catalog` or `DeviceCatalog(json:)`:
    ///
    /// ```json
    /// { "devices": [
    ///     { "name": "iPhone14Pro", "idiom": "phone", "width": 393, "height": 852, "fallbacks": ["iPhone6"] },
    ///     { "name": "iPad2Column", "idiom": "pad", "width": 320, "height": 1024, "fallbacks": ["iPad4Column"],
    ///       "designWidth": 507 } ] }
    /// ```
    ///
    /// The lookup chains are in ``text``: a catalog file has no key for them, and `DeviceCatalog` derives them from
    /// the fallbacks (``DeviceCatalog/lookupChain(for:)``).
    /// A catalog that declares extension attributes (``DeviceCatalog/extensionAttributes``) gives them after the
    /// devices, sorted.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [("devices", .array(catalog.profiles.map(Self.json)))]
        if !catalog.extensionAttributes.isEmpty {
            members.append(("extensionAttributes", .array(catalog.extensionAttributes.sorted().map(JSONValue.string))))
        }
        return .object(members)
    }

    /// A device as a catalog file writes it: name, idiom, width, height, fallbacks, and designWidth when it is not
    /// the width (a catalog file leaves it out then).
    package static func json(_ profile: DeviceProfile) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string(profile.name.rawValue)),
            ("idiom", .string(profile.idiom.rawValue)),
            ("width", number(profile.width)),
            ("height", number(profile.height)),
            ("fallbacks", .array(profile.fallbacks.map { .string($0.rawValue) })),
        ]
        if profile.designWidth != profile.width { members.append(("designWidth", number(profile.designWidth))) }
        return .object(members)
    }

    /// `320×568`.
    static func size(_ profile: DeviceProfile) -> String {
        "\(profile.width.compactDescription)×\(profile.height.compactDescription)"
    }

    /// A whole number of points as an integer (`375`), any other as a number (`375.5`).
    private static func number(_ value: Double) -> JSONValue {
        if let integer = Int(exactly: value) { return .integer(integer) }
        return .number(value)
    }
}
