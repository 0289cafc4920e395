// device-constraints-plugin-tool: what DeviceConstraintsPlugin runs at build time. Lints a folder of
// constraint files and writes the typed view ids; see GenerateCommand in DeviceConstraintsLint.

import DeviceConstraintsLint
import Foundation

let outcome: GenerateCommand.Outcome
do throws(GenerateCommand.UsageError) {
    outcome = try GenerateCommand(parsing: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    let usage = GenerateCommand.Outcome(errorOutput: error.description + "\n", succeeded: false)
    FileHandle.standardError.write(Data(usage.errorOutput.utf8))
    exit(2)
}
FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
exit(outcome.succeeded ? 0 : 1)
