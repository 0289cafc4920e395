package import DeviceConstraints

/// The records one device gets for one container, merged along its lookup chain as the interpreter merges
/// them, with the file each value came from.
///
/// ```swift
/// let table = try RecordTable(
///     container: "Calendar", device: DeviceCatalog.standard.resolve(width: 390, height: 844),
///     catalog: .standard, source: DirectorySource(URL(fileURLWithPath: "Constraints")))
/// table.rows.first   // dayButton  marginLeft  4.0  Calendar_iPhone6.json
/// ```
package struct RecordTable: Sendable, Hashable {
    /// One attribute of one view, and where its value came from.
    package struct Row: Sendable, Hashable {
        /// The view id.
        package var viewId: String
        /// The attribute name.
        package var attribute: String
        /// The value the device gets.
        package var value: ConstraintValue
        /// The file that set it; nil for a standard attribute that no file sets, which reads as 0.
        package var source: String?
        /// The rule the value was evaluated with for the window (`scaled 1366 at 1366 pt`), if it depends on it.
        package var rule: String?
        /// For the `columns` row, the column rule evaluated for the window, which `value` describes.
        package var columns: ColumnLayout?

        /// A row; see the properties.
        package init(viewId: String, attribute: String, value: ConstraintValue, source: String?, rule: String? = nil) {
            self.viewId = viewId
            self.attribute = attribute
            self.value = value
            self.source = source
            self.rule = rule
        }
    }

    /// The container.
    package let container: String
    /// The device.
    package let device: DeviceProfile
    /// The files the device looks for, most specific first, ending with the base file.
    package let lookup: [String]
    /// The files of ``lookup`` that exist, in the same order.
    package let filesRead: [String]
    /// Each view's attributes: views in the order they first appear along the chain; attributes in the
    /// standard order, then extensions by name. Standard attributes that no file sets are listed as 0.
    package let rows: [Row]
    /// What the parser warned about while it read the files (misspelt attributes, keys given twice), each
    /// with its file as the source names it.
    package let warnings: [ConstraintDiagnostic]

    /// Reads and merges the files of `container` that `device` reads.
    ///
    /// - Throws: ``ConstraintError``: `.fileNotFound` when no file of the container is on the device's
    ///   chain (suggesting a container of the source with a similar name); `.unreadableFile`; any error of
    ///   the parser.
    /// - Parameter environment: the window scaled values and column rules are evaluated for; nil for the device's
    ///   portrait size.
    /// - Parameter listing: the source's file names, when the caller has listed them for many tables; nil to list
    ///   them here.
    package init(
        container: String, device: DeviceProfile, catalog: DeviceCatalog, source: any ConstraintSource,
        environment: LayoutEnvironment? = nil, parser: ConstraintFileParser = ConstraintFileParser(),
        listing: FileListing?? = nil
    ) throws(ConstraintError) {
        if let error = ConstraintFileName.validateContainer(container) { throw error }
        let read: (lookup: [String], files: [(file: ContainerConstraints, deviceClass: DeviceName?)])
        let warnings = DiagnosticCollector()
        let chain = catalog.lookupChain(for: device)
        let window = environment ?? LayoutEnvironment(width: device.width, height: device.height, idiom: device.idiom)
        do throws(ConstraintError) {
            read = try ContainerFiles.parse(
                container, on: device.name, along: chain, catalog: catalog, window: window, from: source,
                listing: listing ?? FileListing(source), parser: parser, diagnostics: warnings.handler)
        } catch  where error.code == .fileNotFound {
            throw Self.suggestingContainer(in: error, for: container, source: source, catalog: catalog)
        }
        let (lookup, found) = read
        let files = found.map(\.file)
        self.container = container
        self.device = device
        self.lookup = lookup
        self.filesRead = files.map(\.fileName)
        let environment = window
        // The class each file is read for (a model's file is its class's; the base file is of none).
        var fileDevices: [String: DeviceName] = [:]
        for (file, deviceClass) in found { fileDevices[file.fileName] = deviceClass }
        self.rows = Self.rows(of: files, for: environment, device: device, catalog: catalog, fileDevices: fileDevices)
        self.warnings = warnings.diagnostics
    }

    /// The merged records, each attribute with the first file along the chain that sets it.
    ///
    /// A scaled value is evaluated for `environment` against the design width its file states, else that of the class whose file gave it (the
    /// resolved `device`'s for the base file), and a column rule gives a `columns` row, as lookups do.
    ///
    /// - Parameter fileDevices: the device each file of the device's chain is of (the base file is of none): read
    ///   from the chain, not from the file name against every name of the catalog, which made `preview` quadratic in
    ///   the number of devices (10,000 devices took 13 s).
    private static func rows(
        of files: [ContainerConstraints], for environment: LayoutEnvironment, device: DeviceProfile,
        catalog: DeviceCatalog, fileDevices: [String: DeviceName]
    ) -> [Row] {
        let merged = ContainerConstraints.merge(files)
        // The values as a lookup resolves them for the window and the text size; the files give each one's source.
        let resolved = ContainerConstraints.resolvedRecords(
            of: files.map { ($0, fileDevices[$0.fileName]) }, for: environment, device: device, catalog: catalog)
        /// The design width a file's scaled values are taken against: the one it states, else its class's, or the
        /// device's for the base file.
        func designWidth(of file: ContainerConstraints) -> Double {
            if let stated = file.designWidth { return stated }
            return fileDevices[file.fileName].flatMap { catalog.profile(named: $0)?.designWidth } ?? device.designWidth
        }
        var rows: [Row] = []
        for viewId in merged.viewIds {
            guard let record = merged.records[viewId] else { continue }
            let known = ConstraintAttribute.allCases.filter { record.contains($0) || $0.isStandard }.map(\.rawValue)
            for attribute in known + record.extensions.keys.sorted() {
                guard let value = resolved[viewId]?[attribute: attribute] ?? record[attribute: attribute] else {
                    continue
                }
                let file = files.first { $0[viewId]?.contains(attribute) == true }
                var rule: String?
                if let file, let scaled = file.scaledValues(of: viewId)[attribute] {
                    rule = "\(scaled) at \(designWidth(of: file).compactDescription) pt"
                } else if let file {
                    rule = file.textRule(of: viewId, attribute: attribute, at: environment.textSize)
                }
                rows.append(Row(viewId: viewId, attribute: attribute, value: value, source: file?.fileName, rule: rule))
            }
            if let file = files.first(where: { $0.columnRule(of: viewId) != nil }),
                let columns = file.columnRule(of: viewId)
            {
                let layout = columns.layout(for: environment)
                var row = Row(
                    viewId: viewId, attribute: "columns", value: .string(layout.description), source: file.fileName,
                    rule: columns.description)
                row.columns = layout
                rows.append(row)
            }
        }
        return rows
    }

    /// `error` with a container of `source` whose name is near `container`, or a hint to list them.
    private static func suggestingContainer(
        in error: ConstraintError, for container: String, source: any ConstraintSource, catalog: DeviceCatalog
    ) -> ConstraintError {
        var error = error
        let known = Set(catalog.profiles.map(\.name))
        let files = ((try? source.fileNames()) ?? []).compactMap {
            ConstraintFileName(parsing: $0, knownDevices: known)
        }
        let containers = Set(files.map(\.container))
        let own = files.filter { $0.container == container }.compactMap(\.device)
        if !own.isEmpty {
            // The container exists, only not for this device: say for which devices it does, and what to add.
            let devices = Set(own).sorted { $0.rawValue < $1.rawValue }.map(\.rawValue).joined(separator: ", ")
            error.message +=
                "; the folder has files of \"\(container)\" only for \(devices): add "
                + "\(ConstraintFileName(container: container).fileName), which every device reads, or a file for a "
                + "device this one falls back to"
        } else if let suggestion = EditDistance.closest(to: container, among: containers.sorted(), maximum: 3) {
            error.message += "; did you mean \"\(suggestion)\"?"
        } else if !containers.isEmpty {
            error.message += "; run 'device-constraints coverage' to see the containers and their files"
        }
        return error
    }

    // MARK: - Output

    /// A header (container, device, the files looked for and the files read, under `directory`), then the
    /// table: view, attribute, value, source file (`default` for a standard attribute no file sets).
    ///
    /// - Parameters:
    ///   - window: the window size the device was resolved from (`390×844`), if it was.
    ///   - textSize: the text size the values were evaluated at; named on the device's line unless `.large`.
    package func text(directory: String, window: String? = nil, textSize: TextSize = .large) -> String {
        let header = TextTable(rows: [
            ["container:", container],
            [
                "device:",
                device.description + (window.map { ", resolved from a \($0) window" } ?? "")
                    + (textSize == .large ? "" : ", text size \(textSize.rawValue)"),
            ],
            ["lookup:", lookup.joined(separator: " → ")],
            ["files read:", filesRead.map { DisplayPath.join(directory, $0) }.joined(separator: ", ")],
        ])
        // A rule column only when a value depends on the window, so that plain files print as they always did.
        let hasRules = rows.contains { $0.rule != nil }
        let table = TextTable(
            header: ["view", "attribute", "value", "source"] + (hasRules ? ["rule"] : []),
            rows: rows.map { row in
                let value: String =
                    if case .string(let text) = row.value, row.attribute == "columns" { text } else {
                        row.value.description
                    }
                return [row.viewId, row.attribute, value, row.source ?? "default (0)"]
                    + (hasRules ? [row.rule ?? ""] : [])
            })
        return header.rendered + "\n\n" + table.rendered
    }

    /// The table for `show --json`:
    ///
    /// ```json
    /// { "container": "Card",
    ///   "device": { "name": "iPhoneX", "idiom": "phone", "width": 375, "height": 812, "fallbacks": ["iPhone6"] },
    ///   "lookup": ["Card_iPhoneX.json", "Card_iPhone6.json", "Card.json"],
    ///   "filesRead": ["Constraints/Card_iPhone6.json", "Constraints/Card.json"],
    ///   "views": [
    ///     { "id": "title",
    ///       "attributes": [
    ///         { "name": "marginLeft", "value": 15.0, "source": "Card_iPhone6.json" },
    ///         { "name": "marginBottom", "value": 0.0, "source": null },
    ///         { "name": "width", "value": 375.0, "source": "Card.json", "rule": "scaled 375 at 375 pt" } ] } ] }
    /// ```
    ///
    /// A `value` is a JSON number, string or bool; a `source` of `null` marks a standard attribute that no
    /// file sets, which reads as 0; `rule` is there only for a value that depends on the window.
    package func json(directory: String) -> JSONValue {
        var views: [(id: String, attributes: [JSONValue])] = []
        for row in rows {
            var fields: [(String, JSONValue)] = [
                ("name", .string(row.attribute)), ("value", Self.json(row.value)), ("source", .nullable(row.source)),
            ]
            if let rule = row.rule { fields.append(("rule", .string(rule))) }
            let attribute = JSONValue.object(fields)
            if views.last?.id == row.viewId {
                views[views.count - 1].attributes.append(attribute)
            } else {
                views.append((row.viewId, [attribute]))
            }
        }
        return .object([
            ("container", .string(container)),
            ("device", DevicesReport.json(device)),
            ("lookup", .array(lookup.map { .string($0) })),
            ("filesRead", .array(filesRead.map { .string(DisplayPath.join(directory, $0)) })),
            ("views", .array(views.map { .object([("id", .string($0.id)), ("attributes", .array($0.attributes))]) })),
        ])
    }

    private static func json(_ value: ConstraintValue) -> JSONValue {
        switch value {
        case .number(let number): .number(number)
        case .string(let string): .string(string)
        case .bool(let bool): .bool(bool)
        }
    }
}
