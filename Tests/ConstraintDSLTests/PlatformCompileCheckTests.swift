import Foundation
import Testing

/// The Apple-only files of the package (the Auto Layout adapter in ConstraintDSL/Platform/, the window adapters
/// in DeviceConstraints/Platform/) cannot be compiled on Linux, where CI runs. Each is type-checked here against a
/// stand-in `UIKit` or `AppKit` (Fixtures/StandIns) built as a module and put on the import path, so
/// `canImport(UIKit)` (or `AppKit`) holds and a mistake in those files fails the tests. The files are checked as a
/// small client module that imports their own module implicitly (`-import-module`), compiled with the package's
/// name so its `package` symbols are visible: an Apple file that needs an `internal` symbol of its module must make
/// it `package`. A probe file per module uses the adapters' API, so an adapter that its `#if` left out fails too.
/// (The kqueue watcher, Apple-only as well, is checked against a stand-in Darwin by DirectoryWatcherTests.)
struct PlatformCompileCheckTests {
    /// The stand-in frameworks, and the probe of DeviceConstraints that uses each.
    enum Framework: String, CaseIterable, CustomTestStringConvertible {
        case uiKit = "UIKit"
        case appKit = "AppKit"

        var testDescription: String { rawValue }
    }

    /// The package's root: three folders above this file.
    private var root: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The stand-ins and probes.
    private var standIns: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
                .appendingPathComponent("StandIns")
        }
    }

    /// The folder the built modules are in: `Modules` next to this target's resource bundle.
    private func modulesFolder() throws -> URL {
        var folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        for _ in 0..<6 {
            folder = folder.deletingLastPathComponent()
            let modules = folder.appendingPathComponent("Modules")
            if FileManager.default.fileExists(
                atPath: modules.appendingPathComponent("DeviceConstraints.swiftmodule").path)
            {
                return modules
            }
        }
        throw CompileFailure(output: "no Modules/DeviceConstraints.swiftmodule above the fixtures")
    }

    /// The name SwiftPM compiles the package's modules with (`-package-name`): the root folder's name,
    /// lowercased, with every character that is not a letter, digit or underscore made an underscore.
    private var packageName: String {
        String(root.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    private struct CompileFailure: Error, CustomStringConvertible {
        let output: String
        var description: String { output }
    }

    /// Runs `swiftc` with `arguments` on a thread of its own (a compile takes seconds: blocking a thread of the
    /// tests' cooperative pool that long would starve the other tests' timers); throws its output unless it
    /// succeeds without errors or warnings.
    private func swiftc(_ arguments: [String]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread {
                do {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
                    process.arguments = ["swiftc"] + arguments
                    let output = Pipe()
                    process.standardOutput = output
                    process.standardError = output
                    try process.run()
                    let data = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    let text = String(decoding: data, as: UTF8.self)
                    guard process.terminationStatus == 0, !text.contains("error:"), !text.contains("warning:") else {
                        throw CompileFailure(output: text)
                    }
                    continuation.resume()
                } catch {
                    continuation.resume(throwing: error)
                }
            }.start()
        }
    }

    /// Every `.swift` file under `folder`, sorted.
    private func swiftFiles(under folder: URL) throws -> [String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted()
            .map { folder.appendingPathComponent($0).path }
    }

    /// The module's settings, as Package.swift gives them to every target.
    private let settings = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
        .flatMap { ["-enable-upcoming-feature", $0] }

    #if os(Linux)
        @Test(.timeLimit(.minutes(10)), arguments: Framework.allCases)
        func theAppleOnlyFilesTypeCheckAgainstAStandIn(_ framework: Framework) async throws {
            let work = FileManager.default.temporaryDirectory.appendingPathComponent("PlatformCheck-\(UUID())")
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: work) }
            let name = framework.rawValue
            try await swiftc([
                "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
                try standIns.appendingPathComponent("\(name).swift").path, "-emit-module-path",
                work.appendingPathComponent("\(name).swiftmodule").path,
            ])
            let client = [
                "-typecheck", "-swift-version", "6", "-package-name", packageName, "-module-name", "PlatformCheck",
                "-I", work.path, "-I", try modulesFolder().path,
            ]
            let checks = [
                ("DeviceConstraints", "ProbeDeviceConstraints\(name).swift"),
                ("ConstraintDSL", "ProbeConstraintDSL.swift"),
            ]
            for (module, probe) in checks {
                let files = try swiftFiles(under: root.appendingPathComponent("Sources/\(module)/Platform"))
                #expect(!files.isEmpty, "no Apple-only files in Sources/\(module)/Platform")
                try await swiftc(
                    client + settings + ["-Xfrontend", "-import-module", "-Xfrontend", module] + files
                        + [try standIns.appendingPathComponent(probe).path])
            }
        }
    #endif
}
