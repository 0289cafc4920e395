// DeviceConstraintsPlugin: a build-tool plugin that lints a target's constraint files at build time and
// generates typed view ids for them. The work is done by device-constraints-plugin-tool (GenerateCommand in
// DeviceConstraintsTooling); this file only says which files go in and which file comes out, so that the
// build runs the tool only when one of them changed.

import Foundation
import PackagePlugin

@main
struct DeviceConstraintsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget, let directory = target.folderURL else { return [] }
        let settings = try PluginSettings(targetDirectory: directory)
        guard settings.hasConstraintsFolder else {
            throw SettingsError(
                file: settings.file ?? directory,
                message: "target '\(target.name)' uses DeviceConstraintsPlugin but has no folder "
                    + "'\(settings.constraints.lastPathComponent)' of constraint files; add it, or name the folder "
                    + "in \(PluginSettings.fileName) ({ \"constraints\": \"<folder>\" })")
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(settings.namespace).generated.swift")
        var arguments = [settings.constraints.path, "--output", output.path, "--namespace", settings.namespace]
        if let catalog = settings.catalog { arguments += ["--catalog", catalog.path] }
        if settings.isPublic { arguments.append("--public") }
        if !settings.dropsSharedPrefix { arguments.append("--keep-shared-prefix") }
        // Every file the tool reads, so that an unchanged build does not run it. SwiftPM evaluates the plugin
        // again when the target's files change, so a file added to or removed from the folder (inside the
        // target's folder) changes this list and runs the tool too.
        var inputs = try settings.constraintFiles()
        inputs += [settings.file, settings.catalog].compactMap { $0 }
        return [
            .buildCommand(
                displayName: "Linting \(settings.constraints.lastPathComponent) and generating \(settings.namespace) "
                    + "for \(target.name)",
                executable: try context.tool(named: "device-constraints-plugin-tool").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
