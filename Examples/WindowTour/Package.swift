// swift-tools-version:6.0
// A command-line tour of DeviceConstraints: preload at start-up, then follow the window through rotations, Split
// View, Slide Over and a resized iPadOS window, printing what a view would get. `swift run` in this folder. The
// package depends on the checkout it sits in; copied elsewhere, depend on DeviceConstraints by URL instead.
import PackageDescription

let package = Package(
    name: "WindowTour",
    platforms: [.macOS(.v10_15), .iOS(.v13)],
    dependencies: [.package(name: "DeviceConstraints", path: "../..")],
    targets: [
        .executableTarget(
            name: "WindowTour",
            dependencies: [.product(name: "DeviceConstraints", package: "DeviceConstraints")],
            resources: [.copy("Constraints")])
    ]
)
