/// The line and column of every attribute's key in one constraint file, for a value's provenance: read from the
/// file's bytes when provenance is asked for, so that lookups never pay for it.
///
/// ```swift
/// let locations = AttributeLocations(bytes: Array(#"{"Card": [{"title": {"width": 1}}]}"#.utf8), container: "Card")
/// locations.location(of: "width", viewId: "title")   // (line: 1, column: 22)
/// ```
///
/// Both forms of a container are read (an array of one-view objects, or one object of views); a key given twice
/// is placed where it is given last, as the parser keeps the last value.
package struct AttributeLocations: Sendable, Hashable {
    /// A 1-based line and column, the column counted in characters (Unicode scalars).
    package struct Location: Sendable, Hashable {
        package var line: Int
        package var column: Int
    }

    private var locations: [String: [String: Location]] = [:]

    /// Locates the attributes of `container`'s views in `bytes`: one pass over the document, one binary search
    /// per key. Bytes that do not parse give no locations.
    package init(bytes: [UInt8], container: String, maximumDepth: Int = JSONDocument.defaultMaximumDepth) {
        guard let document = try? JSONDocument(bytes: bytes, maximumDepth: maximumDepth) else { return }
        var containerValue: JSONDocument.Index?
        for (key, value) in document.members(document.root) where document.stringEquals(key, container) {
            containerValue = value
        }
        guard let containerValue else { return }
        var views: [(key: JSONDocument.Index, value: JSONDocument.Index)] = []
        switch document.kind(containerValue) {
        case .object:
            views = Array(document.members(containerValue))
        case .array:
            for element in document.elements(containerValue) { views += document.members(element) }
        default:
            return
        }
        for (viewKey, record) in views {
            let viewId = document.string(viewKey)
            for (key, _) in document.members(record) {
                let (line, column) = document.location(of: key)
                locations[viewId, default: [:]][document.string(key)] = Location(line: line, column: column)
            }
        }
    }

    /// Where the file gives `attribute` of `viewId`: its key's line and column; nil when the file does not give it.
    package func location(of attribute: String, viewId: String) -> Location? {
        locations[viewId]?[attribute]
    }
}
