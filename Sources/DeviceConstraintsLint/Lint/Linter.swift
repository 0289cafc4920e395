public import DeviceConstraints
import Foundation

/// Checks a folder of constraint files the way the interpreter will read them, and reports every problem
/// it finds, never stopping at the first.
///
/// Each file: its name (`Container_Device.json` with a device of the catalog, or `Container.json`), JSON
/// validity, the format, the top-level key against the name, attribute types, misspelt attribute names
/// (with a suggestion), view ids given twice. Across files: a view id that some device gets but another
/// cannot reach through its lookup chain (a missing default), files for a device the catalog does not
/// know, which no device ever reads (dead files), and scaled values that are the same on every device that reads
/// them (a base file that states no `"designWidth"`).
///
/// ```swift
/// let report = Linter(catalog: .standard).lint(
///     DirectorySource(URL(fileURLWithPath: "Constraints")), directory: "Constraints")
/// print(report.text)   // Constraints/Card_iPhone6.json:4:18: error: "width" must be a number, … then a summary
/// ```
///
/// It is what `device-constraints lint` and the build plugin run; an app can run it in a test of its own files.
/// Every check is linear in the size of the files.
public struct Linter: Sendable {
    /// The devices the files are written for.
    package var catalog: DeviceCatalog
    /// The parser, with the limits the interpreter will enforce.
    package var parser: ConstraintFileParser
    /// Whether messages advise a user of the command-line tool rather than of the library: a symbolic link out of
    /// the folder is to be replaced with a copy, rather than read with `DirectorySource(_:followingLinksOutOfFolder:)`.
    package var commandLineAdvice = false
    /// The command-line tool's name, as advice names it: `device-constraints`.
    package static let toolName = "device-constraints"

    /// A linter for files written for the devices of `catalog`.
    ///
    /// - Parameters:
    ///   - catalog: the devices the files are written for; device names in file names are checked against it.
    ///   - limits: the parser's limits (file size, nesting), the same the interpreter is given.
    public init(catalog: DeviceCatalog = .standard, limits: ConstraintFileParser.Limits = .default) {
        self.catalog = catalog
        self.parser = ConstraintFileParser(limits: limits)
    }

    /// Lints every `.json` file of `source`.
    ///
    /// - Parameters:
    ///   - source: the folder (or any other source) of constraint files.
    ///   - directory: the folder as the user typed it; diagnostics name files as `directory/file`.
    /// - Returns: every diagnostic, sorted by file, line and column, and the number of files read.
    public func lint(_ source: any ConstraintSource, directory: String) -> LintReport {
        let names: [String]
        let misnamed: [ConstraintDiagnostic]
        do {
            let listed = try source.fileNames()
            names = listed.filter(ConstraintFileName.hasSuffix).sorted()
            misnamed = misnamedExtensions(listed, in: source, directory: directory)
        } catch {
            let diagnostic = ConstraintDiagnostic(
                severity: .error, code: .init(rawValue: ConstraintError.Code.unreadableFile.rawValue),
                message: "could not list the files of this folder: \(error)", file: directory)
            return LintReport(diagnostics: [diagnostic], fileCount: 0)
        }
        guard !names.isEmpty else {
            let diagnostic = ConstraintDiagnostic(
                severity: .warning, code: .noConstraintFiles,
                message: "no constraint files (*.json) in this folder; is it the right one?", file: directory)
            return LintReport(diagnostics: [diagnostic] + misnamed, fileCount: 0)
        }

        let knownDevices = Set(catalog.profiles.map(\.name))
        // Which file is whose, by the rule the interpreter follows: Card_iPad.json without an iPad in the
        // catalog is a dead file here, is left out by preloadAll, and is not a container in coverage.
        let limit = parser.limits.maximumFileSize
        let roles = ConstraintFileName.roles(of: names, knownDevices: knownDevices) { name in
            (try? source.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileParser.topLevelKey(of:))
        }
        var diagnostics = misnamed + nameErrors(names, directory: directory)
        var files: [LintedFile] = []
        var unread: [(path: String, name: ConstraintFileName)] = []
        // Filed when the first dead file asks for a device name, once for every dead file of this lint.
        var suggestions: DeviceCatalog.Suggestions?
        // A name no app can hold is reported once, by the rule the store applies, and not read.
        for name in names where ConstraintFileName.nameProblem(name) == nil {
            let path = DisplayPath.join(directory, name)
            let checked = check(
                name, at: path, in: source, role: roles[name] ?? .notConstraintFile, suggestions: &suggestions)
            diagnostics += checked.diagnostics
            if let file = checked.file {
                files.append(file)
            } else if let name = checked.unread {
                unread.append((path, name))
            }
        }
        // A file that could not be read hides its views: the devices that read it are left out of the check for
        // missing defaults (every other device of its container is checked), and its container out of the check of
        // scaled values. A note at the file says so, so that a clean run is not taken for a full one.
        let unreadContainers = Set(unread.map(\.name.container))
        let complete = files.filter { !unreadContainers.contains($0.contents.container) }
        diagnostics += filesOfOneClass(files)
        diagnostics += unreachableQualifiers(files)
        diagnostics += missingDefaults(in: files, unread: Set(unread.map(\.name)))
        diagnostics += constantScaledValues(in: complete)
        // Only where the container has other files: a broken file alone hides nothing across files.
        let readContainers = Set(files.map(\.name.container))
        diagnostics += unread.filter { readContainers.contains($0.name.container) }.map { path, name in
            let what =
                name.device == nil
                ? "whether any device of \(name.container) misses a view"
                : "whether the devices that read it miss a view"
            return ConstraintDiagnostic(
                severity: .note, code: .checksNotRun,
                message:
                    "checks across files not run: until this file is fixed, lint cannot tell \(what), nor check "
                    + "\(name.container)'s scaled values across devices; the other files were checked",
                file: path)
        }
        return LintReport(diagnostics: diagnostics.sorted(by: ConstraintDiagnostic.lintOrder), fileCount: names.count)
    }

    /// An error for each name that an app's store would refuse (``ConstraintFileName/nameProblem(_:)``), and for both
    /// files of each pair that are one file on an app's disk (``ConstraintFileName/clashes(among:)``): the store's own
    /// rule, so that what lint passes, `bundle` writes and the store installs.
    private func nameErrors(_ names: [String], directory: String) -> [ConstraintDiagnostic] {
        var diagnostics: [ConstraintDiagnostic] = []
        for name in names {
            guard let problem = ConstraintFileName.nameProblem(name) else { continue }
            diagnostics.append(
                ConstraintDiagnostic(
                    severity: .error, code: .init(rawValue: ConstraintError.Code.invalidName.rawValue),
                    message: "the file name \(problem); an app's store refuses it, so rename the file",
                    file: DisplayPath.join(directory, name)))
        }
        for (first, second) in ConstraintFileName.clashes(among: names) {
            let message = ConstraintFileName.clashMessage(first, second)
            for name in [first, second] {
                diagnostics.append(
                    ConstraintDiagnostic(
                        severity: .error, code: .init(rawValue: ConstraintError.Code.invalidName.rawValue),
                        message: message, file: DisplayPath.join(directory, name)))
            }
        }
        return diagnostics
    }

    /// A warning for each file of `source` whose name ends in `.json` in another case (`Card.JSON`): only `.json`
    /// names are read, by lint and by the app. A ``DirectorySource`` lists only `.json` names, so its folder is
    /// listed again for them.
    private func misnamedExtensions(_ listed: [String], in source: any ConstraintSource, directory: String)
        -> [ConstraintDiagnostic]
    {
        var names = listed
        if let folder = (source as? DirectorySource)?.directory {
            names += (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        }
        let present = Set(names)
        let suffix = ConstraintFileName.suffix
        return Set(names.filter { $0.lowercased().hasSuffix(suffix) && !ConstraintFileName.hasSuffix($0) }).sorted().map
        {
            name in
            let renamed = String(name.dropLast(suffix.count)) + suffix
            let fix =
                present.contains(renamed)
                ? "\(renamed) is there too: keep one of them, named \(renamed)"
                : "rename it to \(renamed)"
            return ConstraintDiagnostic(
                severity: .warning, code: .misnamedExtension,
                message:
                    "not read: only names ending in \".json\" are read, and this one ends in "
                    + "\"\(name.suffix(suffix.count))\"; \(fix)",
                file: DisplayPath.join(directory, name))
        }
    }

    // MARK: - One file

    /// What checking one file found.
    private struct CheckedFile {
        var diagnostics: [ConstraintDiagnostic] = []
        /// The file, when it was read and some device reads it.
        var file: LintedFile?
        /// A file some device reads that could not be read or parsed.
        var unread: ConstraintFileName?
    }

    /// Reads and checks the file `name`.
    ///
    /// - Parameter suggestions: the catalog's device names filed for a dead file's suggestion; filed here at the first
    ///   dead file, and kept for the next.
    private func check(
        _ name: String, at path: String, in source: any ConstraintSource, role: ConstraintFileName.Role,
        suggestions: inout DeviceCatalog.Suggestions?
    ) -> CheckedFile {
        var result = CheckedFile()
        let read: Data?
        do {
            read = try source.data(forFile: name, maximumSize: parser.limits.maximumFileSize)
        } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
            let tooLarge = ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(error.sizeIsExact ? "" : "more than ")\(error.sizeIsExact ? error.size : error.maximumSize) "
                    + "bytes, over the limit of \(parser.limits.maximumFileSize) bytes; split the container")
            result.diagnostics.append(ConstraintDiagnostic(tooLarge, at: path))
            return result
        } catch let error as ConstraintSourceError where error.code == .linkOutOfFolder {
            let outside = ConstraintError(
                code: .unreadableFile, message: linkOutOfFolderMessage(name, in: source, error: error))
            result.diagnostics.append(ConstraintDiagnostic(outside, at: path))
            return result
        } catch {
            let unreadable = ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)")
            result.diagnostics.append(ConstraintDiagnostic(unreadable, at: path))
            return result
        }
        guard let data = read else {
            let gone = ConstraintError(code: .unreadableFile, message: missingFileMessage(name, in: source))
            result.diagnostics.append(ConstraintDiagnostic(gone, at: path))
            return result
        }
        let fileName: ConstraintFileName
        var deadDevice: String?
        switch role {
        case .file(let file):
            fileName = file
        case .unknownDevice(let container, let device):
            fileName = ConstraintFileName(container: container)
            deadDevice = device
        case .notConstraintFile:
            // A name no container can have: an error, since nothing can ever read it.
            guard let file = ConstraintFileName(parsing: name, knownDevices: []) else {
                let stem = ConstraintFileName.stem(ofFile: name) ?? name
                let error =
                    ConstraintFileName.validateContainer(stem)
                    ?? ConstraintError(code: .invalidName, message: "\"\(name)\" is not a constraint file name")
                result.diagnostics.append(ConstraintDiagnostic(error, at: path))
                return result
            }
            // A lone file whose top-level key is another name: by the rule every tool follows, not a constraint
            // file, which the interpreter skips. A warning (a build does not fail over the app's other JSON), in
            // case it was meant as one.
            if let key = ConstraintFileParser.topLevelKey(of: data) {
                result.diagnostics.append(
                    ConstraintDiagnostic(
                        severity: .warning, code: .notConstraintFile,
                        message:
                            "not a constraint file: its top-level key \"\(key)\" is not \"\(file.container)\", so the "
                            + "interpreter skips it; if it holds constraints, rename the key or the file",
                        file: path))
                return result
            }
            fileName = file
        }

        // A device file must hold its container, and so must a base file; a file for an unknown device
        // may hold its container or the whole stem.
        let warnings = DiagnosticCollector()
        let (contents, errors) = parser.parseCollectingErrors(
            data, fileName: name, container: deadDevice == nil ? fileName.container : nil,
            diagnostics: warnings.handler)
        result.diagnostics += errors.map { ConstraintDiagnostic($0, at: path) }
        result.diagnostics += warnings.diagnostics.compactMap { warning in
            var placed = warning
            placed.file = path
            guard warning.code == .possibleTypo, let attribute = warning.attribute else { return placed }
            return declaredOrMisspelt(placed, attribute: attribute)
        }
        guard let contents else {
            // A dead file is read by no device: it hides nothing.
            if deadDevice == nil { result.unread = fileName }
            return result
        }
        let bytes = [UInt8](data)
        if let deadDevice {
            result.diagnostics.append(
                malformedQualifier(deadDevice, container: fileName.container, at: path)
                    ?? deadFile(device: deadDevice, at: path, bytes: bytes, suggestions: &suggestions))
            return result
        }
        result.file = LintedFile(path: path, name: fileName, contents: contents, lines: LineTable(bytes))
        return result
    }

    /// A name near a standard attribute (`"hieght"`) that the catalog declares as the app's own is no problem; any
    /// other is an error, since the standard attribute it was meant as reads 0 (or nothing) on every device.
    private func declaredOrMisspelt(_ warning: ConstraintDiagnostic, attribute: String) -> ConstraintDiagnostic? {
        guard !catalog.extensionAttributes.contains(attribute) else { return nil }
        var error = warning
        error.severity = .error
        let name = ControlCharacters.escaped(attribute)
        let suggestion = ConstraintAttribute.suggestedName(for: attribute) ?? "columns"
        error.message =
            "unknown attribute \"\(name)\"; did you mean \"\(suggestion)\"? As written, \"\(suggestion)\" is not set "
            + "here; fix the name, or, if \"\(name)\" is an attribute of your own, declare it in the device catalog's "
            + "\"extensionAttributes\""
        return error
    }

    /// The error of a file that no device reads, with the nearest device name of the catalog.
    ///
    /// - Parameter suggestions: the catalog's device names, filed at the first dead file of a lint rather than
    ///   compared with each dead file's name one by one (files times devices).
    private func deadFile(
        device: String, at path: String, bytes: [UInt8], suggestions: inout DeviceCatalog.Suggestions?
    ) -> ConstraintDiagnostic {
        var message = ConstraintFileName.unknownDeviceMessage(device)
        let filed = suggestions ?? DeviceCatalog.Suggestions(catalog)
        suggestions = filed
        if let suggestion = filed.suggestion(for: device) {
            message += "; did you mean \"\(suggestion.name)\"\(suggestion.note.map { " (\($0))" } ?? "")? Rename"
        } else {
            message += "; rename"
        }
        message += " the file, or add the device to the catalog (see '\(Self.toolName) devices')"
        // The file parsed, so its first quote opens the top-level key.
        let location = bytes.firstIndex(of: UInt8(ascii: "\"")).map { JSONDocument.location(ofOffset: $0, in: bytes) }
        return ConstraintDiagnostic(
            severity: .error, code: .deadFile, message: message, file: path, line: location?.line,
            column: location?.column)
    }
}

/// A file that was read and that some device reads, kept for the checks across files.
struct LintedFile {
    /// The path diagnostics print.
    var path: String
    /// The container and device of its name.
    var name: ConstraintFileName
    /// Its records.
    var contents: ContainerConstraints
    /// Its lines, to place a diagnostic at a view id's line and column.
    var lines: LineTable
}

/// Collects the warnings the parser reports while it reads one file (lint) or one chain of files (show).
package final class DiagnosticCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected: [ConstraintDiagnostic] = []

    package init() {}

    package var handler: ConstraintDiagnosticHandler {
        { diagnostic in self.lock.withLock { self.collected.append(diagnostic) } }
    }

    package var diagnostics: [ConstraintDiagnostic] { lock.withLock { collected } }
}
