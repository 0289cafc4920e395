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
    /// Each view and attribute given a scaled value in a container costs one fold over the catalog's fallbacks
    /// (``FallbackGraph``), linear in its devices and fallbacks, and each device is then counted for the one file
    /// it reads the value from; containers without a scaled value cost one pass over their files' dynamic
    /// attributes. Listing every device's lookup chain instead cost the square of the catalog's size: a chain of
    /// 16,000 classes, each falling back to the one before it, took 17.6 s for one scaled value.
    ///
    /// - Parameter files: the files that were read, in path order, of containers whose files all parsed.
    func constantScaledValues(in files: [LintedFile]) -> [ConstraintDiagnostic] {
        let scaledFiles = files.filter(\.contents.hasScaledValues)
        guard !scaledFiles.isEmpty else { return [] }
        let byContainer = Dictionary(grouping: files, by: \.contents.container)
        let scaledContainers = Set(scaledFiles.map(\.contents.container))
        let graph = FallbackGraph(catalog)
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
            // Each device's own file, as an index into `containerFiles`, by position in the catalog; the base file
            // comes after every device's chain.
            let own = graph.profiles.map { byDevice[$0.name] }
            let baseIndex = base.flatMap { base in containerFiles.firstIndex { $0.path == base.path } }
            // Each file's scaled values, by view id, read once: each read goes through all the file's adaptive
            // values.
            let scaled = containerFiles.map { file in
                file.contents.hasScaledValues
                    ? Dictionary(file.contents.viewIds.map { ($0, file.contents.scaledValues(of: $0)) }) { first, _ in
                        first
                    } : [:]
            }
            let constant = constantValues(in: containerFiles, scaled: scaled, graph: graph, own: own, base: baseIndex)
            for (index, file) in containerFiles.enumerated() where file.contents.hasScaledValues {
                let values = constantValues(of: file, scaled: scaled[index], at: index, found: constant)
                if let first = values.first {
                    diagnostics.append(warning(for: file, constant: values, first: first))
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

    /// A view id and one of its attributes.
    private struct ViewAttribute: Hashable {
        var viewId: String
        var attribute: String
    }

    /// For each view and attribute that a file of the container gives a scaled value, the files whose value is the
    /// same number on every device that reads it from them, with that number and how many devices read it.
    ///
    /// - Parameters:
    ///   - files: the container's files.
    ///   - scaled: each file's scaled values, by view id and attribute.
    ///   - graph: the catalog's fallbacks.
    ///   - own: each device's own file, as an index into `files`, by position in the catalog.
    ///   - base: the index of the base file, which every device reads after its chain.
    private func constantValues(
        in files: [LintedFile], scaled: [[String: [String: ScaledValue]]], graph: FallbackGraph, own: [Int?],
        base: Int?
    ) -> [ViewAttribute: [Int: (value: Double, devices: Int)]] {
        var found: [ViewAttribute: [Int: (value: Double, devices: Int)]] = [:]
        var folded: Set<ViewAttribute> = []
        for (index, file) in files.enumerated() where file.contents.hasScaledValues {
            for viewId in file.contents.viewIds {
                for attribute in scaled[index][viewId]?.keys.sorted() ?? [] {
                    let key = ViewAttribute(viewId: viewId, attribute: attribute)
                    guard folded.insert(key).inserted else { continue }
                    found[key] = constantValues(of: key, in: files, scaled: scaled, graph: graph, own: own, base: base)
                }
            }
        }
        return found
    }

    /// The files whose scaled value of `key` is the same on every device that reads it from them (at least two),
    /// by index in `files`, with that number and how many devices read it.
    private func constantValues(
        of key: ViewAttribute, in files: [LintedFile], scaled: [[String: [String: ScaledValue]]],
        graph: FallbackGraph, own: [Int?], base: Int?
    ) -> [Int: (value: Double, devices: Int)] {
        func sets(_ index: Int) -> Bool {
            files[index].contents[key.viewId]?.contains(key.attribute) == true
        }
        // The first file on each device's chain that sets the attribute. A lookup chain is its device, then each
        // fallback's chain in order with the devices already listed left out; a device left out was listed with
        // everything it falls back to, so the first file found along the fallbacks' chains, in order, is the
        // first along the lookup chain.
        let first = graph.fold { device, firstOfFallbacks -> Int? in
            if let file = own[device], sets(file) { return file }
            return firstOfFallbacks.lazy.compactMap { $0 }.first
        }
        let baseSets = base.map(sets) == true ? base : nil
        // The devices that read each file's value, in catalog order.
        var readers: [Int: [Int]] = [:]
        for (device, file) in first.enumerated() {
            if let file = file ?? baseSets { readers[file, default: []].append(device) }
        }
        var constant: [Int: (value: Double, devices: Int)] = [:]
        for (index, devices) in readers where devices.count >= 2 {
            let file = files[index]
            guard let value = scaled[index][key.viewId]?[key.attribute] else { continue }
            let classWidth = file.name.device.flatMap { catalog.deviceClass(named: $0)?.designWidth }
            var resolved: Double?
            var changes = false
            for device in devices {
                let profile = graph.profiles[device]
                let reference = file.contents.designWidth ?? classWidth ?? profile.designWidth
                let next = value.clamped(width: profile.width, designWidth: reference)
                if let resolved, resolved != next {
                    changes = true
                    break
                }
                resolved = next
            }
            if !changes, let resolved { constant[index] = (resolved, devices.count) }
        }
        return constant
    }

    /// The scaled values of `file` (at `index` in its container's files) that are the same on every device that
    /// reads them, in file order.
    private func constantValues(
        of file: LintedFile, scaled: [String: [String: ScaledValue]], at index: Int,
        found: [ViewAttribute: [Int: (value: Double, devices: Int)]]
    ) -> [ConstantValue] {
        var constant: [ConstantValue] = []
        for (viewIndex, viewId) in file.contents.viewIds.enumerated() {
            for attribute in scaled[viewId]?.keys.sorted() ?? [] {
                guard let (value, devices) = found[ViewAttribute(viewId: viewId, attribute: attribute)]?[index]
                else { continue }
                constant.append(
                    ConstantValue(
                        viewIndex: viewIndex, viewId: viewId, attribute: attribute, value: value, devices: devices))
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
