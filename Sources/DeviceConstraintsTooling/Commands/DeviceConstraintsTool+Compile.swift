import DeviceConstraints
import Foundation

// `device-constraints compile`: a folder's constraint files as one binary table (``CompiledTable``).

extension DeviceConstraintsTool {
    /// Lints the folder; with no error, compiles its constraint files into a table (``CompiledTable/compile(_:parser:)``).
    ///
    /// The diagnostics go to standard error, the line that says what was written to standard output. A folder with
    /// an error is not compiled (exit status 1).
    func compile(_ options: CompileOptions) throws(ToolFailure) -> ToolResult {
        let catalog = try loadCatalog(options.catalog).catalog
        let linted = try lintedFolder(
            try folder(of: options), directory: options.directory, catalog: catalog, command: "compile")
        if let refusal = linted.refusal { return refusal }
        try checkOutput(
            options.output, inputs: linted.names.map { DisplayPath.join(options.directory, $0) }, writing: "table")
        let table: Data
        do throws(ConstraintError) {
            table = try CompiledTable.compile(
                linted.files.map { (name: $0.key, data: $0.value) }, parser: linted.parser)
        } catch {
            throw ToolFailure(error)
        }
        do {
            try table.write(to: URL(fileURLWithPath: options.output), options: .atomic)
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not write '\(options.output)': \(error.localizedDescription)")
        }
        var summary = "wrote \(options.output): \(counted(linted.files.count, "file")), \(table.count) bytes"
        if !linted.leftOut.isEmpty {
            summary += "; left out (not constraint files): \(linted.leftOut.joined(separator: ", "))"
        }
        return ToolResult(output: summary, errorOutput: linted.diagnostics.joined(separator: "\n"))
    }
}
