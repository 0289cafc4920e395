import Foundation

extension ConstraintFileParser {
    /// Reads and parses the files of `container` that a device reads, most specific first: one per device
    /// of `chain`, then the base file, leaving out those the source does not have.
    ///
    /// The interpreter loads a container with it, and tools show where each value comes from.
    ///
    /// - Parameters:
    ///   - container: the container; its name must be valid (``ConstraintFileName/validateContainer(_:)``).
    ///   - device: the device, for the error when no file exists.
    ///   - chain: the device's lookup chain.
    ///   - source: where the files are.
    ///   - diagnostics: receives the parser's warnings.
    /// - Returns: the names looked for, in order, and the files found, in the same order.
    /// - Throws: ``ConstraintError`` `.fileNotFound` when none of the files exists, `.unreadableFile` when
    ///   the source cannot read one, or the parser's error for the first file that does not parse.
    package func parseFiles(
        of container: String, on device: DeviceName, along chain: [DeviceName], from source: any ConstraintSource,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) throws(ConstraintError) -> (lookup: [String], files: [ContainerConstraints]) {
        var files: [ContainerConstraints] = []
        let lookup = try forEachFile(of: container, on: device, along: chain, from: source) {
            name, data throws(ConstraintError) in
            files.append(try parse(data, fileName: name, container: container, diagnostics: diagnostics))
        }
        return (lookup, files)
    }

    /// Reads and parses the files of `container` along `chain` like ``parseFiles(of:on:along:from:diagnostics:)``,
    /// merging them as it goes into the table the interpreter publishes.
    func mergedFiles(
        of container: String, on device: DeviceName, along chain: [DeviceName], from source: any ConstraintSource,
        diagnostics: ConstraintDiagnosticHandler?
    ) throws(ConstraintError) -> ViewTable {
        var views = ViewTable.Builder()
        var names: [String] = []
        _ = try forEachFile(of: container, on: device, along: chain, from: source) {
            name, data throws(ConstraintError) in
            try read(data, fileName: name, container: container, into: &views, diagnostics: diagnostics)
            names.append(name)
        }
        return views.build(files: names)
    }

    /// Calls `body` with each file of `container` on `chain` that the source has, most specific first.
    ///
    /// - Returns: the names looked for.
    private func forEachFile(
        of container: String, on device: DeviceName, along chain: [DeviceName], from source: any ConstraintSource,
        _ body: (String, Data) throws(ConstraintError) -> Void
    ) throws(ConstraintError) -> [String] {
        let lookup = try ConstraintFileName.files(of: container, along: chain).map(\.fileName)
        var found = false
        for name in lookup {
            let data: Data?
            do {
                data = try source.data(forFile: name, maximumSize: limits.maximumFileSize)
            } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
                throw ConstraintError(
                    code: .fileTooLarge,
                    message:
                        "file is \(error.sizeIsExact ? "" : "more than ")\(error.sizeIsExact ? error.size : error.maximumSize) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                    file: name)
            } catch {
                throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
            }
            guard let data else { continue }
            try body(name, data)
            found = true
        }
        guard found else {
            throw ConstraintError(
                code: .fileNotFound,
                message:
                    "no constraint file for container \"\(container)\" on device \(device); looked for \(lookup.joined(separator: ", "))"
            )
        }
        return lookup
    }
}
