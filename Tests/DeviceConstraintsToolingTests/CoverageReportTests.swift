import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct CoverageReportTests {
    private let files = [
        "Card.json", "Card_iPhone6.json", "Card_iPad.json", "Header_iPhone6Plus.json", "notes.txt", "Bad..Name.json",
    ]

    // MARK: - Sources

    @Test func aDeviceWithAFileOfItsOwnIsServedByIt() {
        let report = CoverageReport(fileNames: files, catalog: .standard)
        for (container, device) in [("Card", DeviceName.iPhone6), ("Header", .iPhone6Plus)] {
            #expect(report.source(of: container, on: device) == .own(file: "\(container)_\(device.rawValue).json"))
        }
    }

    @Test func aDeviceWithoutOneIsServedByTheFirstFileOnItsChain() {
        let report = CoverageReport(fileNames: files, catalog: .standard)
        let cases: [(container: String, device: DeviceName, file: String, through: DeviceName?)] = [
            ("Card", .iPhoneX, "Card_iPhone6.json", .iPhone6),
            ("Card", .iPadPro13, "Card_iPad.json", .iPad),
            ("Card", .iPhone5, "Card.json", nil),
            ("Header", .iPhoneXR, "Header_iPhone6Plus.json", .iPhone6Plus),
        ]
        for (container, device, file, through) in cases {
            #expect(
                report.source(of: container, on: device) == .fallback(file: file, device: through),
                "\(container) on \(device)")
        }
    }

    @Test func aDeviceWhoseChainReachesNoFileIsMissing() {
        let report = CoverageReport(fileNames: files, catalog: .standard)
        for device in [DeviceName.iPhone5, .iPad] {
            #expect(report.source(of: "Header", on: device) == .missing, "\(device)")
        }
    }

    @Test func onlyConstraintFileNamesMakeRows() {
        let report = CoverageReport(fileNames: files, catalog: .standard)
        #expect(
            (report.containers, report.devices, report.source(of: "notes", on: .iPhone6))
                == (["Card", "Header"], DeviceCatalog.standard.profiles, nil))
    }

    // MARK: - Output

    @Test func theMatrixHasARowAContainerAndAColumnADevice() throws {
        let catalog = try Fixtures.catalog("phones.json")
        let report = CoverageReport(
            fileNames: ["Card_Small.json", "Header_Large.json", "Footer.json"], catalog: catalog)
        #expect(
            report.text.components(separatedBy: "\n").prefix(4) == [
                "container  Small    Large",
                "Card       own      → Small",
                "Footer     → base   → base",
                "Header     missing  own",
            ])
        #expect(report.text.hasSuffix("3 containers × 2 devices: 2 own files, 3 through a fallback, 1 missing"))
    }

    @Test func aFolderWithoutFilesSaysSo() {
        #expect(CoverageReport(fileNames: [], catalog: .standard).text.hasPrefix("No constraint files."))
    }

    @Test func aFolderWhoseFilesAreAllForUnknownDevicesListsThemInText() throws {
        let report = CoverageReport(
            fileNames: ["Card_iPhone99.json", "Header_Large.json"], catalog: .standard,
            topLevelKey: { name in
                String(name.prefix { $0 != "_" })
            })
        let text = report.text
        #expect(
            (
                report.containers, text.contains("No constraint files."),
                text.hasPrefix("No constraint file that a device of the catalog reads"),
                text.contains("Pass the catalog they were written for with --catalog <file>"),
                text.hasSuffix(
                    """
                    Card_iPhone99.json: no device reads this file: "iPhone99" is not a device of the catalog
                    Header_Large.json: no device reads this file: "Large" is not a device of the catalog
                    """)
            ) == ([], false, true, true, true), "\(text)")
    }

    @Test func aLongContainerNameIsCutShortInTextAndWholeInJSON() throws {
        let long = String(repeating: "VeryLongContainer", count: 14)  // 238 characters
        let report = CoverageReport(fileNames: ["\(long).json", "Card.json"], catalog: .standard)
        let lines = report.text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= CoverageReport.defaultWidth }, "\(lines.map(\.count).max()!)")
        let cut = DisplayWidth.truncating(long, to: CoverageReport.maximumNameWidth)
        #expect(
            (
                cut.count, cut.hasSuffix("…"), lines.contains { $0.hasPrefix(cut + "  → base") },
                report.json.rendered.contains("\"name\": \"\(long)\"")
            ) == (CoverageReport.maximumNameWidth, true, true, true), "\(cut)")
    }

    @Test func cjkContainerNamesKeepTheColumnsAligned() throws {
        let catalog = try Fixtures.catalog("phones.json")
        let report = CoverageReport(fileNames: ["カード_Small.json", "Card_Large.json"], catalog: catalog)
        #expect(
            report.text.components(separatedBy: "\n").prefix(3) == [
                "container  Small    Large",
                "Card       missing  own",
                "カード     own      → Small",
            ])
    }

    @Test func theJSONMatrixIsValidJSONWithTheDocumentedShape() throws {
        let report = CoverageReport(fileNames: files, catalog: .standard)
        let object = try #require(try report.json.parsed() as? [String: Any])
        let containers = try #require(object["containers"] as? [[String: Any]])
        #expect(
            ((object["devices"] as? [String])?.count, containers.map { $0["name"] as? String })
                == (DeviceCatalog.standard.profiles.count, ["Card", "Header"]))
        let header = try #require(containers[1]["coverage"] as? [[String: Any]])
        #expect(
            (
                header[0]["device"] as? String, header[0]["status"] as? String, header[0]["file"] is NSNull,
                header[2]["status"] as? String, header[2]["file"] as? String
            ) == ("iPhone5", "missing", true, "own", "Header_iPhone6Plus.json"))
    }

    /// A catalog whose every chain reaches the last of thousands of classes, which alone has a file: the first file on
    /// each chain is folded once per device, not found by walking every device's chain (a catalog of 800 classes, each
    /// falling back to all narrower ones, took 8 s so).
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aCatalogThatIsOneLongChainIsMappedInLinearTime() async throws {
        @Sendable func report(_ catalog: DeviceCatalog) -> CoverageReport {
            let last = catalog.profiles[catalog.profiles.count - 1].name
            return CoverageReport(fileNames: ["Card_\(last).json", "Badge.json"], catalog: catalog)
        }
        let text = try await LinearTime.expectLinear(from: 1_000, "coverage, a chain of devices") { count in
            try DeviceCatalog(json: Data(GeneratedCatalog.chain(devices: count).utf8))
        } _: { catalog in
            report(catalog).text
        }
        let coverage = report(try DeviceCatalog(json: Data(GeneratedCatalog.chain(devices: 4_000).utf8)))
        #expect(
            [
                coverage.source(of: "Card", on: "D0"), coverage.source(of: "Card", on: "D3999"),
                coverage.source(of: "Badge", on: "D0"),
            ] == [
                .fallback(file: "Card_D3999.json", device: "D3999"), .own(file: "Card_D3999.json"),
                .fallback(file: "Badge.json", device: nil),
            ])
        #expect(text.contains("2 containers × 4000 devices: 1 own files, 7999 through a fallback, 0 missing"))
    }
}
