import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
// The shared test support (Tests/TestSupport), for every file of this target without an import of its own.
@_exported import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fixture folders of this test target: `Clean`, `Errors` (one file per kind of error), `Warnings`,
/// `MissingDefault`, `DeadFile`, `PhoneOnly` (written for `Catalogs/phones.json`) and `Catalogs`.
enum Fixtures: FixtureFolder {
    static var resources: Bundle { .module }

    static func source(_ name: String) throws -> DirectorySource {
        DirectorySource(try folder(name))
    }

    static func catalog(_ name: String) throws -> DeviceCatalog {
        try DeviceCatalog(json: Data(contentsOf: root.appendingPathComponent("Catalogs/\(name)")))
    }

    /// The package's own folder.
    static var packageRoot: URL { PackageFolders.root }
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
    typealias Run = ProcessRun

    static let name = "device-constraints"

    /// The executable, built by `swift test` into the folder that holds this test target's resources (and,
    /// on Linux, the test bundle): `.build/debug`, `.build-tsan/x86_64-unknown-linux-gnu/debug`, ….
    static var url: URL {
        get throws { try ChildProcess.built(name, besides: .module) }
    }

    /// Runs the tool with `arguments` in `directory` and waits for it.
    static func run(_ arguments: [String], in directory: URL) throws -> Run {
        try ChildProcess.run(try url, arguments, in: directory)
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
        for arguments in steps {
            let run = try ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-diagnostic-style=llvm"] + arguments, in: folder.url)
            printed += run.log
            status = run.status
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
