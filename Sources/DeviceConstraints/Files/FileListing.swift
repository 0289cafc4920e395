/// The file names of a source, listed once per change of its files: which of a container's other names to read
/// (a model's name, an orientation, a width) without asking the source for each.
///
/// A class's own file (`Card_iPhone6.json`) and the base file are always asked for, listed or not, as they always
/// were; the other names of a lookup chain are read only when the listing holds them, or, from a source that
/// cannot list its files, asked for one by one (width qualifiers cannot be guessed, so such a source reads none).
package struct FileListing: Sendable {
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
    package let parts: [String: PartNames]

    /// The parts of one container's file names, each once, in the order they were listed.
    ///
    /// A container has a few files: its parts are kept in a small array and a part is found by comparing it with
    /// each, which costs less than hashing it (a listing holds every file of the source, and each preload makes
    /// one). Past 16 parts they are hashed as well, so that finding or adding a part stays constant in time however
    /// many files a container has.
    package struct PartNames: Sendable, Sequence, Equatable, ExpressibleByArrayLiteral {
        private var list: [String] = []
        /// The parts as a set, once there are more than `few`.
        private var set: Set<String>?
        private static let few = 16

        package init(arrayLiteral parts: String...) {
            for part in parts { insert(part) }
        }

        /// The number of parts.
        package var count: Int { list.count }

        /// Whether `part` is one of them.
        package func contains(_ part: String) -> Bool {
            if let set { return set.contains(part) }
            return list.contains(part)
        }

        /// Adds `part`, unless it is there.
        package mutating func insert(_ part: String) {
            if set == nil {
                guard !list.contains(part) else { return }
                if list.isEmpty { list.reserveCapacity(4) }
                list.append(part)
                if list.count > Self.few { set = Set(list) }
            } else if set?.insert(part).inserted == true {
                list.append(part)
            }
        }

        package func makeIterator() -> IndexingIterator<[String]> { list.makeIterator() }

        /// The same parts, in any order.
        package static func == (lhs: PartNames, rhs: PartNames) -> Bool {
            lhs.count == rhs.count && lhs.list.allSatisfy(rhs.contains)
        }
    }

    /// Whether the source listed `fileName`, a constraint file's name with an underscore (`Card_iPhone6.json`):
    /// its container's parts hold what follows the last underscore. (A base file, `Card.json`, is always read and
    /// never asked about.)
    package func contains(_ fileName: String) -> Bool {
        var fileName = fileName
        return fileName.withUTF8 { utf8 in
            guard let (container, part) = ConstraintFileName.containerAndPart(utf8) else { return false }
            return parts[String(decoding: container, as: UTF8.self)]?.contains(String(decoding: part, as: UTF8.self))
                ?? false
        }
    }

    /// Whether two runs of bytes are the same (a plain loop: the generic `elementsEqual` costs far more for the
    /// few bytes of a name).
    private static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for i in 0..<a.count where a[i] != b[i] { return false }
        return true
    }

    /// A listing of these names, in time linear in their total length (the bytes are read once, in place; a name is
    /// split at its last underscore, and only a part that begins with `w` is read as a width). Names of one
    /// container that come one after another (as a sorted listing gives them) share one container string and one
    /// insertion into ``parts``.
    package init(names: [String]) {
        var builder = Builder(capacity: names.count)
        for var name in names {
            name.withUTF8 { builder.add($0) }
        }
        builder.flush()
        widths = builder.widths.mapValues { $0.sorted(by: >) }
        allWidths = Set(builder.widths.values.joined()).sorted(by: >)
        hasOrientationFiles = builder.hasOrientationFiles
        parts = builder.parts
    }

    /// What ``init(names:)`` collects, name by name: its state is one value changed in place, not variables
    /// captured by a closure (which the runtime checks for exclusive access at every name).
    private struct Builder {
        var widths: [String: Set<Int>] = [:]
        var parts: [String: PartNames] = [:]
        var hasOrientationFiles = false
        /// The container of the names read last, its bytes, and its parts so far (not yet in `parts`).
        private var current: (container: String, parts: PartNames)?
        private var currentBytes: [UInt8] = []

        /// A builder for `capacity` names, so for at most as many containers (each has at least one name).
        init(capacity: Int) {
            // Most containers have a few files: room for half as many containers as names avoids most regrowth
            // without reserving room for every name.
            parts.reserveCapacity(capacity / 2)
        }

        mutating func add(_ utf8: UnsafeBufferPointer<UInt8>) {
            guard let (containerBytes, partBytes) = ConstraintFileName.containerAndPart(utf8) else { return }
            if !hasOrientationFiles {
                // Each orientation's name in static memory: no shared array to count a reference to per name.
                hasOrientationFiles = LayoutOrientation.allCases.contains { orientation in
                    Self.hasSuffix(partBytes, orientation.utf8Name)
                }
            }
            if current == nil || !currentBytes.withUnsafeBufferPointer({ FileListing.equal($0, containerBytes) }) {
                flush()
                current = (String(decoding: containerBytes, as: UTF8.self), [])
                currentBytes = Array(containerBytes)
            }
            let part = String(decoding: partBytes, as: UTF8.self)
            current?.parts.insert(part)
            // A width qualifier begins with "w"; most names are passed over on that alone.
            guard partBytes.first == UInt8(ascii: "w"),
                let width = DevicePart(parsing: part, isDevice: { _ in false })?.minimumWidth,
                let container = current?.container
            else { return }
            widths[container, default: []].insert(width)
        }

        /// Whether `bytes` ends with `suffix`.
        private static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
            suffix.withUTF8Buffer { suffix in
                bytes.count >= suffix.count
                    && FileListing.equal(UnsafeBufferPointer(rebasing: bytes[(bytes.count - suffix.count)...]), suffix)
            }
        }

        /// Puts the current container's parts into `parts`, with one hash of its name.
        mutating func flush() {
            guard let run = current else { return }
            current = nil
            var found = run.parts
            // Most containers come once: their set is moved in whole, not inserted again name by name.
            Self.merge(&found, into: &parts[run.container, default: []])
        }

        private static func merge(_ found: inout PartNames, into existing: inout PartNames) {
            if existing.count == 0 {
                swap(&existing, &found)
            } else {
                for part in found { existing.insert(part) }
            }
        }
    }
}
