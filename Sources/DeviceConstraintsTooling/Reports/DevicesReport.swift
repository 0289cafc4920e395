package import DeviceConstraints

/// The devices of a catalog: name, idiom, portrait size and lookup chain.
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

    /// A table of the devices in catalog order, then a count.
    package var text: String {
        let rows = catalog.profiles.map { profile in
            [
                profile.name.rawValue, profile.idiom.rawValue, Self.size(profile),
                catalog.lookupChain(for: profile).map(\.rawValue).joined(separator: " → "),
            ]
        }
        let table = TextTable(header: ["name", "idiom", "size", "lookup chain"], rows: rows)
        return table.rendered + "\n\n\(counted(rows.count, "device")) in \(catalogName)"
    }

    /// The report for `devices --json`, the devices in catalog order:
    ///
    /// ```json
    /// { "devices": [
    ///     { "name": "iPhone14Pro", "idiom": "phone", "width": 393, "height": 852, "fallbacks": ["iPhone6"],
    ///       "chain": ["iPhone14Pro", "iPhone6"] } ] }
    /// ```
    ///
    /// Without `chain`, each entry is what a catalog file (`--catalog`) holds.
    package var json: JSONValue {
        .object([
            (
                "devices",
                .array(
                    catalog.profiles.map { profile in
                        let chain = catalog.lookupChain(for: profile).map { JSONValue.string($0.rawValue) }
                        return .object(Self.members(profile) + [("chain", .array(chain))])
                    })
            )
        ])
    }

    /// A device as a catalog file writes it: name, idiom, width, height, fallbacks.
    package static func json(_ profile: DeviceProfile) -> JSONValue {
        .object(members(profile))
    }

    private static func members(_ profile: DeviceProfile) -> [(key: String, value: JSONValue)] {
        [
            ("name", .string(profile.name.rawValue)),
            ("idiom", .string(profile.idiom.rawValue)),
            ("width", number(profile.width)),
            ("height", number(profile.height)),
            ("fallbacks", .array(profile.fallbacks.map { .string($0.rawValue) })),
        ]
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
