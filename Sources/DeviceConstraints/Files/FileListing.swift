/// The file names of a source, listed once per change of its files: which of a container's other names to read
/// (a model's name, an orientation, a width) without asking the source for each.
///
/// A class's own file (`Card_iPhone6.json`) and the base file are always asked for, listed or not, as they always
/// were; the other names of a lookup chain are read only when the listing holds them, or, from a source that
/// cannot list its files, asked for one by one (width qualifiers cannot be guessed, so such a source reads none).
package struct FileListing: Sendable {
    /// Every name the source listed.
    package let names: Set<String>

    /// Lists `source`; nil when it cannot list its files.
    package init?(_ source: any ConstraintSource) {
        guard let listed = try? source.fileNames() else { return nil }
        self.init(names: listed)
    }

    /// The widths of the width qualifiers of each container's files (`Card_w600.json`, `Card_w600-portrait.json`),
    /// widest first, each once.
    package let widths: [String: [Int]]

    /// Every width any container's files qualify, widest first: a resize across one of them changes what some
    /// container reads.
    package let allWidths: [Int]
    /// Whether some file is for an orientation (`Card_landscape.json`, `Card_iPad-portrait.json`): a rotation
    /// changes what a container reads only then.
    package let hasOrientationFiles: Bool

    /// A listing of these names.
    package init(names: [String]) {
        self.names = Set(names)
        var widths: [String: Set<Int>] = [:]
        var hasOrientationFiles = false
        for name in names where name.hasSuffix(".json") {
            let stem = name.dropLast(".json".count)
            if !hasOrientationFiles {
                hasOrientationFiles = LayoutOrientation.allCases.contains { stem.hasSuffix($0.rawValue) }
            }
            // A width qualifier begins with "w"; most names are passed over on that alone.
            guard let underscore = stem.lastIndex(of: "_"), stem[stem.index(after: underscore)...].first == "w",
                let width = DevicePart(
                    parsing: String(stem[stem.index(after: underscore)...]), isDevice: { _ in false })?
                    .minimumWidth
            else { continue }
            widths[String(stem[..<underscore]), default: []].insert(width)
        }
        self.widths = widths.mapValues { $0.sorted(by: >) }
        allWidths = Set(widths.values.joined()).sorted(by: >)
        self.hasOrientationFiles = hasOrientationFiles
    }
}
