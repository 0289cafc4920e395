import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

struct DevicesReportTests {
    @Test func theTableListsEveryDeviceWithItsIdiomSizeAndChain() {
        let lines = DevicesReport(catalog: .standard).text.components(separatedBy: "\n")
        #expect(lines[0] == "name              idiom  size       lookup chain")
        #expect(lines[1] == "iPhone5           phone  320×568    iPhone5")
        #expect(lines.contains("iPhone14Pro       phone  393×852    iPhone14Pro → iPhone6"))
        #expect(lines.contains("iPadMini          pad    744×1133   iPadMini → iPadSplitView694 → iPad"))
        #expect(lines.contains("iPadPro13         pad    1032×1376  iPadPro13 → iPad"))
        #expect(lines.last == "23 devices in the standard catalog")
    }

    @Test func aCustomCatalogIsNamedAfterItsFile() throws {
        let report = DevicesReport(catalog: try Fixtures.catalog("phones.json"), catalogName: "phones.json")
        #expect(report.text.hasSuffix("\n\n2 devices in phones.json"))
        #expect(report.text.contains("Large  phone  414×896  Large → Small"))
    }

    @Test func theJSONListsEachDeviceAsACatalogFileDoesWithItsChain() throws {
        let object = try #require(try DevicesReport(catalog: .standard).json.parsed() as? [String: Any])
        let devices = try #require(object["devices"] as? [[String: Any]])
        #expect(devices.count == 23)
        let iPhone14Pro = try #require(devices.first { $0["name"] as? String == "iPhone14Pro" })
        #expect(iPhone14Pro["idiom"] as? String == "phone")
        #expect(iPhone14Pro["width"] as? Int == 393)
        #expect(iPhone14Pro["height"] as? Int == 852)
        #expect(iPhone14Pro["fallbacks"] as? [String] == ["iPhone6"])
        #expect(iPhone14Pro["chain"] as? [String] == ["iPhone14Pro", "iPhone6"])
    }

    @Test func aFractionalSizeIsWrittenAsANumber() throws {
        let catalog = try DeviceCatalog([DeviceProfile(name: "Odd", idiom: .phone, width: 320.5, height: 568)])
        #expect(DevicesReport(catalog: catalog).json.rendered.contains("\"width\": 320.5"))
        #expect(DevicesReport(catalog: catalog).text.contains("320.5×568"))
    }
}
