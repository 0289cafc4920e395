import DeviceConstraints

// The check for scaled values that cannot scale: `{"scaled": 375}` in a base file that states no design width is
// 375 on every device, because each device scales it against its own design width, which is its width.

extension Linter {
    /// One warning per file that has scaled values (`{"scaled": n}`) which can never change across the devices of
    /// the catalog.
    ///
    /// Precisely: a scaled value is constant when at least two devices of the catalog read it (it comes from a file
    /// on their lookup chain, and no more specific file on that chain sets the same attribute of the same view), and
    /// it resolves to the same number, before pixel rounding, in a window of each such device's portrait width. In a
    /// base file that states no `"designWidth"`, every value is scaled against the reading device's own design width,
    /// which is its width unless the catalog says otherwise: so it is the same number on every device, and overflows
    /// the narrow ones. A `min` or `max` that clamps the value on every device does it too.
    ///
    /// Linear in the files' scaled values times the devices that read each; containers without a scaled value cost
    /// one pass over their files' dynamic attributes.
    ///
    /// - Parameter files: the files that were read, in path order, of containers whose files all parsed.
    func constantScaledValues(in files: [LintedFile]) -> [ConstraintDiagnostic] {
        let scaledFiles = files.filter(\.contents.hasScaledValues)
        guard !scaledFiles.isEmpty else { return [] }
        let byContainer = Dictionary(grouping: files, by: \.contents.container)
        let scaledContainers = Set(scaledFiles.map(\.contents.container))
        let chains = catalog.profiles.map { ($0, catalog.lookupChain(for: $0)) }
        var diagnostics: [ConstraintDiagnostic] = []
        for container in scaledContainers.sorted() {
            let containerFiles = byContainer[container] ?? []
            let base = containerFiles.first { $0.name.device == nil }
            var byDevice: [DeviceName: Int] = [:]
            // A model's file is its class's; a file of a width or an orientation is left out (not every window of a
            // class reads it).
            for (index, file) in containerFiles.enumerated() {
                if let device = file.name.device, let deviceClass = catalog.deviceClass(named: device) {
                    byDevice[deviceClass.name] = index
                }
            }
            // The files each device reads, most specific first, as indexes into `containerFiles`.
            let baseIndex = base.flatMap { base in containerFiles.firstIndex { $0.path == base.path } }
            let reads = chains.map { profile, chain in
                (profile: profile, files: chain.compactMap { byDevice[$0] } + (baseIndex.map { [$0] } ?? []))
            }
            for (index, file) in containerFiles.enumerated() where file.contents.hasScaledValues {
                let constant = constantValues(of: file, at: index, in: containerFiles, reads: reads)
                if let first = constant.first {
                    diagnostics.append(warning(for: file, constant: constant, first: first))
                }
            }
        }
        return diagnostics
    }

    /// A scaled value of a file that is the same on every device that reads it.
    private struct ConstantValue {
        var viewIndex: Int
        var viewId: String
        var attribute: String
        var value: Double
        var devices: Int
    }

    /// The scaled values of `file` (at `index` in `files`) that are the same on every device that reads them, in
    /// file order.
    private func constantValues(
        of file: LintedFile, at index: Int, in files: [LintedFile],
        reads: [(profile: DeviceProfile, files: [Int])]
    ) -> [ConstantValue] {
        let classWidth = file.name.device.flatMap { catalog.deviceClass(named: $0)?.designWidth }
        var constant: [ConstantValue] = []
        for (viewIndex, viewId) in file.contents.viewIds.enumerated() {
            let scaled = file.contents.scaledValues(of: viewId)
            for attribute in scaled.keys.sorted() {
                guard let value = scaled[attribute] else { continue }
                var first: Double?
                var readers = 0
                var changes = false
                for device in reads {
                    // The device reads this value when this file is the first on its chain that sets the attribute.
                    guard
                        let winner = device.files.first(where: {
                            files[$0].contents[viewId]?.contains(attribute) == true
                        }),
                        winner == index
                    else { continue }
                    let reference = file.contents.designWidth ?? classWidth ?? device.profile.designWidth
                    let resolved = value.clamped(width: device.profile.width, designWidth: reference)
                    readers += 1
                    if let first, first != resolved {
                        changes = true
                        break
                    }
                    first = resolved
                }
                if !changes, readers >= 2, let first {
                    constant.append(
                        ConstantValue(
                            viewIndex: viewIndex, viewId: viewId, attribute: attribute, value: first, devices: readers))
                }
            }
        }
        return constant
    }

    /// How many constant values a warning names; the rest are counted.
    static let maximumListedValues = 3

    private func warning(for file: LintedFile, constant: [ConstantValue], first: ConstantValue)
        -> ConstraintDiagnostic
    {
        let listed = constant.prefix(Self.maximumListedValues).map {
            "\($0.viewId).\($0.attribute) is \($0.value.compactDescription) on all \($0.devices)"
        }
        let more =
            constant.count > Self.maximumListedValues ? ", and \(constant.count - Self.maximumListedValues) more" : ""
        var message =
            constant.count == 1
            ? "a scaled value never changes across the devices that read it, at each device's width: "
            : "\(constant.count) scaled values never change across the devices that read them, at each device's "
                + "width: "
        message += listed.joined(separator: ", ") + more + "; "
        if file.contents.designWidth == nil && file.name.device == nil {
            message +=
                "this base file states no \"designWidth\", so each device scales its values against its own design "
                + "width; add \"designWidth\": <the width it was drawn for, such as 375> beside the container key, or "
                + "write plain numbers"
        } else {
            message +=
                "their min and max, or the widths of the devices that read them, leave no room to change; "
                + "write plain numbers, or loosen min and max"
        }
        let location = file.lines.location(ofOffset: file.contents.viewOffsets[first.viewIndex])
        return ConstraintDiagnostic(
            severity: .warning, code: .constantScaledValue, message: message, file: file.path, line: location.line,
            column: location.column)
    }
}
