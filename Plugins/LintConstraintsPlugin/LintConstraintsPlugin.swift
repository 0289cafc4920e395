// `swift package lint-constraints`: runs `device-constraints lint` over the constraint files of every target
// of the package that has them (a device-constraints.json, or `.json` files in its Constraints folder), and
// over the package's own Constraints/ folder when it holds `.json` files.

import Foundation
import PackagePlugin

@main
struct LintConstraintsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        // What is left (`--strict`, `--json`) goes to every `lint`.
        let options = extractor.remainingArguments
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)

        let root = context.package.directoryURL
        var folders: [(folder: URL, catalog: URL?)] = []
        for case let target as any SourceModuleTarget in targets {
            guard let directory = target.folderURL else { continue }
            let settings = try PluginSettings(targetDirectory: directory)
            if settings.file != nil || settings.hasConstraintFiles {
                folders.append((settings.constraints, settings.catalog))
            }
        }
        let packageFolder = try PluginSettings(targetDirectory: root)
        if names.isEmpty, packageFolder.hasConstraintFiles {
            folders.append((packageFolder.constraints, packageFolder.catalog))
        }
        guard !folders.isEmpty else {
            Diagnostics.warning(
                "no target has constraint files (.json files in its Constraints folder, or a device-constraints.json)")
            return
        }

        let tool = try context.tool(named: "device-constraints").url
        // A --catalog given to the plugin is the one to use: the tool takes an option once, so the target's is left out.
        let givesCatalog = options.contains { $0 == "--catalog" || $0.hasPrefix("--catalog=") }
        var failed: [String] = []
        for (folder, catalog) in folders {
            var lint = ["lint", relative(folder, to: root)]
            if let catalog, !givesCatalog { lint += ["--catalog", relative(catalog, to: root)] }
            let process = Process()
            process.executableURL = tool
            process.arguments = lint + options
            process.currentDirectoryURL = root
            try process.run()
            process.waitUntilExit()
            if process.terminationStatus != 0 { failed.append(relative(folder, to: root)) }
        }
        if !failed.isEmpty {
            throw LintFailure(folders: failed)
        }
    }

    /// `url` from `root`, as a user in the package's folder would type it.
    private func relative(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

struct LintFailure: Error, CustomStringConvertible {
    var folders: [String]
    var description: String { "lint found errors in \(folders.joined(separator: ", "))" }
}
