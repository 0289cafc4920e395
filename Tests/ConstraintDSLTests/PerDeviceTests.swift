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
        #expect(value.resolved(for: try .standard(.iPhone14Pro)) == 17)
        #expect(value.resolved(for: try .standard(.iPhone12)) == 15)
    }

    @Test func resolutionFollowsTheCatalogItIsGiven() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "Small", idiom: .phone, width: 320, height: 568),
            DeviceProfile(name: "Medium", idiom: .phone, width: 375, height: 667, fallbacks: ["Small"]),
            DeviceProfile(name: "Large", idiom: .phone, width: 414, height: 896, fallbacks: ["Medium"]),
        ])
        let large = try #require(catalog.profile(named: "Large"))
        #expect(PerDevice(1.0).overriding(2, on: "Small").resolved(for: large, in: catalog) == 2)
        #expect(PerDevice(1.0).overriding(2, on: "Small").resolved(for: large) == 1)
    }

    @Test func anEmptyChainAndAChainWithoutOverridesGiveTheDefault() {
        #expect(margin.resolved(along: []) == 20)
        #expect(margin.resolved(along: [.iPad, .iPhone6Plus]) == 20)
        #expect(margin.resolved(along: [.iPad, .iPhone6]) == 15)
    }

    @Test func theInterpretersLookupChainResolvesLikeItsDevice() throws {
        let interpreter = ConstraintInterpreter(
            source: InMemorySource([:]), device: try .standard(.iPhone14Pro))
        #expect(margin.resolved(along: interpreter.lookupChain) == 15)
    }

    // MARK: - Building

    @Test func oneOverrideCanNameSeveralDevices() {
        let height = PerDevice(114.0).overriding(105, on: .iPhone5, .iPhone6)
        #expect(height.overrides == [.iPhone5: 105, .iPhone6: 105])
        #expect(height.devices == [.iPhone5, .iPhone6])
    }

    @Test func aLaterOverrideReplacesAnEarlierOneForTheSameDevice() {
        #expect(margin.overriding(13, on: .iPhone5).overrides[.iPhone5] == 13)
    }

    @Test func overridesGivenInTheInitializerMatchOverridesAddedLater() {
        #expect(PerDevice(20.0, overrides: [.iPhone5: 12, .iPhone6: 15]) == margin)
        #expect(PerDevice(20.0) != margin)
    }

    @Test func mapTransformsTheDefaultAndEveryOverride() {
        let negated = margin.map { -$0 }
        #expect(negated == PerDevice(-20.0, overrides: [.iPhone5: -12, .iPhone6: -15]))
        let described: PerDevice<String> = margin.map { "\($0)" }
        #expect(described.overrides[.iPhone6] == "15.0")
    }

    @Test func equalValuesHashEqually() {
        let copy = PerDevice(20.0).overriding(15, on: .iPhone6).overriding(12, on: .iPhone5)
        #expect(Set([margin, copy]).count == 1)
    }

    // MARK: - Description

    @Test func theDescriptionListsOverridesSortedByDevice() {
        #expect(margin.description == "20.0 [iPhone5: 12.0, iPhone6: 15.0]")
        #expect(PerDevice(20.0).description == "20.0")
        #expect(PerDevice("a").overriding("b", on: .iPad).description == "a [iPad: b]")
    }
}
