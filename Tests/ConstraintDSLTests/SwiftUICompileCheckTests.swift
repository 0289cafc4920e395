import Foundation
import Testing

/// The SwiftUI layer (Sources/DeviceConstraintsUI) is empty on Linux: every file is inside `#if canImport(SwiftUI)`.
/// Here it is built as a module against the stand-in SwiftUI (Fixtures/StandIns/SwiftUI.swift, written from the iOS
/// 18.6 SDK's interfaces), once with the stand-in UIKit (as for iOS, iPadOS and tvOS) and once without (macOS,
/// watchOS), then used as an app uses it: the probe, which calls every public API, the files of
/// Examples/SwiftUICards and the code of the SwiftUI article (DeviceConstraints.docc/SwiftUI.md), previews included:
/// `#Preview` expands through a stand-in of Xcode's macro plugin that expands to nothing once its arguments
/// type-check (Fixtures/StandIns/Macros/PreviewsMacros.swift).
///
/// The layer is compiled as SwiftPM compiles it (the package's name and settings: it may use `package` symbols of
/// DeviceConstraints, such as `WindowTracker`); the probe and the example are compiled as an app is, outside the
/// package, so a `package` symbol in the public API fails them.
struct SwiftUICompileCheckTests {
    /// Where the SwiftUI layer is built, and with which stand-ins.
    struct Build {
        let folder: URL
        /// `-load-plugin-library` and the stand-in plugin, for every compile that may meet `#Preview`.
        let plugin: [String]
    }

    /// The layer's files.
    private static var layerFiles: [String] {
        PackageCompiler.swiftFiles(under: PackageCompiler.root.appendingPathComponent("Sources/DeviceConstraintsUI"))
    }

    /// The example app's files.
    private static var exampleFiles: [String] {
        PackageCompiler.swiftFiles(under: PackageCompiler.root.appendingPathComponent("Examples/SwiftUICards"))
    }

    /// The SwiftUI article's Apple-only code (the ```swift blocks marked `<!-- apple-only -->` on the line above),
    /// as one file whose lines the compiler reports as the article's.
    private static func articleCode(in folder: URL) throws -> String {
        let article = PackageCompiler.root.appendingPathComponent(
            "Sources/DeviceConstraints/DeviceConstraints.docc/SwiftUI.md")
        let lines = try String(contentsOf: article, encoding: .utf8).components(separatedBy: "\n")
        var code: [String] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```swift", index > 0, lines[index - 1].hasPrefix("<!-- apple-only") else { continue }
            code.append("#sourceLocation(file: \"\(article.path)\", line: \(index + 2))")
            index += 1
            while index < lines.count, lines[index] != "```" {
                code.append(lines[index])
                index += 1
            }
        }
        try #require(code.count > 20, "the SwiftUI article shows a whole app, marked <!-- apple-only -->")
        let file = folder.appendingPathComponent("SwiftUIArticle.swift")
        try (code + ["#sourceLocation()"]).joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// The toolchain's SwiftSyntax, which the compiler's own macro plugins are built with: `lib/swift/host`.
    private static func hostLibraries() throws -> URL {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc", "-print-target-info"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(info["paths"] as? [String: Any])
        let resources = try #require(paths["runtimeResourcePath"] as? String)
        let host = URL(fileURLWithPath: resources).appendingPathComponent("host")
        try #require(
            FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftSyntaxMacros.swiftmodule").path),
            "the toolchain has no SwiftSyntaxMacros in \(host.path): the stand-in of #Preview cannot be built")
        return host
    }

    /// Builds the stand-in macro plugin and the stand-in frameworks into `folder` (UIKit only `withUIKit`).
    private static func standIns(in folder: URL, withUIKit: Bool) async throws -> Build {
        let host = try hostLibraries()
        let standIns = try PackageCompiler.fixtures.appendingPathComponent("StandIns")
        let library = folder.appendingPathComponent("libPreviewsMacros.so")
        try await PackageCompiler.swiftc([
            "-emit-library", "-module-name", "PreviewsMacros", "-I", host.path, "-L", host.path, "-lSwiftSyntax",
            "-lSwiftSyntaxMacros", standIns.appendingPathComponent("Macros/PreviewsMacros.swift").path, "-o",
            library.path, "-module-cache-path", folder.appendingPathComponent("cache").path,
        ])
        let plugin = ["-load-plugin-library", library.path]
        for name in withUIKit ? ["SwiftUI", "UIKit"] : ["SwiftUI"] {
            try await PackageCompiler.swiftc(
                [
                    "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", name,
                    standIns.appendingPathComponent("\(name).swift").path, "-emit-module-path",
                    folder.appendingPathComponent("\(name).swiftmodule").path,
                ] + plugin)
        }
        return Build(folder: folder, plugin: plugin)
    }

    /// Builds DeviceConstraintsUI into the build's folder, as SwiftPM would on a platform with SwiftUI.
    private static func layer(in build: Build) async throws {
        let files = layerFiles
        try #require(files.count >= 4, "Sources/DeviceConstraintsUI holds the SwiftUI layer")
        try await PackageCompiler.swiftc(
            [
                "-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", "DeviceConstraintsUI",
                "-package-name", PackageCompiler.packageName, "-I", build.folder.path, "-I",
                try PackageCompiler.modulesFolder().path, "-emit-module-path",
                build.folder.appendingPathComponent("DeviceConstraintsUI.swiftmodule").path,
            ] + PackageCompiler.settings + build.plugin + files)
    }

    /// Type-checks `files` as an app's module that imports the layer.
    private static func app(_ files: [String], in build: Build) async throws {
        try await PackageCompiler.swiftc(
            [
                "-typecheck", "-parse-as-library", "-swift-version", "6", "-module-name", "SwiftUIApp", "-I",
                build.folder.path, "-I", try PackageCompiler.modulesFolder().path,
            ] + build.plugin + files)
    }

    #if os(Linux)
        @Test(.timeLimit(.minutes(5)), arguments: [true, false])
        func theSwiftUILayerAndAnAppThatUsesItTypeCheckAgainstTheStandIns(withUIKit: Bool) async throws {
            try await PackageCompiler.withWorkFolder("SwiftUICheck") { folder in
                let build = try await Self.standIns(in: folder, withUIKit: withUIKit)
                try await Self.layer(in: build)
                let probe = try PackageCompiler.fixtures.appendingPathComponent(
                    "StandIns/ProbeDeviceConstraintsUI.swift")
                let example = Self.exampleFiles
                try #require(!example.isEmpty, "Examples/SwiftUICards holds the SwiftUI example's files")
                try await Self.app([probe.path], in: build)
                try await Self.app(example, in: build)
                try await Self.app([try Self.articleCode(in: folder)], in: build)
            }
        }

        /// The check is not vacuous: a preview whose view does not type-check, or a modifier used wrongly, fails it.
        @Test(.timeLimit(.minutes(5)))
        func aPreviewOrAModifierThatDoesNotTypeCheckFailsTheCheck() async throws {
            try await PackageCompiler.withWorkFolder("SwiftUICheck") { folder in
                let build = try await Self.standIns(in: folder, withUIKit: false)
                try await Self.layer(in: build)
                let misuses = [
                    ("#Preview(\"bad\") { Text(verbatim: 42) }", "cannot convert value of type 'Int'"),
                    (
                        "#Preview { Text(verbatim: \"x\").font(size: 17) }",
                        "cannot convert value of type 'Int' to expected argument type 'ConstraintRecord'"
                    ),
                ]
                for (index, (code, expected)) in misuses.enumerated() {
                    let file = folder.appendingPathComponent("Misuse\(index).swift")
                    let source = "import DeviceConstraints\nimport DeviceConstraintsUI\nimport SwiftUI\n\(code)\n"
                    try source.write(to: file, atomically: true, encoding: .utf8)
                    do {
                        try await Self.app([file.path], in: build)
                        Issue.record("\(code) type-checked")
                    } catch let failure as PackageCompiler.CompileFailure {
                        #expect(failure.output.contains(expected), "\(code):\n\(failure.output)")
                    }
                }
            }
        }
    #endif
}
