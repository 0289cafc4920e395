import ConstraintLayout
import DeviceConstraints
import Foundation

/// Runs a command of `device-constraints`: reads the folder and catalog it names, calls ``Linter``,
/// ``RecordTable``, ``DevicesReport`` or ``CoverageReport``, and returns what to print and how to exit.
///
/// ```swift
/// let command = try ToolCommand(parsing: ["lint", "Constraints"])
/// let result = DeviceConstraintsTool().run(command)
/// print(result.output, terminator: "")   // the diagnostics and "No problems in 7 files."
/// ```
package struct DeviceConstraintsTool: Sendable {
    /// The tool's name, as usage lines print it.
    package static let name = Linter.toolName
    /// The tool's version, as `--version` prints it.
    package static let version = "0.1.0"
    /// The folder every command reads when none is given.
    package static let defaultFolder = "Constraints"

    /// A tool that reads paths relative to the current directory.
    package init() {}

    /// Runs `command`.
    ///
    /// Results go to ``ToolResult/output``; a folder or catalog that cannot be read, a constraint file that
    /// `show` cannot parse, or a device the catalog does not know go to ``ToolResult/errorOutput``, and with
    /// `--json` also to ``ToolResult/output`` as an object: `{"error": {…}}`.
    package func run(_ command: ToolCommand) -> ToolResult {
        do throws(ToolFailure) {
            switch command {
            case .help(let text): return ToolResult(output: text)
            case .version: return ToolResult(output: Self.version)
            case .lint(let options): return try lint(options)
            case .show(let options): return try show(options)
            case .devices(let options): return try devices(options)
            case .coverage(let options): return try coverage(options)
            case .preview(let options): return try preview(options)
            case .bundle(let options): return try bundle(options)
            case .compile(let options): return try compile(options)
            case .importTokens(let options): return try importTokens(options)
            case .exportTokens(let options): return try exportTokens(options)
            case .rollout(let options): return try rollout(options)
            }
        } catch {
            guard command.asksForJSON else { return ToolResult(errorOutput: error.text, exitCode: error.exitCode) }
            return ToolResult(json: error.json, errorOutput: error.text, exitCode: error.exitCode)
        }
    }

    // MARK: - Commands

    private func lint(_ options: LintOptions) throws(ToolFailure) -> ToolResult {
        let loaded = try loadCatalog(options.catalog)
        var linter = Linter(catalog: loaded.catalog)
        linter.commandLineAdvice = true
        var report = linter.lint(try folder(of: options), directory: options.directory)
        if let path = options.catalog {
            report = LintReport(
                diagnostics: Self.widerFallbacks(in: loaded.catalog, file: path, json: loaded.json)
                    + report.diagnostics,
                fileCount: report.fileCount)
        }
        let exitCode = report.exitCode(strict: options.strict)
        if options.json { return ToolResult(json: report.json, exitCode: exitCode) }
        return ToolResult(output: report.text, exitCode: exitCode)
    }

    private func show(_ options: ShowOptions) throws(ToolFailure) -> ToolResult {
        let catalog = try loadCatalog(options.catalog).catalog
        let device: DeviceProfile
        do throws(UsageError) {
            device = try options.device.resolve(in: catalog)
        } catch {
            throw ToolFailure(error, code: ConstraintError.Code.unknownDevice.rawValue)
        }
        let source = try folder(of: options)
        let table: RecordTable
        do throws(ConstraintError) {
            table = try RecordTable(
                container: options.container, device: device, catalog: catalog, source: source,
                environment: options.device.environment(for: device, textSize: options.textSize))
        } catch {
            throw ToolFailure(error, in: options.directory)
        }
        // Warnings go to standard error, so that what a misspelt attribute did (it became an extension) is
        // seen next to the table without spoiling `--json` output.
        let warnings = table.warnings.map { Self.placed($0, in: options.directory) }.joined(separator: "\n")
        if options.json {
            return ToolResult(json: table.json(directory: options.directory), errorOutput: warnings)
        }
        return ToolResult(
            output: table.text(directory: options.directory, window: options.device.window, textSize: options.textSize),
            errorOutput: warnings)
    }

    private func devices(_ options: DevicesOptions) throws(ToolFailure) -> ToolResult {
        let (catalog, name, _) = try loadCatalog(options.catalog)
        let report = DevicesReport(catalog: catalog, catalogName: name)
        return options.json ? ToolResult(json: report.json) : ToolResult(output: report.text)
    }

    private func coverage(_ options: CoverageOptions) throws(ToolFailure) -> ToolResult {
        let catalog = try loadCatalog(options.catalog).catalog
        let source = try folder(of: options)
        let names: [String]
        do {
            names = try source.fileNames()
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not list the files of '\(options.directory)': \(error)")
        }
        let report = CoverageReport(fileNames: names, catalog: catalog) { name in
            (try? source.data(forFile: name, maximumSize: ConstraintFileParser.Limits.default.maximumFileSize))?
                .flatMap(ConstraintFileParser.topLevelKey(of:))
        }
        return options.json ? ToolResult(json: report.json) : ToolResult(output: report.text)
    }

    private func preview(_ options: PreviewOptions) throws(ToolFailure) -> ToolResult {
        let catalog = try loadCatalog(options.catalog).catalog
        var devices: [DeviceProfile] = []
        do throws(UsageError) {
            for name in options.devices {
                devices.append(try DeviceSelection.named(name).resolve(in: catalog, for: type(of: options).spec))
            }
        } catch {
            throw ToolFailure(error, code: ConstraintError.Code.unknownDevice.rawValue)
        }
        let source = try folder(of: options)
        if options.allDevices {
            devices = catalog.profiles
        } else if options.devices.isEmpty {
            // Every device with a file of its own, in the catalog's order; the classes that fall back to none
            // when no device has one.
            let names = Set((try? source.fileNames()) ?? [])
            devices = catalog.profiles.filter {
                names.contains(ConstraintFileName(container: options.container, device: $0.name).fileName)
            }
            if devices.isEmpty { devices = catalog.profiles.filter(\.fallbacks.isEmpty) }
        }
        var lines: [String] = []
        var warnings: [ConstraintDiagnostic] = []
        if let gallery = options.gallery {
            let written = try writeGallery(to: gallery, devices: devices, catalog: catalog, source: source, options)
            lines.append(written.line)
            warnings = written.warnings
            guard options.output != nil else {
                return ToolResult(output: lines.joined(separator: "\n"), errorOutput: placed(warnings, options))
            }
        }
        let records: RecordSheet
        do throws(ConstraintError) {
            records = try RecordSheet(
                container: options.container, devices: devices, catalog: catalog, source: source,
                textSize: options.textSize)
        } catch {
            throw ToolFailure(error, in: options.directory)
        }
        if warnings.isEmpty { warnings = records.warnings }
        let sheet = records.sheet
        guard let output = options.output else {
            return ToolResult(output: sheet.svg(), errorOutput: placed(warnings, options))
        }
        let text = PreviewOptions.format(of: output) == .html ? sheet.html() : sheet.svg()
        try Self.write(text, to: output)
        lines.append("wrote \(output): \(counted(sheet.panels.count, "device"))")
        return ToolResult(output: lines.joined(separator: "\n"), errorOutput: placed(warnings, options))
    }

    /// The warnings, each placed in the folder `options` reads, one a line.
    private func placed(_ warnings: [ConstraintDiagnostic], _ options: PreviewOptions) -> String {
        warnings.map { Self.placed($0, in: options.directory) }.joined(separator: "\n")
    }

    /// `preview --html`: writes the gallery page (``RecordGallery``), and with `--watch` first its generation
    /// marker beside it, so that the page polls a marker that is never behind the page it has.
    ///
    /// - Returns: the line to print, and the files' warnings.
    private func writeGallery(
        to path: String, devices: [DeviceProfile], catalog: DeviceCatalog, source: DirectorySource,
        _ options: PreviewOptions
    ) throws(ToolFailure) -> (line: String, warnings: [ConstraintDiagnostic]) {
        let gallery: RecordGallery
        do throws(ConstraintError) {
            gallery = try RecordGallery(
                container: options.container, devices: devices, catalog: catalog, source: source,
                textSize: options.textSize)
        } catch {
            throw ToolFailure(error, in: options.directory)
        }
        var generationFile: String?
        if options.watch {
            let page = URL(fileURLWithPath: path)
            let name = RecordGallery.generationFile(forPage: page.lastPathComponent)
            try Self.write(
                RecordGallery.generationScript(gallery.generation),
                to: page.deletingLastPathComponent().appendingPathComponent(name).path)
            generationFile = name
        }
        try Self.write(gallery.html(generationFile: generationFile), to: path)
        let line =
            "wrote \(path): \(counted(devices.count, "device")) × \(counted(gallery.textSizes.count, "text size")), "
            + "\(counted(gallery.entries.count, "sheet"))"
        return (line, gallery.warnings)
    }

    /// Writes `text` to the file at `path`, atomically.
    private static func write(_ text: String, to path: String) throws(ToolFailure) {
        do {
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not write '\(path)': \(error.localizedDescription)")
        }
    }

    // MARK: - Reading the folder and the catalog

    /// The folder `options` reads, which must exist; when it is a file, the suggestion is the whole command again
    /// with the file's folder instead.
    func folder(of options: some FolderCommand) throws(ToolFailure) -> DirectorySource {
        let path = options.directory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ToolFailure(
                code: .folderNotFound,
                message:
                    "no folder '\(path)'; pass the folder that holds the constraint files "
                    + "(default: \(Self.defaultFolder), from the current directory)")
        }
        guard isDirectory.boolValue else {
            let command = type(of: options).spec
            let parent = (path as NSString).deletingLastPathComponent
            var corrected = options
            corrected.directory = parent.isEmpty ? "." : parent
            let message =
                "'\(path)' is a file; \(command.name) reads a folder of constraint files: try '\(corrected.commandLine)'"
            throw ToolFailure(UsageError(message, usage: command.usage))
        }
        return DirectorySource(URL(fileURLWithPath: path, isDirectory: true))
    }

    /// A warning for each device of a catalog file that falls back to a wider one, directly or through its other
    /// fallbacks: a design drawn for the wider class can overflow the narrower windows unless its numbers are
    /// scaled. One warning a device, naming the widest class on its chain (the first of them on a tie), placed at
    /// its `fallbacks`.
    ///
    /// Linear in the size of the catalog: the widest class of every chain is folded once per device, and the
    /// document is read once for the places. (A warning for every wider class of every chain, each placed by
    /// reading the catalog again, made a chain of 400 devices take 17 s and print 80,000 warnings.)
    static func widerFallbacks(in catalog: DeviceCatalog, file: String, json: Data?) -> [ConstraintDiagnostic] {
        let graph = FallbackGraph(catalog)
        // The widest class on each device's chain, the device itself included: the first of them on a tie.
        let widest = graph.widest()
        let locations = json.map { DeviceCatalog.locations(ofDeviceKey: "fallbacks", inJSON: $0) } ?? []
        var diagnostics: [ConstraintDiagnostic] = []
        for (device, profile) in graph.profiles.enumerated() {
            // The fallback whose chain reaches the widest class: the first of them on a tie.
            var way: (fallback: Int, widest: Int)?
            for fallback in graph.fallbacks[device] {
                if let known = way, graph.width(widest[fallback]) <= graph.width(known.widest) { continue }
                way = (fallback, widest[fallback])
            }
            guard let way, graph.width(way.widest) > profile.width else { continue }
            let wider = graph.profiles[way.widest]
            let width = profile.width.compactDescription
            let through =
                graph.fallbacks[device].contains(way.widest) ? "" : " through \"\(graph.profiles[way.fallback].name)\""
            let location = locations.indices.contains(device) ? locations[device] : nil
            diagnostics.append(
                ConstraintDiagnostic(
                    severity: .warning, code: .widerFallback,
                    message:
                        "device \"\(profile.name)\" (\(width) points) falls back\(through) to \"\(wider.name)\", which is wider (\(wider.width.compactDescription) points): plain widths and margins from its files can overflow a \(width)-point window; fall back to a class no wider, or write those values scaled ({\"scaled\": n})",
                    file: file, line: location?.line, column: location?.column, keyPath: "devices[\(device)].fallbacks")
            )
        }
        return diagnostics
    }

    /// The standard catalog when `path` is nil, else the catalog file at `path`; and what to call it.
    func loadCatalog(_ path: String?) throws(ToolFailure) -> (catalog: DeviceCatalog, name: String, json: Data?) {
        guard let path else { return (.standard, "the standard catalog", nil) }
        if let problem = PathCheck(path).notRegularFile {
            throw ToolFailure(
                code: .unreadableFile,
                message: "the catalog file '\(path)' \(problem); give the path of a catalog file (JSON)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ToolFailure(
                code: .unreadableFile,
                message: "could not read the catalog file '\(path)': \(error.localizedDescription)")
        }
        do throws(ConstraintError) {
            return (try DeviceCatalog(json: data, fileName: path), path, data)
        } catch {
            throw ToolFailure(error)
        }
    }
}

extension DeviceConstraintsTool {
    /// A warning's text with its file named under `directory`.
    fileprivate static func placed(_ warning: ConstraintDiagnostic, in directory: String) -> String {
        var placed = warning
        placed.file = warning.file.map { DisplayPath.join(directory, $0) }
        return placed.description
    }
}
