import Foundation
import Testing

/// The repository and what `swift test` built in it.
enum Repository {
    /// The package's own folder: two folders above this file's.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Whether the folder is a git checkout (a clone, or a worktree), not an archive of one.
    static let isGitCheckout = FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path)

    /// Every document, read once.
    static let documents = Result { try Document.all(in: root) }

    /// The folder `swift test` builds into (`.build/debug`, `.build-tsan/…/debug`): the one that holds the test
    /// bundle and the `device-constraints` executable.
    static var binFolder: URL {
        get throws {
            var folders = Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
                .map { $0.bundleURL.deletingLastPathComponent() }
            folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            let found = folders.first {
                FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("device-constraints").path)
            }
            return try #require(found, "no device-constraints executable next to the tests in \(folders)")
        }
    }

    /// The built modules, for type-checking against them.
    static var modulesFolder: URL {
        get throws {
            let bin = try binFolder
            let modules = bin.appendingPathComponent("Modules")
            return FileManager.default.fileExists(atPath: modules.path) ? modules : bin
        }
    }

    /// The name SwiftPM compiles the package's modules with (`-package-name`): the root folder's name, lowercased,
    /// with every character that is not a letter, digit or underscore made an underscore.
    static var packageName: String {
        String(root.lastPathComponent.lowercased().map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    /// The stand-in frameworks (Tests/ConstraintDSLTests/Fixtures/StandIns).
    static let standIns = root.appendingPathComponent("Tests/ConstraintDSLTests/Fixtures/StandIns")

    /// The libraries a user's code can import.
    static let libraries: Set<String> = [
        "DeviceConstraints", "ConstraintDSL", "ConstraintSolver", "ConstraintLayout", "DeviceConstraintsTooling",
    ]
}

/// What a process printed and how it ended.
struct ProcessRun: CustomStringConvertible {
    var status: Int32
    var output: String
    var errorOutput: String

    /// The lines of standard output, then those of standard error.
    var lines: [String] {
        [output, errorOutput].flatMap { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    var description: String { "exit status \(status)\n\(output)\(errorOutput)" }
}

/// Runs `executable` with `arguments` in `directory` on a thread of its own (a build takes minutes: blocking a
/// thread of the tests' pool that long would starve the other tests), and stops it after `timeout` seconds.
func run(
    _ executable: URL, _ arguments: [String], in directory: URL, timeout: TimeInterval = 1800
) async throws -> ProcessRun {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ProcessRun, any Error>) in
        Thread {
            continuation.resume(
                with: Result(catching: { try runNow(executable, arguments, in: directory, timeout: timeout) }))
        }.start()
    }
}

/// Runs `swift` (the toolchain's driver) with `arguments`.
func swift(_ arguments: [String], in directory: URL, timeout: TimeInterval = 1800) async throws -> ProcessRun {
    try await run(URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: directory, timeout: timeout)
}

private struct TimedOut: Error, CustomStringConvertible {
    let command: String
    var description: String { "\(command) did not end in time and was killed" }
}

private func runNow(_ executable: URL, _ arguments: [String], in directory: URL, timeout: TimeInterval) throws
    -> ProcessRun
{
    // Files rather than pipes: a full pipe cannot block the process while this thread waits for it.
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "documentation-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outputURL = folder.appendingPathComponent("stdout")
    let errorURL = folder.appendingPathComponent("stderr")
    for url in [outputURL, errorURL] { _ = FileManager.default.createFile(atPath: url.path, contents: nil) }
    let output = try FileHandle(forWritingTo: outputURL)
    let errorOutput = try FileHandle(forWritingTo: errorURL)
    defer {
        try? output.close()
        try? errorOutput.close()
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    process.standardOutput = output
    process.standardError = errorOutput
    let finished = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in finished.signal() }
    try process.run()
    if finished.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        if finished.wait(timeout: .now() + 10) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            _ = finished.wait(timeout: .now() + 10)
        }
        throw TimedOut(command: ([executable.lastPathComponent] + arguments).joined(separator: " "))
    }
    return ProcessRun(
        status: process.terminationStatus,
        output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
        errorOutput: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
}

/// Writes `text` to `url` unless the file already holds it, so that a nested build sees no change.
func write(_ text: String, to url: URL) throws {
    if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
    try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// Splits a command line shown in the docs into words: spaces separate, single or double quotes group.
func words(of commandLine: String) -> [String] {
    var words: [String] = []
    var word = ""
    var quote: Character?
    var started = false
    for character in commandLine {
        if let open = quote {
            if character == open { quote = nil } else { word.append(character) }
        } else if character == "\"" || character == "'" {
            quote = character
            started = true
        } else if character == " " {
            if started || !word.isEmpty { words.append(word) }
            word = ""
            started = false
        } else {
            word.append(character)
        }
    }
    if started || !word.isEmpty { words.append(word) }
    return words
}
