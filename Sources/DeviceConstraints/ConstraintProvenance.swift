/// Where the values of one view came from: the files its device looked for, and for each attribute a file sets,
/// the value the window gets and the file, line and column that set it.
///
/// Ask the interpreter for it (``ConstraintInterpreter/provenance(viewId:container:)``) when a number on screen is
/// not the one expected:
///
/// ```swift
/// let provenance = try interpreter.provenance(viewId: "title", container: "Card")
/// provenance.lookup                  // ["Card_iPhoneX.json", "Card_iPhone6.json", "Card.json"]
/// provenance["marginLeft"]?.place    // "Card_iPhone6.json:3:15"
/// print(provenance)                  // one line per attribute: marginLeft 15.0 ← Card_iPhone6.json:3:15
/// ```
public struct ConstraintProvenance: Sendable, Hashable, CustomStringConvertible {
    /// How a file wrote a value.
    public enum Kind: String, Sendable, Hashable {
        /// A plain number, string or bool, as the window gets it.
        case plain
        /// A scaled value (`{"scaled": 60}`): the file's number at its design width, scaled to the window's width.
        case scaled
        /// A value that follows the text size (`{"size": 44, "relativeTo": "body"}`), or a plain `fontSize`, which
        /// follows it relative to `body`.
        case textScaled
        /// A font size that never follows the text size (`{"fixed": 11}`).
        case fixed
        /// A column rule (`"columns": {…}`), evaluated for the window's width.
        case columns
    }

    /// One attribute's value and the place in a file that set it.
    public struct Value: Sendable, Hashable, CustomStringConvertible {
        /// The attribute (`marginLeft`, or an extension's name; `columns` for a column rule).
        public let attribute: String
        /// The value the window gets: a scaled value at the window's width, a text-scaled one at its text size, a
        /// column rule as its layout (`3 columns of 100`).
        public let value: ConstraintValue
        /// The file that set it: the first file of ``ConstraintProvenance/lookup`` that gives the attribute.
        public let fileName: String
        /// The 1-based line of the attribute's key in the file; 0 when it could not be placed.
        public let line: Int
        /// The 1-based column (in characters) of the attribute's key in the file; 0 when it could not be placed.
        public let column: Int
        /// How the file wrote it.
        public let kind: Kind
        /// How it was evaluated for the window, as `show` prints it (`scaled 60 at 375 pt`,
        /// `size 44 relativeTo body at xLarge`, a column rule); nil for a plain value.
        public let rule: String?
        /// For a column rule, its layout for the window.
        public let columnLayout: ColumnLayout?

        /// `Card_iPhone6.json:3:15`: the file, line and column, as a compiler places a message.
        public var place: String {
            line > 0 ? "\(fileName):\(line):\(column)" : fileName
        }

        /// `marginLeft 15.0 ← Card_iPhone6.json:3:15`, with the rule after it when there is one.
        public var description: String {
            "\(attribute) \(value) ← \(place)" + (rule.map { " (\($0))" } ?? "")
        }
    }

    /// The container.
    public let container: String
    /// The view.
    public let viewId: String
    /// The device class the files were looked for on.
    public let device: DeviceName
    /// The files looked for, most specific first, ending with the base file: the lookup chain as file names, width
    /// and orientation qualifiers included (`Card_iPad-landscape.json`, `Card_w600.json`, `Card_landscape.json`).
    public let lookup: [String]
    /// The files of ``lookup`` that exist, in the same order.
    public let filesRead: [String]
    /// The attributes some file sets, in the standard order (``ConstraintAttribute``), then extensions by name, then
    /// `columns`. A standard attribute no file sets is not listed: it reads as 0.
    public let values: [Value]

    /// The value of `attribute`, if a file sets it.
    public subscript(attribute: String) -> Value? {
        values.first { $0.attribute == attribute }
    }

    /// The view, the files looked for, then one line per value.
    public var description: String {
        (["\(container).\(viewId) on \(device): looked for \(lookup.joined(separator: " → "))"]
            + values.map { "  \($0)" }).joined(separator: "\n")
    }
}

extension ConstraintProvenance {
    /// The provenance of every view of a container's files (read with their attribute locations), most specific
    /// first, in the order views first appear along the chain: merged and resolved for `environment` by the merge's
    /// own code (``ContainerConstraints/resolvedRecords(of:for:device:catalog:)``).
    ///
    /// - Parameters:
    ///   - lookup: the file names looked for, most specific first.
    ///   - files: the files that exist, in the order of `lookup`, each with the class it was read for (nil for a file
    ///     of no class).
    ///   - viewId: the one view to answer for; nil for every view.
    package static func views(
        of container: String, lookup: [String], files: [(file: ContainerConstraints, deviceClass: DeviceName?)],
        for environment: LayoutEnvironment, device: DeviceProfile, catalog: DeviceCatalog, only viewId: String? = nil
    ) -> [ConstraintProvenance] {
        let merged = ViewTable.merged(files.map(\.file.table))
        let resolved = ContainerConstraints.resolvedRecords(
            of: files.map { ($0.file, $0.deviceClass) }, for: environment, device: device, catalog: catalog)
        /// The design width a file's scaled values are taken against: the one it states, else its class's, or the
        /// device's for a file of no class.
        func designWidth(of index: Int) -> Double {
            if let stated = files[index].file.designWidth { return stated }
            return files[index].deviceClass.flatMap { catalog.profile(named: $0)?.designWidth } ?? device.designWidth
        }
        let filesRead = files.map(\.file.fileName)
        var views: [ConstraintProvenance] = []
        views.reserveCapacity(merged.count)
        let entries = viewId.map { merged.index(of: $0).map { [$0] } ?? [] } ?? Array(0..<merged.count)
        let facts = FileFacts(files.map(\.file), only: viewId)
        for entry in entries {
            let viewId = merged.viewId(at: entry)
            let record = merged.record(at: entry)
            let known = ConstraintAttribute.allCases.filter { record.contains($0) }.map(\.rawValue)
            let setBy = facts.firstSetting[viewId] ?? [:]
            var values: [Value] = []
            for attribute in known + record.extensions.keys.sorted() {
                guard let index = setBy[attribute],
                    let value = resolved[viewId]?[attribute: attribute] ?? record[attribute: attribute]
                else { continue }
                let file = files[index].file
                var kind = Kind.plain
                var rule: String?
                let adaptive = facts.adaptive[index][viewId]?[attribute]
                if case .scaled(let scaled)? = adaptive {
                    kind = .scaled
                    rule = "\(scaled) at \(designWidth(of: index).compactDescription) pt"
                } else {
                    let fileRecord = file[viewId]
                    kind =
                        ContainerConstraints.textKind(of: adaptive, attribute: attribute, record: fileRecord) ?? .plain
                    rule = ContainerConstraints.textRule(
                        of: adaptive, attribute: attribute, record: fileRecord, at: environment.textSize)
                }
                values.append(
                    Value(
                        file, viewId: viewId, attribute: attribute, value: value, kind: kind, rule: rule,
                        columnLayout: nil))
            }
            if let index = facts.firstColumns[viewId],
                case .columns(let columns)? = facts.adaptive[index][viewId]?[ColumnRule.key]
            {
                let file = files[index].file
                let layout = columns.layout(for: environment)
                values.append(
                    Value(
                        file, viewId: viewId, attribute: ColumnRule.key, value: .string(layout.description),
                        kind: .columns, rule: columns.description, columnLayout: layout))
            }
            views.append(
                ConstraintProvenance(
                    container: container, viewId: viewId, device: device.name, lookup: lookup, filesRead: filesRead,
                    values: values))
        }
        return views
    }

    /// What provenance asks of a container's files, gathered in one pass over them in chain order: so that a view
    /// given an attribute by each of thousands of files, a file of thousands of views, a view of thousands of scaled
    /// values, or thousands of files of one view each, take time that follows what the files give, never views (or
    /// attributes) times files (or values). Names and view ids are dictionary keys, compared as
    /// `ConstraintRecord/contains(_:)` and the tables compare them: by canonical equivalence.
    private struct FileFacts {
        /// For each view, for each attribute some file sets, the position of the first file that sets it.
        var firstSetting: [String: [String: Int]] = [:]
        /// For each file, for each of its views, its adaptive values by attribute (the first of a name).
        var adaptive: [[String: [String: AdaptiveValue]]] = []
        /// For each view, the position of the first file that gives it a column rule.
        var firstColumns: [String: Int] = [:]

        /// The facts of `files`, of every view, or only of `viewId`.
        init(_ files: [ContainerConstraints], only viewId: String?) {
            adaptive.reserveCapacity(files.count)
            for (index, file) in files.enumerated() {
                let table = file.table
                var byView: [String: [String: AdaptiveValue]] = [:]
                func note(_ id: String, entry: Int) {
                    for name in table.record(at: entry).attributeNames where firstSetting[id]?[name] == nil {
                        firstSetting[id, default: [:]][name] = index
                    }
                    for value in table.adaptiveValues(ofEntry: entry) {
                        if byView[id]?[value.name] == nil { byView[id, default: [:]][value.name] = value.value }
                        if case .columns = value.value, firstColumns[id] == nil { firstColumns[id] = index }
                    }
                }
                if let viewId {
                    if let entry = table.index(of: viewId) { note(viewId, entry: entry) }
                } else {
                    for entry in 0..<table.count { note(table.viewId(at: entry), entry: entry) }
                }
                adaptive.append(byView)
            }
        }
    }
}

extension ConstraintProvenance.Value {
    /// A value `file` sets, placed where the file's attribute locations say.
    fileprivate init(
        _ file: ContainerConstraints, viewId: String, attribute: String, value: ConstraintValue,
        kind: ConstraintProvenance.Kind, rule: String?, columnLayout: ColumnLayout?
    ) {
        let location = file.attributeLocations?.location(of: attribute, viewId: viewId)
        self.init(
            attribute: attribute, value: value, fileName: file.fileName, line: location?.line ?? 0,
            column: location?.column ?? 0, kind: kind, rule: rule, columnLayout: columnLayout)
    }
}
