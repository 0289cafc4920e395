import DeviceConstraints

// The check across files: Android's MissingDefaultResource, for lookup chains. The rule is DeviceConstraints'
// `MissingDefaults`, which ConstraintStore also runs over an update before installing it; lint places its findings.

extension Linter {
    /// For each container and view id, the devices of the catalog whose lookup chain (and the base file)
    /// reaches no file that defines the view: on those devices `record(viewId:container:)` throws. One error
    /// per view id, placed at its first definition, naming every such device.
    ///
    /// - Parameters:
    ///   - files: the files that were read, in path order.
    ///   - unread: the files that could not be read or parsed; the devices that read them are not checked.
    func missingDefaults(in files: [LintedFile], unread: Set<ConstraintFileName>) -> [ConstraintDiagnostic] {
        let rule = MissingDefaults(catalog: catalog)
        return rule.find(in: files.map { MissingDefaults.File(name: $0.name, contents: $0.contents) }, unread: unread)
            .map {
                finding in
                let file = files[finding.file]
                let location = file.lines.location(ofOffset: finding.offset)
                return ConstraintDiagnostic(
                    severity: .error, code: .missingDefault, message: finding.message, file: file.path,
                    line: location.line, column: location.column)
            }
    }
}
