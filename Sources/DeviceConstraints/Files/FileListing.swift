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

    /// A listing of these names.
    package init(names: [String]) {
        self.names = Set(names)
    }
}
