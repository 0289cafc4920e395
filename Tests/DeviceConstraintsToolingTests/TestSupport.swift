import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// The toolchain's Swift compiler, to check generated code and the identifier rule against it.
enum Compiler {
    /// Runs `swiftc` (found on the `PATH`, as `swift test` finds it) once per step, each with its arguments, in a
    /// fresh folder holding `files`, stopping at the first step that fails; returns the last exit status and what the
    /// steps printed. Diagnostics are printed one line each (`-diagnostic-style=llvm`: the default style draws the
    /// source around each, and takes minutes for thousands).
    static func run(_ steps: [[String]], files: [String: String]) throws -> (status: Int32, output: String) {
        let folder = try ScratchFolder(files)
        var printed = ""
        var status: Int32 = 0
        for (index, arguments) in steps.enumerated() {
            let outputURL = folder.url.appendingPathComponent("swiftc-\(index).out")
            try #require(FileManager.default.createFile(atPath: outputURL.path, contents: nil))
            let output = try FileHandle(forWritingTo: outputURL)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swiftc", "-diagnostic-style=llvm"] + arguments
            process.currentDirectoryURL = folder.url
            process.standardOutput = output
            process.standardError = output
            try process.run()
            process.waitUntilExit()
            try output.close()
            printed += String(decoding: try Data(contentsOf: outputURL), as: UTF8.self)
            status = process.terminationStatus
            try #require(status != 127, "no swiftc on the PATH: \(printed)")
            if status != 0 { break }
        }
        return (status, printed)
    }

    /// The lines of `source` on which `swiftc -parse` reports an error or a warning.
    static func linesWithDiagnostics(parsing source: String) throws -> Set<Int> {
        let (_, output) = try run([["-parse", "source.swift"]], files: ["source.swift": source])
        var lines: Set<Int> = []
        for line in output.split(separator: "\n") where line.hasPrefix("source.swift:") {
            let fields = line.split(separator: ":", maxSplits: 3)
            guard fields.count == 4, fields[3].contains("error") || fields[3].contains("warning"),
                let number = Int(fields[1])
            else { continue }
            lines.insert(number)
        }
        return lines
    }
}

/// Catalogs of thousands of devices, for the tests of linear time (see ``LinearTime``).
enum GeneratedCatalog {
    /// A catalog file of `count` phones, each falling back to the next, wider one: every chain reaches the last.
    static func chain(devices count: Int) -> String {
        let devices = (0..<count).map { index in
            let fallbacks = index + 1 < count ? "\"D\(index + 1)\"" : ""
            return "{\"name\": \"D\(index)\", \"idiom\": \"phone\", \"width\": \(300 + index), \"height\": 100000, "
                + "\"fallbacks\": [\(fallbacks)]}"
        }
        return "{\"devices\": [\n" + devices.joined(separator: ",\n") + "\n]}\n"
    }

    /// A catalog file of `count` phones that fall back to none.
    static func flat(devices count: Int) -> String {
        let devices = (0..<count).map { index in
            "{\"name\": \"D\(index)\", \"idiom\": \"phone\", \"width\": \(300 + index), \"height\": 100000}"
        }
        return "{\"devices\": [\n" + devices.joined(separator: ",\n") + "\n]}\n"
    }
}

/// A folder of files made for one test, removed when it ends.
struct ScratchFolder: ~Copyable {
    let url: URL

    init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "device-constraints-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try write(text, to: name) }
    }

    /// Writes `text` to `name`, making its folder.
    func write(_ text: String, to name: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// The path of `name` in the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
