import DeviceConstraints

// The check across files: Android's MissingDefaultResource, for lookup chains.

extension Linter {
    /// For each container and view id, the devices of the catalog whose lookup chain (and the base file)
    /// reaches no file that defines the view: on those devices `record(viewId:container:)` throws. One error
    /// per view id, placed at its first definition, naming every such device.
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
            var seen: Set<String> = []
            for file in containerFiles {
                for (index, viewId) in file.contents.viewIds.enumerated() where seen.insert(viewId).inserted {
                    if base?.contents[viewId] != nil { continue }
                    let missing = reads.filter { device in !device.files.contains { $0.contents[viewId] != nil } }
                    guard !missing.isEmpty else { continue }
                    diagnostics.append(
                        missingDefault(
                            viewId, definedIn: file, at: index, missing: missing,
                            baseFile: ConstraintFileName(container: container).fileName))
                }
            }
        }
        return diagnostics
    }

    private func missingDefault(
        _ viewId: String, definedIn file: LintedFile, at index: Int,
        missing: [(device: DeviceName, files: [LintedFile])], baseFile: String
    ) -> ConstraintDiagnostic {
        let names = missing.map(\.device.rawValue)
        var message = "view \"\(viewId)\" has no default: "
        message +=
            names.count == 1
            ? "\(names[0]) reads no file that defines it"
            : "\(names.count) devices (\(names.joined(separator: ", "))) read no file that defines it"
        // A view those devices all have, one or two edits away, is probably what was meant.
        let shared = missing.map { Set($0.files.flatMap(\.contents.viewIds)) }.reduce(nil) {
            (all: Set<String>?, next) in
            all.map { $0.intersection(next) } ?? next
        }
        let candidates = (shared ?? []).subtracting([viewId]).sorted()
        if let suggestion = EditDistance.closest(to: viewId, among: candidates, maximum: 2) {
            message += "; did you mean \"\(suggestion)\", which they have? Otherwise add"
        } else {
            message += "; add"
        }
        message += " it to the base file \(baseFile), which every device reads"
        let offset = file.contents.viewOffsets[index]
        let location = JSONDocument.location(ofOffset: offset, in: file.bytes)
        return ConstraintDiagnostic(
            severity: .error, code: .missingDefault, message: message, file: file.path, line: location.line,
            column: location.column)
    }
}
