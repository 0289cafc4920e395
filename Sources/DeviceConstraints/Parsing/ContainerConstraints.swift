/// The records of one constraint file, as the parser read them: immutable, not yet merged with other files.
///
/// ```swift
/// let file = try ConstraintFileParser().parse(data, fileName: "Calendar_iPhone6.json")
/// file.container        // "Calendar"
/// file.viewIds          // in the order the file lists them
/// file["dayButton"]     // the record as this file gives it
/// ```
public struct ContainerConstraints: Sendable, Hashable {
    /// The container: the file's top-level key.
    public let container: String
    /// The name of the file the records came from.
    public let fileName: String
    /// The records, by view id, as lookups read them.
    let table: ViewTable
    /// The byte offset of each view id's key in the file, in the order of ``viewIds``.
    package let viewOffsets: [Int]
    /// The width the file says it was drawn for, `"designWidth": 375` beside its container key: its scaled values
    /// (`{"scaled": 60}`) scale against it. Nil when the file states none: then they scale against the design width
    /// of the class whose file it is (``DeviceProfile/designWidth``), or the resolved class's for the base file.
    public let designWidth: Double?
    /// Where the file gives each attribute, when it was read for a value's provenance (``ContainerFiles``'s
    /// `parse(…, locatingAttributes: true)`); nil otherwise. Not part of equality.
    package internal(set) var attributeLocations: AttributeLocations?

    init(container: String, fileName: String, table: ViewTable, viewOffsets: [Int], designWidth: Double? = nil) {
        self.container = container
        self.fileName = fileName
        self.table = table
        self.viewOffsets = viewOffsets
        self.designWidth = designWidth
    }

    /// The scaled values (`{"scaled": n}`) this file gives `viewId`, by attribute name; the records hold their
    /// number at the design width.
    package func scaledValues(of viewId: String) -> [String: ScaledValue] {
        var values: [String: ScaledValue] = [:]
        for adaptive in adaptiveValues(of: viewId) {
            if case .scaled(let value) = adaptive.value { values[adaptive.name] = value }
        }
        return values
    }

    /// The adaptive values (scaled values, column rules, text-scaled and fixed font sizes) this file gives `viewId`,
    /// in the file's order.
    func adaptiveValues(of viewId: String) -> ArraySlice<AdaptiveAttribute> {
        guard let entry = table.index(of: viewId) else { return [] }
        return table.adaptiveValues(ofEntry: entry)
    }

    /// Whether the file has a scaled value (`{"scaled": n}`) anywhere.
    package var hasScaledValues: Bool {
        table.adaptiveValues.contains { if case .scaled = $0.value { true } else { false } }
    }

    /// The column rule this file gives `viewId`, if any.
    package func columnRule(of viewId: String) -> ColumnRule? {
        for adaptive in adaptiveValues(of: viewId) {
            if case .columns(let rule) = adaptive.value { return rule }
        }
        return nil
    }

    /// How this file's `attribute` of `viewId` follows the text size, as `show` prints it at `textSize`: `size 44
    /// relativeTo body at xLarge`, `fixed` for a font size that never follows it, `follows body at xLarge` for a plain
    /// font size away from `.large`; nil for a value that does not follow it (or a plain font size at `.large`).
    package func textRule(of viewId: String, attribute: String, at textSize: TextSize) -> String? {
        Self.textRule(
            of: adaptiveValues(of: viewId).first { $0.name == attribute }?.value, attribute: attribute,
            record: table.record(viewId), at: textSize)
    }

    /// ``textRule(of:attribute:at:)`` for the attribute's adaptive value `value` (nil for none) in `record`.
    static func textRule(
        of value: AdaptiveValue?, attribute: String, record: ConstraintRecord?, at textSize: TextSize
    ) -> String? {
        switch value {
        case .text(let text)?: return "\(text) at \(textSize.rawValue)"
        case .fixed?: return "fixed"
        case .scaled?, .columns?: return nil
        case nil:
            guard attribute == ConstraintAttribute.fontSize.rawValue, textSize != .large,
                record?.contains(.fontSize) == true
            else { return nil }
            return "follows body at \(textSize.rawValue)"
        }
    }

    /// How this file's `attribute` of `viewId` follows the text size: `.textScaled` for a text-scaled value or a
    /// plain font size (which follows `body`), `.fixed` for a fixed font size; nil for a value that does not follow it.
    package func textKind(of viewId: String, attribute: String) -> ConstraintProvenance.Kind? {
        Self.textKind(
            of: adaptiveValues(of: viewId).first { $0.name == attribute }?.value, attribute: attribute,
            record: table.record(viewId))
    }

    /// ``textKind(of:attribute:)`` for the attribute's adaptive value `value` (nil for none) in `record`.
    static func textKind(of value: AdaptiveValue?, attribute: String, record: ConstraintRecord?)
        -> ConstraintProvenance.Kind?
    {
        switch value {
        case .text?: return .textScaled
        case .fixed?: return .fixed
        case .scaled?, .columns?: return nil
        case nil:
            guard attribute == ConstraintAttribute.fontSize.rawValue, record?.contains(.fontSize) == true else {
                return nil
            }
            return .textScaled
        }
    }

    /// The records of `files`, most specific first, each with the class it was read for (nil for the base file),
    /// merged and resolved for `environment` exactly as a lookup resolves them: scaled values, column rules,
    /// text-scaled values and font sizes included (the merged-container stage's own code).
    package static func resolvedRecords(
        of files: [(file: ContainerConstraints, device: DeviceName?)], for environment: LayoutEnvironment,
        device: DeviceProfile, catalog: DeviceCatalog
    ) -> [String: ConstraintRecord] {
        let merged = MergedContainer(
            files: files.map { (ParsedFile(fileName: $0.file.fileName, table: $0.file.table, warnings: []), $0.device) }
        )
        return merged.resolved(for: environment, device: device, catalog: catalog).dictionary
    }

    /// The records by view id (a new dictionary on each call; ``subscript(_:)`` finds one record).
    public var records: [String: ConstraintRecord] {
        table.dictionary
    }

    /// The view ids in the order the file lists them.
    public var viewIds: [String] {
        table.viewIds
    }

    /// The number of views in the file.
    public var count: Int {
        table.count
    }

    /// The record of `viewId` in this file.
    public subscript(viewId: String) -> ConstraintRecord? {
        table.record(viewId)
    }

    /// Equal when both hold the same container, file name and design width, views in the same order with equal
    /// records, and the same scaled values and column rules.
    public static func == (lhs: ContainerConstraints, rhs: ContainerConstraints) -> Bool {
        lhs.container == rhs.container && lhs.fileName == rhs.fileName && lhs.designWidth == rhs.designWidth
            && lhs.table.count == rhs.table.count
            && (0..<lhs.table.count).allSatisfy { i in
                lhs.table.viewId(at: i) == rhs.table.viewId(at: i) && lhs.table.record(at: i) == rhs.table.record(at: i)
            } && lhs.table.adaptiveValues == rhs.table.adaptiveValues
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(container)
        hasher.combine(fileName)
        hasher.combine(designWidth)
        hasher.combine(table.count)
        for i in 0..<table.count {
            hasher.combine(table.viewId(at: i))
            hasher.combine(table.record(at: i))
        }
    }

    /// Merges the files of one container along a lookup chain, most specific first: each record takes
    /// every attribute from the first file that sets it. View ids keep the order of their first appearance.
    public static func merge(_ files: [ContainerConstraints]) -> (
        records: [String: ConstraintRecord], viewIds: [String]
    ) {
        let merged = ViewTable.merged(files.map(\.table))
        return (merged.dictionary, merged.viewIds)
    }
}
