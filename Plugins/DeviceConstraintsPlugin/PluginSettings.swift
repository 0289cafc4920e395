// How a target configures the plugins: an optional `device-constraints.json` in the target's folder.
// Plugins cannot share a library, so LintConstraintsPlugin compiles this same file through a symbolic link.

import Foundation
import PackagePlugin

/// A target's settings, from its `device-constraints.json` (every key optional):
///
/// ```json
/// { "constraints": "Constraints", "catalog": "device-catalog.json", "namespace": "ConstraintIDs",
///   "access": "internal", "dropSharedPrefix": true, "compiledTable": true }
/// ```
///
/// - `constraints`: the folder of constraint files, relative to the target's folder (default `Constraints`).
/// - `catalog`: a device catalog file, relative to the target's folder. Default: `device-catalog.json` next to
///   the constraints folder, when there is one; else the standard catalog.
/// - `namespace`: the enum that holds the generated ids (default `ConstraintIDs`).
/// - `access`: `internal` (default) or `public`, for a library that hands the ids to its users.
/// - `dropSharedPrefix`: whether a prefix every id of a container shares is dropped (default `true`).
/// - `compiledTable`: whether DeviceConstraintsPlugin also compiles the folder into `<folder>.dctable`, a resource of
///   the target (default `true`; `false` turns it off).
struct PluginSettings {
    static let fileName = "device-constraints.json"
    /// The folder of constraint files when the settings name none.
    static let defaultFolderName = "Constraints"
    static let defaultCatalogName = "device-catalog.json"

    /// The settings file, when the target has one.
    var file: URL?
    /// The folder of constraint files.
    var constraints: URL
    /// The catalog file, or nil for the standard catalog.
    var catalog: URL?
    var namespace = "ConstraintIDs"
    var isPublic = false
    var dropsSharedPrefix = true
    var compilesTable = true

    /// The settings of the target in `directory`: its settings file, or the defaults.
    init(targetDirectory directory: URL) throws {
        let file = directory.appendingPathComponent(Self.fileName)
        constraints = directory.appendingPathComponent(Self.defaultFolderName, isDirectory: true)
        guard FileManager.default.fileExists(atPath: file.path) else {
            catalog = Self.defaultCatalog(next: constraints)
            return
        }
        self.file = file
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
        } catch {
            throw SettingsError(file: file, message: "not valid JSON: \(error.localizedDescription)")
        }
        guard let settings = object as? [String: Any] else {
            throw SettingsError(file: file, message: "expected an object of settings")
        }
        for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
            switch (key, value) {
            case ("constraints", let path as String):
                constraints = directory.appendingPathComponent(path, isDirectory: true)
            case ("catalog", let path as String):
                catalog = directory.appendingPathComponent(path)
            case ("namespace", let name as String):
                namespace = name
            case ("access", "internal" as String), ("access", "public" as String):
                isPublic = value as? String == "public"
            case ("dropSharedPrefix", let drops as Bool):
                dropsSharedPrefix = drops
            case ("compiledTable", let compiles as Bool):
                compilesTable = compiles
            case ("constraints", _), ("catalog", _), ("namespace", _), ("access", _), ("dropSharedPrefix", _),
                ("compiledTable", _):
                throw SettingsError(file: file, message: "\"\(key)\" must be \(Self.expected[key] ?? "")")
            default:
                throw SettingsError(
                    file: file,
                    message: "unknown setting \"\(key)\"; the settings are "
                        + Self.expected.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", "))
            }
        }
        if settings["catalog"] == nil { catalog = Self.defaultCatalog(next: constraints) }
    }

    private static let expected = [
        "constraints": "a folder path (a string)", "catalog": "a file path (a string)",
        "namespace": "a Swift type name (a string)", "access": "\"internal\" or \"public\"",
        "dropSharedPrefix": "true or false", "compiledTable": "true or false",
    ]

    private static func defaultCatalog(next constraints: URL) -> URL? {
        let candidate = constraints.deletingLastPathComponent().appendingPathComponent(defaultCatalogName)
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }

    /// Whether the constraints folder exists.
    var hasConstraintsFolder: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: constraints.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// Whether the constraints folder holds `.json` files.
    var hasConstraintFiles: Bool {
        hasConstraintsFolder && !((try? constraintFiles()) ?? []).isEmpty
    }

    /// The `.json` files of the constraints folder, sorted: the files the linter reads.
    func constraintFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: constraints.path).filter { $0.hasSuffix(".json") }
            .sorted().map { constraints.appendingPathComponent($0) }
    }
}

/// A settings file that cannot be used, placed at the file as a compiler places an error.
struct SettingsError: Error, CustomStringConvertible {
    var file: URL
    var message: String

    var description: String { "\(file.path): error: \(message)" }
}

extension SourceModuleTarget {
    /// The target's folder. `Target.directoryURL` needs tools version 6.1; each kind of source module has it
    /// from 6.0.
    var folderURL: URL? {
        switch self {
        case let target as SwiftSourceModuleTarget: target.directoryURL
        case let target as ClangSourceModuleTarget: target.directoryURL
        default: nil
        }
    }
}
