import Foundation
import Testing

/// The package builds at its floors (iOS 13, macOS 10.15, tvOS 13, watchOS 6) only if it calls nothing newer outside
/// an availability check, and Linux's compiler cannot tell: these tests read `Sources/` and `Plugins/` for the APIs
/// of ``NewerAPI/all`` (FloorScanner), and type-check each module without the implicit `_StringProcessing` import,
/// which finds what text cannot: `contains(_:)` on two `String` variables in a file that does not import Foundation
/// (the standard library's is macOS 13; Foundation's has no such floor).
struct DeploymentFloorTests {
    // MARK: - The package

    /// Every `.swift` file under `folder` of the package, relative to the root.
    private func packageFiles(under folder: String) throws -> [(path: String, text: String)] {
        try PackageCompiler.swiftFiles(under: PackageCompiler.root.appendingPathComponent(folder)).map { path in
            (
                String(path.dropFirst(PackageCompiler.root.path.count + 1)),
                try String(contentsOfFile: path, encoding: .utf8)
            )
        }
    }

    @Test func theSourcesCallNoAPIAboveTheFloorsOutsideAnAvailabilityCheck() throws {
        let scanner = try FloorScanner()
        var findings: [FloorFinding] = []
        let sources = try packageFiles(under: "Sources")
        try #require(sources.count > 50, "Sources/ holds the package's modules")
        for (path, text) in sources {
            findings += scanner.findings(in: text, file: path)
        }
        // A plugin runs on the Mac (or Linux) that builds: only macOS's floor applies.
        for (path, text) in try packageFiles(under: "Plugins") {
            findings += scanner.findings(in: text, file: path, platforms: [.macOS])
        }
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    // MARK: - The scanner

    private func fixture(_ name: String) throws -> String {
        try String(contentsOf: PackageCompiler.fixtures.appendingPathComponent("FloorScan/\(name)"), encoding: .utf8)
    }

    @Test func everyEntryOfTheTableIsFoundWhereNothingCoversIt() throws {
        let source = try fixture("Unguarded.swift")
        var expected: [Int: [String]] = [:]
        for (index, line) in source.components(separatedBy: "\n").enumerated() {
            guard line.trimmingCharacters(in: .whitespaces).hasPrefix("// finding: "),
                let marker = line.range(of: "// finding: ")
            else { continue }
            // The marker names what the next line uses.
            expected[index + 2] = line[marker.upperBound...].components(separatedBy: " & ").sorted()
        }
        let findings = try FloorScanner().findings(in: source, file: "Unguarded.swift")
        var found: [Int: [String]] = [:]
        for finding in findings { found[finding.line, default: []].append(finding.api.name) }
        for (line, names) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(found[line]?.sorted() == names, "line \(line): expected \(names), found \(found[line] ?? [])")
        }
        for (line, names) in found.sorted(by: { $0.key < $1.key }) where expected[line] == nil {
            Issue.record("line \(line) is no use above the floors, but was found as \(names)")
        }
        let covered = Set(expected.values.joined())
        for api in NewerAPI.all where !api.isBackDeployed && api.pattern != nil {
            #expect(covered.contains(api.name), "Unguarded.swift has no line that uses \(api.name)")
        }
    }

    @Test func usesInsideAvailabilityChecksPlatformBlocksCommentsAndStringsAreNoFindings() throws {
        let findings = try FloorScanner().findings(in: fixture("Guarded.swift"), file: "Guarded.swift")
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func aFindingSaysWhereTheAvailabilityWasReadAndWhatToDo() throws {
        let source = "func f(_ d: [UInt8]) {\n    _ = String(validating: d, as: UTF8.self)\n}\n"
        let finding = try #require(try FloorScanner().findings(in: source, file: "F.swift").first)
        #expect(
            finding.description.hasPrefix(
                "F.swift:2:9: error: String(validating:as:) needs iOS 18, macOS 15, tvOS 18, watchOS 11 "
                    + "(iPhoneOS18.6.sdk/usr/lib/swift/Swift.swiftmodule/arm64-apple-ios.swiftinterface:20998"))
        #expect(
            (
                finding.description.contains("builds for iOS, macOS, tvOS, watchOS at the package's floors"),
                finding.description.contains("`if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)`"),
                finding.description.hasSuffix("as ConstraintFileName does")
            ) == (true, true, true), "\(finding.description)")
    }

    @Test func aBackDeployedAPIIsListedWithWhyAndIsNeverAFinding() throws {
        let makeStream = try #require(NewerAPI.all.first { $0.name.hasPrefix("AsyncStream.makeStream") })
        #expect(
            (
                makeStream.isBackDeployed,
                makeStream.readIn.contains("@backDeployed(before: macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0)")
            ) == (true, true), "\(makeStream.readIn)")
        let source = "let (s, c) = AsyncStream.makeStream(of: Int.self)\n"
        #expect(try FloorScanner().findings(in: source, file: "S.swift").isEmpty)
    }

    @Test func aPlatformBlockLimitsTheFindingToThePlatformsThatBuildIt() throws {
        let source = """
            #if canImport(AppKit) && !canImport(UIKit)
                let d: Duration = .zero
            #elseif os(iOS)
                @available(iOS 16, *) let e: Duration = .zero
            #endif

            """
        let findings = try FloorScanner().findings(in: source, file: "P.swift")
        #expect((findings.map(\.line), findings.first?.platforms) == ([2], [.macOS]))
    }

    // MARK: - Without the implicit _StringProcessing import

    /// The modules and what each is type-checked as: a library, or an executable's top-level code.
    static let modules: [(name: String, folder: String, isExecutable: Bool)] = [
        ("DeviceConstraints", "DeviceConstraints", false), ("ConstraintSolver", "ConstraintSolver", false),
        ("ConstraintDSL", "ConstraintDSL", false), ("ConstraintLayout", "ConstraintLayout", false),
        ("DeviceConstraintsTooling", "DeviceConstraintsTooling", false),
        ("device_constraints", "device-constraints", true),
        ("device_constraints_plugin_tool", "device-constraints-plugin-tool", true),
    ]

    #if os(Linux)
        /// The arguments that type-check `files` as `module`, a library unless `isExecutable`. As one whole-module
        /// job (`-wmo`): the driver's default, a batch of jobs that each parse every file and check their share,
        /// took four times the CPU time for DeviceConstraints (28 s against 6.4 s).
        private func typeCheck(_ module: String, _ files: [String], isExecutable: Bool = false) throws -> [String] {
            [
                "-typecheck", "-wmo", "-swift-version", "6", "-package-name", PackageCompiler.packageName,
                "-module-name", module,
            ]
                + (isExecutable ? [] : ["-parse-as-library"]) + ["-I", try PackageCompiler.modulesFolder().path]
                + PackageCompiler.settings + files
        }

        private static let withoutStringProcessing = [
            "-Xfrontend", "-disable-implicit-string-processing-module-import",
        ]

        @Test(.timeLimit(.minutes(10)))
        func aStringContainsInAFileWithoutFoundationFailsOnlyWithoutTheImplicitImport() async throws {
            let files = PackageCompiler.swiftFiles(
                under: try PackageCompiler.fixtures.appendingPathComponent("FloorScan/WithoutFoundation"))
            try #require(files.count == 2)
            // Linux accepts it, as the Mac at the floors does not…
            try await PackageCompiler.swiftc(typeCheck("Fixture", files))
            // …and rejects it without the implicit import, as the Mac does.
            await #expect {
                try await PackageCompiler.swiftc(typeCheck("Fixture", files) + Self.withoutStringProcessing)
            } throws: { error in
                let output = (error as? PackageCompiler.CompileFailure)?.output ?? ""
                return output.contains(
                    "Matching.swift:4:10: error: instance method 'contains' is not available "
                        + "due to missing import of defining module 'Foundation'")
            }
        }

        /// On Apple platforms `contains(_:)` between two strings is Foundation's where Foundation is imported and
        /// the standard library's (macOS 13) elsewhere, and MemberImportVisibility makes the second an error in a
        /// file without the import. Linux accepts both; without the implicit `_StringProcessing` import it rejects
        /// the second, as the Mac does.
        // One module at a time: each runs the compiler, and the suite runs beside timing tests on two cores.
        @Test(.longTier, .serialized, .timeLimit(.minutes(10)), arguments: modules.map(\.name))
        func eachModuleTypeChecksWithoutTheImplicitStringProcessingImport(_ module: String) async throws {
            let entry = try #require(Self.modules.first { $0.name == module })
            let files = PackageCompiler.swiftFiles(
                under: PackageCompiler.root.appendingPathComponent("Sources/\(entry.folder)"))
            try #require(!files.isEmpty)
            do {
                try await PackageCompiler.swiftc(
                    typeCheck(module, files, isExecutable: entry.isExecutable) + Self.withoutStringProcessing)
            } catch let failure as PackageCompiler.CompileFailure {
                Issue.record(
                    """
                    \(module) uses the standard library's string algorithms (macOS 13, iOS 16) where a Mac at the \
                    floors cannot: import Foundation in the file, or avoid them.
                    \(failure.output)
                    """)
            }
        }
    #endif
}
