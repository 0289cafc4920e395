// device-constraints: lints, shows and maps a folder of constraint files.
// This file only parses the arguments, runs the command and prints; the work is in DeviceConstraintsTooling.

import DeviceConstraints
import DeviceConstraintsTooling
import Foundation

@Sendable func write(_ result: ToolResult) {
    FileHandle.standardOutput.write(Data(result.output.utf8))
    FileHandle.standardError.write(Data(result.errorOutput.utf8))
}

let command: ToolCommand
do throws(UsageError) {
    command = try ToolCommand(parsing: Array(CommandLine.arguments.dropFirst()))
} catch {
    let result = ToolResult(error, json: ToolCommand.asksForJSON(Array(CommandLine.arguments.dropFirst())))
    write(result)
    exit(result.exitCode.rawValue)
}

if WatchSession.folder(of: command) != nil {
    // --watch: run now, then after every change, until interrupted.
    let session = WatchSession(command, print: write)
    do throws(ConstraintError) {
        let watcher = try session.start()
        withExtendedLifetime(watcher) { dispatchMain() }
    } catch {
        write(ToolResult(errorOutput: "\(error)", exitCode: .failure))
        exit(ExitCode.failure.rawValue)
    }
}

let result = DeviceConstraintsTool().run(command)
write(result)
exit(result.exitCode.rawValue)
