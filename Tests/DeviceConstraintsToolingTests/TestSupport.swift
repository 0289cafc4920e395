import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// Fixture folders of this test target: `Clean`, `Errors` (one file per kind of error), `Warnings`,
/// `MissingDefault`, `DeadFile`, `PhoneOnly` (written for `Catalogs/phones.json`) and `Catalogs`.
enum Fixtures {
    static var root: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    static func folder(_ name: String) throws -> URL {
        try root.appendingPathComponent(name, isDirectory: true)
    }

    static func source(_ name: String) throws -> DirectorySource {
        DirectorySource(try folder(name))
    }

    static func catalog(_ name: String) throws -> DeviceCatalog {
        try DeviceCatalog(json: Data(contentsOf: root.appendingPathComponent("Catalogs/\(name)")))
    }

    /// The package's own folder.
    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// The `Constraints/` folder that ships with the project.
    static var bundledConstraints: URL {
        packageRoot.appendingPathComponent("Constraints", isDirectory: true)
    }
}

extension JSONValue {
    /// The value parsed back with Foundation, to check that the output is valid JSON.
    func parsed() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(rendered.utf8), options: [.fragmentsAllowed])
    }
}

extension LintReport {
    /// Each diagnostic's code, in order.
    var codes: [String] { diagnostics.map(\.code.rawValue) }
}
