public import Foundation
import Testing

/// The package's folders, found from this file's path (Tests/TestSupport/PackageFolders.swift).
public enum PackageFolders: Sendable {
    /// The package's own folder.
    public static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `Constraints/` folder that ships with the project.
    public static var bundledConstraints: URL { root.appendingPathComponent("Constraints", isDirectory: true) }

}

/// A test target's `Fixtures` folder, which it copies into its resources: the target says where its resources are
/// (`static var resources: Bundle { .module }`) and gets the folder and the folders in it.
public protocol FixtureFolder {
    /// The target's `Bundle.module`.
    static var resources: Bundle { get }
}

extension FixtureFolder {
    /// The `Fixtures` folder.
    public static var root: URL {
        get throws { try #require(resources.url(forResource: "Fixtures", withExtension: nil)) }
    }

    /// The folder `name` in it.
    public static func folder(_ name: String) throws -> URL {
        try root.appendingPathComponent(name, isDirectory: true)
    }

    /// The `Constraints/` folder that ships with the project.
    public static var bundledConstraints: URL { PackageFolders.bundledConstraints }
}
