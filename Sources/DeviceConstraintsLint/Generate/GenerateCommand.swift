import DeviceConstraints
import Foundation

/// What the build-tool plugin asks of `device-constraints-plugin-tool`: lint a folder, and when it is clean,
/// write the typed view ids and, with `--table`, the folder's constraint files compiled into a ``CompiledTable``.
///
/// ```
/// device-constraints-plugin-tool <dir> --output <file.swift> [--table <file.dctable>] [--catalog <file>]
///                                [--namespace <name>] [--public] [--keep-shared-prefix]
/// ```
///
/// The diagnostics are printed as `device-constraints lint` prints them (`path:line:column: error: …`, paths
/// as `<dir>` was given), then the summary when there are any. The output files are written only when their
/// bytes change, so an edit to a number in a constraint file does not recompile the code that uses the ids.
package struct GenerateCommand: Sendable, Hashable {
    /// The folder of constraint files.
    package var directory: String
    /// The Swift file to write.
    package var output: String
    /// The compiled table to write, or nil for none.
    package var table: String?
    /// A catalog file, or nil for the standard catalog.
    package var catalog: String?
    /// What the source looks like.
    package var options: ViewIDGenerator.Options

    /// What a run printed and whether it succeeded.
    ///
    /// Everything the plugin's tool prints is an outcome's ``errorOutput``, made safe for a terminal when it is set,
    /// as ``ToolResult`` makes the command-line tool's (``TerminalText``).
    package struct Outcome: Sendable, Hashable {
        /// For standard error, one diagnostic per line; no control character but the line feed.
        package var errorOutput: String {
            get { printedErrorOutput }
            set { printedErrorOutput = TerminalText.escaped(newValue) }
        }
        private var printedErrorOutput: String
        /// False when lint or naming found an error, or a file could not be read or written.
        package var succeeded: Bool

        /// An outcome with these values.
        package init(errorOutput: String, succeeded: Bool) {
            self.printedErrorOutput = TerminalText.escaped(errorOutput)
            self.succeeded = succeeded
        }
    }

    /// A command with these values.
    package init(
        directory: String, output: String, table: String? = nil, catalog: String? = nil,
        options: ViewIDGenerator.Options = .init()
    ) {
        self.directory = directory
        self.output = output
        self.table = table
        self.catalog = catalog
        self.options = options
    }

    /// Reads the arguments (without the executable's name).
    ///
    /// - Throws: a message for a wrong command line: an unknown option, a missing value, no folder or output.
    package init(parsing arguments: [String]) throws(GenerateCommand.UsageError) {
        var directory: String?
        var output: String?
        var table: String?
        var catalog: String?
        var options = ViewIDGenerator.Options()
        var remaining = arguments[...]
        func value(of option: String) throws(GenerateCommand.UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError("\(option) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--output": output = try value(of: argument)
            case "--table": table = try value(of: argument)
            case "--catalog": catalog = try value(of: argument)
            case "--namespace": options.namespace = try value(of: argument)
            case "--public": options.isPublic = true
            case "--keep-shared-prefix": options.dropsSharedPrefix = false
            default:
                guard !argument.hasPrefix("--"), directory == nil else {
                    throw UsageError("unexpected argument '\(argument)'")
                }
                directory = argument
            }
        }
        guard let directory else { throw UsageError("missing the folder of constraint files") }
        guard let output else { throw UsageError("missing --output <file.swift>") }
        self.init(directory: directory, output: output, table: table, catalog: catalog, options: options)
    }

    /// A wrong command line.
    package struct UsageError: Error, Hashable, CustomStringConvertible {
        /// What is wrong.
        package var message: String

        /// An error that says `message`.
        package init(_ message: String) { self.message = message }

        /// `error: <message>` and the usage.
        package var description: String {
            "error: \(message)\nusage: device-constraints-plugin-tool <dir> --output <file.swift> "
                + "[--table <file.dctable>] [--catalog <file>] [--namespace <name>] [--public] [--keep-shared-prefix]"
        }
    }

    /// Lints, generates and writes: the ids, then the table when one is asked for. With a lint error neither is
    /// written.
    package func run() -> Outcome {
        let generator: ViewIDGenerator
        let catalog: DeviceCatalog
        do throws(Failure) {
            catalog = try loadCatalog()
            generator = ViewIDGenerator(catalog: catalog, options: options)
        } catch {
            return Outcome(errorOutput: "\(error)\n", succeeded: false)
        }
        let folder = DirectorySource(URL(fileURLWithPath: directory, isDirectory: true))
        let result = generator.generate(folder, directory: directory)
        let report = result.report
        var printed = report.diagnostics.isEmpty ? "" : report.text + "\n"
        guard let source = result.source else { return Outcome(errorOutput: printed, succeeded: false) }
        do {
            try Self.writeIfChanged(Data(source.utf8), to: output)
        } catch {
            printed += "error: could not write '\(output)': \(error.localizedDescription)\n"
            return Outcome(errorOutput: printed, succeeded: false)
        }
        guard let table else { return Outcome(errorOutput: printed, succeeded: true) }
        do {
            try Self.writeIfChanged(try Self.compiledTable(of: folder, catalog: catalog), to: table)
        } catch {
            printed += "error: could not write the compiled table '\(table)': \(error)\n"
            return Outcome(errorOutput: printed, succeeded: false)
        }
        return Outcome(errorOutput: printed, succeeded: true)
    }

    /// The folder's constraint files (its other `.json` files left out, as `device-constraints compile` leaves them
    /// out) compiled into a table.
    private static func compiledTable(of folder: any ConstraintSource, catalog: DeviceCatalog) throws -> Data {
        let parser = ConstraintFileParser()
        let limit = parser.limits.maximumFileSize
        let names = try folder.fileNames()
        let roles = ConstraintFileName.roles(of: names, knownDevices: Set(catalog.profiles.map(\.name))) { name in
            (try? folder.data(forFile: name, maximumSize: limit))?.flatMap(ConstraintFileParser.topLevelKey(of:))
        }
        var files: [(name: String, data: Data)] = []
        for name in names {
            guard case .file? = roles[name], let data = try folder.data(forFile: name, maximumSize: limit) else {
                continue
            }
            files.append((name, data))
        }
        return try CompiledTable.compile(files, parser: parser)
    }

    /// The standard catalog, or the catalog file; a failure is the line to print.
    private func loadCatalog() throws(Failure) -> DeviceCatalog {
        guard let catalog else { return .standard }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: catalog))
        } catch {
            throw Failure(
                description: "error: could not read the catalog file '\(catalog)': \(error.localizedDescription)")
        }
        do throws(ConstraintError) {
            return try DeviceCatalog(json: data, fileName: catalog)
        } catch {
            throw Failure(description: error.description)
        }
    }

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func writeIfChanged(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        if let existing = try? Data(contentsOf: url), existing == data { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
    }
}
