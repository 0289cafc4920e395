public import Foundation
public import Testing

/// The Apple-only code of the package (its `Platform/` folders, the Xcode plugin conformance, DeviceConstraintsUI)
/// and the Apple snippets of its docs cannot be compiled on Linux, where CI runs. Each check builds stand-in
/// frameworks (`Tests/ConstraintDSLTests/Fixtures/StandIns`, written from Apple's interfaces) as modules, so that
/// `canImport(UIKit)` (or SwiftUI, os, …) holds, then compiles the code in steps, each a module of its own that later
/// steps import:
///
/// - a package module's Apple files compile as a client of that module (`-import-module`) with the package's name, so
///   its `package` symbols are visible: an Apple file that needs an `internal` symbol of its module must make it
///   `package`;
/// - a probe (`Fixtures/PlatformChecks`) beside them uses their API, so that code its `#if` left out fails too;
/// - app code and DocC articles (every ```swift block, as a file whose errors point at the article's lines) compile
///   last, importing what an app imports.
///
/// To check new Apple code (a doc article), add a step or a check to a test target's list (`PlatformCheck.all` in
/// ConstraintDSLTests, `PlatformCheck.swiftUI` in DeviceConstraintsUITests), and a new folder to
/// ``appleOnlyFolders``. SwiftUI code may use `#Preview`: a check that sets ``PlatformCheck/usesPreviewsMacros``
/// builds a stand-in of Xcode's macro plugin (`StandIns/Macros/PreviewsMacros.swift`, against the toolchain's own
/// SwiftSyntax), which expands a preview to nothing once the compiler has type-checked its arguments against the
/// stand-in SwiftUI's declaration.
/// (The kqueue watcher, Apple-only as well, is checked against a stand-in Darwin by DirectoryWatcherTests.)
///
/// One check: the stand-in modules to build, then the steps.
public struct PlatformCheck: Sendable, CustomTestStringConvertible {
    /// What the check is called in test output.
    public var name: String
    /// The stand-ins it builds first, in order (`Fixtures/StandIns/<path>.swift`, each a module named after its file);
    /// each may import those before it. A plugin's stand-in is in `StandIns/Plugins/`, which DocumentationTests, which
    /// builds every framework in `StandIns/` for the docs' app code, leaves out.
    public var standIns: [String]
    /// What it compiles, in order.
    public var steps: [Step]
    /// Whether the toolchain's PackagePlugin module is on the import path (for the plugins).
    public var usesPackagePlugin = false
    /// Whether `#Preview` expands (through the stand-in of Xcode's PreviewsMacros plugin), in stand-ins and steps.
    public var usesPreviewsMacros = false

    public var testDescription: String { name }

    /// Files compiled as one module, emitted into the check's folder so that later steps can import it.
    public struct Step: Sendable {
        /// The module the files are compiled as.
        public var module: String
        /// Package folders, relative to the root, whose `.swift` files are compiled.
        public var folders: [String] = []
        /// Files under `Fixtures/`.
        public var fixtures: [String] = []
        /// DocC articles, relative to the root, whose ```swift blocks are compiled, each as a file.
        public var articles: [String] = []
        /// Files under `Fixtures/` whose lines marked `// error` must each fail to compile, and whose other lines
        /// must compile, with the step's module and imports: what must stay impossible.
        public var misuses: [String] = []
        /// Modules every file imports without saying so: the package module whose Apple files these are, and the
        /// modules of earlier steps that an app would have in that module.
        public var implicitImports: [String] = []

        public init(
            module: String, folders: [String] = [], fixtures: [String] = [], articles: [String] = [],
            misuses: [String] = [], implicitImports: [String] = []
        ) {
            self.module = module
            self.folders = folders
            self.fixtures = fixtures
            self.articles = articles
            self.misuses = misuses
            self.implicitImports = implicitImports
        }
    }

    public init(
        name: String, standIns: [String], steps: [Step], usesPackagePlugin: Bool = false,
        usesPreviewsMacros: Bool = false
    ) {
        self.name = name
        self.standIns = standIns
        self.steps = steps
        self.usesPackagePlugin = usesPackagePlugin
        self.usesPreviewsMacros = usesPreviewsMacros
    }

    /// The Apple-only code of the package, by folder, and the test target whose checks compile it: each target's
    /// `everyAppleOnlyFile…IsInACheck` test holds its checks to its folders. A new Apple-only folder is added here.
    public static let appleOnlyFolders: [(folder: String, target: String)] = [
        ("Sources/DeviceConstraints/Platform", "ConstraintDSLTests"),
        ("Sources/ConstraintDSL/Platform", "ConstraintDSLTests"),
        ("Plugins/DeviceConstraintsPlugin", "ConstraintDSLTests"),
        ("Sources/DeviceConstraintsUI", "DeviceConstraintsUITests"),
        ("Examples/SwiftUICards", "DeviceConstraintsUITests"),
    ]

    /// The Apple-only folders of `target` (in ``appleOnlyFolders``) that no check of `checks` compiles, or that hold
    /// no Swift file.
    public static func uncheckedAppleOnlyFolders(of target: String, in checks: [PlatformCheck]) -> [String] {
        let checked = Set(checks.flatMap(\.steps).flatMap(\.folders))
        return appleOnlyFolders.filter { $0.target == target }.map(\.folder).filter {
            !checked.contains($0)
                || PackageCompiler.swiftFiles(under: PackageCompiler.root.appendingPathComponent($0)).isEmpty
        }
    }

    /// Builds the stand-ins and compiles the steps, with the fixtures of the test target that runs the check (its
    /// copy of `Fixtures`); throws the compiler's output at the first that fails.
    public func run(fixtures: URL) async throws {
        try await PackageCompiler.withWorkFolder("PlatformCheck-\(name)") { work in
            var paths = ["-I", work.path, "-I", try PackageCompiler.modulesFolder(near: fixtures).path]
            if usesPackagePlugin {
                // The PackagePlugin that SwiftPM compiles plugins against, with the tools version Package.swift states.
                paths += ["-I", try Self.packagePluginFolder(), "-package-description-version", "6.0"]
            }
            if usesPreviewsMacros { paths += ["-load-plugin-library", try await Self.previewsMacros(in: work)] }
            let standIns = PackageCompiler.standIns
            for standIn in self.standIns {
                let module = URL(fileURLWithPath: standIn).lastPathComponent
                try await PackageCompiler.swiftc(
                    ["-emit-module", "-parse-as-library", "-swift-version", "6", "-module-name", module]
                        + paths + [
                            standIns.appendingPathComponent("\(standIn).swift").path, "-emit-module-path",
                            work.appendingPathComponent("\(module).swiftmodule").path,
                        ])
            }
            for step in steps {
                let files = try step.files(writingSnippetsInto: work, fixtures: fixtures)
                try #require(!files.isEmpty, "step \(step.module) of \(name) has no files")
                let arguments =
                    ["-parse-as-library", "-swift-version", "6", "-package-name", PackageCompiler.packageName]
                    // A plugin is compiled as SwiftPM compiles plugins: without Package.swift's settings.
                    + paths + (usesPackagePlugin ? [] : PackageCompiler.settings)
                    + step.implicitImports.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0] }
                try await PackageCompiler.swiftc(
                    ["-emit-module", "-wmo", "-module-name", step.module] + arguments
                        + ["-emit-module-path", work.appendingPathComponent("\(step.module).swiftmodule").path]
                        + files)
                for misuse in step.misuses {
                    let file = fixtures.appendingPathComponent(misuse)
                    try await Self.expectErrorsOnMarkedLines(
                        of: file, arguments: ["-typecheck", "-module-name", "\(step.module)Misuses"] + arguments)
                }
            }
        }
    }

    /// Type-checks `file`: every line marked `// error` must get an error, and no other line may.
    private static func expectErrorsOnMarkedLines(of file: URL, arguments: [String]) async throws {
        let source = try String(contentsOf: file, encoding: .utf8)
        let marked = Set(
            source.components(separatedBy: "\n").enumerated().filter { $0.element.hasSuffix("  // error") }
                .map { $0.offset + 1 })
        try #require(!marked.isEmpty, "\(file.lastPathComponent) marks no line `// error`")
        var output = ""
        do {
            try await PackageCompiler.swiftc(arguments + [file.path])
        } catch let failure as PackageCompiler.CompileFailure {
            output = failure.output
        }
        var failing: Set<Int> = []
        let prefix = file.lastPathComponent + ":"
        for line in output.components(separatedBy: "\n") where line.contains(": error: ") {
            guard let start = line.range(of: prefix) else { continue }
            if let number = Int(line[start.upperBound...].prefix { $0.isNumber }) { failing.insert(number) }
        }
        for line in marked.sorted() where !failing.contains(line) {
            Issue.record("\(file.lastPathComponent):\(line) compiles, but must not")
        }
        for line in failing.subtracting(marked).sorted() {
            Issue.record("\(file.lastPathComponent):\(line) must compile:\n\(output)")
        }
    }

    /// Where the toolchain keeps PackagePlugin: `pm/PluginAPI` under the compiler's resource folder.
    private static func packagePluginFolder() throws -> String {
        try runtimeResources().appendingPathComponent("pm/PluginAPI").path
    }

    /// Builds the stand-in of Xcode's PreviewsMacros plugin into `work`, against the SwiftSyntax the compiler's own
    /// macro plugins are built with (`host` under the compiler's resource folder); returns the library's path.
    private static func previewsMacros(in work: URL) async throws -> String {
        let host = try runtimeResources().appendingPathComponent("host")
        try #require(
            FileManager.default.fileExists(atPath: host.appendingPathComponent("SwiftSyntaxMacros.swiftmodule").path),
            "the toolchain has no SwiftSyntaxMacros in \(host.path): the stand-in of #Preview cannot be built")
        let library = work.appendingPathComponent("libPreviewsMacros.so")
        try await PackageCompiler.swiftc([
            "-emit-library", "-module-name", "PreviewsMacros", "-I", host.path, "-L", host.path, "-lSwiftSyntax",
            "-lSwiftSyntaxMacros",
            PackageCompiler.standIns.appendingPathComponent("Macros/PreviewsMacros.swift").path, "-o", library.path,
        ])
        return library.path
    }

    /// The compiler's resource folder (`lib/swift`).
    private static func runtimeResources() throws -> URL {
        let data = Data(
            try ChildProcess.run(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc", "-print-target-info"]).output.utf8)
        let info = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paths = try #require(info["paths"] as? [String: Any])
        let resources = try #require(paths["runtimeResourcePath"] as? String)
        return URL(fileURLWithPath: resources)
    }
}

extension PlatformCheck.Step {
    /// The step's files: the package folders', the fixtures, and each ```swift block of its articles written into
    /// `work` behind a `#sourceLocation` that points at the article, so that an error names the article's line.
    func files(writingSnippetsInto work: URL, fixtures: URL) throws -> [String] {
        var files = folders.flatMap {
            PackageCompiler.swiftFiles(under: PackageCompiler.root.appendingPathComponent($0))
        }
        files += self.fixtures.map { fixtures.appendingPathComponent($0).path }
        for article in articles {
            let path = PackageCompiler.root.appendingPathComponent(article).path
            let blocks = Self.swiftBlocks(in: try String(contentsOfFile: path, encoding: .utf8))
            try #require(!blocks.isEmpty, "\(article) has no ```swift block")
            for (line, code) in blocks {
                let file = work.appendingPathComponent("\(module)-\(files.count).swift")
                let text = "#sourceLocation(file: \"\(path)\", line: \(line))\n\(code)\n#sourceLocation()\n"
                try text.write(to: file, atomically: true, encoding: .utf8)
                files.append(file.path)
            }
        }
        return files
    }

    /// Each ```swift block of a Markdown text, with the line its code starts at.
    public static func swiftBlocks(in markdown: String) -> [(line: Int, code: String)] {
        var blocks: [(line: Int, code: String)] = []
        var current: (line: Int, lines: [String])?
        for (index, line) in markdown.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append((block.line, block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    block.lines.append(line)
                    current = block
                }
            } else if trimmed == "```swift" {
                current = (index + 2, [])
            }
        }
        return blocks
    }
}
