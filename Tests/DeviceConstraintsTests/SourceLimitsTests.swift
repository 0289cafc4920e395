import Foundation
import Testing

@testable import DeviceConstraints

/// What a source refuses: files over the size limit (before reading them), names and links that lead out of
/// its folder, and the cost of an empty file.
struct SourceLimitsTests {
    // MARK: - Size before reading

    @Test func aSparseTwoGigabyteFileIsRefusedFromItsSizeWithoutBeingRead() throws {
        let folder = try ScratchFolder()
        try folder.sparseFile("Huge_iPhone6.json", size: 2 << 30)
        let before = ResidentMemory.peak

        let sourceError = try #require(throws: ConstraintSourceError.self) {
            try DirectorySource(folder.url).data(forFile: "Huge_iPhone6.json", maximumSize: 8 << 20)
        }
        #expect(
            sourceError.code == .fileTooLarge && sourceError.size == 2 << 30 && sourceError.sizeIsExact
                && sourceError.maximumSize == 8 << 20, "\(sourceError)")

        let interpreter = ConstraintInterpreter(
            source: DirectorySource(folder.url), device: try DeviceCatalog.profile(.iPhone6))
        let error = try #require(throws: ConstraintError.self) { try interpreter.records(container: "Huge") }
        expectError(
            error, .fileTooLarge, file: "Huge_iPhone6.json",
            says: "file is 2147483648 bytes, over the limit of 8388608 bytes")

        // Reading the file would take 2 GiB; refusing it takes a stat. (Memory, not time: a busy machine cannot make
        // a read that never happened look like one. The bound is half the read, so that the suites running beside
        // this one, whose memory can raise the peak too, cannot fail it.)
        if let before, let after = ResidentMemory.peak { #expect(after - before < 1 << 30) }
    }

    @Test func aFileThatIsLargerThanItsSizeSaysIsReadOnlyUpToTheLimitAndOneByte() throws {
        #if os(Linux)
            // procfs reports a size of 0 for files that have content, as a growing file would.
            let error = try #require(throws: PosixFile.Failure.self) {
                try PosixFile.read(path: "/proc/self/status", maximumSize: 10, followLinks: true)
            }
            guard case .tooLarge(let size, let exact) = error else {
                Issue.record("expected tooLarge, got \(error)")
                return
            }
            #expect(size == 11 && !exact)
            let whole = try #require(
                try PosixFile.read(path: "/proc/self/status", maximumSize: 1 << 20, followLinks: true))
            #expect(String(decoding: whole, as: UTF8.self).contains("VmRSS"))
        #endif
    }

    @Test func everySourceRefusesAFileOverTheLimitWithTheSameError() throws {
        let text = #"{"Card": [{"title": {"width": 10}}]}"#
        let folder = try ScratchFolder()
        try folder.write("Card.json", text)
        let bundled = BundleSource(.module, subdirectory: "Fixtures/Chain")
        let bundledSize = try #require(try bundled.data(forFile: "Card.json")).count
        let sources: [(any ConstraintSource, Int)] = [
            (DirectorySource(folder.url), text.utf8.count),
            (InMemorySource(["Card.json": text]), text.utf8.count),
            (WholeFileSource(files: ["Card.json": Data(text.utf8)]), text.utf8.count),
            (bundled, bundledSize),
        ]
        for (source, size) in sources {
            let error = try #require(throws: ConstraintSourceError.self) {
                try source.data(forFile: "Card.json", maximumSize: size - 1)
            }
            #expect(error == .fileTooLarge("Card.json", size: size, maximumSize: size - 1), "\(source)")
            // The file at its size, and a missing file.
            #expect(
                try [
                    source.data(forFile: "Card.json", maximumSize: size)?.count,
                    source.data(forFile: "None.json", maximumSize: size)?.count,
                ] == [size, nil], "\(source)")
        }
    }

    // MARK: - Names and links

    @Test func aDeviceNameWithPathSeparatorsReadsNothingOutsideTheFolder() throws {
        // outside/evil.json is what "C_../../../evil.json" would reach from outside/source with a directory
        // named "C_.." in it.
        let outside = try ScratchFolder()
        try outside.write("evil.json", #"{"C": [{"v": {"width": 666}}]}"#)
        let folder = outside.url.appendingPathComponent("source", isDirectory: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("C_..", isDirectory: true), withIntermediateDirectories: true)
        try Data(#"{"C": [{"v": {"width": 1}}]}"#.utf8).write(to: folder.appendingPathComponent("C.json"))
        let evil = DeviceProfile(name: "../../../evil", idiom: .phone, width: 375, height: 667)

        let interpreter = ConstraintInterpreter(source: DirectorySource(folder), device: evil)
        expectError(.invalidName, says: "device name") { try interpreter.record(viewId: "v", container: "C") }
        // And a source asked directly for such a name refuses it.
        let direct = try #require(throws: ConstraintSourceError.self) {
            try DirectorySource(folder).data(forFile: "C_../../../evil.json")
        }
        #expect(direct.code == .invalidFileName)
    }

    @Test func aLinkOutOfTheFolderIsRefusedUnlessTheSourceFollowsSuchLinks() throws {
        let outside = try ScratchFolder()
        try outside.write("secret.json", #"{"Card": [{"title": {"width": 7}}]}"#)
        let folder = try ScratchFolder()
        try folder.write("Inside.json", #"{"Card": [{"title": {"width": 8}}]}"#)
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("Card.json").path,
            withDestinationPath: outside.url.appendingPathComponent("secret.json").path)
        try fileManager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("Card_iPhone6.json").path, withDestinationPath: "Inside.json")
        try fileManager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("Dangling.json").path, withDestinationPath: "nowhere.json")

        let source = DirectorySource(folder.url)
        let error = try #require(throws: ConstraintSourceError.self) { try source.data(forFile: "Card.json") }
        #expect(error.code == .linkOutOfFolder && error.message.contains("followingLinksOutOfFolder"), "\(error)")
        #expect(
            try [source.data(forFile: "Card_iPhone6.json")?.count, source.data(forFile: "Dangling.json")?.count] == [
                35, nil,
            ])

        let following = DirectorySource(folder.url, followingLinksOutOfFolder: true)
        #expect(try following.data(forFile: "Card.json")?.count == 35)
    }

    @Test func aMissingFolderIsNamedInTheErrorOfALookupAListingAndAPreload() async throws {
        let missing = URL(fileURLWithPath: "/nonexistent/Constriants")
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(missing), device: try DeviceCatalog.profile(.iPhone6))
        let error = try #require(throws: ConstraintError.self) { try interpreter.records(container: "Card") }
        let listing = try #require(throws: ConstraintError.self) { try interpreter.availableContainers() }
        for error in [error, listing] {
            #expect(
                error.code == .folderNotFound
                    && error.description.contains("the folder /nonexistent/Constriants does not exist"), "\(error)")
        }
        let preload = await expectAsyncConstraintError { try await interpreter.preloadAll() }
        #expect(preload?.code == .folderNotFound)
    }

    @Test func anEmptyFolderSaysItHoldsNoFilesButAMissInAFullFolderIsOnlyAMiss() async throws {
        let folder = try ScratchFolder()
        try folder.write("notes.txt", "not a constraint file")
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(folder.url), device: try DeviceCatalog.profile(.iPhone6))
        let error = try #require(throws: ConstraintError.self) { try interpreter.records(container: "Card") }
        #expect(
            error.code == .emptyFolder
                && error.description.contains("the folder \(folder.url.path) holds no .json files"),
            "\(error)")
        // A start-up preload of nothing is a mistake, not a success.
        await expectAsyncError(.emptyFolder, says: "the folder \(folder.url.path) holds no .json files") {
            try await interpreter.preloadAll()
        }
        #expect(try interpreter.availableContainers() == [])

        try folder.write("Other.json", #"{"Other": []}"#)
        let source = DirectorySource(folder.url)
        #expect(
            try ["Card.json", "Other.json", "Card_iPhone6.json"].map { try source.data(forFile: $0) != nil } == [
                false, true, false,
            ])
    }

    /// The Quick start's source with a mistyped folder, or a folder without constraint files: the lookup and the
    /// preload say which folder of which bundle, instead of every container being "not found".
    @Test func aBundleFolderThatIsMissingOrHoldsNoConstraintFilesIsNamed() async throws {
        let device = try DeviceCatalog.profile(.iPhone6)
        let mistyped = ConstraintInterpreter(
            source: BundleSource(.module, subdirectory: "Fixtures/Constraintz"), device: device)
        let error = try #require(throws: ConstraintError.self) { try mistyped.records(container: "Card") }
        expectError(
            error, .folderNotFound,
            says: #"the folder "Fixtures/Constraintz" of the bundle "#, #"resources: [.copy("Fixtures/Constraintz")]"#)
        let preload = await expectAsyncConstraintError { try await mistyped.preloadAll() }

        let empty = ConstraintInterpreter(
            source: BundleSource(.module, subdirectory: "Fixtures/NoConstraints"), device: device)
        let emptyError = try #require(throws: ConstraintError.self) { try empty.records(container: "Card") }
        let emptyPreload = await expectAsyncConstraintError { try await empty.preloadAll() }
        // The mistyped folder's preload; the empty folder's lookup and preload.
        #expect([preload?.code, emptyError.code, emptyPreload?.code] == [.folderNotFound, .emptyFolder, .emptyFolder])

        // The right folder: a miss is only a miss, and the preload loads what is there.
        let right = ConstraintInterpreter(source: BundleSource(.module, subdirectory: "Fixtures/Chain"), device: device)
        expectError(.fileNotFound) { try right.records(container: "NoSuchContainer") }
        try await right.preloadAll()
        #expect(!right.loadedContainers.isEmpty)
    }

    @Test func preloadingASourceWithNoConstraintFileSaysSo() async throws {
        let interpreter = ConstraintInterpreter(
            source: InMemorySource(["notes.txt": "hello"]), device: try DeviceCatalog.profile(.iPhone6))
        await expectAsyncError(.emptyFolder, says: "the constraint source holds no .json files") {
            try await interpreter.preloadAll()
        }
    }

    /// A folder of JSON that is not constraint files (an app's settings, SwiftPM's description.json beside the build
    /// products) once made `preloadAll()` succeed and load nothing, and the next lookup fail without saying where it
    /// looked.
    @Test func aFolderOfOtherJSONFailsThePreloadSayingWhyNoFileIsAConstraintFile() async throws {
        let folder = try Fixtures.folder("NotConstraintFiles")
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(folder), device: try DeviceCatalog.profile(.iPhone6))
        let preload = await expectAsyncConstraintError { try await interpreter.preloadAll() }
        expectError(
            preload, .emptyFolder,
            says: "the folder \(folder.path) holds 2 .json files and none is a constraint file",
            #"description.json has the top-level keys "builtTestProducts", "copyCommands"; a constraint file "#
                + #"named description.json has one, "description""#,
            #"settings.json has the top-level keys "theme", "language", "fontScale" and 1 more; a constraint "#
                + #"file named settings.json has one, "settings""#,
            "Container.json or Container_Device.json")
        #expect(interpreter.loadedContainers.isEmpty)

        // The lookup after it says which folder it searched.
        let lookup = try #require(throws: ConstraintError.self) { try interpreter.records(container: "Card") }
        expectError(
            lookup, .fileNotFound,
            says: #"no constraint file for container "Card" on device iPhone6 in the folder \#(folder.path); "#
                + "looked for Card_iPhone6.json, Card.json")
    }

    @Test func aBundleFolderOfOtherJSONIsNamedInThePreloadAndTheLookup() async throws {
        let interpreter = ConstraintInterpreter(
            source: BundleSource(.module, subdirectory: "Fixtures/NotConstraintFiles"),
            device: try DeviceCatalog.profile(.iPhone6))
        await expectAsyncError(.emptyFolder, says: #"the folder "Fixtures/NotConstraintFiles" of the bundle "#) {
            try await interpreter.preloadAll()
        }
        let lookup = try #require(throws: ConstraintError.self) { try interpreter.records(container: "Card") }
        #expect(lookup.message.contains(#"in the folder "Fixtures/NotConstraintFiles" of the bundle "#))
    }

    @Test func filesForDevicesTheCatalogLacksAndFilesThatAreNotJSONAreExplainedToo() async throws {
        let interpreter = ConstraintInterpreter(
            source: InMemorySource([
                "Card_iPhone99.json": #"{"Card": [{"title": {"width": 1}}]}"#,
                "{}.json": #"{"Card": []}"#,
                "notes.json": #"{"title": "x",,}"#,
            ]),
            device: try DeviceCatalog.profile(.iPhone6))
        let preload = await expectAsyncConstraintError { try await interpreter.preloadAll() }
        expectError(
            preload, .emptyFolder, says: "the constraint source holds 3 .json files and none is a constraint file",
            #"Card_iPhone99.json is for the device "iPhone99", which the catalog does not have"#,
            #"notes.json is not valid JSON ("#,
            #"{}.json has the top-level key "Card"; a constraint file named {}.json has one, "{}""#)
    }

    /// More files than the message lists one by one: the rest are counted, so that the message stays short.
    @Test func aFolderOfManyOtherFilesListsTheFirstFiveAndCountsTheRest() async throws {
        var files: [String: String] = [:]
        for i in 0..<12 { files["settings\(i).json"] = #"{"theme": "dark"}"# }
        let interpreter = ConstraintInterpreter(
            source: InMemorySource(files), device: try DeviceCatalog.profile(.iPhone6))
        let preload = await expectAsyncConstraintError { try await interpreter.preloadAll() }
        let message = preload?.message ?? ""
        #expect(
            message.contains("and 7 more. A constraint file") && message.contains("settings0.json")
                && !message.contains("settings5.json"), "\(message)")
    }

    // MARK: - Empty files

    @Test func anEmptyFileIsReadAsEmptyDataAndCostsNoMemory() throws {
        let folder = try ScratchFolder()
        try folder.write("Empty.json", "")
        let source = DirectorySource(folder.url)
        #expect(try source.data(forFile: "Empty.json") == Data())
        // Foundation's Data(contentsOf:) leaked a 4 KiB page per empty file: 80 MB over each round of these reads.
        // The other suites run beside this one and their memory comes and goes (17 MB in one round under
        // ThreadSanitizer), so the test takes the least growth of three rounds: a leak grows every round by 80 MB,
        // and the others' memory cannot grow in all three.
        var growths: [Int] = []
        for _ in 0..<3 {
            let before = ResidentMemory.current
            for _ in 0..<20_000 { _ = try source.data(forFile: "Empty.json", maximumSize: 8 << 20) }
            if let before, let after = ResidentMemory.current { growths.append(after - before) }
        }
        if let least = growths.min() { #expect(least < 16 << 20, "grew by \(growths) bytes in three rounds") }
    }
}

// MARK: - Helpers

/// A source that only implements `data(forFile:)`, so it gets the protocol's default size check.
struct WholeFileSource: ConstraintSource {
    var files: [String: Data]
    func data(forFile name: String) -> Data? { files[name] }
    func fileNames() -> [String] { files.keys.sorted() }
}

/// The process's resident memory, from /proc/self/status (nil where there is none).
enum ResidentMemory {
    /// Now.
    static var current: Int? { read("VmRSS:") }
    /// The most it has been since the process started.
    static var peak: Int? { read("VmHWM:") }

    private static func read(_ field: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field) }),
            let kilobytes = Int(line.split(separator: " ")[1])
        else { return nil }
        return kilobytes << 10
    }
}
