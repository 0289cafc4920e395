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
        merge(consuming: files)
    }

    /// ``merge(_:)`` for a caller that gives the files up: the most specific file's records become the result
    /// in place, without a copy, and each later file only fills in what is missing, with one hash per view.
    static func merge(consuming files: consuming [ContainerConstraints]) -> (
        records: [String: ConstraintRecord], viewIds: [String]
    ) {
        guard !files.isEmpty else { return ([:], []) }
        let first = files.removeFirst()
        var records = first.records
        var viewIds = first.viewIds
        // Release the file's own references now, so that `records` is unique and mutated in place.
        _ = consume first
        for file in files {
            var added: [String: ConstraintRecord] = [:]
            for (viewId, record) in file.records {
                if let index = records.index(forKey: viewId) {
                    records.values[index] = records.values[index].merged(over: record)
                } else {
                    added[viewId] = record
                }
            }
            // Views that only this file has keep its order, after the views already merged.
            if !added.isEmpty {
                for viewId in file.viewIds {
                    guard let record = added[viewId] else { continue }
                    records[viewId] = record
                    viewIds.append(viewId)
                }
            }
        }
        return (records, viewIds)
    }
}
