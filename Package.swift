// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "DeviceConstraints",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "DeviceConstraints", targets: ["DeviceConstraints"]),
        .library(name: "ConstraintDSL", targets: ["ConstraintDSL"]),
        .library(name: "ConstraintSolver", targets: ["ConstraintSolver"]),
        .library(name: "ConstraintLayout", targets: ["ConstraintLayout"]),
        // SwiftUI: `.deviceConstraints(interpreter)` on a scene's root view, record modifiers, previews (iOS 17, macOS 14).
        .library(name: "DeviceConstraintsUI", targets: ["DeviceConstraintsUI"]),
        // What the tool does, as a library: `Linter` lints a folder of constraint files (in an app's own tests).
        .library(name: "DeviceConstraintsTooling", targets: ["DeviceConstraintsTooling"]),
        .executable(name: "device-constraints", targets: ["device-constraints"]),
        // Lints a target's constraint files at build time and generates typed view ids (`ConstraintIDs`).
        .plugin(name: "DeviceConstraintsPlugin", targets: ["DeviceConstraintsPlugin"]),
        // `swift package lint-constraints`: lints the constraint files of the package's targets.
        .plugin(name: "LintConstraintsPlugin", targets: ["LintConstraintsPlugin"]),
    ],
    dependencies: [],
    targets: [
        .target(name: "DeviceConstraints"),
        // Lint and the typed view ids: all the build plugin's tool needs, so that an app's first build with the
        // plugin compiles the interpreter and this, not the solver, the DSL and the layout engine.
        .target(name: "DeviceConstraintsLint", dependencies: ["DeviceConstraints"]),
        // What the command-line tool does (lint, show, devices, coverage, preview), as a library that tests reach;
        // it re-exports DeviceConstraintsLint, so `import DeviceConstraintsTooling` gives `Linter` and `LintReport`.
        .target(
            name: "DeviceConstraintsTooling",
            dependencies: ["DeviceConstraintsLint", "DeviceConstraints", "ConstraintLayout"]),
        // The tool itself: parses the arguments, calls DeviceConstraintsTooling, prints.
        .executableTarget(name: "device-constraints", dependencies: ["DeviceConstraintsTooling"]),
        // What DeviceConstraintsPlugin runs: lints a folder and writes the typed view ids.
        .executableTarget(name: "device-constraints-plugin-tool", dependencies: ["DeviceConstraintsLint"]),
        .plugin(
            name: "DeviceConstraintsPlugin", capability: .buildTool(),
            dependencies: ["device-constraints-plugin-tool"]),
        .plugin(
            name: "LintConstraintsPlugin",
            capability: .command(
                intent: .custom(
                    verb: "lint-constraints", description: "Lint the constraint files of the package's targets")),
            dependencies: ["device-constraints"]),
        // What the test targets share (temporary folders, child processes, the linear-time check and its long
        // catalogs, a local HTTP server, a seeded generator), as swift-argument-parser's ArgumentParserTestHelpers: a
        // regular target, not a product, that only test targets depend on. Each test target re-exports it from its
        // TestSupport.swift.
        .target(name: "TestSupport", dependencies: ["DeviceConstraints"], path: "Tests/TestSupport"),
        .testTarget(
            name: "DeviceConstraintsTests",
            // Depending on the child makes `swift test` build it, for the crash test that kills it.
            dependencies: ["DeviceConstraints", "StoreCrashChild", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // What ConstraintStoreCrashTests kills at random instants: installs in a loop. Not a product.
        .executableTarget(name: "StoreCrashChild", dependencies: ["DeviceConstraints"], path: "Tests/StoreCrashChild"),
        // The declarative constraint DSL, platform-neutral; UIKit/AppKit only in a guarded file.
        .target(name: "ConstraintDSL", dependencies: ["DeviceConstraints"]),
        .testTarget(
            name: "ConstraintDSLTests",
            dependencies: ["ConstraintDSL", "DeviceConstraints", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The Cassowary solver, kiwi-shaped; it shares only the error type.
        .target(name: "ConstraintSolver", dependencies: ["DeviceConstraints"]),
        .testTarget(
            name: "ConstraintSolverTests",
            dependencies: ["ConstraintSolver", "DeviceConstraints", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // Frames for LayoutNode trees: the DSL's constraints through the solver, with Auto Layout's rules.
        .target(name: "ConstraintLayout", dependencies: ["ConstraintSolver", "ConstraintDSL", "DeviceConstraints"]),
        // The SwiftUI layer: every file is inside `#if canImport(SwiftUI)`, so the module is empty on Linux, where
        // DeviceConstraintsUITests type-checks it against a stand-in SwiftUI.
        .target(name: "DeviceConstraintsUI", dependencies: ["DeviceConstraints"]),
        .testTarget(
            name: "DeviceConstraintsUITests",
            dependencies: ["DeviceConstraintsUI", "DeviceConstraints", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "ConstraintLayoutTests",
            dependencies: [
                "ConstraintLayout", "ConstraintSolver", "ConstraintDSL", "DeviceConstraints", "TestSupport",
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "DeviceConstraintsToolingTests",
            // Depending on the executable makes `swift test` build it, for the end-to-end tests.
            dependencies: ["DeviceConstraintsTooling", "DeviceConstraintsLint", "device-constraints", "TestSupport"],
            resources: [.copy("Fixtures")]
        ),
        // The code of README.md, the DocC articles and Examples/: type-checked, built and run (MarkdownSnippets.swift
        // says how it is marked). It depends on every library, and the tool, so that they are built to check against.
        .testTarget(
            name: "DocumentationTests",
            dependencies: [
                "DeviceConstraints", "ConstraintDSL", "ConstraintSolver", "ConstraintLayout",
                "DeviceConstraintsTooling",
                "device-constraints", "TestSupport",
            ],
            // Stand-in declarations compiled by the tests, not into them.
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The same settings for every target, as apple/swift-log does.
for target in package.targets where target.type != .plugin {
    var settings = target.swiftSettings ?? []
    // Every existential is spelled `any P`, so the cost of boxing is visible.
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0335-existential-any.md
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    // A member is only visible where its module is imported.
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0444-member-import-visibility.md
    settings.append(.enableUpcomingFeature("MemberImportVisibility"))
    // Imports are internal unless marked `public import`, so no dependency leaks into the public API by accident.
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0409-access-level-on-imports.md
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    // Every public type says whether it is `Sendable` (a conformance, or `@available(*, unavailable) extension
    // T: Sendable {}`), so that none is left non-Sendable by accident. Not `-require-explicit-sendable` through
    // `unsafeFlags`: SwiftPM refuses a package with unsafe flags as a dependency by URL, and in Swift 6.3 the flag
    // no longer turns the check on. The check is the diagnostic group `ExplicitSendable`, off by default; a warning
    // control setting (`-Wwarning ExplicitSendable`, tools version 6.2) turns it on here and, unlike unsafe flags,
    // leaves the package usable as a dependency by URL. CI's `-warnings-as-errors` makes it an error.
    // https://docs.swift.org/swiftpm/documentation/packagedescription/swiftsetting/treatwarning(_:as:_:)/
    // https://github.com/swiftlang/swift-evolution/blob/main/proposals/0443-warning-control-flags.md
    // https://github.com/swiftlang/swift/blob/main/userdocs/diagnostics/explicit-sendable-annotations.md
    settings.append(.treatWarning("ExplicitSendable", as: .warning))
    target.swiftSettings = settings
}
