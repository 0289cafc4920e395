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

        /// A row; see the properties.
        package init(viewId: String, attribute: String, value: ConstraintValue, source: String?) {
            self.viewId = viewId
            self.attribute = attribute
            self.value = value
            self.source = source
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
    package init(
        container: String, device: DeviceProfile, catalog: DeviceCatalog, source: any ConstraintSource,
        parser: ConstraintFileParser = ConstraintFileParser()
    ) throws(ConstraintError) {
        if let error = ConstraintFileName.validateContainer(container) { throw error }
        let read: (lookup: [String], files: [ContainerConstraints])
        let warnings = DiagnosticCollector()
        do throws(ConstraintError) {
            read = try parser.parseFiles(
                of: container, on: device.name, along: catalog.lookupChain(for: device), from: source,
                diagnostics: warnings.handler)
        } catch  where error.code == .fileNotFound {
            throw Self.suggestingContainer(in: error, for: container, source: source, catalog: catalog)
        }
        let (lookup, files) = read
        self.container = container
        self.device = device
        self.lookup = lookup
        self.filesRead = files.map(\.fileName)
        self.rows = Self.rows(of: files)
        self.warnings = warnings.diagnostics
    }

    /// The merged records, each attribute with the first file along the chain that sets it.
    private static func rows(of files: [ContainerConstraints]) -> [Row] {
        let merged = ContainerConstraints.merge(files)
        var rows: [Row] = []
        for viewId in merged.viewIds {
            guard let record = merged.records[viewId] else { continue }
            let known = ConstraintAttribute.allCases.filter { record.contains($0) || $0.isStandard }.map(\.rawValue)
            for attribute in known + record.extensions.keys.sorted() {
                guard let value = record[attribute: attribute] else { continue }
                let source = files.first { $0[viewId]?.contains(attribute) == true }?.fileName
                rows.append(Row(viewId: viewId, attribute: attribute, value: value, source: source))
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
        let containers = Set(
            ((try? source.fileNames()) ?? []).compactMap { ConstraintFileName(parsing: $0, knownDevices: known) }
                .map(\.container))
        if let suggestion = EditDistance.closest(to: container, among: containers.sorted(), maximum: 3) {
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
    /// - Parameter window: the window size the device was resolved from (`390×844`), if it was.
    package func text(directory: String, window: String? = nil) -> String {
        let header = TextTable(rows: [
            ["container:", container],
            ["device:", device.description + (window.map { ", resolved from a \($0) window" } ?? "")],
            ["lookup:", lookup.joined(separator: " → ")],
            ["files read:", filesRead.map { DisplayPath.join(directory, $0) }.joined(separator: ", ")],
        ])
        let table = TextTable(
            header: ["view", "attribute", "value", "source"],
            rows: rows.map { [$0.viewId, $0.attribute, $0.value.description, $0.source ?? "default (0)"] })
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
    ///         { "name": "marginBottom", "value": 0.0, "source": null } ] } ] }
    /// ```
    ///
    /// A `value` is a JSON number, string or bool; a `source` of `null` marks a standard attribute that no
    /// file sets, which reads as 0.
    package func json(directory: String) -> JSONValue {
        var views: [(id: String, attributes: [JSONValue])] = []
        for row in rows {
            let attribute = JSONValue.object([
                ("name", .string(row.attribute)), ("value", Self.json(row.value)), ("source", .nullable(row.source)),
            ])
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
