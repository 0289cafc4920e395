import Foundation

/// The files of one container that a device reads, most specific first: one per device of its lookup chain, then
/// the base file. The step between sources and file names (Files/), which know devices, and ``ConstraintFileParser``
/// (Parsing/), which knows none and is given bytes and a name: it reads each file from the source, hands its bytes to
/// the parser, and says which device asked when none exists.
///
/// The tool's `show` and `preview` read a container with it; the interpreter reads the same files through its
/// stages, and reports a container with no file through ``noFile(of:on:lookedFor:)``.
package enum ContainerFiles {
    /// One file a container may read along a lookup chain.
    package struct Candidate: Hashable, Sendable {
        /// `Card_iPhone16.json`.
        package var fileName: String
        /// The class the file is read for (a model's file is its class's), nil for a file of no class (the base
        /// file): the design width its scaled values are taken against.
        package var deviceClass: DeviceName?
        /// Whether the file is asked for even when a listing of the source does not hold it: a class's own file and
        /// the base file, as they always were.
        package var alwaysRead: Bool
    }

    /// The parts of the file names a lookup chain reads in one orientation, without the container (`iPhone6`,
    /// `iPhone8-portrait`), in the order they are read: the same for every container and every width, so they are
    /// built once per chain and orientation (a resize keeps them), not once per load.
    package struct ChainParts: Sendable {
        /// One part, and for which class its file is read.
        struct Part: Sendable {
            var text: String
            var deviceClass: DeviceName?
            var alwaysRead: Bool
        }

        /// The classes' parts: for each class, its (and its models') files for the orientation, its own, its
        /// models'.
        let classes: [Part]
        /// The chain and the orientation the parts are for (nil: the classes only).
        let chain: [DeviceName]
        let orientation: LayoutOrientation?

        /// The parts of `chain` for `window`'s orientation (nil: the classes only).
        ///
        /// - Throws: ``ConstraintError`` `.invalidName` when a device name could not be part of a file name.
        package init(along chain: [DeviceName], catalog: DeviceCatalog, window: LayoutEnvironment?)
            throws(ConstraintError)
        {
            if let error = ConstraintFileName.validateDevices(chain) { throw error }
            let orientation = window?.orientation
            var parts: [Part] = []
            parts.reserveCapacity(chain.count * 4)
            for device in chain {
                let names = catalog.fileDeviceNames(of: device)
                if let orientation {
                    for name in names {
                        parts.append(
                            Part(
                                text: "\(name.rawValue)-\(orientation.rawValue)", deviceClass: device, alwaysRead: false
                            ))
                    }
                }
                parts.append(Part(text: device.rawValue, deviceClass: device, alwaysRead: true))
                for name in names.dropFirst() {
                    parts.append(Part(text: name.rawValue, deviceClass: device, alwaysRead: false))
                }
            }
            classes = parts
            self.chain = chain
            self.orientation = orientation
            var positions: [String: [Int]] = [:]
            var alwaysRead: [Int] = []
            for (position, part) in parts.enumerated() {
                positions[part.text, default: []].append(position)
                if part.alwaysRead { alwaysRead.append(position) }
            }
            positionsByText = positions
            alwaysReadPositions = alwaysRead
        }

        /// Where each part's text stands in ``classes`` (a model may be named by two classes), and where the parts
        /// read whether listed or not stand: made once per chain, so that a load finds which of the chain's parts a
        /// container has files for with one hash per file of the container, not one per part of the chain.
        private let positionsByText: [String: [Int]]
        private let alwaysReadPositions: [Int]

        /// The positions in ``classes`` of the parts always read and of those in `present`, in chain order, each once.
        func positions(readingAlwaysAnd present: FileListing.PartNames) -> [Int] {
            var found: [Int] = []
            // Most parts have one position: room for them all, so that the array is not copied as it grows.
            found.reserveCapacity(alwaysReadPositions.count + 2 * present.count)
            found += alwaysReadPositions
            for text in present {
                if let positions = positionsByText[text] { found += positions }
            }
            found.sort()
            var kept = 0
            for position in found where kept == 0 || found[kept - 1] != position {
                found[kept] = position
                kept += 1
            }
            found.removeLast(found.count - kept)
            return found
        }
    }

    /// The files `container` may read along `chain` for `window`, most specific first, then the base file.
    ///
    /// For each class of the chain: its file for the window's orientation (`Card_iPad-landscape.json`), then its
    /// own; each with its models' names after the class's (``DeviceCatalog/fileDeviceNames(of:)``). Then the
    /// width qualifiers of the container's files that the window meets (``FileListing/widths``), widest first, each
    /// with the orientation first (`Card_w700-landscape.json`, `Card_w700.json`, `Card_w600-landscape.json`, …); then
    /// the orientation alone (`Card_landscape.json`); then the base file. Without a window, only the classes and
    /// the base file.
    ///
    /// - Throws: ``ConstraintError`` `.invalidName` when the container or a device name could not be part of a file
    ///   name (``ConstraintFileName/files(of:along:)``).
    package static func candidates(
        of container: String, along chain: [DeviceName], catalog: DeviceCatalog, window: LayoutEnvironment? = nil,
        listing: FileListing? = nil
    ) throws(ConstraintError) -> [Candidate] {
        if let error = ConstraintFileName.validateContainer(container) { throw error }
        let parts = try ChainParts(along: chain, catalog: catalog, window: window)
        return candidates(of: container, parts: parts, window: window, listing: listing, onlyThoseToRead: false)
    }

    /// The candidates of `container` along `parts` (made for `window`'s orientation): every one, or only those ``shouldRead(_:listing:)`` keeps,
    /// building no name for the others (a load builds a handful of names, not one per model of its chain).
    ///
    /// - Parameter container: a valid container name (``ConstraintFileName/validateContainer(_:)``).
    package static func candidates(
        of container: String, parts: ChainParts, window: LayoutEnvironment?, listing: FileListing?,
        onlyThoseToRead: Bool
    ) -> [Candidate] {
        let present = onlyThoseToRead ? listing.map { $0.parts[container] ?? [] } : nil
        var candidates: [Candidate] = []
        candidates.reserveCapacity(onlyThoseToRead ? 4 : parts.classes.count + 2)
        func add(_ part: String, for deviceClass: DeviceName?, alwaysRead: Bool = false, isPresent: Bool = false) {
            guard alwaysRead || isPresent || present?.contains(part) ?? true else { return }
            candidates.append(
                Candidate(
                    fileName: ConstraintFileName.fileName(container: container, part: part), deviceClass: deviceClass,
                    alwaysRead: alwaysRead))
        }
        if let present, present.count < parts.classes.count {
            // A container has files for a few of its chain's parts: those are found from its files' side.
            for position in parts.positions(readingAlwaysAnd: present) {
                let part = parts.classes[position]
                add(part.text, for: part.deviceClass, alwaysRead: part.alwaysRead, isPresent: true)
            }
        } else {
            for part in parts.classes { add(part.text, for: part.deviceClass, alwaysRead: part.alwaysRead) }
        }
        if let window {
            let orientation = window.orientation
            // Most sources have no width qualifier at all: no name to look up then.
            if let widths = listing?.widths, !widths.isEmpty {
                for width in widths[container] ?? [] where Double(width) <= window.width {
                    add("w\(width)-\(orientation.rawValue)", for: nil)
                    add("w\(width)", for: nil)
                }
            }
            // Nor a file for an orientation alone, unless some file is for an orientation.
            if present == nil || listing?.hasOrientationFiles != false { add(orientation.rawValue, for: nil) }
        }
        candidates.append(
            Candidate(fileName: ConstraintFileName(container: container).fileName, deviceClass: nil, alwaysRead: true))
        return candidates
    }

    /// Whether `candidate` is to be asked of the source: always for a class's own file and the base file; for
    /// another name, when `listing` holds it, or when there is no listing.
    package static func shouldRead(_ candidate: Candidate, listing: FileListing?) -> Bool {
        candidate.alwaysRead || listing.map { $0.contains(candidate.fileName) } ?? true
    }

    /// Reads and parses the files of `container` that a device reads, most specific first, leaving out those the
    /// source does not have.
    ///
    /// - Parameters:
    ///   - container: the container; its name must be valid (``ConstraintFileName/validateContainer(_:)``).
    ///   - device: the device, for the error when no file exists.
    ///   - chain: the device's lookup chain.
    ///   - catalog: the catalog, for the names of each class's models.
    ///   - window: the window, for the files of its orientation and of the widths it meets; nil for none.
    ///   - source: where the files are.
    ///   - listing: the source's file names (``FileListing/init(_:)``), listed once by a caller that reads many
    ///     containers or devices; nil when the source cannot list them.
    ///   - parser: the parser, with its limits.
    ///   - diagnostics: receives the parser's warnings.
    ///   - locatingAttributes: whether to note where each file gives each attribute
    ///     (``ContainerConstraints/attributeLocations``), for a value's provenance.
    /// - Returns: the names looked for, in order, and the files found, in the same order, each with the class it is
    ///   read for.
    /// - Throws: ``ConstraintError`` `.fileNotFound` when none of the files exists, `.unreadableFile` when
    ///   the source cannot read one, or the parser's error for the first file that does not parse.
    package static func parse(
        _ container: String, on device: DeviceName, along chain: [DeviceName], catalog: DeviceCatalog,
        window: LayoutEnvironment? = nil, from source: any ConstraintSource, listing: FileListing?,
        parser: ConstraintFileParser, diagnostics: ConstraintDiagnosticHandler? = nil, locatingAttributes: Bool = false
    ) throws(ConstraintError) -> (lookup: [String], files: [(file: ContainerConstraints, deviceClass: DeviceName?)]) {
        let candidates = try Self.candidates(
            of: container, along: chain, catalog: catalog, window: window, listing: listing)
        var lookup: [String] = []
        var files: [(file: ContainerConstraints, deviceClass: DeviceName?)] = []
        for candidate in candidates where shouldRead(candidate, listing: listing) {
            lookup.append(candidate.fileName)
            guard let data = try Self.read(candidate.fileName, from: source, limits: parser.limits) else { continue }
            var file = try parser.parse(
                data, fileName: candidate.fileName, container: container, diagnostics: diagnostics)
            if locatingAttributes {
                file.attributeLocations = AttributeLocations(
                    bytes: [UInt8](data), container: file.container, maximumDepth: parser.limits.maximumDepth)
            }
            files.append((file, candidate.deviceClass))
        }
        guard !files.isEmpty else { throw noFile(of: container, on: device, lookedFor: lookup, in: source) }
        return (lookup, files)
    }

    /// The error for a container none of whose files exists on a chain: which files were looked for, and where
    /// (`in the folder /path/Constraints`), so that a source that names the wrong folder shows in the message.
    static func noFile(
        of container: String, on device: DeviceName, lookedFor lookup: [String], in source: any ConstraintSource
    ) -> ConstraintError {
        let looked = lookup.isEmpty ? "" : "; looked for \(lookup.joined(separator: ", "))"
        return ConstraintError(
            code: .fileNotFound,
            message:
                "no constraint file for container \"\(container)\" on device \(device) in "
                + "\(ConstraintInterpreter.name(of: source))\(looked)")
    }

    /// The contents of the file `name`, nil when the source has no such file.
    ///
    /// - Parameter limits: the parser's limits; a file over ``ConstraintFileParser/Limits/maximumFileSize`` is
    ///   refused before it is read.
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the source cannot read it, `.fileTooLarge` when it is over
    ///   the limit, `.folderNotFound` or `.emptyFolder` when the source's folder is the reason it has no such file.
    static func read(
        _ name: String, from source: any ConstraintSource, limits: ConstraintFileParser.Limits
    ) throws(ConstraintError) -> Data? {
        do {
            return try source.data(forFile: name, maximumSize: limits.maximumFileSize)
        } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
            let size = error.sizeIsExact ? "\(error.size)" : "more than \(error.maximumSize)"
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(size) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: name)
        } catch let error as ConstraintSourceError where error.code == .folderNotFound || error.code == .emptyFolder {
            // About the folder, not this file.
            throw ConstraintError(code: .init(rawValue: error.code.rawValue), message: "\(error)")
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
        }
    }
}
