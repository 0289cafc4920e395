import DeviceConstraints
import Foundation

// `device-constraints bundle`: a folder's constraint files as one update for ConstraintStore.

extension DeviceConstraintsTool {
    /// Lints the folder; with no error, writes its constraint files as a bundle (``ConstraintUpdate/data()``).
    ///
    /// The diagnostics go to standard error, the line that says what was written to standard output. A folder with
    /// an error is not bundled (exit status 1), nor is a version that is not numbers and dots, a file name an app's
    /// store would refuse, or a bundle over ``ConstraintUpdate/defaultMaximumSize``.
    func bundle(_ options: BundleOptions) throws(ToolFailure) -> ToolResult {
        let conditions: [UpdateCondition]
        let rollout: UpdateRollout?
        do throws(ConstraintError) {
            try ConstraintUpdate.checkVersion(options.version)
            conditions = try options.updateConditions()
            rollout = try options.updateRollout()
        } catch {
            throw ToolFailure(error)
        }
        let catalog = try loadCatalog(options.catalog).catalog
        for condition in conditions {
            for name in condition.deviceNames where catalog.deviceClass(named: DeviceName(name)) == nil {
                var message = "'--when \(condition)': the catalog has no device class or model \"\(name)\""
                if let near = catalog.suggestion(for: name) { message += "; did you mean \"\(near.name)\"?" }
                throw ToolFailure(
                    code: .invalidCondition,
                    message: message + " (see '\(Self.name) devices' for the classes, DeviceModel for the models)")
            }
        }
        let linted = try lintedFolder(
            try folder(of: options), directory: options.directory, catalog: catalog, command: "bundle")
        if let refusal = linted.refusal { return refusal }
        let (names, files, leftOut, diagnostics) = (linted.names, linted.files, linted.leftOut, linted.diagnostics)
        for name in files.keys.sorted() {
            if let problem = ConstraintUpdate.problem(withFileName: name) {
                throw ToolFailure(
                    code: .invalidUpdate,
                    message:
                        "'\(DisplayPath.join(options.directory, name))': the file name \(problem), and an app's store "
                        + "refuses it; rename the file")
            }
        }
        guard !files.isEmpty || options.allowEmpty else {
            throw ToolFailure(
                code: .invalidUpdate,
                message:
                    "no constraint files in '\(options.directory)': an empty update reverts every app to its own "
                    + "files; give the right folder, or add --allow-empty if that is what you mean")
        }
        try checkOutput(options.output, inputs: names.map { DisplayPath.join(options.directory, $0) })
        let bundle = ConstraintUpdate(
            version: options.version, files: files, conditions: conditions, rollout: rollout,
            maximumLayoutProblems: options.maxLayoutProblems
        ).data()
        guard bundle.count <= ConstraintUpdate.defaultMaximumSize else {
            throw ToolFailure(
                code: .fileTooLarge,
                message:
                    "the bundle would be \(bundle.count) bytes, over the \(ConstraintUpdate.defaultMaximumSize) bytes "
                    + "an app reads by default; bundle fewer files")
        }
        do {
            try bundle.write(to: URL(fileURLWithPath: options.output), options: .atomic)
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not write '\(options.output)': \(error.localizedDescription)")
        }
        var summary = "wrote \(options.output): update \(options.version), \(counted(files.count, "file")), "
        summary += "\(bundle.count) bytes"
        if !conditions.isEmpty { summary += "; when \(conditions.map(\.description).joined(separator: ", "))" }
        if let rollout { summary += "; rollout \(rollout)" }
        if !leftOut.isEmpty { summary += "; left out (not constraint files): \(leftOut.joined(separator: ", "))" }
        return ToolResult(output: summary, errorOutput: diagnostics.joined(separator: "\n"))
    }

    /// Lints the folder and, when lint finds no error, reads its constraint files: what `bundle` and `compile` write.
    ///
    /// - Parameter command: the command, for the refusal (`error: not bundled: …; … then bundle again`).
    func lintedFolder(
        _ source: DirectorySource, directory: String, catalog: DeviceCatalog, command: String
    ) throws(ToolFailure) -> LintedFolder {
        var linter = Linter(catalog: catalog)
        linter.commandLineAdvice = true
        let report = linter.lint(source, directory: directory)
        var linted = LintedFolder(diagnostics: report.diagnostics.map(\.description), parser: linter.parser)
        guard report.errorCount == 0 else {
            let refusal =
                "error: not \(command)d: \(report.summary); fix the errors (see '\(Self.name) lint \(directory)'), "
                + "then \(command) again"
            linted.refusal = ToolResult(
                errorOutput: (linted.diagnostics + [refusal]).joined(separator: "\n"), exitCode: .failure)
            return linted
        }
        do {
            linted.names = try source.fileNames()
        } catch {
            throw ToolFailure(code: .unreadableFile, message: "could not list the files of '\(directory)': \(error)")
        }
        let limit = linter.parser.limits.maximumFileSize
        let roles = ConstraintFileName.roles(of: linted.names, knownDevices: Set(catalog.profiles.map(\.name))) {
            name in
            (try? source.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileParser.topLevelKey(of:))
        }
        for name in linted.names {
            guard case .file? = roles[name] else {
                linted.leftOut.append(name)
                continue
            }
            do {
                linted.files[name] = try source.data(forFile: name, maximumSize: limit)
            } catch {
                throw ToolFailure(
                    code: .unreadableFile, message: "could not read '\(DisplayPath.join(directory, name))': \(error)")
            }
        }
        return linted
    }

    /// Throws unless `output` is nothing yet or a regular file that is none of `inputs`: the command replaces it.
    func checkOutput(_ output: String, inputs: [String], writing what: String = "bundle") throws(ToolFailure) {
        let target = PathCheck(output)
        if let problem = target.notRegularFile {
            throw ToolFailure(
                code: .unreadableFile,
                message: "not written: '\(output)' \(problem), which a \(what) would replace; give a file's path")
        }
        if let input = inputs.first(where: { target.isSameFile(as: PathCheck($0)) }) {
            throw ToolFailure(
                code: .unreadableFile,
                message:
                    "not written: '\(output)' is the folder's own file '\(input)', which the \(what) would replace; "
                    + "write the \(what) outside the folder")
        }
    }
}

/// A folder linted for `bundle` or `compile`, and its constraint files.
struct LintedFolder {
    /// Lint's diagnostics, printed.
    let diagnostics: [String]
    /// The parser lint read the files with.
    let parser: ConstraintFileParser
    /// What to return when lint found an error (nothing was read), else nil.
    var refusal: ToolResult?
    /// Every file name of the folder.
    var names: [String] = []
    /// The constraint files' bytes, by name.
    var files: [String: Data] = [:]
    /// The names that are not constraint files.
    var leftOut: [String] = []
}
