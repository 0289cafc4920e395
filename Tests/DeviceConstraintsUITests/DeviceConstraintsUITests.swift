import Foundation
import Testing

/// The SwiftUI layer, empty on Linux, type-checked against the stand-in SwiftUI by ``PlatformCheck`` (TestSupport,
/// which says how): its sources, a probe of every public API, lines that must not compile, Examples/SwiftUICards and
/// the SwiftUI articles, previews included.
struct DeviceConstraintsUITests {
    #if os(Linux)
        // One check at a time: each runs the compiler, and the suite runs beside timing tests on two cores.
        @Test(.longTier, .serialized, .timeLimit(.minutes(10)), arguments: PlatformCheck.swiftUI)
        func theSwiftUILayerTypeChecksAgainstTheStandIns(_ check: PlatformCheck) async throws {
            try await check.run(fixtures: try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)))
        }

        @Test func everyAppleOnlyFileOfTheSwiftUILayerIsInACheck() {
            #expect(
                PlatformCheck.uncheckedAppleOnlyFolders(of: "DeviceConstraintsUITests", in: PlatformCheck.swiftUI) == []
            )
        }
    #endif
}

extension PlatformCheck {
    /// The checks of the SwiftUI layer.
    static let swiftUI: [PlatformCheck] = [
        // The SwiftUI layer as for iOS, iPadOS and tvOS (with UIKit, which gives the device's idiom), then as apps use
        // it: a probe of every public API, lines that must not compile, Examples/SwiftUICards and the SwiftUI article,
        // previews included.
        PlatformCheck(
            name: "SwiftUI", standIns: ["UIKit", "SwiftUI"],
            steps: [
                Step(module: "SwiftUIApp", fixtures: ["PlatformChecks/SwiftUIApp.swift"]),
                Step(module: "DeviceConstraintsUI", folders: ["Sources/DeviceConstraintsUI"]),
                Step(
                    module: "DeviceConstraintsUIApp", fixtures: ["PlatformChecks/DeviceConstraintsUIApp.swift"],
                    misuses: ["PlatformChecks/DeviceConstraintsUIMisuses.swift"]),
                Step(module: "SwiftUICards", folders: ["Examples/SwiftUICards"]),
                Step(
                    module: "SwiftUIArticle",
                    articles: [
                        "Sources/DeviceConstraints/DeviceConstraints.docc/SwiftUI.md",
                        "Sources/DeviceConstraintsUI/DeviceConstraintsUI.docc/DeviceConstraintsUI.md",
                    ],
                    implicitImports: ["DeviceConstraints", "DeviceConstraintsUI", "SwiftUI"]),
            ], usesPreviewsMacros: true),
        // The SwiftUI layer as for macOS and watchOS: without UIKit, the device's idiom comes from the window's size.
        PlatformCheck(
            name: "SwiftUI without UIKit", standIns: ["SwiftUI"],
            steps: [
                Step(module: "DeviceConstraintsUI", folders: ["Sources/DeviceConstraintsUI"]),
                Step(module: "DeviceConstraintsUIApp", fixtures: ["PlatformChecks/DeviceConstraintsUIApp.swift"]),
            ], usesPreviewsMacros: true),
    ]
}
