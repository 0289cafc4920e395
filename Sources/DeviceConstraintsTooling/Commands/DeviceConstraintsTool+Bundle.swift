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
        let source = try folder(of: options)
        var linter = Linter(catalog: catalog)
        linter.commandLineAdvice = true
        let report = linter.lint(source, directory: options.directory)
        let diagnostics = report.diagnostics.map(\.description)
        guard report.errorCount == 0 else {
            let refusal =
                "error: not bundled: \(report.summary); fix the errors (see '\(Self.name) lint \(options.directory)'), "
                + "then bundle again"
            return ToolResult(errorOutput: (diagnostics + [refusal]).joined(separator: "\n"), exitCode: .failure)
        }

        let names: [String]
        do {
            names = try source.fileNames()
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not list the files of '\(options.directory)': \(error)")
        }
        let limit = linter.parser.limits.maximumFileSize
        let roles = ConstraintFileName.roles(of: names, knownDevices: Set(catalog.profiles.map(\.name))) { name in
            (try? source.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileParser.topLevelKey(of:))
        }
        var files: [String: Data] = [:]
        var leftOut: [String] = []
        for name in names {
            guard case .file? = roles[name] else {
                leftOut.append(name)
                continue
            }
            if let problem = ConstraintUpdate.problem(withFileName: name) {
                throw ToolFailure(
                    code: .invalidUpdate,
                    message:
                        "'\(DisplayPath.join(options.directory, name))': the file name \(problem), and an app's store "
                        + "refuses it; rename the file")
            }
            do {
                files[name] = try source.data(forFile: name, maximumSize: limit)
            } catch {
                throw ToolFailure(
                    code: .unreadableFile,
                    message: "could not read '\(DisplayPath.join(options.directory, name))': \(error)")
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

    /// Throws unless `output` is nothing yet or a regular file that is none of `inputs`: the bundle replaces it.
    private func checkOutput(_ output: String, inputs: [String]) throws(ToolFailure) {
        let target = PathCheck(output)
        if let problem = target.notRegularFile {
            throw ToolFailure(
                code: .unreadableFile,
                message: "not written: '\(output)' \(problem), which a bundle would replace; give a file's path")
        }
        if let input = inputs.first(where: { target.isSameFile(as: PathCheck($0)) }) {
            throw ToolFailure(
                code: .unreadableFile,
                message:
                    "not written: '\(output)' is the folder's own file '\(input)', which the bundle would replace; "
                    + "write the bundle outside the folder")
        }
    }
}
