// DeviceConstraintsPlugin: a build-tool plugin that lints a target's constraint files at build time, generates
// typed view ids for them and compiles them into a table (`<folder>.dctable`, which SwiftPM copies into the target's
// resource bundle, as it does every file a build command writes that is not source code). The work is done by device-constraints-plugin-tool (GenerateCommand in
// DeviceConstraintsTooling); this file only says which files go in and which file comes out, so that the
// build runs the tool only when one of them changed.

import Foundation
import PackagePlugin

@main
struct DeviceConstraintsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
        guard let target = target as? any SourceModuleTarget, let directory = target.folderURL else { return [] }
        return try Self.commands(
            settings: PluginSettings(targetDirectory: directory), targetName: target.name,
            workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "device-constraints-plugin-tool").url)
    }

    /// The command that lints a target's constraint files and writes its typed ids and its compiled table (unless
    /// the settings turn the table off), for SwiftPM and for Xcode.
    static func commands(settings: PluginSettings, targetName: String, workDirectory: URL, tool: URL) throws
        -> [Command]
    {
        guard settings.hasConstraintsFolder else {
            throw SettingsError(
                file: settings.file ?? settings.constraints.deletingLastPathComponent(),
                message: "target '\(targetName)' uses DeviceConstraintsPlugin but has no folder "
                    + "'\(settings.constraints.lastPathComponent)' of constraint files; add it, or name the folder "
                    + "in \(PluginSettings.fileName) ({ \"constraints\": \"<folder>\" })")
        }
        let output = workDirectory.appendingPathComponent("\(settings.namespace).generated.swift")
        var arguments = [settings.constraints.path, "--output", output.path, "--namespace", settings.namespace]
        if let catalog = settings.catalog { arguments += ["--catalog", catalog.path] }
        if settings.isPublic { arguments.append("--public") }
        if !settings.dropsSharedPrefix { arguments.append("--keep-shared-prefix") }
        var outputs = [output]
        if settings.compilesTable {
            let table = workDirectory.appendingPathComponent("\(settings.constraints.lastPathComponent).dctable")
            arguments += ["--table", table.path]
            outputs.append(table)
        }
        // Every file the tool reads, so that an unchanged build does not run it. SwiftPM (and Xcode) evaluate the
        // plugin again when the target's files change, so a file added to or removed from the folder (inside the
        // target's folder) changes this list and runs the tool too.
        var inputs = try settings.constraintFiles()
        inputs += [settings.file, settings.catalog].compactMap { $0 }
        return [
            .buildCommand(
                displayName: "Linting \(settings.constraints.lastPathComponent) and generating \(settings.namespace) "
                    + "for \(targetName)",
                executable: tool,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: outputs)
        ]
    }
}
