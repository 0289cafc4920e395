import Foundation
import Testing

@testable import DeviceConstraints

struct ConstraintSourceTests {
    // MARK: - DirectorySource

    @Test func aDirectorySourceReadsFilesAndListsOnlyJSON() throws {
        let source = try DirectorySource(Fixtures.folder("Chain"))
        #expect(try source.fileNames().contains("Card_iPhone6.json"))
        #expect(try source.fileNames().allSatisfy { $0.hasSuffix(".json") })
        #expect(try source.data(forFile: "Card.json") != nil)
        #expect(try source.data(forFile: "Nope.json") == nil)
    }

    @Test func aDirectorySourceThrowsForADirectoryNamedLikeAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Odd_iPhone6.json"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: (any Error).self) { try DirectorySource(folder).data(forFile: "Odd_iPhone6.json") }
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(folder), device: try DeviceCatalog.profile(.iPhone6))
        let error = try #require(throws: ConstraintError.self) { try interpreter.records(container: "Odd") }
        #expect(error.code == .unreadableFile)
    }

    @Test func aDirectorySourceThatDoesNotExistCannotListItsFiles() throws {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(URL(fileURLWithPath: "/nonexistent/constraints")),
            device: try DeviceCatalog.profile(.iPhone6))
        let error = try #require(throws: ConstraintError.self) { try interpreter.availableContainers() }
        #expect(error.code == .unreadableFile)
    }

    // MARK: - BundleSource

    @Test func aBundleSourceReadsResourcesInASubdirectory() throws {
        let source = BundleSource(.module, subdirectory: "Fixtures/Chain")
        #expect(try source.fileNames().contains("Card.json"))
        let data = try #require(try source.data(forFile: "Card_iPhone6.json"))
        #expect(String(decoding: data, as: UTF8.self).contains("\"Card\""))
        #expect(try source.data(forFile: "Missing_iPhone6.json") == nil)
    }

    // MARK: - InMemorySource

    @Test func anInMemorySourceServesItsFilesByName() {
        let source = InMemorySource(["A_iPhone6.json": "{}", "B.json": "[]"])
        #expect(source.fileNames() == ["A_iPhone6.json", "B.json"])
        #expect(source.data(forFile: "B.json") == Data("[]".utf8))
        #expect(source.data(forFile: "C.json") == nil)
    }

    // MARK: - File names

    @Test func aFileNameSplitsAtTheLastUnderscoreWhenADeviceFollows() {
        let known: Set<DeviceName> = [.iPhone6, .iPad]
        #expect(
            ConstraintFileName(parsing: "My_View_iPhone6.json", knownDevices: known)
                == .init(container: "My_View", device: .iPhone6))
        #expect(ConstraintFileName(parsing: "My_View.json", knownDevices: known) == .init(container: "My_View"))
        #expect(ConstraintFileName(parsing: "Card.json", knownDevices: known)?.device == nil)
        #expect(ConstraintFileName(parsing: "Card_iPhone6.txt", knownDevices: known) == nil)
        #expect(ConstraintFileName(container: "Card", device: .iPad).fileName == "Card_iPad.json")
    }
}
