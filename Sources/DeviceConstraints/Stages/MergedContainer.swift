/// One container merged along one lookup chain: the middle stage of a load, between the parsed files and the
/// records resolved for a window.
///
/// Plain numbers are merged once here and pass through resolution untouched; only the window-dependent
/// attributes (scaled values, column rules) are evaluated per environment, so a container without them resolves
/// to this very table, and a resize re-resolves only containers that have them.
struct MergedContainer: Sendable {
    /// The merged records; a scaled value holds its number at the design width until resolved.
    let table: ViewTable
    /// The window-dependent attributes that won the merge, by entry of ``table``, each with the device of the
    /// file that gave it (nil for the base file).
    let dynamics: [DynamicAttribute]

    /// Whether resolving for another window of the same class can change a record.
    var dependsOnWindow: Bool { !dynamics.isEmpty }

    /// Merges a container's files, most specific first, each with the device it is for (nil for the base file):
    /// every record takes each attribute from the first file that sets it, and so does each window-dependent
    /// attribute (a plain number in an earlier file beats a scaled one in a later file, and the other way round).
    init(files: [(file: ParsedFile, device: DeviceName?)]) {
        let tables = files.map(\.file.table)
        table = ViewTable.merged(tables)
        guard files.contains(where: { !$0.file.table.dynamics.isEmpty }) else {
            dynamics = []
            return
        }
        struct Claim: Hashable {
            let entry: Int
            let name: String
        }
        var claimed: Set<Claim> = []
        var dynamics: [DynamicAttribute] = []
        for (position, (file, device)) in files.enumerated() {
            for dynamic in file.table.dynamics {
                let viewId = file.table.viewId(at: dynamic.entry)
                guard let entry = table.index(of: viewId) else { continue }
                let claim = Claim(entry: entry, name: dynamic.name)
                guard !claimed.contains(claim) else { continue }
                // A more specific file that sets the attribute as a plain value wins over this one.
                let shadowed = tables[..<position].contains { $0.record(viewId)?.contains(dynamic.name) ?? false }
                claimed.insert(claim)
                if shadowed { continue }
                dynamics.append(
                    DynamicAttribute(
                        entry: entry, name: dynamic.name, value: dynamic.value, device: device,
                        designWidth: dynamic.designWidth))
            }
        }
        self.dynamics = dynamics
    }

    /// The records for `environment`: scaled values evaluated against the design width their file states, else
    /// that of the class whose file gave them (the resolved `device`'s for the base file), column rules evaluated
    /// at the window's width. The merged table itself when nothing depends on the window.
    func resolved(for environment: LayoutEnvironment, device: DeviceProfile, catalog: DeviceCatalog) -> ViewTable {
        guard dependsOnWindow else { return table }
        return table.changingRecords { records in
            var extensionNumbers: [Int: [(name: String, value: Double)]] = [:]
            for dynamic in dynamics {
                switch dynamic.value {
                case .columns(let rule):
                    records[dynamic.entry].set(columnLayout: rule.layout(for: environment))
                case .scaled(let scaled):
                    let designWidth =
                        dynamic.designWidth ?? dynamic.device.flatMap { catalog.profile(named: $0)?.designWidth }
                        ?? device.designWidth
                    let value = scaled.resolved(
                        width: environment.width, designWidth: designWidth, displayScale: environment.displayScale)
                    if let known = ConstraintAttribute(rawValue: dynamic.name) {
                        records[dynamic.entry].set(known, number: value)
                    } else {
                        extensionNumbers[dynamic.entry, default: []].append((dynamic.name, value))
                    }
                }
            }
            for (entry, updates) in extensionNumbers { records[entry].setExtensionNumbers(updates) }
        }
    }
}
