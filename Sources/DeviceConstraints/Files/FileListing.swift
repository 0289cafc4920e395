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

    /// What follows the last underscore of each container's file names (`iPhone6`, `w600-landscape`), by
    /// container: a load asks the source only for the names of its chain that are here, and builds no other name.
    package let parts: [String: Set<String>]

    /// A listing of these names, in time linear in their total length (the bytes are read once; a name is split
    /// at its last underscore, and only a part that begins with `w` is read as a width).
    package init(names: [String]) {
        self.names = Set(names)
        var widths: [String: Set<Int>] = [:]
        var parts: [String: Set<String>] = [:]
        var hasOrientationFiles = false
        let suffix = Array(ConstraintFileName.suffix.utf8)
        let orientations = LayoutOrientation.allCases.map { Array($0.rawValue.utf8) }
        for name in names {
            var utf8 = Array(name.utf8)
            guard utf8.count > suffix.count, utf8.suffix(suffix.count).elementsEqual(suffix) else { continue }
            utf8.removeLast(suffix.count)
            if !hasOrientationFiles {
                hasOrientationFiles = orientations.contains {
                    utf8.count >= $0.count && utf8.suffix($0.count).elementsEqual($0)
                }
            }
            guard let underscore = utf8.lastIndex(of: UInt8(ascii: "_")) else { continue }
            let container = String(decoding: utf8[..<underscore], as: UTF8.self)
            let part = String(decoding: utf8[(underscore + 1)...], as: UTF8.self)
            parts[container, default: []].insert(part)
            // A width qualifier begins with "w"; most names are passed over on that alone.
            guard utf8.indices.contains(underscore + 1), utf8[underscore + 1] == UInt8(ascii: "w"),
                let width = DevicePart(parsing: part, isDevice: { _ in false })?.minimumWidth
            else { continue }
            widths[container, default: []].insert(width)
        }
        self.widths = widths.mapValues { $0.sorted(by: >) }
        allWidths = Set(widths.values.joined()).sorted(by: >)
        self.hasOrientationFiles = hasOrientationFiles
        self.parts = parts
    }
}
