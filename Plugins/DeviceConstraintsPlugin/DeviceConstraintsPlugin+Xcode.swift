// DeviceConstraintsPlugin for targets of Xcode projects (most iOS apps), where Xcode, not SwiftPM, applies it.
//
// Type-checked on Linux by PlatformCompileCheckTests against a stand-in XcodeProjectPlugin (Tests/ConstraintDSLTests/
// Fixtures/StandIns/Plugins/XcodeProjectPlugin.swift, written from Xcode 14.1's public XcodeProjectPlugin interface and the
// shapes public plugins build against) over the toolchain's real PackagePlugin. A Mac with Xcode must still confirm
// that it builds, and that an app target with the plugin lints its Constraints folder and compiles the generated ids.

#if canImport(XcodeProjectPlugin)
    import Foundation
    import PackagePlugin
    import XcodeProjectPlugin

    extension DeviceConstraintsPlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            let inputs = target.inputFiles.map(\.url)
            guard let directory = Self.settingsDirectory(amongInputs: inputs) else {
                throw SettingsError(
                    file: context.xcodeProject.directoryURL,
                    message: "target '\(target.displayName)' uses DeviceConstraintsPlugin but builds from no folder "
                        + "'\(PluginSettings.defaultFolderName)' of constraint files and no \(PluginSettings.fileName); "
                        + "add the folder to the target (its files in Copy Bundle Resources)")
            }
            return try Self.commands(
                settings: PluginSettings(targetDirectory: directory), targetName: target.displayName,
                workDirectory: context.pluginWorkDirectoryURL,
                tool: try context.tool(named: "device-constraints-plugin-tool").url)
        }

        /// What an Xcode target's settings are relative to, as a package target's folder is: the folder of the
        /// `device-constraints.json` the target builds from, else the folder that holds its `Constraints` folder
        /// (added as a folder reference, or as the files in it).
        static func settingsDirectory(amongInputs inputs: [URL]) -> URL? {
            if let settings = inputs.first(where: { $0.lastPathComponent == PluginSettings.fileName }) {
                return settings.deletingLastPathComponent()
            }
            for input in inputs {
                if input.lastPathComponent == PluginSettings.defaultFolderName {
                    return input.deletingLastPathComponent()
                }
                let folder = input.deletingLastPathComponent()
                if input.pathExtension == "json" && folder.lastPathComponent == PluginSettings.defaultFolderName {
                    return folder.deletingLastPathComponent()
                }
            }
            return nil
        }
    }
#endif
