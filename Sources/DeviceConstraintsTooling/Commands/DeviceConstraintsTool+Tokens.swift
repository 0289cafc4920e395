import DeviceConstraints
import Dispatch
import Foundation

// `device-constraints import` and `export`: design tokens in and out.

extension DeviceConstraintsTool {
    /// Reads the token files, makes the constraint files, lints them with the folder's other files, and writes them
    /// only when there is no error; a file whose text would not change is not written again.
    func importTokens(_ options: ImportOptions) throws(ToolFailure) -> ToolResult {
        let catalog = try loadCatalog(options.catalog).catalog
        var inputs: [TokenImport.InputFile] = []
        for path in options.files {
            inputs.append(TokenImport.InputFile(name: path, bytes: try readTokenFile(path)))
        }
        var problems = TokenProblems()
        let modes = TokenImport.modes(
            of: inputs, modeOfFile: options.modeOfFile, baseMode: options.baseMode, problems: &problems)
        let baseMode =
            options.baseMode ?? (modes.contains { $0.name == TokenExport.baseMode } ? TokenExport.baseMode : nil)
        let importer = TokenImport(catalog: catalog, devices: options.deviceOfMode)
        let files = importer.files(modes: modes, baseMode: baseMode, problems: &problems)
        guard problems.isEmpty else {
            return Self.notWritten(problems.diagnostics, what: "in the tokens")
        }

        // Lint what the folder would hold: its other files and the new ones.
        var folder: [String: String] = [:]
        let existing = Self.jsonFiles(in: options.output)
        for (name, text) in existing { folder[name] = text }
        for (name, file) in files { folder[name] = file.text }
        let report = Linter(catalog: catalog).lint(InMemorySource(folder), directory: options.output)
        var byPath: [String: (name: String, file: TokenImport.File)] = [:]
        for (name, file) in files { byPath[DisplayPath.join(options.output, name)] = (name, file) }
        let diagnostics = report.diagnostics.map { diagnostic in
            guard let path = diagnostic.file, let generated = byPath[path] else { return diagnostic }
            return TokenImport.placed(diagnostic, file: generated.file, fileName: generated.name)
        }
        guard report.errorCount == 0 else {
            return Self.notWritten(diagnostics, what: "in the constraint files the tokens make")
        }
        let counts = try write(files.map { ($0.key, $0.value.text) }, to: options.output, existing: existing)
        return ToolResult(
            output: "\(options.output): \(counts)", errorOutput: diagnostics.map(\.description).joined(separator: "\n"))
    }

    /// Lints the folder; with no error, writes its files as tokens.
    func exportTokens(_ options: ExportOptions) throws(ToolFailure) -> ToolResult {
        let catalog = try loadCatalog(options.catalog).catalog
        let source = try folder(of: options)
        let report = Linter(catalog: catalog).lint(source, directory: options.directory)
        guard report.errorCount == 0 else {
            return Self.notWritten(
                report.diagnostics, what: "in the folder (see '\(Self.name) lint \(options.directory)')")
        }
        var files: [String: [UInt8]] = [:]
        for (name, text) in Self.jsonFiles(in: options.directory) { files[name] = Array(text.utf8) }
        var problems = TokenProblems()
        let export = TokenExport(files: files, catalog: catalog, problems: &problems)
        guard problems.isEmpty else { return Self.notWritten(problems.diagnostics, what: "in the folder") }
        let outputs: [(String, JSONValue)]
        switch options.format {
        case .dtcg:
            outputs = options.resolver ? [("tokens.resolver.json", export.resolverDocument)] : export.designTokenFiles
        case .figma: outputs = [("figma-variables.json", export.figmaBody)]
        }
        let counts = try write(
            outputs.map { ($0.0, $0.1.rendered + "\n") }, to: options.output,
            existing: Self.jsonFiles(in: options.output))
        return ToolResult(output: "\(options.output): \(counts)")
    }

    // MARK: - Files

    /// The bytes of a token file given on the command line.
    private func readTokenFile(_ path: String) throws(ToolFailure) -> [UInt8] {
        if let problem = PathCheck(path).notRegularFile {
            throw ToolFailure(code: .unreadableFile, message: "the token file '\(path)' \(problem); give a JSON file")
        }
        guard PathCheck(path).kind == .regular else {
            throw ToolFailure(code: .fileNotFound, message: "no token file '\(path)'; give the path of a JSON file")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not read '\(path)': \(error.localizedDescription)")
        }
    }

    /// The `.json` files of `directory` by name (none when it does not exist).
    static func jsonFiles(in directory: String) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        var files: [String: String] = [:]
        for name in names where name.hasSuffix(".json") {
            let path = DisplayPath.join(directory, name)
            guard PathCheck(path).kind == .regular,
                let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
            else { continue }
            files[name] = text
        }
        return files
    }

    /// Writes each file whose text differs from what `existing` holds; `wrote 3 files, 2 unchanged`.
    private func write(_ files: [(String, String)], to directory: String, existing: [String: String])
        throws(ToolFailure) -> String
    {
        if PathCheck(directory).kind == .missing {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw ToolFailure(
                    code: .unreadableFile,
                    message: "could not make the folder '\(directory)': \(error.localizedDescription)")
            }
        } else if PathCheck(directory).kind != .directory {
            throw ToolFailure(
                code: .unreadableFile, message: "'\(directory)' is not a folder; give a folder to write to")
        }
        var written: [String] = []
        var unchanged = 0
        for (name, text) in files.sorted(by: { $0.0 < $1.0 }) {
            if existing[name] == text {
                unchanged += 1
            } else {
                written.append(name)
            }
        }
        let texts = Dictionary(files, uniquingKeysWith: { first, _ in first })
        try Self.replaceFiles(written.map { ($0, texts[$0] ?? "") }, in: directory)
        var summary = "wrote \(counted(written.count, "file"))"
        if unchanged > 0 { summary += ", \(unchanged) unchanged" }
        if !written.isEmpty { summary += " (\(written.joined(separator: ", ")))" }
        return summary
    }

    /// Writes each file of `files` in `directory`, on every core: each to a temporary name in the folder (a dot
    /// file, which no command reads as a constraint file), then renamed over its name, so that an interrupted run
    /// leaves every file either as it was or whole, never half-written. The files are not flushed (`fsync`) before
    /// the rename: they are a build's input, made again by running the import again, and a crash of the machine
    /// itself is the only loss it would guard against; flushing 1,200 files took longer than the rest of the import.
    static func replaceFiles(_ files: [(name: String, text: String)], in directory: String) throws(ToolFailure) {
        guard !files.isEmpty else { return }
        let folder: StoreFolder
        do throws(PosixFile.Failure) {
            folder = try StoreFolder.open(path: directory)
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not open the folder '\(directory)': \(error.systemMessage)")
        }
        let failures = FailureSlots()
        let process = ProcessInfo.processInfo.processIdentifier
        // A few files a task, so that a task's work outweighs handing it out.
        let chunk = 16
        let chunks = (files.count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            for file in index * chunk..<min(files.count, (index + 1) * chunk) {
                let (name, text) = files[file]
                let temporary = ".\(name).\(process).tmp"
                do throws(PosixFile.Failure) {
                    let bytes = Data(text.utf8)
                    do throws(PosixFile.Failure) {
                        try folder.write(temporary, bytes, flush: false)
                    } catch .system(_, EEXIST) {
                        // Left by a run of this process id that was interrupted.
                        try folder.remove(temporary)
                        try folder.write(temporary, bytes, flush: false)
                    }
                    try folder.rename(temporary, to: name)
                } catch {
                    try? folder.remove(temporary)
                    failures.set(file, "could not write '\(name)': \(error.systemMessage)")
                }
            }
        }
        if let message = failures.first {
            throw ToolFailure(code: .unreadableFile, message: message)
        }
    }

    /// The diagnostics, then why nothing was written; exit status 1.
    private static func notWritten(_ diagnostics: [ConstraintDiagnostic], what: String) -> ToolResult {
        var seen: Set<String> = []
        let lines = diagnostics.map(\.description).filter { seen.insert($0).inserted }
        let errors = diagnostics.count { $0.severity == .error }
        let refusal = "error: nothing written: \(counted(errors, "error")) \(what); fix them, then run again"
        return ToolResult(errorOutput: (lines + [refusal]).joined(separator: "\n"), exitCode: .failure)
    }
}

/// The failures of files written concurrently, by the file's position: rare, so one lock serves them all (and no
/// unsafe buffer is needed).
private final class FailureSlots: @unchecked Sendable {
    // @unchecked: `messages` is read and written only under `lock`.
    private let lock = NSLock()
    private var messages: [Int: String] = [:]

    /// Records the failure of the file at `index`.
    func set(_ index: Int, _ message: String) {
        lock.lock()
        defer { lock.unlock() }
        messages[index] = message
    }

    /// The first failure, in the files' order.
    var first: String? {
        lock.lock()
        defer { lock.unlock() }
        return messages.min { $0.key < $1.key }?.value
    }
}
