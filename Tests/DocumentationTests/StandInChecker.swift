import Foundation
import Testing

/// Type-checks Apple-only code against the stand-in frameworks (Tests/ConstraintDSLTests/Fixtures/StandIns: every
/// file there not named `Probe…` is a module named after the file, with this target's Fixtures/StandIns/<Name>+….swift
/// added) and the package's built modules, as a user's app imports them: public API only, Swift 6,
/// `-parse-as-library` (an app's files declare; `@main` starts them).
///
/// The SwiftUI layer, DeviceConstraintsUI, is an empty module on Linux: it is built again here, from its sources,
/// against the stand-ins, as PlatformCompileCheckTests builds it, and found before the empty one. `#Preview` expands
/// through the stand-in of Xcode's macro plugin (StandIns/Macros/PreviewsMacros.swift), built here against the
/// toolchain's SwiftSyntax.
struct StandInChecker {
    /// More declarations for a stand-in module, which only the documentation's code uses: `UIKit+Apps.swift` is
    /// compiled into `UIKit`.
    static let supplements = Repository.root.appendingPathComponent("Tests/DocumentationTests/Fixtures/StandIns")

    /// A temporary folder holding the stand-ins' modules and the files to check.
    let folder: URL
    /// The stand-in modules built.
    let standIns: Set<String>
    /// `-load-plugin-library` and the stand-in of the PreviewsMacros plugin.
    let previews: [String]

    /// Builds every stand-in module into a temporary folder, then the SwiftUI layer.
    init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("StandInChecker-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let previews = ["-load-plugin-library", try await Self.previewsMacros(in: folder)]
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.standIns.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasPrefix("Probe") }.sorted()
        let supplements = (try? FileManager.default.contentsOfDirectory(atPath: Self.supplements.path)) ?? []
        for file in files {
            let name = String(file.dropLast(".swift".count))
            let more = supplements.filter { $0.hasPrefix("\(name)+") && $0.hasSuffix(".swift") }.sorted()
                .map { Self.supplements.appendingPathComponent($0).path }
            let run = try await Self.swiftc(
                [
                    "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
                    Repository.standIns.appendingPathComponent(file).path,
                ] + more + previews + ["-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path],
                in: folder)
            try #require(run.status == 0, "the stand-in \(file) does not build:\n\(run)")
        }
        standIns = Set(files.map { String($0.dropLast(".swift".count)) })
        self.previews = previews
        let layer = Repository.root.appendingPathComponent("Sources/DeviceConstraintsUI")
        let sources =
            FileManager.default.enumerator(atPath: layer.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted().map { layer.appendingPathComponent($0).path } ?? []
        try #require(!sources.isEmpty, "no Sources/DeviceConstraintsUI")
        let run = try await Self.swiftc(
            [
                "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "DeviceConstraintsUI",
                "-package-name", Repository.packageName, "-I", folder.path, "-I", try Repository.modulesFolder.path,
                "-emit-module-path", folder.appendingPathComponent("DeviceConstraintsUI.swiftmodule").path,
            ] + Self.settings + previews + sources, in: folder)
        try #require(run.status == 0, "DeviceConstraintsUI does not build against the stand-ins:\n\(run)")
    }

    /// The settings Package.swift gives every target.
    static let settings = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
        .flatMap { ["-enable-upcoming-feature", $0] }

    /// Builds the stand-in of Xcode's PreviewsMacros plugin into `folder`, against the SwiftSyntax of the compiler's
    /// own macro plugins (`host` in its resource folder); returns the library's path.
    private static func previewsMacros(in folder: URL) async throws -> String {
        let info = try await swiftc(["-print-target-info"], in: folder)
        let json = try JSONSerialization.jsonObject(with: Data(info.output.utf8)) as? [String: Any]
        let resources = try #require((json?["paths"] as? [String: Any])?["runtimeResourcePath"] as? String)
        let host = URL(fileURLWithPath: resources).appendingPathComponent("host").path
        let library = folder.appendingPathComponent("libPreviewsMacros.so").path
        let run = try await swiftc(
            [
                "-emit-library", "-module-name", "PreviewsMacros", "-I", host, "-L", host, "-lSwiftSyntax",
                "-lSwiftSyntaxMacros", Repository.standIns.appendingPathComponent("Macros/PreviewsMacros.swift").path,
                "-o", library,
            ], in: folder)
        try #require(run.status == 0, "the stand-in of the PreviewsMacros plugin does not build:\n\(run)")
        return library
    }

    /// The compiler's errors and warnings for `files` type-checked together as one module (one whole-module job,
    /// `-wmo`, as DeploymentFloorTests: a fraction of the CPU time of the driver's batch of jobs); empty when there
    /// are none.
    ///
    /// The package's modules were built on Linux, without their Apple-only files (`Sources/<Module>/Platform/`, the
    /// UIKit and AppKit adapters). Those files are compiled into the checked module instead, importing their own
    /// modules (`-import-module`) with the package's name, as PlatformCompileCheckTests compiles them, so the code
    /// sees `LayoutEnvironmentView` and views that are layout items as an app does.
    func typeCheck(_ files: [URL]) async throws -> String {
        var platformFiles: [String] = []
        var imports: [String] = []
        for module in ["DeviceConstraints", "ConstraintDSL"] {
            let platform = Repository.root.appendingPathComponent("Sources/\(module)/Platform")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: platform.path)) ?? []
            platformFiles += names.filter { $0.hasSuffix(".swift") }.sorted().map {
                platform.appendingPathComponent($0).path
            }
            imports += ["-Xfrontend", "-import-module", "-Xfrontend", module]
        }
        let run = try await Self.swiftc(
            [
                "-typecheck", "-wmo", "-parse-as-library", "-swift-version", "6", "-module-name", "AppleSnippets",
                "-package-name", Repository.packageName, "-I", folder.path, "-I", try Repository.modulesFolder.path,
            ] + Self.settings + previews + imports + platformFiles + files.map(\.path), in: folder)
        let text = run.output + run.errorOutput
        if run.status != 0 || text.contains("error:") || text.contains("warning:") {
            return text.isEmpty ? "swiftc failed with exit status \(run.status)" : text
        }
        return ""
    }

    /// Removes the temporary folder.
    func remove() {
        try? FileManager.default.removeItem(at: folder)
    }

    private static func swiftc(_ arguments: [String], in folder: URL) async throws -> ProcessRun {
        try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, in: folder, timeout: 300)
    }
}
