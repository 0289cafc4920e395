import Foundation
// The shared test support (Tests/TestSupport), for every file of this target without an import of its own.
@_exported import TestSupport
import Testing

/// The repository and what `swift test` built in it.
enum Repository {
    /// The package's own folder: two folders above this file's.
    static let root = PackageFolders.root

    /// Whether the folder is a git checkout (a clone, or a worktree), not an archive of one.
    static let isGitCheckout = FileManager.default.fileExists(atPath: root.appendingPathComponent(".git").path)

    /// Every document, read once.
    static let documents = Result { try Document.all(in: root) }

    /// The folder `swift test` builds into (`.build/debug`, `.build-tsan/…/debug`): the one that holds the test
    /// bundle and the `device-constraints` executable.
    static var binFolder: URL {
        get throws {
            let folders = ChildProcess.buildFolders()
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

func swift(_ arguments: [String], in directory: URL, timeout: TimeInterval = 1800) async throws -> ProcessRun {
    try await ChildProcess.run(
        URL(fileURLWithPath: "/usr/bin/env"), ["swift"] + arguments, in: directory, timeout: timeout)
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
