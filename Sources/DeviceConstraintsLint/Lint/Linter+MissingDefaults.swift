import DeviceConstraints

// The check across files: Android's MissingDefaultResource, for lookup chains.

extension Linter {
    /// For each container and view id, the devices of the catalog whose lookup chain (and the base file)
    /// reaches no file that defines the view: on those devices `record(viewId:container:)` throws. One error
    /// per view id, placed at its first definition, naming every such device.
    ///
    /// Linear in the number of files and views: each view costs a lookup per file of each device's chain,
    /// and its suggestion a few lookups in a ``NearNames`` index, never a pass over the other views.
    ///
    /// - Parameter files: the files that were read, in path order, of containers whose files all parsed.
    func missingDefaults(in files: [LintedFile]) -> [ConstraintDiagnostic] {
        let chains = catalog.profiles.map { (device: $0.name, chain: catalog.lookupChain(for: $0)) }
        var diagnostics: [ConstraintDiagnostic] = []
        let byContainer = Dictionary(grouping: files, by: \.contents.container)
        for (container, containerFiles) in byContainer.sorted(by: { $0.key < $1.key }) {
            let base = containerFiles.first { $0.name.device == nil }
            var byDevice: [DeviceName: LintedFile] = [:]
            for file in containerFiles {
                if let device = file.name.device { byDevice[device] = file }
            }
            // The files each device reads, most specific first.
            let reads = chains.map { device, chain in
                (device: device, files: chain.compactMap { byDevice[$0] } + (base.map { [$0] } ?? []))
            }
            let viewIds = containerFiles.map(\.contents.viewIds)
            // How many files of the container spell each id so: a rename is suggested only toward the spelling the
            // base file uses or at least as many files use, never from the common spelling to a typo of it.
            var spellings: [String: Int] = [:]
            for ids in viewIds {
                for viewId in Set(ids) { spellings[viewId, default: 0] += 1 }
            }
            var near: NearNames?
            var seen: Set<String> = []
            for (file, ids) in zip(containerFiles, viewIds) {
                for (index, viewId) in ids.enumerated() where seen.insert(viewId).inserted {
                    if base?.contents[viewId] != nil { continue }
                    let missing = reads.filter { device in !device.files.contains { $0.contents[viewId] != nil } }
                    guard !missing.isEmpty else { continue }
                    // A view those devices all have, one edit or one swap away, is probably what was meant, when the
                    // base file has it or no fewer files spell it so than this view.
                    if near == nil { near = NearNames(viewIds.joined()) }
                    let suggestion = near?.closest(to: viewId) { candidate in
                        (base?.contents[candidate] != nil
                            || spellings[candidate, default: 0] >= spellings[viewId, default: 0])
                            && missing.allSatisfy { device in device.files.contains { $0.contents[candidate] != nil } }
                    }
                    diagnostics.append(
                        missingDefault(
                            viewId, definedIn: file, at: index, missing: missing.map(\.device),
                            suggestion: suggestion, baseFile: ConstraintFileName(container: container).fileName))
                }
            }
        }
        return diagnostics
    }

    /// How many devices a missing-default message names at most; the rest are counted (`and 12 more`), so that a
    /// catalog of a thousand devices does not make a line of a thousand names.
    static let maximumListedDevices = 10

    private func missingDefault(
        _ viewId: String, definedIn file: LintedFile, at index: Int, missing: [DeviceName], suggestion: String?,
        baseFile: String
    ) -> ConstraintDiagnostic {
        let names = missing.map(\.rawValue)
        var message = "view \"\(viewId)\" has no default: "
        message +=
            names.count == 1
            ? "\(names[0]) reads no file that defines it"
            : "\(names.count) devices (\(Self.list(names))) read no file that defines it"
        if let suggestion {
            message += "; did you mean \"\(suggestion)\", which they have? Otherwise add"
        } else {
            message += "; add"
        }
        message += " it to the base file \(baseFile), which every device reads"
        let location = file.lines.location(ofOffset: file.contents.viewOffsets[index])
        return ConstraintDiagnostic(
            severity: .error, code: .missingDefault, message: message, file: file.path, line: location.line,
            column: location.column)
    }

    /// `a, b, c`, or the first ``maximumListedDevices`` and `and N more`.
    private static func list(_ names: [String]) -> String {
        guard names.count > maximumListedDevices else { return names.joined(separator: ", ") }
        return names.prefix(maximumListedDevices).joined(separator: ", ")
            + ", and \(names.count - maximumListedDevices) more"
    }
}
