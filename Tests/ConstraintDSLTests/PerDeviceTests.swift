import ConstraintDSL
import DeviceConstraints
import Testing

struct PerDeviceTests {
    private let margin = PerDevice(20.0).overriding(12, on: .iPhone5).overriding(15, on: .iPhone6)

    // MARK: - Resolution along the lookup chain

    @Test(arguments: [
        (DeviceName.iPhone5, 12.0), (.iPhone6, 15.0), (.iPhone6Plus, 20.0), (.iPad, 20.0),
        (.iPhoneX, 15.0), (.iPhone12, 15.0), (.iPhone14Pro, 15.0), (.iPhone16Pro, 15.0), (.iPhone16ProMax, 20.0),
        (.iPadMini, 20.0), (.iPadPro13, 20.0),
    ])
    func aDeviceTakesTheFirstOverrideOnItsLookupChain(device: DeviceName, expected: Double) throws {
        #expect(margin.resolved(for: try .standard(device)) == expected)
    }

    @Test func anOverrideForTheDeviceItselfWinsOverOneForItsFallback() throws {
        let value = margin.overriding(17, on: .iPhone14Pro)
        for (device, expected) in [(DeviceName.iPhone14Pro, 17.0), (.iPhone12, 15)] {
            #expect(value.resolved(for: try .standard(device)) == expected, "\(device)")
        }
    }

    @Test func resolutionFollowsTheCatalogItIsGiven() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "Small", idiom: .phone, width: 320, height: 568),
            DeviceProfile(name: "Medium", idiom: .phone, width: 375, height: 667, fallbacks: ["Small"]),
            DeviceProfile(name: "Large", idiom: .phone, width: 414, height: 896, fallbacks: ["Medium"]),
        ])
        let large = try #require(catalog.profile(named: "Large"))
        let value = PerDevice(1.0).overriding(2, on: "Small")
        #expect([value.resolved(for: large, in: catalog), value.resolved(for: large)] == [2, 1])
    }

    @Test func anEmptyChainAndAChainWithoutOverridesGiveTheDefault() {
        let cases: [(chain: [DeviceName], value: Double)] = [
            ([], 20), ([.iPad, .iPhone6Plus], 20), ([.iPad, .iPhone6], 15),
        ]
        for (chain, expected) in cases {
            #expect(margin.resolved(along: chain) == expected, "\(chain)")
        }
    }

    @Test func theInterpretersLookupChainResolvesLikeItsDevice() throws {
        let interpreter = ConstraintInterpreter(
            source: InMemorySource([:]), device: try .standard(.iPhone14Pro))
        #expect(margin.resolved(along: interpreter.lookupChain) == 15)
    }

    // MARK: - Building

    @Test func oneOverrideCanNameSeveralDevices() {
        let height = PerDevice(114.0).overriding(105, on: .iPhone5, .iPhone6)
        #expect((height.overrides, height.devices) == ([.iPhone5: 105, .iPhone6: 105], [.iPhone5, .iPhone6]))
    }

    @Test func aLaterOverrideReplacesAnEarlierOneForTheSameDevice() {
        #expect(margin.overriding(13, on: .iPhone5).overrides[.iPhone5] == 13)
    }

    @Test func overridesGivenInTheInitializerMatchOverridesAddedLater() {
        #expect(
            (PerDevice(20.0, overrides: [.iPhone5: 12, .iPhone6: 15]) == margin, PerDevice(20.0) == margin)
                == (true, false))
    }

    @Test func mapTransformsTheDefaultAndEveryOverride() {
        let negated = margin.map { -$0 }
        let described: PerDevice<String> = margin.map { "\($0)" }
        #expect(
            (negated, described.overrides[.iPhone6])
                == (PerDevice(-20.0, overrides: [.iPhone5: -12, .iPhone6: -15]), "15.0"))
    }

    @Test func equalValuesHashEqually() {
        let copy = PerDevice(20.0).overriding(15, on: .iPhone6).overriding(12, on: .iPhone5)
        #expect(Set([margin, copy]).count == 1)
    }

    // MARK: - Description

    @Test func theDescriptionListsOverridesSortedByDevice() {
        #expect(
            [margin.description, PerDevice(20.0).description, PerDevice("a").overriding("b", on: .iPad).description]
                == ["20.0 [iPhone5: 12.0, iPhone6: 15.0]", "20.0", "a [iPad: b]"])
    }
}
