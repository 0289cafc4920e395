// swift-tools-version: 6.1
import PackageDescription

// The benchmarks live in their own package so that the library keeps no package dependencies.
// `swift package benchmark` (from this directory) builds and runs every target below in release mode.

/// One executable per measurement group, each under `Benchmarks/<Name>/`, as the benchmark plugin expects.
let benchmarkTargets = [
    "Lookup", "Contention", "ColdLookup", "Preload", "Parsing", "Solver", "Layout", "Environment", "HotReload", "Lint",
    "Windows",
    "Store", "Adaptive", "Compiled", "Tokens",
]

/// The library products a benchmark needs besides DeviceConstraints.
let extraProducts = [
    "Solver": ["ConstraintSolver"], "Layout": ["ConstraintLayout", "ConstraintDSL"],
    "Lint": ["DeviceConstraintsTooling"], "Tokens": ["DeviceConstraintsTooling"],
]

let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "DeviceConstraints", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.29.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The corpus generator and the port of the original design: shared by every benchmark.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "DeviceConstraints", package: "DeviceConstraints")]
        )
    ]
        + benchmarkTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "BenchmarkSupport",
                    .product(name: "DeviceConstraints", package: "DeviceConstraints"),
                    .product(name: "Benchmark", package: "benchmark"),
                ] + (extraProducts[name] ?? []).map { .product(name: $0, package: "DeviceConstraints") },
                path: "Benchmarks/\(name)",
                plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
            )
        },
    swiftLanguageModes: [.v6]
)
