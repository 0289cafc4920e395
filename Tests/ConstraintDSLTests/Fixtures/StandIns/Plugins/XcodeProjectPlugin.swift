// A stand-in `XcodeProjectPlugin` module (Xcode's, for build-tool plugins applied to targets of an Xcode project), for
// type-checking DeviceConstraintsPlugin's Xcode conformance on Linux (PlatformCompileCheckTests). It imports the
// toolchain's real `PackagePlugin`. XcodeProjectPlugin ships with Xcode only, not with an SDK; it was written from
// the one public copy of its interface found (Xcode 14.1's `XcodeProjectPlugin.swiftmodule/
// arm64-apple-macos.swiftinterface`, gist ikesyo/f152bf8ee60b1c9bff2e757b01a95fa9: `XcodeProject`, `XcodeTarget`
// and their members) and, for what that copy's visible part does not show (`XcodePluginContext`,
// `XcodeBuildToolPlugin`, the URL members Xcode 15 added), from the shapes public build-tool plugins compile against
// on Xcode (`createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command]`,
// `context.pluginWorkDirectoryURL`, `context.tool(named:)`, `context.xcodeProject.directoryURL`,
// `target.inputFiles`, `target.displayName`). A Mac with Xcode must still confirm it. Never run.
@_exported import Foundation
@_exported import PackagePlugin

/// An Xcode project: its targets and files.
public struct XcodeProject {
    public typealias ID = String
    public let id: XcodeProject.ID
    public let displayName: String
    public let directory: PackagePlugin.Path
    public let directoryURL: URL
    public let filePaths: PackagePlugin.PathList
    public let targets: [XcodeTarget]
}

/// A target of an Xcode project.
public struct XcodeTarget {
    public typealias ID = String
    public let id: XcodeTarget.ID
    public let displayName: String
    public let product: XcodeProduct?
    /// The files the target builds from: sources, resources, and others added to it.
    public let inputFiles: PackagePlugin.FileList
}

/// The product an Xcode target makes.
public struct XcodeProduct {
    public typealias ID = String
    public let id: XcodeProduct.ID
    public let name: String
}

/// What a plugin applied to an Xcode target is given.
public struct XcodePluginContext {
    public let xcodeProject: XcodeProject
    public let pluginWorkDirectory: PackagePlugin.Path
    public let pluginWorkDirectoryURL: URL

    /// The tool the plugin depends on by `name`, built for the host.
    public func tool(named name: String) throws -> PackagePlugin.PluginContext.Tool {
        throw StandInError()
    }
}

struct StandInError: Error {}

/// A build-tool plugin applied to targets of Xcode projects.
public protocol XcodeBuildToolPlugin: PackagePlugin.Plugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [PackagePlugin.Command]
}
