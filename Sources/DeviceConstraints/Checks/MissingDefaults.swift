// The check across files: Android's MissingDefaultResource, for lookup chains. One rule for its two callers: `lint`
// (DeviceConstraintsTooling's Linter), over a folder, and ConstraintStore, over an update layered on the app's files.

/// For each container and view id, the devices of a catalog whose lookup chain (and the base file) reaches no file
/// that defines the view: on those devices `record(viewId:container:)` throws.
///
/// ```swift
/// let findings = MissingDefaults(catalog: .standard).find(in: files)
/// for finding in findings { print(files[finding.file].name, finding.message) }
/// ```
///
/// Linear in the number of files and views, and in the size of the catalog for each view the base file lacks: whether
/// each device reaches a file that defines the view is folded once over the fallbacks (``FallbackGraph``), never by
/// listing every device's chain, and its suggestion costs a few lookups in a ``NearNames`` index and a fold for each
/// name it checks, never a pass over the other views. (Folding every device's list of files along a chain of 8,000
/// classes, each with a file, took 6 s.)
package struct MissingDefaults: Sendable {
    /// One file as the rule reads it: which container and device its name says, and its records.
    package struct File: Sendable {
        /// The container and device of its name.
        package var name: ConstraintFileName
        /// Its records.
        package var contents: ContainerConstraints

        package init(name: ConstraintFileName, contents: ContainerConstraints) {
            self.name = name
            self.contents = contents
        }
    }

    /// A view id that some devices cannot reach, placed at its first definition.
    package struct Finding: Sendable, Hashable {
        /// The index of the file, among those given, that defines the view first.
        package var file: Int
        /// The byte offset of the view id's key in that file (from ``ContainerConstraints/viewOffsets``).
        package var offset: Int
        /// The view id.
        package var viewId: String
        /// The devices that read no file defining it, in catalog order.
        package var missing: [DeviceName]
        /// A view those devices all have, one or two edits away, that was probably meant.
        package var suggestion: String?
        /// What lint and the store say: `view "badge" has no default: …; add it to the base file Card.json, …`.
        package var message: String
    }

    /// How many devices a message names at most; the rest are counted (`and 12 more`), so that a catalog of a
    /// thousand devices does not make a line of a thousand names.
    package static let maximumListedDevices = 10

    /// The devices the files are written for.
    package var catalog: DeviceCatalog

    package init(catalog: DeviceCatalog) {
        self.catalog = catalog
    }

    /// One finding per view id that some device of the catalog cannot reach, in container order, then in the order
    /// of the files and of their views.
    ///
    /// - Parameters:
    ///   - files: the files of the containers to check, each parsed whole.
    ///   - unread: the files that could not be read or parsed. No one can tell which views they define, so a device
    ///     that reads one of them is not said to miss a view (fixing the file may give it the view), and a container
    ///     whose base file is among them is not checked at all; the other devices are.
    package func find(in files: [File], unread: Set<ConstraintFileName> = []) -> [Finding] {
        let graph = FallbackGraph(catalog)
        var findings: [Finding] = []
        let byContainer = Dictionary(grouping: files.indices, by: { files[$0].contents.container })
        for (container, indices) in byContainer.sorted(by: { $0.key < $1.key }) {
            // Every device reads the base file: with it unread, no device can be said to miss anything.
            if unread.contains(ConstraintFileName(container: container)) { continue }
            let unreadDevices = Set(unread.compactMap { $0.container == container ? $0.device : nil })
            let base = indices.first { files[$0].name.device == nil }.map { files[$0] }
            var byDevice: [DeviceName: File] = [:]
            // A model's file is its class's; a file of a width or an orientation is not read by every window, so it
            // gives no class a default.
            for index in indices {
                if let device = files[index].name.device, let deviceClass = catalog.deviceClass(named: device) {
                    byDevice[deviceClass.name] = files[index]
                }
            }
            // Each device's own file, by position in the catalog. Whether a device's chain holds something is
            // folded once per device, from its fallbacks' answers (a chain can hold the whole catalog); only whether
            // a file on the chain defines a view matters, not which.
            let own = graph.profiles.map { byDevice[$0.name] }
            // A device that reads an unread file is left out: what it gets is not known.
            let readsUnread = graph.fold { device, ofFallbacks in
                unreadDevices.contains(graph.profiles[device].name) || ofFallbacks.contains(true)
            }
            // Whether each device, by position in the catalog, reads a file that defines `viewId` (the base file
            // included).
            func reach(_ viewId: String) -> [Bool] {
                if base?.contents[viewId] != nil { return [Bool](repeating: true, count: graph.profiles.count) }
                return graph.fold { device, ofFallbacks in
                    own[device]?.contents[viewId] != nil || ofFallbacks.contains(true)
                }
            }
            let viewIds = indices.map { files[$0].contents.viewIds }
            // How many files of the container spell each id so: a rename is suggested only toward the spelling the
            // base file uses or at least as many files use, never from the common spelling to a typo of it.
            var spellings: [String: Int] = [:]
            for ids in viewIds {
                for viewId in Set(ids) { spellings[viewId, default: 0] += 1 }
            }
            var near: NearNames?
            var seen: Set<String> = []
            for (index, ids) in zip(indices, viewIds) {
                for (position, viewId) in ids.enumerated() where seen.insert(viewId).inserted {
                    if base?.contents[viewId] != nil { continue }
                    let reached = reach(viewId)
                    let missing = graph.profiles.indices.filter { !readsUnread[$0] && !reached[$0] }
                    guard !missing.isEmpty else { continue }
                    // A view those devices all have, one edit or one swap away, is probably what was meant, when the
                    // base file has it or no fewer files spell it so than this view.
                    if near == nil { near = NearNames(viewIds.joined()) }
                    let suggestion = near?.closest(to: viewId) { candidate in
                        guard
                            base?.contents[candidate] != nil
                                || spellings[candidate, default: 0] >= spellings[viewId, default: 0]
                        else { return false }
                        let reachedCandidate = reach(candidate)
                        return missing.allSatisfy { reachedCandidate[$0] }
                    }
                    let devices = missing.map { graph.profiles[$0].name }
                    findings.append(
                        Finding(
                            file: index, offset: files[index].contents.viewOffsets[position], viewId: viewId,
                            missing: devices, suggestion: suggestion,
                            message: Self.message(
                                viewId, missing: devices, suggestion: suggestion,
                                baseFile: ConstraintFileName(container: container).fileName)))
                }
            }
        }
        return findings
    }

    private static func message(_ viewId: String, missing: [DeviceName], suggestion: String?, baseFile: String)
        -> String
    {
        let names = missing.map(\.rawValue)
        var message = "view \"\(viewId)\" has no default: "
        message +=
            names.count == 1
            ? "\(names[0]) reads no file that defines it"
            : "\(names.count) devices (\(list(names))) read no file that defines it"
        if let suggestion {
            message += "; did you mean \"\(suggestion)\", which they have? Otherwise add"
        } else {
            message += "; add"
        }
        return message + " it to the base file \(baseFile), which every device reads"
    }

    /// `a, b, c`, or the first ``maximumListedDevices`` and `and N more`.
    private static func list(_ names: [String]) -> String {
        guard names.count > maximumListedDevices else { return names.joined(separator: ", ") }
        return names.prefix(maximumListedDevices).joined(separator: ", ")
            + ", and \(names.count - maximumListedDevices) more"
    }
}
