import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct DevicesReportTests {
    @Test func theTableListsEveryDeviceWithItsIdiomSizeAndChain() {
        let lines = DevicesReport(catalog: .standard).text.components(separatedBy: "\n")
        #expect(
            [lines[0], lines[1], lines.last] == [
                "name              idiom  size       lookup chain", "iPhone5           phone  320×568    iPhone5",
                "23 devices in the standard catalog",
            ])
        for line in [
            "iPhone14Pro       phone  393×852    iPhone14Pro → iPhone6",
            "iPadMini          pad    744×1133   iPadMini → iPadSplitView694 → iPad",
            "iPadPro13         pad    1032×1376  iPadPro13 → iPad",
        ] {
            #expect(lines.contains(line), "\(line)")
        }
    }

    @Test func eachClassIsListedWithItsModels() {
        let lines = DevicesReport(catalog: .standard).text.components(separatedBy: "\n")
        #expect(
            (
                lines.contains {
                    $0.hasPrefix("class ") && $0.hasSuffix("models (a file may be named for any of them)")
                },
                lines.contains("iPhone14Pro     iPhone14Pro, iPhone15, iPhone15Pro, iPhone16"),
                lines.contains("iPadPro13       iPadPro13M4, iPadPro13M5"),
                lines.contains { $0.hasPrefix("iPadSplitView678 ") && $0.contains(",") }
            ) == (true, true, true, false), "\(lines)")
    }

    @Test func aCustomCatalogIsNamedAfterItsFile() throws {
        let report = DevicesReport(catalog: try Fixtures.catalog("phones.json"), catalogName: "phones.json")
        #expect(
            (
                report.text.hasSuffix("\n\n2 devices in phones.json"),
                report.text.contains("Large  phone  414×896  Large → Small")
            )
                == (true, true), "\(report.text)")
    }

    @Test func theJSONListsEachDeviceWithTheKeysOfACatalogFile() throws {
        let object = try #require(try DevicesReport(catalog: .standard).json.parsed() as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        #expect((Array(object.keys), devices.count) == (["devices"], 23))
        let iPhone14Pro = try #require(devices.first { $0["name"] as? String == "iPhone14Pro" })
        #expect(
            (
                Set(iPhone14Pro.keys), iPhone14Pro["idiom"] as? String, iPhone14Pro["width"] as? Int,
                iPhone14Pro["height"] as? Int, iPhone14Pro["fallbacks"] as? [String]
            ) == (["name", "idiom", "width", "height", "fallbacks"], "phone", 393, 852, ["iPhone6"]))
    }

    @Test func theJSONReadsBackAsTheSameCatalog() throws {
        let url = Fixtures.packageRoot.appendingPathComponent(
            "Examples/SplitViewColumns/Sources/SplitViewColumns/catalog.json")
        for catalog in [DeviceCatalog.standard, try DeviceCatalog(json: Data(contentsOf: url))] {
            let json = DevicesReport(catalog: catalog).json.rendered
            #expect(try DeviceCatalog(json: Data(json.utf8)) == catalog)
        }
    }

    @Test func aDesignWidthOtherThanTheWidthIsListed() throws {
        let url = Fixtures.packageRoot.appendingPathComponent(
            "Examples/SplitViewColumns/Sources/SplitViewColumns/catalog.json")
        let report = DevicesReport(catalog: try DeviceCatalog(json: Data(contentsOf: url)), catalogName: "catalog.json")
        let lines = report.text.components(separatedBy: "\n")
        #expect(
            [lines[0], lines[3]] == [
                "name         idiom  size      design width  lookup chain",
                "iPad2Column  pad    320×1024  507           iPad2Column → iPad4Column",
            ])
        let object = try #require(try report.json.parsed() as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        #expect(devices.map { $0["designWidth"] as? Int } == [1_366, 694, 507])
        // A design width equal to the width is left out, as a catalog file leaves it out.
        let plain = try DeviceCatalog([DeviceProfile(name: "Plain", idiom: .phone, width: 320, height: 568)])
        #expect(
            (
                DevicesReport(catalog: plain).json.rendered.contains("designWidth"),
                DevicesReport(catalog: plain).text.contains("design width")
            ) == (false, false))
    }

    @Test func aFractionalSizeIsWrittenAsANumber() throws {
        let catalog = try DeviceCatalog([DeviceProfile(name: "Odd", idiom: .phone, width: 320.5, height: 568)])
        #expect(
            (
                DevicesReport(catalog: catalog).json.rendered.contains("\"width\": 320.5"),
                DevicesReport(catalog: catalog).text.contains("320.5×568")
            ) == (true, true))
    }

    /// A catalog whose every chain reaches the last of thousands of classes: each chain is printed up to
    /// ``DevicesReport/maximumChainLength`` names, so the table is linear in the catalog, not in the square of it.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aCatalogThatIsOneLongChainIsListedInLinearTime() async throws {
        try await LinearTime.expectLinear(from: 500, "devices, a chain of devices") { count in
            try DeviceCatalog(json: Data(GeneratedCatalog.chain(devices: count).utf8))
        } _: { catalog in
            _ = DevicesReport(catalog: catalog).text
        }
        let large = try DeviceCatalog(json: Data(GeneratedCatalog.chain(devices: 2_000).utf8))
        let lines = DevicesReport(catalog: large, catalogName: "large.json").text.components(separatedBy: "\n")
        let chain = (0..<12).map { "D\($0)" }.joined(separator: " → ") + " → …"
        let suffixes = [
            (1, "  " + chain), (1_989, "  " + (1_988..<2_000).map { "D\($0)" }.joined(separator: " → ")),
            (2_000, "  D1999"),
        ]
        for (index, suffix) in suffixes {
            #expect(lines[index].hasSuffix(suffix), "line \(index)")
        }
        #expect(lines.last == "2000 devices in large.json")
    }
}
