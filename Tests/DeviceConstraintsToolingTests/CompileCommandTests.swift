import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// `device-constraints compile`: a folder's constraint files as one binary table, after lint.
struct CompileCommandTests {
    private let tool = DeviceConstraintsTool()

    /// A fresh folder for the table, removed when released.
    final class Output: Sendable {
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "CompileCommandTests-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        var table: URL { folder.appendingPathComponent("Constraints.dctable") }
    }

    @Test func aCleanFolderIsCompiledIntoATableThatReadsLikeItsFiles() throws {
        let output = try Output()
        let clean = try Fixtures.folder("Clean")
        let result = tool.run(.compile(CompileOptions(directory: clean.path, output: output.table.path)))
        #expect(
            (result.exitCode, result.output.hasPrefix("wrote \(output.table.path): 8 files, ")) == (.success, true),
            "\(result.output)\(result.errorOutput)")
        let table = try CompiledTable(contentsOf: output.table)
        let json = DirectorySource(clean)
        #expect(table.fileNames == (try json.fileNames()))
        for name in table.fileNames {
            let data = try #require(try json.data(forFile: name))
            #expect(table.file(named: name) == (try ConstraintFileParser().parse(data, fileName: name)))
        }
        // The same folder gives the same bytes.
        let first = try Data(contentsOf: output.table)
        _ = tool.run(.compile(CompileOptions(directory: clean.path, output: output.table.path)))
        #expect(try Data(contentsOf: output.table) == first)
    }

    @Test func aFolderWithAnErrorIsNotCompiled() throws {
        let output = try Output()
        let result = tool.run(
            .compile(CompileOptions(directory: try Fixtures.folder("Errors").path, output: output.table.path)))
        let last = result.errorOutput.split(separator: "\n").last ?? ""
        #expect(
            (
                result.exitCode, result.output,
                last.hasPrefix("error: not compiled: 11 errors, 1 warning in 12 files; fix the errors"),
                last.hasSuffix("then compile again"), FileManager.default.fileExists(atPath: output.table.path)
            ) == (.failure, "", true, true, false), "\(result.errorOutput)")
    }

    @Test func theCommandLineNeedsAnOutput() throws {
        #expect(
            try ToolCommand(parsing: ["compile", "Constraints", "--output", "T.dctable"])
                == .compile(CompileOptions(directory: "Constraints", output: "T.dctable")))
        #expect(throws: UsageError.self) { try ToolCommand(parsing: ["compile", "Constraints"]) }
    }
}
