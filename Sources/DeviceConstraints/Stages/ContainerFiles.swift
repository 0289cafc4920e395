import Foundation

/// The files of one container that a device reads, most specific first: one per device of its lookup chain, then
/// the base file. The step between sources and file names (Files/), which know devices, and ``ConstraintFileParser``
/// (Parsing/), which knows none and is given bytes and a name: it reads each file from the source, hands its bytes to
/// the parser, and says which device asked when none exists.
///
/// The tool's `show` and `preview` read a container with it; the interpreter reads the same files through its
/// stages, and reports a container with no file through ``noFile(of:on:lookedFor:)``.
package enum ContainerFiles {
    /// Reads and parses the files of `container` that a device reads, most specific first, leaving out those the
    /// source does not have.
    ///
    /// - Parameters:
    ///   - container: the container; its name must be valid (``ConstraintFileName/validateContainer(_:)``).
    ///   - device: the device, for the error when no file exists.
    ///   - chain: the device's lookup chain.
    ///   - source: where the files are.
    ///   - parser: the parser, with its limits.
    ///   - diagnostics: receives the parser's warnings.
    /// - Returns: the names looked for, in order, and the files found, in the same order.
    /// - Throws: ``ConstraintError`` `.fileNotFound` when none of the files exists, `.unreadableFile` when
    ///   the source cannot read one, or the parser's error for the first file that does not parse.
    package static func parse(
        _ container: String, on device: DeviceName, along chain: [DeviceName], from source: any ConstraintSource,
        parser: ConstraintFileParser, diagnostics: ConstraintDiagnosticHandler? = nil
    ) throws(ConstraintError) -> (lookup: [String], files: [ContainerConstraints]) {
        let lookup = try ConstraintFileName.files(of: container, along: chain).map(\.fileName)
        var files: [ContainerConstraints] = []
        for name in lookup {
            guard let data = try read(name, from: source, limits: parser.limits) else { continue }
            files.append(try parser.parse(data, fileName: name, container: container, diagnostics: diagnostics))
        }
        guard !files.isEmpty else { throw noFile(of: container, on: device, lookedFor: lookup, in: source) }
        return (lookup, files)
    }

    /// The error for a container none of whose files exists on a chain: which files were looked for, and where
    /// (`in the folder /path/Constraints`), so that a source that names the wrong folder shows in the message.
    static func noFile(
        of container: String, on device: DeviceName, lookedFor lookup: [String], in source: any ConstraintSource
    ) -> ConstraintError {
        let looked = lookup.isEmpty ? "" : "; looked for \(lookup.joined(separator: ", "))"
        return ConstraintError(
            code: .fileNotFound,
            message:
                "no constraint file for container \"\(container)\" on device \(device) in "
                + "\(ConstraintInterpreter.name(of: source))\(looked)")
    }

    /// The contents of the file `name`, nil when the source has no such file.
    ///
    /// - Parameter limits: the parser's limits; a file over ``ConstraintFileParser/Limits/maximumFileSize`` is
    ///   refused before it is read.
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the source cannot read it, `.fileTooLarge` when it is over
    ///   the limit, `.folderNotFound` or `.emptyFolder` when the source's folder is the reason it has no such file.
    static func read(
        _ name: String, from source: any ConstraintSource, limits: ConstraintFileParser.Limits
    ) throws(ConstraintError) -> Data? {
        do {
            return try source.data(forFile: name, maximumSize: limits.maximumFileSize)
        } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
            let size = error.sizeIsExact ? "\(error.size)" : "more than \(error.maximumSize)"
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(size) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: name)
        } catch let error as ConstraintSourceError where error.code == .folderNotFound || error.code == .emptyFolder {
            // About the folder, not this file.
            throw ConstraintError(code: .init(rawValue: error.code.rawValue), message: "\(error)")
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
        }
    }
}
