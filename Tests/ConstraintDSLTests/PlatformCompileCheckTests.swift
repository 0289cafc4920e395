import Foundation
import Testing

/// The Apple-only code of the package's non-SwiftUI parts (its `Platform/` folders, the Xcode plugin conformance) and
/// the UIKit snippets of its docs, type-checked on Linux against stand-ins by ``PlatformCheck`` (TestSupport, which
/// says how). The SwiftUI layer's checks are DeviceConstraintsUITests'.
struct PlatformCompileCheckTests {
    #if os(Linux)
        // One check at a time: each runs the compiler, and the suite runs beside timing tests on two cores.
        @Test(.longTier, .serialized, .timeLimit(.minutes(10)), arguments: PlatformCheck.all)
        func theAppleOnlyCodeTypeChecksAgainstStandIns(_ check: PlatformCheck) async throws {
            try await check.run(fixtures: try PackageCompiler.fixtures)
        }

        @Test func everyAppleOnlyFileOfThePackageIsInACheck() throws {
            #expect(PlatformCheck.uncheckedAppleOnlyFolders(of: "ConstraintDSLTests", in: PlatformCheck.all) == [])
            // Every folder is some target's: these checks', or the SwiftUI layer's (DeviceConstraintsUITests).
            #expect(
                Set(PlatformCheck.appleOnlyFolders.map(\.target)) == ["ConstraintDSLTests", "DeviceConstraintsUITests"])
            #expect(PlatformCheck.appleOnlyFolders.count == 5)
        }
    #endif
}

extension PlatformCheck {
    /// The checks the tests run.
    static let all: [PlatformCheck] = [
        PlatformCheck(
            name: "UIKit", standIns: ["UIKit"],
            steps: [
                Step(
                    module: "DeviceConstraintsUIKit", folders: ["Sources/DeviceConstraints/Platform"],
                    fixtures: ["PlatformChecks/DeviceConstraintsUIKit.swift"], implicitImports: ["DeviceConstraints"]),
                Step(
                    module: "ConstraintDSLUIKit", folders: ["Sources/ConstraintDSL/Platform"],
                    fixtures: ["PlatformChecks/ConstraintDSLAutoLayout.swift"], implicitImports: ["ConstraintDSL"]),
                Step(
                    module: "UIKitApp", fixtures: ["PlatformChecks/AppViewCategoryUIKit.swift"],
                    articles: ["Sources/ConstraintDSL/ConstraintDSL.docc/AdaptingToRotationInUIKit.md"],
                    misuses: ["PlatformChecks/NothingButDCOnUIView.swift"],
                    implicitImports: ["DeviceConstraintsUIKit", "ConstraintDSLUIKit"]),
            ]),
        PlatformCheck(
            name: "AppKit", standIns: ["AppKit"],
            steps: [
                Step(
                    module: "DeviceConstraintsAppKit", folders: ["Sources/DeviceConstraints/Platform"],
                    fixtures: ["PlatformChecks/DeviceConstraintsAppKit.swift"], implicitImports: ["DeviceConstraints"]),
                Step(
                    module: "ConstraintDSLAppKit", folders: ["Sources/ConstraintDSL/Platform"],
                    fixtures: ["PlatformChecks/ConstraintDSLAutoLayout.swift"], implicitImports: ["ConstraintDSL"]),
                Step(
                    module: "AppKitApp", fixtures: ["PlatformChecks/AppViewCategoryAppKit.swift"],
                    implicitImports: ["DeviceConstraintsAppKit", "ConstraintDSLAppKit"]),
            ]),
        PlatformCheck(
            name: "os", standIns: ["os"],
            steps: [
                Step(
                    module: "DeviceConstraintsOS", folders: ["Sources/DeviceConstraints/Platform"],
                    fixtures: ["PlatformChecks/DeviceConstraintsOS.swift"], implicitImports: ["DeviceConstraints"])
            ]),
        PlatformCheck(
            name: "CryptoKit", standIns: ["CryptoKit"],
            steps: [Step(module: "UpdateVerifier", fixtures: ["PlatformChecks/UpdateVerifier.swift"])]),
        PlatformCheck(
            name: "XcodeProjectPlugin", standIns: ["Plugins/XcodeProjectPlugin"],
            steps: [
                Step(
                    module: "DeviceConstraintsPlugin", folders: ["Plugins/DeviceConstraintsPlugin"],
                    fixtures: ["PlatformChecks/DeviceConstraintsPluginXcode.swift"])
            ], usesPackagePlugin: true),
    ]
}

extension PackageCompiler {
    /// This target's fixtures (a copy in its resource bundle).
    static var fixtures: URL {
        get throws { try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)) }
    }

    /// The folder the built modules are in, next to this target's resource bundle.
    static func modulesFolder() throws -> URL { try modulesFolder(near: fixtures) }
}
