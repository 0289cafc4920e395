import Foundation
import Testing

@testable import DeviceConstraints

struct ConstraintSourceTests {
    // MARK: - FileListing

    @Test func aListingKnowsEachContainersPartsWhenItsNamesComeInAnyOrder() {
        // A container's names apart from each other (a directory lists in no order), a base file, names outside
        // ASCII, and names that are not constraint files.
        let listing = FileListing(names: [
            "Card_iPhone6.json", "Other_iPad.json", "Card_w600-landscape.json", "Card.json", "Card_w700.json",
            "Ünï_cödé_iPhone6.json", "notes.txt", "Card_iPhone6.json.bak", "Other_iPad.json",
        ])
        #expect(
            (listing.parts["Card"], listing.parts["Other"], listing.parts["Ünï_cödé"], listing.parts.count) == (
                ["iPhone6", "w600-landscape", "w700"], ["iPad"], ["iPhone6"], 3
            ))
        #expect(
            (
                listing.widths["Card"], listing.allWidths, listing.hasOrientationFiles,
                listing.contains("Card_w600-landscape.json")
            ) == ([700, 600], [700, 600], true, true))
        #expect((listing.contains("Ünï_cödé_iPhone6.json"), listing.contains("Card_iPad.json")) == (true, false))
        #expect(!listing.contains("Card.json"), "a base file is always read, never asked about")
        #expect(!FileListing(names: ["Card_iPhone6.json", "landscape.json"]).hasOrientationFiles)
    }

    @Test func aFileNameSplitsAtItsLastUnderscoreBeforeTheSuffix() {
        func split(_ name: String) -> [String]? {
            var name = name
            return name.withUTF8 { utf8 in
                ConstraintFileName.containerAndPart(utf8).map {
                    [String(decoding: $0.container, as: UTF8.self), String(decoding: $0.part, as: UTF8.self)]
                }
            }
        }
        #expect(split("Card_iPhone6.json") == ["Card", "iPhone6"])
        #expect(split("My_Card_w600-landscape.json") == ["My_Card", "w600-landscape"])
        #expect(split("_iPad.json") == ["", "iPad"])
        #expect(split("Card_.json") == ["Card", ""])
        #expect(split("Ünï_cödé_iPhone6.json") == ["Ünï_cödé", "iPhone6"])
        for name in ["Card.json", ".json", "_.jso", "Card_iPad.jsonx", "Card_iPad.JSON", "Card_iPad.txt", "_json", ""] {
            #expect(split(name) == nil, "\(name)")
        }
        #expect(split("_.json") == ["", ""])
        // An orientation is found at the end of a part, either one.
        #expect(FileListing(names: ["Card_iPhone6-portrait.json"]).hasOrientationFiles)
        #expect(FileListing(names: ["Card_landscape.json"]).hasOrientationFiles)
        #expect(!FileListing(names: ["Card_portraits.json", "Card_landscapes.json"]).hasOrientationFiles)
    }

    @Test func aContainerWithManyFilesHasEachPartOnceHoweverItsNamesAreSplitAndRepeated() {
        // 40 parts, past the few a listing compares one by one: listed in two runs split by another container's
        // names, the second run repeating half of the first (a source may list a name twice).
        let parts = (0..<40).map { "iPhone\($0)" }
        let names =
            parts[..<30].map { "Card_\($0).json" } + ["Other_iPad.json"] + parts[10...].map { "Card_\($0).json" }
        let listing = FileListing(names: names)
        let card = listing.parts["Card"] ?? []
        #expect(card.count == 40)
        #expect(parts.allSatisfy { card.contains($0) && listing.contains("Card_\($0).json") })
        #expect((card.contains("iPhone40"), listing.contains("Card_iPad.json")) == (false, false))
        #expect(Array(card) == parts, "each part once, in the order first listed")
        var reversed: FileListing.PartNames = []
        for part in parts.reversed() { reversed.insert(part) }
        #expect(card == reversed, "the same parts in another order")
        // Below the threshold too: a name listed twice is one part.
        let few = FileListing(names: ["Card_iPad.json", "Other_iPad.json", "Card_iPad.json", "Card_iPhone6.json"])
        #expect(few.parts["Card"] == ["iPad", "iPhone6"])
    }

    /// One container with n files: the listing's time grows with n, not with its square (a part is found among the
    /// container's others by hashing once they are many).
    @Test(.longTier, .timeLimit(.minutes(10)))
    func listingOneContainerOfManyFilesTakesLinearTime() async throws {
        let listing = try await LinearTime.expectLinear(
            from: 5_000, "listing one container of n files",
            prepare: { count in (0..<count).map { "Card_part\($0).json" } },
            { names in FileListing(names: names) })
        #expect(listing.parts["Card"]?.count == 20_000)
    }

    // MARK: - Container names

    @Test(
        arguments: [
            ("Card", nil), ("Café", nil), ("Card\u{A0}x", nil), ("Ā", nil), ("a.b", nil), (".a", nil), ("😀", nil),
            ("", "is empty"), ("a/b", "path separator"), (#"a\b"#, "path separator"), ("a..b", "'..'"),
            ("Card\u{0}", "control character"), ("Card\u{7F}", "control character"),
            ("Card\u{85}", "control character"),
            ("\u{9F}Card", "control character"),
        ] as [(String, String?)])
    func aContainerNameIsRefusedExactlyWhenItCouldLeaveTheFolderOrHideACharacter(name: String, problem: String?) {
        let error = ConstraintFileName.validateContainer(name)
        #expect(error?.code == (problem == nil ? nil : .invalidName))
        if let problem { #expect(error?.message.contains(problem) == true) }
    }

    // MARK: - DirectorySource

    @Test func aDirectorySourceReadsFilesAndListsOnlyJSON() throws {
        let source = try DirectorySource(Fixtures.folder("Chain"))
        #expect(
            try (
                source.fileNames().contains("Card_iPhone6.json"),
                source.fileNames().allSatisfy { $0.hasSuffix(".json") }
            ) == (true, true))
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
        expectError(.unreadableFile) { try interpreter.records(container: "Odd") }
    }

    @Test func aDirectorySourceThatDoesNotExistCannotListItsFiles() throws {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(URL(fileURLWithPath: "/nonexistent/constraints")),
            device: try DeviceCatalog.profile(.iPhone6))
        expectError(.folderNotFound) { try interpreter.availableContainers() }
    }

    // MARK: - BundleSource

    @Test func aBundleSourceReadsResourcesInASubdirectory() throws {
        let source = BundleSource(.module, subdirectory: "Fixtures/Chain")
        #expect(try source.fileNames().contains("Card.json"))
        let data = try #require(try source.data(forFile: "Card_iPhone6.json"))
        #expect(
            try (
                String(decoding: data, as: UTF8.self).contains("\"Card\""), source.data(forFile: "Missing_iPhone6.json")
            ) == (true, nil))
    }

    // MARK: - InMemorySource

    @Test func anInMemorySourceServesItsFilesByName() {
        let source = InMemorySource(["A_iPhone6.json": "{}", "B.json": "[]"])
        #expect(
            (source.fileNames(), source.data(forFile: "B.json")) == (["A_iPhone6.json", "B.json"], Data("[]".utf8)))
        #expect(source.data(forFile: "C.json") == nil)
    }

    // MARK: - File names

    @Test func aFileNameSplitsAtTheLastUnderscoreWhenADeviceFollows() {
        let known: Set<DeviceName> = [.iPhone6, .iPad]
        let cases: [(String, ConstraintFileName?)] = [
            ("My_View_iPhone6.json", .init(container: "My_View", device: .iPhone6)),
            ("My_View.json", .init(container: "My_View")), ("Card_iPhone6.txt", nil),
        ]
        for (name, expected) in cases {
            #expect(ConstraintFileName(parsing: name, knownDevices: known) == expected, "\(name)")
        }
        #expect(
            (
                ConstraintFileName(parsing: "Card.json", knownDevices: known)?.device,
                ConstraintFileName(container: "Card", device: .iPad).fileName
            ) == (nil, "Card_iPad.json"))
        // A model, a width, an orientation, or a class or width with an orientation.
        for part in [
            "iPhone16", "w600", "landscape", "portrait", "iPad-landscape", "w600-portrait", "iPhone16-landscape",
        ] {
            #expect(
                ConstraintFileName(parsing: "Card_\(part).json", knownDevices: known)
                    == .init(container: "Card", device: DeviceName(part)), "\(part)")
        }
        for part in ["w0", "w-3", "w600dp", "w0600", "w600-lanscape", "Landscape", "iPhone99-landscape"] {
            #expect(ConstraintFileName(parsing: "Card_\(part).json", knownDevices: known)?.device == nil, "\(part)")
        }
    }
}

/// The one rule for which file of a folder is whose (`ConstraintFileName.roles`), as the interpreter uses it.
struct FileRoleTests {
    private let phones: Set<DeviceName> = ["Small", "Large"]

    @Test func aFileForADeviceTheCatalogLacksIsNoContainerWhenItsContainerHasOtherFiles() {
        let roles = ConstraintFileName.roles(
            of: ["Card.json", "Card_iPad.json", "Card_Small.json", "My_View.json", "notes.txt", "a..b.json"],
            knownDevices: phones)
        #expect(
            (roles["Card_iPad.json"], roles["Card_Small.json"], roles["Card.json"], roles["My_View.json"]) == (
                .unknownDevice(container: "Card", device: "iPad"), .file(.init(container: "Card", device: "Small")),
                .file(.init(container: "Card")), .file(.init(container: "My_View"))
            ))
        #expect((roles["notes.txt"], roles["a..b.json"]) == (.notConstraintFile, .notConstraintFile))
    }

    @Test func theTopLevelKeySettlesANameTheOtherNamesLeaveInDoubt() {
        let keys = ["Card_iPad.json": "Card", "Pad_Thing.json": "Pad_Thing", "description.json": "name"]
        let roles = ConstraintFileName.roles(
            of: ["Card_iPad.json", "Pad_Thing.json", "description.json", "Broken.json"], knownDevices: phones
        ) { keys[$0] }
        #expect(
            (roles["Card_iPad.json"], roles["Pad_Thing.json"], roles["description.json"]) == (
                .unknownDevice(container: "Card", device: "iPad"), .file(.init(container: "Pad_Thing")),
                .notConstraintFile
            ))
        // A file whose key cannot be read stays a constraint file, so that loading it reports the error.
        #expect(roles["Broken.json"] == .file(.init(container: "Broken")))
    }

    @Test func theTopLevelKeyIsReadFromTheFirstBytes() {
        let cases: [(String, String?)] = [
            ("\u{FEFF} {\n \"Card\": [", "Card"), (#"["Card"]"#, nil), (#"{"C\u0061rd": 1}"#, nil), (#"{"Card"#, nil),
        ]
        for (text, key) in cases {
            #expect(ConstraintFileParser.topLevelKey(of: Data(text.utf8)) == key, "\(text.debugDescription)")
        }
    }

    /// A file that states its design width first is still known by its container's key, so that preloadAll and lint
    /// do not take it for another kind of JSON.
    @Test func theTopLevelKeyIsReadPastADesignWidthBeforeIt() {
        let cases: [(String, String?)] = [
            (#"{"designWidth": 375, "Card": []}"#, "Card"), ("{\n  \"designWidth\" : 3.75e2 ,\n  \"Card\": [", "Card"),
            // Anything else after "designWidth" leaves the name to decide (loading the file reports the problem).
            (#"{"designWidth": "375", "Card": []}"#, nil), (#"{"designWidth": 375}"#, nil),
            (#"{"designWidth": [], "Card": []}"#, nil),
        ]
        for (text, key) in cases {
            #expect(ConstraintFileParser.topLevelKey(of: Data(text.utf8)) == key, "\(text.debugDescription)")
        }
        let roles = ConstraintFileName.roles(of: ["Card.json"], knownDevices: [.iPhone6]) { _ in
            ConstraintFileParser.topLevelKey(of: Data(#"{"designWidth": 375, "Card": []}"#.utf8))
        }
        #expect(roles["Card.json"] == .file(.init(container: "Card")))
    }

    @Test func preloadAllSkipsFilesThatAreNotConstraintFilesAndFilesForUnknownDevices() async throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "Small", idiom: .phone, width: 320, height: 568),
            DeviceProfile(name: "Large", idiom: .phone, width: 414, height: 896, fallbacks: ["Small"]),
        ])
        let source = InMemorySource([
            "Card.json": #"{"Card": [{"title": {"width": 1}}]}"#,
            "Card_iPad.json": #"{"Card": [{"title": {"width": 2}}]}"#,
            "Solo_iPad.json": #"{"Solo": [{"title": {"width": 3}}]}"#,
            "description.json": #"{"name": "MyApp", "version": 2}"#,
        ])
        let interpreter = ConstraintInterpreter(
            source: source, device: try #require(catalog.profile(named: "Large")), catalog: catalog)
        #expect(try interpreter.availableContainers() == ["Card"])
        try await interpreter.preloadAll()
        #expect(try interpreter.record(viewId: "title", container: "Card").width == 1)
    }
}

/// The part of a file name after its last underscore: a device, a width, an orientation.
struct DevicePartTests {
    @Test func aPartIsADeviceAWidthAnOrientationOrADeviceOrWidthWithAnOrientation() {
        let isDevice = { (name: DeviceName) in name == .iPad || name == "Kiosk-landscape" }
        #expect(
            (
                DevicePart(parsing: "iPad", isDevice: isDevice), DevicePart(parsing: "w600", isDevice: isDevice),
                DevicePart(parsing: "landscape", isDevice: isDevice)
            ) == (DevicePart(device: .iPad), DevicePart(minimumWidth: 600), DevicePart(orientation: .landscape)))
        #expect(
            DevicePart(parsing: "iPad-portrait", isDevice: isDevice)
                == DevicePart(device: .iPad, orientation: .portrait))
        #expect(
            DevicePart(parsing: "w600-landscape", isDevice: isDevice)
                == DevicePart(minimumWidth: 600, orientation: .landscape))
        // A device whose name ends like a qualifier stays a device.
        #expect(
            (
                DevicePart(parsing: "Kiosk-landscape", isDevice: isDevice),
                DevicePart(parsing: "w600-landscape", isDevice: isDevice)?.text
            ) == (DevicePart(device: "Kiosk-landscape"), "w600-landscape"))
    }

    @Test(
        arguments: [
            ("w0", nil), ("w-3", "w3"), ("w600dp", "w600"), ("w0600", "w600"), ("w600-lanscape", "w600-landscape"),
            ("iPad-portrai", "iPad-portrait"), ("Landscape", "landscape"), ("w999999", nil),
        ] as [(String, String?)])
    func aMalformedQualifierSaysWhatIsWrongAndSuggestsTheMeantName(part: String, suggestion: String?) throws {
        let malformed = try #require(DevicePart.malformed(part, isDevice: { $0 == .iPad }))
        #expect((malformed.suggestion, malformed.problem.isEmpty) == (suggestion, false))
    }

    @Test func aNameThatIsNoQualifierIsNotCalledAMalformedOne() {
        for part in ["iPhone16Pr", "Dark", "wide", "iPad", "w600", "landscape"] {
            #expect(DevicePart.malformed(part, isDevice: { $0 == .iPad }) == nil, "\(part)")
        }
    }
}
