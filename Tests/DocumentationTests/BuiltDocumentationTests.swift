import Foundation
import Testing

/// The documentation's platform-neutral code and the examples, built with SwiftPM as a user builds them, and run
/// where the docs show what they print (the rules are at the top of MarkdownSnippets.swift). Nested builds take
/// minutes on two cores, so the suite runs only with `DEVICE_CONSTRAINTS_DOCS_E2E=1` (CI has a step for it):
///
/// ```sh
/// DEVICE_CONSTRAINTS_DOCS_E2E=1 swift test --filter BuiltDocumentationTests
/// ```
///
/// The packages are written to `.build-docs-check/` (ignored by git and kept, so that a second run builds only what
/// changed) next to a link `DeviceConstraints` to this checkout, and share one scratch path: each reaches the
/// checkout by that one path, so the library is built once for all of them.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["DEVICE_CONSTRAINTS_DOCS_E2E"] == "1",
        "builds nested packages: set DEVICE_CONSTRAINTS_DOCS_E2E=1"))
struct BuiltDocumentationTests {
    private let workspace = NestedWorkspace()

    /// Every document's platform-neutral programs build as executables of one package that depends on the checkout;
    /// each that says what it prints is run in the repository's folder and prints exactly that.
    @Test func theDocumentsProgramsBuildAndPrintWhatTheyShow() async throws {
        let programs = try Repository.documents.get().flatMap {
            SnippetProgram.programs(of: $0).programs.filter { $0.kind == .neutral }
        }
        try #require(!programs.isEmpty)
        let package = try workspace.prepare()
            .appendingPathComponent("DocumentationPrograms", isDirectory: true)
        var files = ["Package.swift": Self.manifest(for: programs)]
        for program in programs { files["Sources/\(program.name)/main.swift"] = program.source }
        try sync(files, into: package)
        let build = try await workspace.build(package)
        try #require(build.status == 0, "the documents' programs do not build:\n\(build)")
        let warnings = build.lines.filter { $0.contains(".md:") && $0.contains(" warning: ") }
        #expect(warnings.isEmpty, "the documents' code has warnings:\n\(warnings.joined(separator: "\n"))")
        for program in programs where !program.expected.isEmpty {
            let result = try await ChildProcess.run(
                workspace.executable(program.name), [], in: Repository.root, timeout: 120)
            let printed = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map(String.init)
            #expect(result.status == 0, "\(program.blocks[0].location): the program failed: \(result)")
            #expect(
                SnippetProgram.ExpectedLine.match(program.expected, printed),
                """
                \(program.expectedAt.joined(separator: ", ")): the document shows
                \(program.expected.map(\.description).joined(separator: "\n"))
                but \(program.name) printed
                \(printed.joined(separator: "\n"))
                """)
        }
    }

    /// A package a document shows whole (its files marked `<!-- file: … -->`: README's SwiftPM Quick start) builds as
    /// pasted, next to a `DeviceConstraints` folder, and `swift run` in it prints what the document shows.
    @Test func thePackagesTheDocumentsShowRunAsPasted() async throws {
        var checked = 0
        for document in try Repository.documents.get() {
            var packages: [String: [String: String]] = [:]
            for block in document.blocks {
                guard let path = block.file else { continue }
                let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
                try #require(parts.count == 2, "\(block.location): <!-- file: \(path) --> names no package folder")
                packages[parts[0], default: [:]][parts[1]] = block.code.joined(separator: "\n") + "\n"
            }
            for (name, files) in packages.sorted(by: { $0.key < $1.key }) {
                #expect(files["Package.swift"] != nil, "\(document.path): the package \(name) has no Package.swift")
                let folder = try workspace.prepare().appendingPathComponent(name, isDirectory: true)
                try sync(files, into: folder)
                let build = try await workspace.build(folder)
                #expect(build.status == 0, "\(document.path): the package \(name) does not build:\n\(build)")
                guard build.status == 0 else { continue }
                checked += try await runCommands(
                    of: document, in: name, folder: folder, manifest: files["Package.swift"])
            }
        }
        #expect(checked > 0, "README's SwiftPM Quick start shows what `swift run` prints")
    }

    /// Every example that is a package (`Examples/<Name>/Package.swift`) builds, and `swift run` prints what its
    /// README shows. The examples depend on the checkout as `path: "../.."`; their copies reach it by the
    /// workspace's link instead, so that they share its build.
    @Test func theExamplesBuildAndPrintWhatTheirReadmesShow() async throws {
        let examples = Repository.root.appendingPathComponent("Examples")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: examples.path).sorted() {
            let original = examples.appendingPathComponent(name, isDirectory: true)
            guard FileManager.default.fileExists(atPath: original.appendingPathComponent("Package.swift").path) else {
                continue
            }
            var files = try Self.files(under: original)
            let manifest = try #require(files["Package.swift"])
            let dependency = #"path: "../..""#
            try #require(
                manifest.components(separatedBy: dependency).count == 2,
                "Examples/\(name)/Package.swift depends on the checkout once, as \(dependency)")
            files["Package.swift"] = manifest.replacingOccurrences(
                of: dependency, with: #"path: "../../DeviceConstraints""#)
            let folder = try workspace.prepare().appendingPathComponent("Examples/\(name)", isDirectory: true)
            try sync(files, into: folder)
            let build = try await workspace.build(folder)
            #expect(build.status == 0, "Examples/\(name) does not build:\n\(build)")
            guard build.status == 0 else { continue }
            let readme = try Document(path: "Examples/\(name)/README.md", root: Repository.root)
            let ran = try await runCommands(of: readme, in: ".", folder: folder, manifest: manifest)
            #expect(ran > 0, "Examples/\(name)/README.md shows what `swift run` prints (<!-- in: . -->)")
            checked += 1
        }
        #expect(checked >= 2, "the command-line example and SplitViewColumns")
    }

    // MARK: - Helpers

    /// Runs the commands of `document`'s ```console blocks marked `<!-- in: package -->` in `folder`, checking what
    /// each prints; returns how many ran.
    private func runCommands(of document: Document, in package: String, folder: URL, manifest: String?) async throws
        -> Int
    {
        var ran = 0
        for block in document.blocks where block.language == "console" && block.package == package {
            for command in ConsoleCommand.commands(in: block) {
                let commandWords = words(of: command.line)
                guard commandWords.starts(with: ["swift", "run"]) else {
                    Issue.record("\(command.location): only `swift run [<product>] [arguments]` can be checked here")
                    continue
                }
                var arguments = Array(commandWords.dropFirst(2))
                let product: String
                if let first = arguments.first, !first.hasPrefix("-") {
                    product = first
                    arguments.removeFirst()
                } else {
                    product = try #require(
                        Self.executableTargets(in: manifest ?? "").first,
                        "\(command.location): no executable target in the package's manifest")
                }
                let result = try await ChildProcess.run(
                    workspace.executable(product), arguments, in: folder, timeout: 120)
                #expect(
                    SnippetProgram.ExpectedLine.match(command.expected, result.lines),
                    "\(command.location): `\(command.line)` printed\n\(result.lines.joined(separator: "\n"))")
                ran += 1
            }
        }
        return ran
    }

    /// The names of a manifest's executable targets.
    private static func executableTargets(in manifest: String) -> [String] {
        manifest.components(separatedBy: ".executableTarget(").dropFirst().compactMap { rest in
            guard let open = rest.range(of: "name: \"") else { return nil }
            return String(rest[open.upperBound...].prefix { $0 != "\"" })
        }
    }

    /// The manifest of the package of the documents' programs: an executable per program, depending on the
    /// libraries it imports.
    private static func manifest(for programs: [SnippetProgram]) -> String {
        let targets = programs.map { program in
            let products = program.imports.filter { Repository.libraries.contains($0) }
                .map { #".product(name: "\#($0)", package: "DeviceConstraints")"# }
            return
                #"        .executableTarget(name: "\#(program.name)", dependencies: [\#(products.joined(separator: ", "))]),"#
        }
        return """
            // swift-tools-version:6.0
            // Written by BuiltDocumentationTests from the documents' code: edit the documents, not this file.
            import PackageDescription

            let package = Package(
                name: "DocumentationPrograms",
                platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
                dependencies: [.package(name: "DeviceConstraints", path: "../DeviceConstraints")],
                targets: [
            \(targets.joined(separator: "\n"))
                ]
            )

            """
    }

    /// The text files under `folder` by relative path, leaving out build products.
    private static func files(under folder: URL) throws -> [String: String] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        var files: [String: String] = [:]
        for case let path as String in enumerator {
            if path.hasPrefix(".build") || path.hasPrefix(".swiftpm") || path == "Package.resolved" {
                enumerator.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            let url = folder.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            files[path] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    /// Makes `folder` hold exactly `files` (by relative path), rewriting only what changed.
    private func sync(_ files: [String: String], into folder: URL) throws {
        let existing = FileManager.default.fileExists(atPath: folder.path) ? try Self.files(under: folder) : [:]
        for path in existing.keys where files[path] == nil {
            try FileManager.default.removeItem(at: folder.appendingPathComponent(path))
        }
        for (path, text) in files { try write(text, to: folder.appendingPathComponent(path)) }
    }
}

/// Where the nested builds happen: `.build-docs-check/` in the repository.
struct NestedWorkspace {
    let root = Repository.root.appendingPathComponent(".build-docs-check", isDirectory: true)

    /// The scratch path every nested build shares.
    var scratch: URL { root.appendingPathComponent("scratch", isDirectory: true) }

    /// Makes the folder and its link `DeviceConstraints` to the checkout; returns the folder.
    func prepare() throws -> URL {
        let files = FileManager.default
        try files.createDirectory(at: root, withIntermediateDirectories: true)
        let link = root.appendingPathComponent("DeviceConstraints")
        if (try? files.destinationOfSymbolicLink(atPath: link.path)) != ".." {
            try? files.removeItem(at: link)
            try files.createSymbolicLink(atPath: link.path, withDestinationPath: "..")
        }
        return root
    }

    /// Builds the package in `folder` with the shared scratch path.
    func build(_ folder: URL) async throws -> ProcessRun {
        try await swift(
            ["build", "--package-path", folder.path, "--scratch-path", scratch.path], in: folder, timeout: 1800)
    }

    /// A product built by ``build(_:)``.
    func executable(_ product: String) -> URL {
        scratch.appendingPathComponent("debug/\(product)")
    }
}
