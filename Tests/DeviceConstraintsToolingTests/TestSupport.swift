import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// Fixture folders of this test target: `Clean`, `Errors` (one file per kind of error), `Warnings`,
/// `MissingDefault`, `DeadFile`, `PhoneOnly` (written for `Catalogs/phones.json`) and `Catalogs`.
enum Fixtures {
    static var root: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    static func folder(_ name: String) throws -> URL {
        try root.appendingPathComponent(name, isDirectory: true)
    }

    static func source(_ name: String) throws -> DirectorySource {
        DirectorySource(try folder(name))
    }

    static func catalog(_ name: String) throws -> DeviceCatalog {
        try DeviceCatalog(json: Data(contentsOf: root.appendingPathComponent("Catalogs/\(name)")))
    }

    /// The package's own folder.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The `Constraints/` folder that ships with the project.
    static var bundledConstraints: URL {
        packageRoot.appendingPathComponent("Constraints", isDirectory: true)
    }
}

extension JSONValue {
    /// The value parsed back with Foundation, to check that the output is valid JSON.
    func parsed() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(rendered.utf8), options: [.fragmentsAllowed])
    }
}

extension LintReport {
    /// Each diagnostic's code, in order.
    var codes: [String] { diagnostics.map(\.code.rawValue) }
}

/// The built `device-constraints` executable, run as a user runs it.
enum Executable {
    /// What one run printed and how it exited.
    struct Run {
        var exitCode: Int32
        var output: String
        var errorOutput: String

        var outputLines: [String] {
            output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
        var errorLines: [String] {
            errorOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    static let name = "device-constraints"

    /// The executable, built by `swift test` into the folder that holds this test target's resources (and,
    /// on Linux, the test bundle): `.build/debug`, `.build-tsan/x86_64-unknown-linux-gnu/debug`, ….
    static var url: URL {
        get throws {
            var folders = [Bundle.module.bundleURL.deletingLastPathComponent()]
            folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
                .map { $0.bundleURL.deletingLastPathComponent() }
            folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            for folder in folders {
                let candidate = folder.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            Issue.record("no \(name) executable in \(folders.map(\.path)); build it with `swift build`")
            throw CocoaError(.fileNoSuchFile)
        }
    }

    /// Runs the tool with `arguments` in `directory` and waits for it.
    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "device-constraints-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // Files rather than pipes: a full pipe cannot block the tool while the test waits for it.
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        for url in [outputURL, errorURL] {
            try #require(FileManager.default.createFile(atPath: url.path, contents: nil))
        }
        let output = try FileHandle(forWritingTo: outputURL)
        let errorOutput = try FileHandle(forWritingTo: errorURL)

        let process = Process()
        process.executableURL = try url
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardOutput = output
        process.standardError = errorOutput
        try process.run()
        process.waitUntilExit()
        try output.close()
        try errorOutput.close()
        return Run(
            exitCode: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            errorOutput: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }

    /// Runs the tool in the fixtures folder, so that paths print as `Errors/WrongType.json`.
    static func runInFixtures(_ arguments: String...) throws -> Run {
        try run(arguments, in: Fixtures.root)
    }

    /// Runs the tool in the package's folder, where `Constraints/` is the default.
    static func runInPackage(_ arguments: String...) throws -> Run {
        try run(arguments, in: Fixtures.packageRoot)
    }
}
