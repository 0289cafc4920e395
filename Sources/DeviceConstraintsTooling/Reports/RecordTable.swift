package import DeviceConstraints

/// The records one device gets for one container, merged along its lookup chain as the interpreter merges
/// them, with the file each value came from.
///
/// ```swift
/// let table = try RecordTable(
///     container: "Calendar", device: DeviceCatalog.standard.resolve(width: 390, height: 844),
///     catalog: .standard, source: DirectorySource(URL(fileURLWithPath: "Constraints")))
/// table.rows.first   // dayButton  marginLeft  4.0  Calendar_iPhone6.json:4:9
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
        /// The line of the attribute's key in ``source``; nil for a default or a value that could not be placed.
        package var line: Int?
        /// The column of the attribute's key in ``source``.
        package var column: Int?

        /// `Card_iPhone6.json:4:9`: the source file, line and column; the file alone when it has no place, nil for
        /// a default.
        package var place: String? {
            guard let source else { return nil }
            guard let line, let column else { return source }
            return "\(source):\(line):\(column)"
        }

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
                listing: listing ?? FileListing(source), parser: parser, diagnostics: warnings.handler,
                locatingAttributes: true)
        } catch  where error.code == .fileNotFound {
            throw Self.suggestingContainer(in: error, for: container, source: source, catalog: catalog)
        }
        let (lookup, found) = read
        self.container = container
        self.device = device
        self.lookup = lookup
        self.filesRead = found.map(\.file.fileName)
        self.rows = Self.rows(
            of: container, lookup: lookup, files: found, for: window, device: device, catalog: catalog)
        self.warnings = warnings.diagnostics
    }

    /// The merged records, each attribute with the first file along the chain that sets it and the line and column
    /// of its key there: the views' provenance (``ConstraintProvenance``, as the interpreter answers it), with a
    /// row of 0 for each standard attribute no file sets.
    ///
    /// A scaled value is evaluated for `environment` against the design width its file states, else that of the
    /// class whose file gave it (the resolved `device`'s for the base file), and a column rule gives a `columns` row,
    /// as lookups do.
    private static func rows(
        of container: String, lookup: [String], files: [(file: ContainerConstraints, deviceClass: DeviceName?)],
        for environment: LayoutEnvironment, device: DeviceProfile, catalog: DeviceCatalog
    ) -> [Row] {
        let views = ConstraintProvenance.views(
            of: container, lookup: lookup, files: files, for: environment, device: device, catalog: catalog)
        var rows: [Row] = []
        for view in views {
            var set: [String: ConstraintProvenance.Value] = [:]
            for value in view.values { set[value.attribute] = value }
            func row(_ value: ConstraintProvenance.Value) -> Row {
                var row = Row(
                    viewId: view.viewId, attribute: value.attribute, value: value.value, source: value.fileName,
                    rule: value.rule)
                row.line = value.line > 0 ? value.line : nil
                row.column = value.line > 0 ? value.column : nil
                row.columns = value.columnLayout
                return row
            }
            for attribute in ConstraintAttribute.allCases {
                if let value = set[attribute.rawValue] {
                    rows.append(row(value))
                } else if attribute.isStandard {
                    rows.append(Row(viewId: view.viewId, attribute: attribute.rawValue, value: .number(0), source: nil))
                }
            }
            for value in view.values where ConstraintAttribute(rawValue: value.attribute) == nil {
                rows.append(row(value))
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
    /// table: view, attribute, value, source (`Card_iPhone6.json:4:9`: the file, line and column that set the value;
    /// `default (0)` for a standard attribute no file sets).
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
                return [row.viewId, row.attribute, value, row.place ?? "default (0)"]
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
    ///         { "name": "marginLeft", "value": 15.0, "source": "Card_iPhone6.json", "line": 4, "column": 9 },
    ///         { "name": "marginBottom", "value": 0.0, "source": null },
    ///         { "name": "width", "value": 375.0, "source": "Card.json", "line": 5, "column": 9,
    ///           "rule": "scaled 375 at 375 pt" } ] } ] }
    /// ```
    ///
    /// A `value` is a JSON number, string or bool; a `source` of `null` marks a standard attribute that no
    /// file sets, which reads as 0; `line` and `column` place the attribute's key in `source`; `rule` is there only
    /// for a value that depends on the window.
    package func json(directory: String) -> JSONValue {
        var views: [(id: String, attributes: [JSONValue])] = []
        for row in rows {
            var fields: [(String, JSONValue)] = [
                ("name", .string(row.attribute)), ("value", Self.json(row.value)), ("source", .nullable(row.source)),
            ]
            if let line = row.line, let column = row.column {
                fields += [("line", .integer(line)), ("column", .integer(column))]
            }
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
