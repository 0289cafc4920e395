package import DeviceConstraints
import Foundation

/// `lint --watch`, `show --watch` and `preview --watch`: runs the command, then again after every change to its
/// folder.
///
/// `lint` prints, after each change, what changed in the problem list (`+` a new problem, `-` a fixed one) and
/// the summary; `show` prints the records again; `preview` writes its files again (an open gallery page reloads
/// itself, see ``RecordGallery``). With `--json` either prints its whole report after each change,
/// one JSON object a line. The folder is watched, not its files, so every way an editor
/// saves is seen (see ``DirectoryWatcher``).
package final class WatchSession: Sendable {
    /// The folder the command reads, if `command` asks to be watched.
    package static func folder(of command: ToolCommand) -> String? {
        switch command {
        case .lint(let options) where options.watch: options.directory
        case .show(let options) where options.watch: options.directory
        case .preview(let options) where options.watch: options.directory
        default: nil
        }
    }

    private let command: ToolCommand
    private let tool: DeviceConstraintsTool
    private let print: @Sendable (ToolResult) -> Void
    /// The problem lines of the last lint run, to print what changed.
    private let lastProblems = ConditionLockedValue<[String]?>(nil)

    /// A session for `command`, printing with `print`.
    package init(
        _ command: ToolCommand, tool: DeviceConstraintsTool = DeviceConstraintsTool(),
        print: @escaping @Sendable (ToolResult) -> Void
    ) {
        self.command = command
        self.tool = tool
        self.print = print
    }

    /// Runs the command once and prints it, then watches its folder.
    ///
    /// - Returns: the watcher; the session runs until it is cancelled.
    /// - Throws: ``ConstraintError`` when the folder cannot be watched.
    package func start(debounce: Double = DirectoryWatcher.defaultDebounce) throws(ConstraintError)
        -> DirectoryWatcher
    {
        guard let folder = Self.folder(of: command) else {
            throw ConstraintError(code: .fileNotFound, message: "the command does not ask to be watched")
        }
        runOnce(changed: nil)
        // The watcher keeps the session: it runs for as long as the watcher does.
        return try DirectoryWatcher(directory: URL(fileURLWithPath: folder), debounce: debounce) { names in
            self.runOnce(changed: names)
        }
    }

    /// Runs the command and prints the result, or for `lint` after a change, what changed.
    ///
    /// With `--json`, each run prints its report as one line of JSON (JSON Lines), with the names of the files that
    /// changed under `changed` (`null` for the first run), and nothing else on standard output.
    ///
    /// Only constraint files (`.json` names) count: an editor's or `sed -i`'s temporary file is not named, and a change
    /// to nothing else does not run the command again.
    package func runOnce(changed all: Set<String>?) {
        let names = all.map { $0.filter { $0.hasSuffix(".json") } }
        if let names, names.isEmpty { return }
        let result = tool.run(command)
        if let json = result.json {
            let changed = names.map { JSONValue.array($0.sorted().map { .string($0) }) } ?? .null
            print(
                ToolResult(
                    output: (json.setting("changed", to: changed) ?? json).line, errorOutput: result.errorOutput,
                    exitCode: result.exitCode))
            return
        }
        guard case .lint = command else {
            print(
                names == nil
                    ? result
                    : ToolResult(
                        output: "\n— changed: \(names?.sorted().joined(separator: ", ") ?? "") —\n" + result.output,
                        errorOutput: result.errorOutput, exitCode: result.exitCode))
            return
        }
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let problems = Array(lines.dropLast())
        let summary = lines.last ?? ""
        let previous = lastProblems.exchange(problems)
        guard let previous, let names else {
            print(result)
            return
        }
        let old = Set(previous)
        let new = Set(problems)
        var output = "\n— changed: \(names.sorted().joined(separator: ", ")) —\n"
        output += problems.filter { !old.contains($0) }.map { "+ \($0)\n" }.joined()
        output += previous.filter { !new.contains($0) }.map { "- \($0)\n" }.joined()
        if old == new { output += "no change in the problem list\n" }
        output += summary
        print(ToolResult(output: output, errorOutput: result.errorOutput, exitCode: result.exitCode))
    }
}
