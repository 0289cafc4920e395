public import Foundation
import Testing

/// Runs `swiftc` on the package's sources and a test target's fixtures, with the package's settings and the modules
/// `swift build` made for the tests: what the Apple checks (``PlatformCheck``, in ConstraintDSLTests and
/// DeviceConstraintsUITests, and DeploymentFloorTests) share. A target gives its fixtures (`Bundle.module`'s copy).
public enum PackageCompiler: Sendable {
    /// The package's root.
    public static var root: URL { PackageFolders.root }

    /// The stand-in frameworks (`Tests/ConstraintDSLTests/Fixtures/StandIns`, written from Apple's interfaces), which
    /// every target's checks build: one copy, in the source tree, as DocumentationTests reads it.
    public static var standIns: URL { root.appendingPathComponent("Tests/ConstraintDSLTests/Fixtures/StandIns") }

    /// The folder the built modules are in: `Modules` next to a test target's resource bundle (found by walking up
    /// from its `fixtures`, as bundles are laid out differently on Linux and on Apple platforms).
    public static func modulesFolder(near fixtures: URL) throws -> URL {
        var folder = fixtures
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
    public static var packageName: String {
        String(root.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// The settings Package.swift gives every target.
    public static let settings = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
        .flatMap { ["-enable-upcoming-feature", $0] }

    /// A compile that failed: the compiler's output.
    public struct CompileFailure: Error, CustomStringConvertible {
        public let output: String
        public var description: String { output }
    }

    /// Runs `swiftc` with `arguments` on a thread of its own (a compile takes seconds: blocking a thread of the
    /// tests' cooperative pool that long would starve the other tests' timers); throws its output unless it
    /// succeeds without errors or warnings.
    public static func swiftc(_ arguments: [String]) async throws {
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments)
        let text = run.log
        guard run.status == 0, !text.contains("error:"), !text.contains("warning:") else {
            throw CompileFailure(output: text)
        }
    }

    /// Every `.swift` file under `folder`, sorted; none if there is no such folder.
    public static func swiftFiles(under folder: URL) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// A new empty folder for one check's files, removed by `body`'s end.
    public static func withWorkFolder<T>(_ name: String, _ body: (URL) async throws -> T) async throws -> T {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        return try await body(work)
    }
}
