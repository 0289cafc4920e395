// swift-tools-version:6.0
// The design of "Qdaily's iPad edition: adapting to Split View": one feed, three column themes, eleven windows.
// `swift run` in this folder prints what each window gets. The package depends on the checkout it sits in; copied
// elsewhere, depend on DeviceConstraints by URL instead.
import PackageDescription

let package = Package(
    name: "SplitViewColumns",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(name: "DeviceConstraints", path: "../..")],
    targets: [
        .executableTarget(
            name: "SplitViewColumns",
            dependencies: [.product(name: "DeviceConstraints", package: "DeviceConstraints")],
            resources: [.copy("Constraints"), .copy("catalog.json")])
    ]
)
