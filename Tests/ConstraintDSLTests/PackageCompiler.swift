import Foundation
import Testing

/// Runs `swiftc` on the package's sources and this target's fixtures, with the package's settings and the modules
/// `swift build` made for the tests: what the Apple checks (PlatformCompileCheckTests, DeploymentFloorTests) share.
enum PackageCompiler {
    /// The package's root: three folders above this file.
    static var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// This target's fixtures (a copy in its resource bundle).
    static var fixtures: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    /// The folder the built modules are in: `Modules` next to this target's resource bundle (found by walking up
    /// from the fixtures, as bundles are laid out differently on Linux and on Apple platforms).
    static func modulesFolder() throws -> URL {
        var folder = try fixtures
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent()
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(
                atPath: modules.appendingPathComponent("DeviceConstraints.swiftmodule").path)
            {
                return modules
            }
        }
        throw CompileFailure(output: "no Modules/DeviceConstraints.swiftmodule in the six folders above the fixtures")
    }

    /// The name SwiftPM compiles the package's modules with (`-package-name`): the root folder's name,
    /// lowercased, with every character that is not a letter, digit or underscore made an underscore.
    static var packageName: String {
        String(root.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// The settings Package.swift gives every target.
    static let settings = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
        .flatMap { ["-enable-upcoming-feature", $0] }

    /// A compile that failed: the compiler's output.
    struct CompileFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { output }
    }

    /// Runs `swiftc` with `arguments` on a thread of its own (a compile takes seconds: blocking a thread of the
    /// tests' cooperative pool that long would starve the other tests' timers); throws its output unless it
    /// succeeds without errors or warnings.
    static func swiftc(_ arguments: [String]) async throws {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments)
        let text = run.log
        guard run.status == 0, !text.contains("error:"), !text.contains("warning:") else {
            throw CompileFailure(output: text)
        }
    }

    /// Every `.swift` file under `folder`, sorted; none if there is no such folder.
    static func swiftFiles(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// A new empty folder for one check's files, removed by `body`'s end.
    static func withWorkFolder<T>(_ name: String, _ body: (URL) async throws -> T) async throws -> T {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        return try await body(work)
    }
}
