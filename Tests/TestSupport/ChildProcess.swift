public import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a process printed and how it ended.
public struct ProcessRun: Sendable, CustomStringConvertible {
    /// The exit status.
    public var status: Int32
    /// What it wrote to standard output.
    public var output: String
    /// What it wrote to standard error.
    public var errorOutput: String

    public init(status: Int32, output: String, errorOutput: String) {
        self.status = status
        self.output = output
        self.errorOutput = errorOutput
    }

    /// The exit status, by the name the tool's tests use.
    public var exitCode: Int32 { status }

    /// Standard output, then standard error.
    public var log: String { output + errorOutput }

    /// The lines of standard output.
    public var outputLines: [String] { Self.lines(of: output) }
    /// The lines of standard error.
    public var errorLines: [String] { Self.lines(of: errorOutput) }
    /// The lines of standard output, then those of standard error.
    public var lines: [String] { outputLines + errorLines }

    public var description: String { "exit status \(status)\n\(output)\(errorOutput)" }

    private static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

/// Runs programs as a user runs them: output into files rather than pipes (a full pipe cannot block the program
/// while the test waits for it), and never waiting for ever (a program still running after its time is stopped,
/// then killed).
public enum ChildProcess: Sendable {
    /// A program that did not end in time and was stopped.
    public struct TimedOut: Error, CustomStringConvertible, Sendable {
        public let command: String
        public var description: String { "\(command) did not end in time and was killed" }
    }

    /// Runs `executable` with `arguments` in `directory` (the current one if nil) and waits for it, at most
    /// `timeout` seconds.
    ///
    /// - Throws: ``TimedOut`` when it ran longer; the error of `Process.run()` when it could not start.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, timeout: TimeInterval = 1800
    ) throws -> ProcessRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "device-constraints-process-\(UUID().uuidString)", isDirectory: true)
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
        if let directory { process.currentDirectoryURL = directory }
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

    /// ``run(_:_:in:timeout:)`` on a thread of its own: a build or a compile takes seconds to minutes, and
    /// blocking a thread of the tests' pool that long would starve the other tests.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, timeout: TimeInterval = 1800
    ) async throws -> ProcessRun {
        try await onThreadOfItsOwn { try run(executable, arguments, in: directory, timeout: timeout) }
    }

    /// The first `name` on the `PATH`.
    public static func find(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// An executable that `swift test` built beside the test bundle and the resources of the test target whose
    /// bundle is `resources` (`.build/debug`, `.build-tsan/x86_64-unknown-linux-gnu/debug`, …); records an issue
    /// that says how to build it when there is none.
    public static func built(_ name: String, besides resources: Bundle? = nil) throws -> URL {
        let folders = buildFolders(besides: resources)
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        Issue.record("no \(name) executable in \(folders.map(\.path)); build it with `swift build --build-tests`")
        throw CocoaError(.fileNoSuchFile)
    }

    /// The folders `swift test` may have built into: the one holding `resources`, the test bundle's, the runner's.
    public static func buildFolders(besides resources: Bundle? = nil) -> [URL] {
        var folders = resources.map { [$0.bundleURL.deletingLastPathComponent()] } ?? []
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }
            .map { $0.bundleURL.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        return folders
    }
}

/// Runs `body` on a new thread and returns what it gives, so that blocking or sleeping in it holds none of the few
/// threads that run the tests (and their timing does not depend on when those are free).
public func onThreadOfItsOwn<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws
    -> Result
{
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Result, any Error>) in
        Thread { continuation.resume(with: Swift.Result { try body() }) }.start()
    }
}
