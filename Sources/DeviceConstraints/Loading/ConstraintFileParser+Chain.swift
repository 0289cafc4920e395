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

    /// Calls `body` with each file of `container` on `chain` that the source has, most specific first.
    ///
    /// - Returns: the names looked for.
    private func forEachFile(
        of container: String, on device: DeviceName, along chain: [DeviceName], from source: any ConstraintSource,
        _ body: (String, Data) throws(ConstraintError) -> Void
    ) throws(ConstraintError) -> [String] {
        let lookup = ConstraintFileName.files(of: container, along: chain).map(\.fileName)
        var found = false
        for name in lookup {
            guard let data = try readFile(name, from: source) else { continue }
            try body(name, data)
            found = true
        }
        guard found else { throw Self.noFile(of: container, on: device, lookedFor: lookup) }
        return lookup
    }

    /// The contents of the file `name`, nil when the source has no such file.
    ///
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the source cannot read it.
    func readFile(_ name: String, from source: any ConstraintSource) throws(ConstraintError) -> Data? {
        do {
            return try source.data(forFile: name)
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
        }
    }

    /// The error for a container none of whose files exists on a chain.
    static func noFile(of container: String, on device: DeviceName, lookedFor lookup: [String]) -> ConstraintError {
        ConstraintError(
            code: .fileNotFound,
            message:
                "no constraint file for container \"\(container)\" on device \(device); looked for \(lookup.joined(separator: ", "))"
        )
    }
}
