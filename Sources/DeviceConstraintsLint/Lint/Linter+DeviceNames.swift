import DeviceConstraints

// The checks of the device part of file names: two files of one container that name the same class (a class and
// its model, or two models of it).

extension Linter {
    /// An error for each file of a container that names the same class as an earlier one (by path), naming both:
    /// `Card_iPhone15.json` and `Card_iPhone16.json` are both files of `iPhone14Pro`, and a window of that class
    /// reads both.
    ///
    /// - Parameter files: the files that were read, in path order.
    func filesOfOneClass(_ files: [LintedFile]) -> [ConstraintDiagnostic] {
        struct Place: Hashable {
            let container: String
            let deviceClass: DeviceName
        }
        var first: [Place: LintedFile] = [:]
        var diagnostics: [ConstraintDiagnostic] = []
        for file in files {
            guard let device = file.name.device, let deviceClass = catalog.deviceClass(named: device)?.name else {
                continue
            }
            let place = Place(container: file.name.container, deviceClass: deviceClass)
            guard let earlier = first[place] else {
                first[place] = file
                continue
            }
            diagnostics.append(
                ConstraintDiagnostic(
                    severity: .error, code: .sameClassFiles,
                    message:
                        "\(earlier.name.fileName) and \(file.name.fileName) name the same class, \(deviceClass) "
                        + "(\(describe(earlier.name.device)), \(describe(file.name.device))): every window of that class "
                        + "reads both; merge them into one file",
                    file: file.path))
        }
        return diagnostics
    }

    /// `iPhone16 is the iPhone 16` or `iPhone14Pro is the class`.
    private func describe(_ device: DeviceName?) -> String {
        guard let device else { return "the base file" }
        if catalog.profile(named: device) != nil { return "\(device) is the class" }
        if let model = DeviceModel.named(device) { return "\(device) is the \(model.marketingName)" }
        return "\(device) is the class"
    }
}
