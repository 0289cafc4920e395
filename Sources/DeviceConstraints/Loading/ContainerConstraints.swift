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
    /// The records by view id.
    public let records: [String: ConstraintRecord]
    /// The view ids in the order the file lists them.
    public let viewIds: [String]
    /// The byte offset of each view id's key in the file, in the order of ``viewIds``.
    package let viewOffsets: [Int]

    package init(
        container: String, fileName: String, records: [String: ConstraintRecord], viewIds: [String],
        viewOffsets: [Int]
    ) {
        self.container = container
        self.fileName = fileName
        self.records = records
        self.viewIds = viewIds
        self.viewOffsets = viewOffsets
    }

    /// The record of `viewId` in this file.
    public subscript(viewId: String) -> ConstraintRecord? {
        records[viewId]
    }

    /// Merges the files of one container along a lookup chain, most specific first: each record takes
    /// every attribute from the first file that sets it. View ids keep the order of their first appearance.
    public static func merge(_ files: [ContainerConstraints]) -> (
        records: [String: ConstraintRecord], viewIds: [String]
    ) {
        var records: [String: ConstraintRecord] = [:]
        var viewIds: [String] = []
        for file in files {
            for viewId in file.viewIds {
                guard let record = file.records[viewId] else { continue }
                if let earlier = records[viewId] {
                    records[viewId] = earlier.merged(over: record)
                } else {
                    records[viewId] = record
                    viewIds.append(viewId)
                }
            }
        }
        return (records, viewIds)
    }
}
