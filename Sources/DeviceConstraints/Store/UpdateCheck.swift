import Foundation

/// Everything a ``ConstraintStore`` checks of an update's files before it writes a byte: names, sizes, that each file
/// parses and is a constraint file for a device of the catalog, and that the files layered over the app's own pass
/// lint's error rules (no missing default, no container key that differs from its file name).
///
/// Linear in the size of the update and of the app's files of the containers it touches: only those containers can
/// change, so only their files are read.
struct UpdateCheck {
    /// The most errors one refusal reports; the count of the others is said.
    static let maximumErrors = 100

    let base: any ConstraintSource
    let catalog: DeviceCatalog
    let parser: ConstraintFileParser
    /// The largest update, all files together, in bytes.
    let maximumSize: Int

    /// Checks what can be checked without parsing: the sizes, then the names.
    ///
    /// - Throws: ``ConstraintError`` `.fileTooLarge`, or `.invalidUpdate` for names that are not plain `.json` file
    ///   names (all of them, the others in ``ConstraintError/additionalErrors``).
    func checkShape(_ update: ConstraintUpdate) throws(ConstraintError) {
        try checkSizes(update)
        try checkNames(update)
    }

    /// Checks the files: each is a constraint file of a device the catalog knows and parses, and they pass lint's
    /// error rules layered over the app's files. Call ``checkShape(_:)`` first.
    ///
    /// - Throws: ``ConstraintError``: the first problem found, with the others in ``ConstraintError/additionalErrors``:
    ///   `.invalidUpdate` (a file that is not a constraint file), `.unknownDevice`, a parse error of a file (at its
    ///   line and column), `.missingDefault`.
    func checkFiles(_ update: ConstraintUpdate) throws(ConstraintError) {
        var errors: [ConstraintError] = []
        let roles = try self.roles(of: update)
        // The update's files, then the app's files of the same containers that the update does not replace.
        var files: [(name: String, file: ConstraintFileName, data: Data, fromUpdate: Bool)] = []
        for name in update.files.keys.sorted() {
            switch roles[name] {
            case .file(let file)?:
                files.append((name, file, update.files[name] ?? Data(), true))
            case .unknownDevice(_, let device)?:
                errors.append(
                    ConstraintError(
                        code: .unknownDevice,
                        message:
                            ConstraintFileName.unknownDeviceMessage(device)
                            + "; name the file for a device of the app's catalog, or leave it out of the update",
                        file: name))
            case .notConstraintFile?, nil:
                errors.append(
                    ConstraintError(
                        code: .invalidUpdate,
                        message:
                            "not a constraint file: an update carries only Container_Device.json and Container.json "
                            + "files whose top-level key is the container",
                        file: name))
            }
        }
        let containers = Set(files.map(\.file.container))
        for (name, role) in roles where update.files[name] == nil {
            guard case .file(let file) = role, containers.contains(file.container) else { continue }
            do throws(ConstraintError) {
                guard let data = try ContainerFiles.read(name, from: base, limits: parser.limits) else { continue }
                files.append((name, file, data, false))
            } catch {
                errors.append(error)
            }
        }
        // Parse every file; the rule across files runs over the containers whose files all parsed.
        var parsed: [(MissingDefaults.File, data: Data)] = []
        var broken: Set<String> = []
        for (name, file, data, fromUpdate) in files.sorted(by: { $0.name < $1.name }) {
            let (contents, fileErrors) = parser.parseCollectingErrors(data, fileName: name, container: file.container)
            errors += fromUpdate ? fileErrors : fileErrors.map(Self.inTheAppsFiles)
            if let contents, fileErrors.isEmpty {
                parsed.append((MissingDefaults.File(name: file, contents: contents), data))
            } else {
                broken.insert(file.container)
            }
        }
        let checked = parsed.filter { !broken.contains($0.0.contents.container) }
        let findings = MissingDefaults(catalog: catalog).find(in: checked.map(\.0))
        // Only the findings that can be reported are placed, as lint's warnings past its cap are only counted: in a
        // file, offsets are in the order of lines and columns, so the first ones by file and offset are the first
        // ones by file, line and column. Each file's line table is made once, whatever the number of its findings.
        let placed = findings.indices.sorted {
            (checked[findings[$0].file].0.contents.fileName, findings[$0].offset)
                < (checked[findings[$1].file].0.contents.fileName, findings[$1].offset)
        }.prefix(Self.maximumErrors)
        var lines: [Int: LineTable] = [:]
        for index in placed {
            let finding = findings[index]
            let (file, data) = checked[finding.file]
            if lines[finding.file] == nil { lines[finding.file] = LineTable([UInt8](data)) }
            let location = lines[finding.file]?.location(ofOffset: finding.offset) ?? (line: 1, column: 1)
            errors.append(
                ConstraintError(
                    code: .missingDefault, message: finding.message, file: file.contents.fileName,
                    line: location.line, column: location.column))
        }
        let unplaced = findings.count - placed.count
        // In the order lint prints them: by file, then line and column.
        errors.sort { ($0.file ?? "", $0.line ?? 0, $0.column ?? 0) < ($1.file ?? "", $1.line ?? 0, $1.column ?? 0) }
        guard var first = errors.first else { return }
        let count = errors.count + unplaced
        first.additionalErrors = Array(errors.dropFirst().prefix(Self.maximumErrors - 1))
        if count > Self.maximumErrors {
            first.additionalErrors.append(
                ConstraintError(
                    code: first.code, message: "and \(count - Self.maximumErrors) more errors in this update"))
        }
        throw first
    }

    /// Throws `.fileTooLarge` for a file over the parser's limit or an update over ``maximumSize``, before anything
    /// is parsed.
    private func checkSizes(_ update: ConstraintUpdate) throws(ConstraintError) {
        let total = update.byteCount
        guard total <= maximumSize else {
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "the update's files are \(total) bytes together, over the limit of \(maximumSize) bytes; split "
                    + "the update, or raise the store's maximumUpdateSize")
        }
        let limit = parser.limits.maximumFileSize
        let large = update.files.filter { $0.value.count > limit }.keys.sorted()
        guard let name = large.first, let size = update.files[name]?.count else { return }
        throw ConstraintError(
            code: .fileTooLarge,
            message:
                "file is \(size) bytes, over the limit of \(limit) bytes; split the container or raise "
                + "ConstraintFileParser.Limits.maximumFileSize",
            file: name)
    }

    /// Throws `.invalidUpdate` for every name that is not a plain `.json` file name, or that names the same file as
    /// another on a file system that ignores case or Unicode normalization (as Apple's do by default): the rule of
    /// ``ConstraintFileName/nameProblem(_:)`` and ``ConstraintFileName/clashes(among:)``, which lint and bundle apply too.
    private func checkNames(_ update: ConstraintUpdate) throws(ConstraintError) {
        var errors: [ConstraintError] = []
        let names = update.files.keys.sorted()
        for name in names {
            if let problem = ConstraintFileName.nameProblem(name) {
                errors.append(
                    ConstraintError(
                        code: .invalidUpdate,
                        message:
                            "the update's file name \"\(name.debugDescriptionContent)\" \(problem); an update carries "
                            + "plain file names such as Card_iPhone6.json"))
            }
        }
        for (first, second) in ConstraintFileName.clashes(among: names) {
            errors.append(
                ConstraintError(
                    code: .invalidUpdate,
                    message: "the update's files " + ConstraintFileName.clashMessage(first, second)))
        }
        guard var first = errors.first else { return }
        first.additionalErrors = Array(errors.dropFirst().prefix(Self.maximumErrors))
        throw first
    }

    /// The role of each name of the update, by the rule every tool follows, among the update's names and the app's.
    private func roles(of update: ConstraintUpdate) throws(ConstraintError) -> [String: ConstraintFileName.Role] {
        let baseNames: [String]
        do {
            baseNames = try base.fileNames().filter(ConstraintFileName.hasSuffix)
        } catch {
            throw ConstraintError(
                code: .unreadableFile,
                message: "could not list the app's constraint files to check the update against them: \(error)")
        }
        let names = Array(Set(baseNames).union(update.files.keys))
        let known = Set(catalog.profiles.map(\.name))
        let limit = parser.limits.maximumFileSize
        let base = self.base
        // A file's first key is read only where it decides a role the check needs: the update's files, and the app's
        // files of the containers the update may touch. The others' roles do not matter here.
        let touched = Set(update.files.keys.flatMap(ConstraintFileName.containerCandidates(ofFile:)))
        return ConstraintFileName.roles(of: names, knownDevices: known) { name in
            if let data = update.files[name] { return ConstraintFileParser.topLevelKey(of: data) }
            guard ConstraintFileName.containerCandidates(ofFile: name).contains(where: touched.contains) else {
                return nil
            }
            return (try? base.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileParser.topLevelKey(of:))
        }
    }

    /// An error of one of the app's own files, which the update made visible: it says so.
    private static func inTheAppsFiles(_ error: ConstraintError) -> ConstraintError {
        var placed = error
        placed.message += " (in the app's own file, which the update does not replace)"
        return placed
    }
}
