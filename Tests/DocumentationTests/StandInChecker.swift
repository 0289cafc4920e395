import Foundation
import Testing

/// Type-checks Apple-only code against the stand-in frameworks (Tests/ConstraintDSLTests/Fixtures/StandIns: every
/// file there not named `Probe…` is a module named after the file, with this target's Fixtures/StandIns/<Name>+….swift
/// added) and the package's built modules, as a user's app imports them: public API only, Swift 6,
/// `-parse-as-library` (an app's files declare; `@main` starts them).
struct StandInChecker {
    /// Modules that work in progress adds to the package (the SwiftUI layer, its stand-in): code importing one that
    /// does not exist yet is not type-checked, and the check starts by itself once it does.
    static let pendingModules: Set<String> = ["DeviceConstraintsUI", "SwiftUI"]

    /// More declarations for a stand-in module, which only the documentation's code uses: `UIKit+Apps.swift` is
    /// compiled into `UIKit`.
    static let supplements = Repository.root.appendingPathComponent("Tests/DocumentationTests/Fixtures/StandIns")

    /// A temporary folder holding the stand-ins' modules and the files to check.
    let folder: URL
    /// The stand-in modules built.
    let standIns: Set<String>

    /// Builds every stand-in module into a temporary folder.
    init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("StandInChecker-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
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
                ] + more + ["-emit-module-path", folder.appendingPathComponent("\(name).swiftmodule").path],
                in: folder)
            try #require(run.status == 0, "the stand-in \(file) does not build:\n\(run)")
        }
        standIns = Set(files.map { String($0.dropLast(".swift".count)) })
    }

    /// The first of `imports` that work in progress will add and that does not exist yet, if any.
    func pendingModule(in imports: [String]) throws -> String? {
        let modules = try Repository.modulesFolder
        return imports.first { module in
            Self.pendingModules.contains(module) && !standIns.contains(module)
                && !FileManager.default.fileExists(
                    atPath: modules.appendingPathComponent("\(module).swiftmodule").path)
        }
    }

    /// The compiler's errors and warnings for `files` type-checked together as one module; empty when there are
    /// none.
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
        let settings = ["ExistentialAny", "MemberImportVisibility", "InternalImportsByDefault"]
            .flatMap { ["-enable-upcoming-feature", $0] }
        let run = try await Self.swiftc(
            [
                "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "AppleSnippets",
                "-package-name", Repository.packageName, "-I", folder.path, "-I", try Repository.modulesFolder.path,
            ] + settings + imports + platformFiles + files.map(\.path), in: folder)
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
        try await run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, in: folder, timeout: 300)
    }
}
