import DeviceConstraints

// The checks of the device part of file names: two files of one container for the same place of a lookup chain (a
// class and its model, two models of it, or one qualifier written twice), qualifiers no window of the catalog can
// meet, and malformed qualifiers.

extension Linter {
    /// The part of `file`'s name after its last underscore, read against the catalog; nil for the base file.
    func devicePart(of file: LintedFile) -> DevicePart? {
        guard let device = file.name.device else { return nil }
        return DevicePart(parsing: device.rawValue) { catalog.deviceClass(named: $0) != nil }
    }

    /// An error for each file of a container that is for the same place of a lookup chain as an earlier one (by
    /// path), naming both: `Card_iPhone15.json` and `Card_iPhone16.json` are both files of `iPhone14Pro`, and a
    /// window of that class reads both, in an order only the catalog says.
    ///
    /// - Parameter files: the files that were read, in path order.
    func filesOfOneClass(_ files: [LintedFile]) -> [ConstraintDiagnostic] {
        struct Place: Hashable {
            let container: String
            let deviceClass: DeviceName?
            let minimumWidth: Int?
            let orientation: LayoutOrientation?
        }
        var first: [Place: LintedFile] = [:]
        var diagnostics: [ConstraintDiagnostic] = []
        for file in files {
            guard let part = devicePart(of: file) else { continue }
            let deviceClass = part.device.flatMap { catalog.deviceClass(named: $0)?.name }
            let place = Place(
                container: file.name.container, deviceClass: deviceClass, minimumWidth: part.minimumWidth,
                orientation: part.orientation)
            guard let earlier = first[place] else {
                first[place] = file
                continue
            }
            let what =
                deviceClass.map { deviceClass in
                    "name the same class, \(deviceClass) (\(describe(earlier.name.device)), "
                        + "\(describe(file.name.device)))"
                } ?? "are for the same windows"
            diagnostics.append(
                ConstraintDiagnostic(
                    severity: .error, code: .sameClassFiles,
                    message:
                        "\(earlier.name.fileName) and \(file.name.fileName) \(what): every window that reads one "
                        + "reads both, so they can never be told apart; merge them into one file",
                    file: file.path))
        }
        return diagnostics
    }

    /// `iPhone16 is the iPhone 16` or `iPhone14Pro is the class`.
    private func describe(_ device: DeviceName?) -> String {
        guard let device else { return "the base file" }
        let name = DeviceName(device.rawValue.split(separator: "-").first.map(String.init) ?? device.rawValue)
        if catalog.profile(named: name) != nil { return "\(name) is the class" }
        if let model = DeviceModel.named(name) { return "\(name) is the \(model.marketingName)" }
        return "\(name)"
    }

    /// An error for each file whose width qualifier no window of the catalog can meet: wider than the longest side
    /// of every device (`w1400`), or, in portrait, than the shorter side (`w1100-portrait`).
    ///
    /// - Parameter files: the files that were read.
    func unreachableQualifiers(_ files: [LintedFile]) -> [ConstraintDiagnostic] {
        guard let widest = catalog.profiles.max(by: { $0.height < $1.height }),
            let widestPortrait = catalog.profiles.max(by: { $0.width < $1.width })
        else { return [] }
        var diagnostics: [ConstraintDiagnostic] = []
        for file in files {
            guard let part = devicePart(of: file), let width = part.minimumWidth else { continue }
            let portrait = part.orientation == .portrait
            let (limit, device, how) =
                portrait
                ? (widestPortrait.width, widestPortrait.name, "in portrait")
                : (widest.height, widest.name, "in landscape")
            guard Double(width) > limit else { continue }
            diagnostics.append(
                ConstraintDiagnostic(
                    severity: .error, code: .unreachableQualifier,
                    message:
                        "no window reads this file: \"w\(width)\" needs a window at least \(width) points wide"
                        + "\(portrait ? " in portrait" : ""), and the widest window of the catalog, \(device) \(how), "
                        + "is \(limit.compactDescription); lower the width, or name the file for a class",
                    file: file.path))
        }
        return diagnostics
    }

    /// The error for a file whose device part looks like a qualifier but is not one (`w0`, `w-3`, `w600dp`,
    /// `w600-lanscape`), with the name it probably meant; nil when it does not look like one.
    func malformedQualifier(_ device: String, container: String, at path: String) -> ConstraintDiagnostic? {
        guard
            let (problem, suggestion) = DevicePart.malformed(
                device, isDevice: { catalog.deviceClass(named: $0) != nil })
        else { return nil }
        let fix =
            suggestion.map { "; did you mean \(container)_\($0).json? Rename the file" }
            ?? "; rename the file (see 'Device names and qualifiers' in the documentation)"
        return ConstraintDiagnostic(
            severity: .error, code: .malformedQualifier,
            message: "no window reads this file: \(problem)\(fix)", file: path)
    }
}
