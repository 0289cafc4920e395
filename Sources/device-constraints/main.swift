// device-constraints: lints, shows and maps a folder of constraint files.
// This file only parses the arguments, runs the command and prints; the work is in DeviceConstraintsTooling.

import DeviceConstraintsTooling
import Foundation

let result: ToolResult
do throws(UsageError) {
    let command = try ToolCommand(parsing: Array(CommandLine.arguments.dropFirst()))
    result = DeviceConstraintsTool().run(command)
} catch {
    result = ToolResult(error)
}
FileHandle.standardOutput.write(Data(result.output.utf8))
FileHandle.standardError.write(Data(result.errorOutput.utf8))
exit(result.exitCode.rawValue)
