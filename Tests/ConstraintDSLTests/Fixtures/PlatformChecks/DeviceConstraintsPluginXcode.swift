// Compiled with DeviceConstraintsPlugin's files and the stand-in XcodeProjectPlugin: fails if the Xcode conformance was
// left out by its `#if canImport(XcodeProjectPlugin)`.
import PackagePlugin
import XcodeProjectPlugin

func probeXcodeConformance(_ context: XcodePluginContext, _ target: XcodeTarget) throws -> [Command] {
    let plugin: any XcodeBuildToolPlugin = DeviceConstraintsPlugin()
    return try plugin.createBuildCommands(context: context, target: target)
}
