import Foundation
import Testing

@testable import DeviceConstraints

struct DeviceCatalogTests {
    /// The four original classes and their portrait sizes.
    static let originals: [(DeviceName, Double, Double)] = [
        (.iPhone5, 320, 568),
        (.iPhone6, 375, 667),
        (.iPhone6Plus, 414, 736),
        (.iPad, 768, 1024),
    ]

    /// Every size of the standard catalog, written out here independently of it.
    static let standardSizes: [(DeviceName, Double, Double)] =
        originals + [
            (.iPhoneX, 375, 812),
            (.iPhone12, 390, 844),
            (.iPhone14Pro, 393, 852),
            (.iPhone16Pro, 402, 874),
            (.iPhoneXR, 414, 896),
            (.iPhoneAir, 420, 912),
            (.iPhone12ProMax, 428, 926),
            (.iPhone14ProMax, 430, 932),
            (.iPhone16ProMax, 440, 956),
            (.iPadSplitView678, 678, 1024),
            (.iPadSplitView694, 694, 768),
            (.iPadMini, 744, 1133),
            (.iPadNinthGen, 810, 1080),
            (.iPadAir, 820, 1180),
            (.iPadPro10Inch, 834, 1112),
            (.iPadPro11, 834, 1194),
            (.iPadPro11M4, 834, 1210),
            (.iPadPro12Inch, 1024, 1366),
            (.iPadPro13, 1032, 1376),
        ]

    static let originalNames: Set<DeviceName> = [.iPhone5, .iPhone6, .iPhone6Plus, .iPad]

    let standard = DeviceCatalog.standard

    // MARK: - Standard catalog

    @Test func theStandardCatalogPassesValidation() throws {
        let rebuilt = try DeviceCatalog(DeviceCatalog.standard.profiles)
        #expect(rebuilt == DeviceCatalog.standard)
    }

    @Test func theStandardCatalogHoldsExactlyTheListedSizesInOrder() {
        let listed = Self.standardSizes.map { "\($0.0) \($0.1)×\($0.2)" }
        let actual = standard.profiles.map { "\($0.name) \($0.width)×\($0.height)" }
        #expect(actual == listed)
    }

    @Test(arguments: originals)
    func anOriginalSizeResolvesToItsOriginalNameInBothOrientations(name: DeviceName, width: Double, height: Double) {
        let idiom: DeviceIdiom = name == .iPad ? .pad : .phone
        for requested in [nil, idiom] {
            let names = [
                standard.resolve(width: width, height: height, idiom: requested).name,
                standard.resolve(width: height, height: width, idiom: requested).name,
            ]
            #expect(names == [name, name], "portrait, landscape, idiom \(String(describing: requested))")
        }
        #expect(standard.profile(named: name)?.fallbacks == [])
    }

    @Test(arguments: standardSizes)
    func everyStandardSizeResolvesToItsProfileWhoseChainReachesAnOriginalClass(
        name: DeviceName, width: Double, height: Double
    ) throws {
        for (windowWidth, windowHeight) in [(width, height), (height, width)] {
            let profile = standard.resolve(width: windowWidth, height: windowHeight)
            let chain = standard.lookupChain(for: profile)
            #expect([profile.name, chain.first] == [name, name], "\(windowWidth)×\(windowHeight)")
            #expect(
                chain.last.map(Self.originalNames.contains) == true, "chain \(chain) does not end in an original class")
        }
    }

    /// No class wider than what it serves: 390, 393 and 402 points fall back to iPhone6 (375), 414 and wider to
    /// iPhone6Plus; iPadMini (744) to the 694-point Split View class; the Split View pad classes, narrower than
    /// every iPad, fall back to iPad as pads (the exception, listed with the iPad mini that reaches iPad through one
    /// of them by ``DeviceCatalog/widerFallbacks``).
    @Test func everyNewProfileFallsBackToTheWidestClassOfItsIdiomNotWiderThanItself() throws {
        let splitView: Set<DeviceName> = [.iPadSplitView678, .iPadSplitView694]
        let classes = standard.profiles.filter { Self.originalNames.contains($0.name) || splitView.contains($0.name) }
        let newer = standard.profiles.filter { !Self.originalNames.contains($0.name) && !splitView.contains($0.name) }
        #expect(newer.count == 17)
        for profile in newer {
            let widest = try #require(
                classes.filter { $0.idiom == profile.idiom && $0.width <= profile.width }.max { $0.width < $1.width })
            #expect(profile.fallbacks == [widest.name], "\(profile)")
        }
        #expect(
            [.iPhone16Pro, .iPadSplitView678, .iPadSplitView694].map { standard.profile(named: $0)?.fallbacks } == [
                [.iPhone6], [.iPad], [.iPad],
            ])
        #expect(standard.lookupChain(for: .iPadMini) == [.iPadMini, .iPadSplitView694, .iPad])
        #expect(
            standard.widerFallbacks.map { [$0.profile.name, $0.fallback.name] } == [
                [.iPadSplitView678, .iPad], [.iPadSplitView694, .iPad], [.iPadMini, .iPad],
            ])
    }

    @Test func iPhone14ProFallsBackToIPhone6() throws {
        let profile = try #require(standard.profile(named: .iPhone14Pro))
        #expect(
            [standard.lookupChain(for: profile), standard.lookupChain(for: .iPhone14Pro)] == [
                [.iPhone14Pro, .iPhone6], [.iPhone14Pro, .iPhone6],
            ])
    }

    @Test func anUnknownNameHasAChainOfItselfAndNoProfile() {
        #expect((standard.lookupChain(for: DeviceName("Watch")), standard.profile(named: "Watch")) == (["Watch"], nil))
    }

    // MARK: - Resolution

    /// Slide Over (320) and narrow Split View (375, 438) windows on an iPad lay out like phones.
    @Test(arguments: [320.0, 375, 438], [1024.0, 1366])
    func aNarrowIPadWindowResolvesToAPhone(width: Double, height: Double) {
        // Exact expectations: the widest phone that fits, with or without the idiom; never a wider one.
        let expected: [Double: (withPad: DeviceName, withoutIdiom: DeviceName)] = [
            320: (.iPhone5, .iPhone5),
            375: (.iPhoneX, .iPhoneX),  // iPhoneX's height 812 is nearer than iPhone6's 667
            438: (.iPhone14ProMax, .iPhone14ProMax),  // 430 fits; the nearer 440 would not
        ]
        let withPad = standard.resolve(width: width, height: height, idiom: .pad)
        let withoutIdiom = standard.resolve(width: width, height: height)
        #expect(
            ([withPad.idiom, withoutIdiom.idiom], [withPad.name, withoutIdiom.name]) == (
                [.phone, .phone], [expected[width]?.withPad, expected[width]?.withoutIdiom]
            ))
    }

    /// Split View on iPads: 507 and 694 are a half and two thirds of a 9.7" iPad in landscape (1024×768); 639 is
    /// two thirds of a 12.9" iPad in portrait (1024×1366); 678 and 981 are a half and two thirds of a 12.9" iPad
    /// in landscape (1366×1024). The compact ones lay out like the widest phone that fits; 678 and 694, regular
    /// in width, have pad classes of their own; 981 takes the widest pad profile that fits (834), with the
    /// height nearest 1024.
    @Test(arguments: [
        (507.0, 768.0, DeviceName.iPhone16ProMax),
        (639, 1366, .iPhone16ProMax),
        (678, 1024, .iPadSplitView678),
        (694, 768, .iPadSplitView694),
        (981, 1024, .iPadPro10Inch),
    ])
    func anIPadSplitViewWindowResolvesToADocumentedProfile(width: Double, height: Double, expected: DeviceName) {
        let profile = standard.resolve(width: width, height: height, idiom: .pad)
        #expect(
            (profile.name, standard.lookupChain(for: profile).last) == (
                expected, (profile.idiom == .pad ? .iPad : .iPhone6Plus)
            ))
    }

    @Test(arguments: [
        (360.0, 780.0, DeviceName.iPhone5),
        (780, 360, .iPhone5),
        (400, 900, .iPhone14Pro),
        (900, 400, .iPhone14Pro),
        (300, 500, .iPhone5),  // narrower than every phone: the nearest one
        (1000, 500, .iPhone16ProMax),
    ])
    func anUnknownPhoneSizeResolvesToAPhone(width: Double, height: Double, expected: DeviceName) {
        let profile = standard.resolve(width: width, height: height)
        #expect((profile.idiom, profile.name) == (.phone, expected))
    }

    @Test func noPhoneSizedWindowResolvesToAPad() {
        for shortSide in stride(from: 100.0, to: 600, by: 7) {
            for longSide in [shortSide, 700, 900, 1366] {
                for (width, height) in [(shortSide, longSide), (longSide, shortSide)] {
                    let profile = standard.resolve(width: width, height: height)
                    #expect(profile.idiom == .phone, "\(width)×\(height) resolved to \(profile)")
                }
            }
        }
    }

    /// Windows (width, height, idiom) and the name each must resolve to in `catalog`, checked in one expectation.
    static func expectResolutions(
        _ catalog: DeviceCatalog, _ cases: [(Double, Double, DeviceIdiom?, DeviceName)],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (width, height, idiom, expected) in cases {
            let name = catalog.resolve(width: width, height: height, idiom: idiom).name
            #expect(
                name == expected, "\(width)×\(height), idiom \(idiom.map { "\($0)" } ?? "nil")",
                sourceLocation: sourceLocation)
        }
    }

    @Test func anUnknownPadSizeTakesTheWidestPadThatFitsItsWidthAsGiven() {
        Self.expectResolutions(
            standard,
            [
                (760, 1100, nil, .iPadMini), (800, 1100, nil, .iPad), (800, 1100, .pad, .iPad),
                (830, 1100, nil, .iPadAir), (900, 1200, nil, .iPadPro11),
                // In landscape the width as given counts: 1100 fits every pad up to 1032 wide.
                (1100, 800, nil, .iPadPro13),
            ])
    }

    @Test func anExactMatchPrefersTheRequestedIdiomAndOtherwiseCatalogOrder() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "phoneA", idiom: .phone, width: 500, height: 800),
            DeviceProfile(name: "padA", idiom: .pad, width: 500, height: 800),
        ])
        Self.expectResolutions(
            catalog,
            [
                (500, 800, .pad, "padA"), (800, 500, .pad, "padA"), (500, 800, .phone, "phoneA"),
                (500, 800, nil, "phoneA"),
            ])
    }

    @Test func anExactMatchOfAnotherIdiomIsUsedWhenTheRequestedIdiomHasNone() {
        Self.expectResolutions(standard, [(375, 667, .pad, .iPhone6), (768, 1024, .phone, .iPad)])
    }

    @Test func widthTiesGoToTheNearestHeightThenToCatalogOrder() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "short", idiom: .phone, width: 400, height: 700),
            DeviceProfile(name: "tall", idiom: .phone, width: 400, height: 900),
            DeviceProfile(name: "tallTwin", idiom: .phone, width: 400, height: 900),
        ])
        Self.expectResolutions(
            catalog,
            [
                (410, 720, nil, "short"), (720, 410, nil, "short"), (410, 880, nil, "tall"), (410, 1000, nil, "tall"),
                // Nearest phone (rule 3) breaks ties the same way.
                (300, 880, nil, "tall"), (300, 600, nil, "short"),
            ])
    }

    @Test func aCatalogWithoutPhonesResolvesANarrowWindowToTheNearestWidth() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "large", idiom: .pad, width: 1024, height: 1366),
            DeviceProfile(name: "small", idiom: .pad, width: 768, height: 1024),
        ])
        Self.expectResolutions(
            catalog, [(320, 1024, nil, "small"), (320, 1024, .pad, "small"), (1000, 1300, .phone, "large")])
    }

    @Test func aCatalogWithoutPadsResolvesAPadWindowToTheNearestPhone() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "small", idiom: .phone, width: 320, height: 568),
            DeviceProfile(name: "large", idiom: .phone, width: 414, height: 736),
        ])
        Self.expectResolutions(catalog, [(768, 1024, nil, "large"), (330, 1024, .pad, "small")])
    }

    @Test func nanAndNegativeSizesCountAsZero() {
        Self.expectResolutions(standard, [(.nan, -5, nil, .iPhone5), (-1, .nan, .pad, .iPhone5)])
    }

    // MARK: - Lookup chains

    @Test func aChainFollowsFallbacksTransitivelyDepthFirstWithoutRepeats() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "a", idiom: .phone, width: 400, height: 800, fallbacks: ["b", "c"]),
            DeviceProfile(name: "b", idiom: .phone, width: 380, height: 700, fallbacks: ["c"]),
            DeviceProfile(name: "c", idiom: .phone, width: 320, height: 568),
        ])
        #expect(["a", "b", "c"].map { catalog.lookupChain(for: $0) } == [["a", "b", "c"], ["b", "c"], ["c"]])
    }

    @Test func aChainVisitsAFallbacksOwnFallbacksBeforeTheNextFallback() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "a", idiom: .phone, width: 400, height: 800, fallbacks: ["b", "d"]),
            DeviceProfile(name: "b", idiom: .phone, width: 390, height: 800, fallbacks: ["c"]),
            DeviceProfile(name: "c", idiom: .phone, width: 380, height: 800, fallbacks: ["d"]),
            DeviceProfile(name: "d", idiom: .phone, width: 370, height: 800, fallbacks: []),
        ])
        #expect(catalog.lookupChain(for: "a") == ["a", "b", "c", "d"])
    }

    @Test func aChainUsesTheGivenProfilesOwnFallbacks() {
        let custom = DeviceProfile(
            name: "Custom", idiom: .phone, width: 400, height: 800, fallbacks: [.iPhoneX, "Nowhere"])
        #expect(standard.lookupChain(for: custom) == ["Custom", .iPhoneX, .iPhone6, "Nowhere"])
    }

    // MARK: - Validation

    struct InvalidCatalog: Sendable, CustomTestStringConvertible {
        var label: String
        var profiles: [DeviceProfile]
        var code: ConstraintError.Code
        /// Texts the message must contain, among them the device's name.
        var fragments: [String]
        var testDescription: String { label }
    }

    static func phone(_ name: DeviceName, _ width: Double = 375, _ height: Double = 667, _ fallbacks: [DeviceName] = [])
        -> DeviceProfile
    {
        DeviceProfile(name: name, idiom: .phone, width: width, height: height, fallbacks: fallbacks)
    }

    static let invalidCatalogs: [InvalidCatalog] = [
        InvalidCatalog(label: "empty", profiles: [], code: .invalidCatalog, fragments: ["at least one device"]),
        InvalidCatalog(
            label: "duplicate", profiles: [phone("a"), phone("b"), phone("a", 320, 568)], code: .invalidCatalog,
            fragments: ["\"a\"", "twice"]),
        InvalidCatalog(
            label: "unknown fallback", profiles: [phone("a"), phone("b", 375, 667, ["a", "zz"])],
            code: .invalidCatalog, fragments: ["\"b\"", "\"zz\"", "not in the catalog"]),
        InvalidCatalog(
            label: "cycle", profiles: [phone("a", 375, 667, ["b"]), phone("b", 375, 667, ["a"])],
            code: .invalidCatalog, fragments: ["a → b → a"]),
        InvalidCatalog(
            label: "self cycle", profiles: [phone("x"), phone("a", 375, 667, ["a"])], code: .invalidCatalog,
            fragments: ["a → a"]),
        InvalidCatalog(
            label: "long cycle behind an acyclic start",
            profiles: [
                phone("s", 375, 667, ["a"]), phone("a", 375, 667, ["b"]), phone("b", 375, 667, ["c"]),
                phone("c", 375, 667, ["a"]),
            ],
            code: .invalidCatalog, fragments: ["a → b → c → a"]),
        InvalidCatalog(
            label: "zero width", profiles: [phone("a", 0, 667)], code: .invalidCatalog,
            fragments: ["\"a\"", "width 0"]),
        InvalidCatalog(
            label: "negative height", profiles: [phone("ok"), phone("a", 375, -667)], code: .invalidCatalog,
            fragments: ["\"a\"", "height -667"]),
        InvalidCatalog(
            label: "NaN width", profiles: [phone("a", .nan, 667)], code: .invalidCatalog,
            fragments: ["\"a\"", "width nan"]),
        InvalidCatalog(
            label: "infinite height", profiles: [phone("a", 375, .infinity)], code: .invalidCatalog,
            fragments: ["\"a\"", "height inf"]),
        InvalidCatalog(
            label: "landscape", profiles: [phone("a", 667, 375)], code: .invalidCatalog,
            fragments: ["\"a\"", "667×375", "portrait"]),
        InvalidCatalog(
            label: "underscore", profiles: [phone("iPhone_6")], code: .invalidName,
            fragments: ["\"iPhone_6\"", "contains \"_\""]),
        InvalidCatalog(
            label: "slash", profiles: [phone("iPhone/6")], code: .invalidName,
            fragments: ["\"iPhone/6\"", "contains \"/\""]),
        InvalidCatalog(
            label: "backslash", profiles: [phone("iPhone\\6")], code: .invalidName,
            fragments: ["contains \"\\\""]),
        InvalidCatalog(
            label: "dot dot", profiles: [phone("..iPhone")], code: .invalidName,
            fragments: ["\"..iPhone\"", "contains \"..\""]),
        InvalidCatalog(
            label: "space", profiles: [phone("iPhone 6")], code: .invalidName,
            fragments: ["\"iPhone 6\"", "whitespace (U+0020)"]),
        InvalidCatalog(
            label: "control character", profiles: [phone("iPhone\u{7}6")], code: .invalidName,
            fragments: ["\"iPhone\\u{07}6\"", "control character U+0007"]),
        InvalidCatalog(
            label: "empty name", profiles: [phone("")], code: .invalidName, fragments: ["device name is empty"]),
    ]

    @Test(arguments: invalidCatalogs)
    func anInvalidCatalogIsRejectedWithACodeAndAMessageNamingTheDevice(_ example: InvalidCatalog) throws {
        let error = try #require(Self.catalogError(example.profiles))
        let lacking = example.fragments.filter { !error.message.contains($0) }
        #expect((error.code, lacking, error.keyPath) == (example.code, [], nil), "\(error.message)")
    }

    @Test(arguments: ["iPhone6", "iPad-Pro.11", "Kiosk(2)", "Téléphone", "a.b.c"])
    func aValidNameHasNoError(_ name: String) {
        #expect(DeviceName.validate(name, what: "device name") == nil)
    }

    @Test(arguments: [
        ("", "container name is empty"),
        ("a_b", "contains \"_\""),
        ("a/b", "contains \"/\""),
        ("a..b", "contains \"..\""),
        ("a\tb", "control character U+0009"),
        ("a\u{A0}b", "whitespace (U+00A0)"),
        ("a\nb", "control character U+000A"),
    ])
    func anInvalidNameGetsAnErrorSayingWhatWasFoundAndWhatIsAllowed(_ name: String, found: String) throws {
        let error = try #require(DeviceName.validate(name, what: "container name"))
        expectError(error, .invalidName, says: found, "may not contain")
        #expect(!error.message.contains("\n"))
    }

    @Test func aDeviceNameIsALiteralAStringAndComparable() {
        let literal: DeviceName = "iPhone6"
        #expect(
            ([literal, DeviceName("iPhone6")], literal.description, [DeviceName.iPhone6, .iPad, .iPhone5].sorted()) == (
                [.iPhone6, DeviceName(rawValue: "iPhone6")], "iPhone6", [.iPad, .iPhone5, .iPhone6]
            ))
    }

    @Test func aProfileDescribesItsSizeIdiomAndFallbacks() throws {
        let profile = try #require(standard.profile(named: .iPhone14Pro))
        #expect(
            [profile.description, Self.phone("x", 375.5, 667).description] == [
                "iPhone14Pro (phone, 393×852) → iPhone6", "x (phone, 375.5×667)",
            ])
    }

    // MARK: - JSON

    @Test func aValidCatalogFileLoads() throws {
        let catalog = try DeviceCatalog(json: Self.fixture("valid.json"))
        #expect(
            catalog.profiles == [
                DeviceProfile(name: .iPhone5, idiom: .phone, width: 320, height: 568),
                DeviceProfile(name: .iPhone6, idiom: .phone, width: 375, height: 667),
                DeviceProfile(
                    name: .iPhone14Pro, idiom: .phone, width: 393, height: 852, fallbacks: [.iPhone6, .iPhone5]),
                DeviceProfile(name: .iPad, idiom: .pad, width: 768, height: 1024.5, fallbacks: [.iPhone6]),
            ])
        #expect(catalog.lookupChain(for: .iPhone14Pro) == [.iPhone14Pro, .iPhone6, .iPhone5])
    }

    @Test func aWrongTypeInACatalogFileNamesItsKeyPath() throws {
        let error = Self.jsonError(try Self.fixture("wrong-type.json"))
        expectError(
            error, .invalidFormat, keyPath: "devices[1].width", says: "expected a number", "found a string (\"wide\")")
    }

    @Test func aMissingFieldInACatalogFileIsNamed() throws {
        let error = Self.jsonError(try Self.fixture("missing-field.json"))
        expectError(error, .invalidFormat, keyPath: "devices[1]", says: "missing required key \"height\"")
    }

    @Test func aMalformedCatalogFileIsReportedAsMalformedJSON() throws {
        expectError(Self.jsonError(try Self.fixture("malformed.json")), .malformedJSON, says: "not valid JSON")
    }

    @Test func aFallbackCycleInACatalogFileShowsTheCycleAndItsKeyPath() throws {
        let error = Self.jsonError(try Self.fixture("fallback-cycle.json"))
        expectError(
            error, .invalidCatalog, line: 4, column: 5, keyPath: "devices[1].fallbacks[0]", says: "a → b → a")
    }

    @Test func aWrongTypeInACatalogFileIsPlacedAtItsFileLineAndColumn() throws {
        let json =
            "{\"devices\": [\n  {\"name\": \"a\", \"idiom\": \"phone\", \"width\": \"wide\", \"height\": 568}\n]}"
        let error = try #require(throws: ConstraintError.self) {
            try DeviceCatalog(json: Data(json.utf8), fileName: "devices.json")
        }
        #expect(
            (error.code, error.description)
                == (
                    .invalidFormat,
                    #"devices.json:2:44: error: expected a number (the portrait width in points), found a string ("wide") at devices[0].width"#
                ))
    }

    @Test func aCatalogWithATrailingCommaIsRejectedAsStrictJSON() throws {
        let json = #"{"devices": [{"name": "a", "idiom": "phone", "width": 320, "height": 568},]}"#
        expectError(Self.jsonError(Data(json.utf8)), .malformedJSON, line: 1)
    }

    struct InvalidJSON: Sendable, CustomTestStringConvertible {
        var json: String
        var code: ConstraintError.Code
        var keyPath: String?
        var fragment: String
        var testDescription: String { json }
    }

    static func device(_ members: String) -> String {
        #"{"devices": [{"# + members + "}]}"
    }

    static let invalidJSON: [InvalidJSON] = [
        InvalidJSON(json: "", code: .malformedJSON, keyPath: nil, fragment: "not valid JSON"),
        InvalidJSON(json: "{", code: .malformedJSON, keyPath: nil, fragment: "not valid JSON"),
        InvalidJSON(json: "3", code: .invalidFormat, keyPath: nil, fragment: "found a number (3)"),
        InvalidJSON(json: "[]", code: .invalidFormat, keyPath: nil, fragment: "found an array"),
        InvalidJSON(json: "{}", code: .invalidFormat, keyPath: nil, fragment: "missing required key \"devices\""),
        InvalidJSON(
            json: #"{"devices": [], "version": 1}"#, code: .invalidFormat, keyPath: "version",
            fragment: "unknown key \"version\""),
        InvalidJSON(json: #"{"devices": {}}"#, code: .invalidFormat, keyPath: "devices", fragment: "found an object"),
        InvalidJSON(json: #"{"devices": []}"#, code: .invalidCatalog, keyPath: "devices", fragment: "at least one"),
        InvalidJSON(json: #"{"devices": [null]}"#, code: .invalidFormat, keyPath: "devices[0]", fragment: "found null"),
        InvalidJSON(
            json: device(#""name": 5, "idiom": "phone", "width": 320, "height": 568"#), code: .invalidFormat,
            keyPath: "devices[0].name", fragment: "expected a string, found a number (5)"),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "watch", "width": 320, "height": 568"#), code: .invalidFormat,
            keyPath: "devices[0].idiom", fragment: "expected \"phone\" or \"pad\", found a string (\"watch\")"),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": true, "height": 568"#), code: .invalidFormat,
            keyPath: "devices[0].width", fragment: "found true"),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": 320, "height": [568]"#), code: .invalidFormat,
            keyPath: "devices[0].height", fragment: "found an array"),
        InvalidJSON(
            json: device(#""idiom": "phone", "width": 320, "height": 568"#), code: .invalidFormat,
            keyPath: "devices[0]", fragment: "missing required key \"name\""),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": 320, "height": 568, "fallbacks": "b""#),
            code: .invalidFormat, keyPath: "devices[0].fallbacks", fragment: "expected an array of device names"),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": 320, "height": 568, "fallbacks": [false]"#),
            code: .invalidFormat, keyPath: "devices[0].fallbacks[0]", fragment: "found false"),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": 320, "height": 568, "fallback": []"#),
            code: .invalidFormat, keyPath: "devices[0].fallback", fragment: "unknown key \"fallback\""),
        InvalidJSON(
            json: device(#""name": "a_b", "idiom": "phone", "width": 320, "height": 568"#), code: .invalidName,
            keyPath: "devices[0].name", fragment: "\"a_b\""),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": 320, "height": 568, "fallbacks": ["zz"]"#),
            code: .invalidCatalog, keyPath: "devices[0].fallbacks[0]", fragment: "\"zz\""),
        InvalidJSON(
            json: device(#""name": "a", "idiom": "phone", "width": 568, "height": 320"#), code: .invalidCatalog,
            keyPath: "devices[0].width", fragment: "wider than tall"),
        InvalidJSON(
            json:
                #"{"devices": [{"name": "a", "idiom": "phone", "width": 320, "height": 568}], "extensionAttributes": "x"}"#,
            code: .invalidFormat, keyPath: "extensionAttributes", fragment: "expected an array of attribute names"),
        InvalidJSON(
            json:
                #"{"devices": [{"name": "a", "idiom": "phone", "width": 320, "height": 568}], "extensionAttributes": ["x", 3]}"#,
            code: .invalidFormat, keyPath: "extensionAttributes[1]", fragment: "expected an attribute name (a string)"),
        InvalidJSON(
            json:
                #"{"devices": [{"name": "a", "idiom": "phone", "width": 320, "height": 568}], "extensionAttributes": [""]}"#,
            code: .invalidCatalog, keyPath: "extensionAttributes[0]", fragment: "needs a name"),
    ]

    @Test func aCatalogDeclaresExtensionAttributesButNoStandardAttributeAsOne() throws {
        let data = Data(
            #"{"devices": [{"name": "a", "idiom": "phone", "width": 320, "height": 568}], "extensionAttributes": ["with"]}"#
                .utf8)
        let catalog = try DeviceCatalog(json: data)
        #expect(catalog.extensionAttributes == ["with"])
        #expect(catalog != (try DeviceCatalog(catalog.profiles)))
        let standard = Data(
            "{\"devices\": [{\"name\": \"a\", \"idiom\": \"phone\", \"width\": 320, \"height\": 568}],\n \"extensionAttributes\": [\"accentColor\", \"height\"]}"
                .utf8)
        let error = try #require(throws: ConstraintError.self) {
            try DeviceCatalog(json: standard, fileName: "devices.json")
        }
        #expect(
            error.description
                == #"devices.json:2:41: error: "height" is a standard attribute, not an extension attribute; remove it from "extensionAttributes" at extensionAttributes[1]"#
        )
        expectConstraintError { try DeviceCatalog(catalog.profiles, extensionAttributes: ["columns"]) }
    }

    @Test(arguments: invalidJSON)
    func anInvalidCatalogDocumentGetsACodeAKeyPathAndAMessage(_ example: InvalidJSON) throws {
        let error = try #require(Self.jsonError(Data(example.json.utf8)))
        #expect(
            (error.code, error.keyPath, error.message.contains(example.fragment))
                == (example.code, example.keyPath, true), "\(error.message)")
    }

    // MARK: - Helpers

    /// The error `DeviceCatalog(profiles)` throws, or `nil` if it accepts them.
    static func catalogError(_ profiles: [DeviceProfile]) -> ConstraintError? {
        do {
            _ = try DeviceCatalog(profiles)
            return nil
        } catch {
            return error
        }
    }

    /// The error `DeviceCatalog(json:)` throws, or `nil` if it accepts the document.
    static func jsonError(_ json: Data) -> ConstraintError? {
        do {
            _ = try DeviceCatalog(json: json)
            return nil
        } catch {
            return error
        }
    }

    /// The contents of `Fixtures/Catalogs/<name>`.
    static func fixture(_ name: String) throws -> Data {
        let fixtures = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let url = fixtures.appendingPathComponent("Catalogs").appendingPathComponent(name)
        return try Data(contentsOf: url)
    }
}

/// Today's models by name: each is read for the class its point size resolves to.
struct DeviceModelTests {
    /// The class of every model in the standard catalog, by the point sizes of Apple's specifications.
    static let classes: [DeviceName: [DeviceName]] = [
        .iPhone6: ["iPhone8", "iPhoneSE2", "iPhoneSE3"],
        .iPhone6Plus: ["iPhone8Plus"],
        .iPhoneX: ["iPhoneX", "iPhoneXS", "iPhone11Pro", "iPhone12Mini", "iPhone13Mini"],
        .iPhone12: ["iPhone12", "iPhone12Pro", "iPhone13", "iPhone13Pro", "iPhone14", "iPhone16e"],
        .iPhone14Pro: ["iPhone14Pro", "iPhone15", "iPhone15Pro", "iPhone16"],
        .iPhone16Pro: ["iPhone16Pro", "iPhone17", "iPhone17Pro"],
        .iPhoneXR: ["iPhoneXSMax", "iPhoneXR", "iPhone11", "iPhone11ProMax"],
        .iPhoneAir: ["iPhoneAir"],
        .iPhone12ProMax: ["iPhone12ProMax", "iPhone13ProMax", "iPhone14Plus"],
        .iPhone14ProMax: ["iPhone14ProMax", "iPhone15Plus", "iPhone15ProMax", "iPhone16Plus"],
        .iPhone16ProMax: ["iPhone16ProMax", "iPhone17ProMax"],
        .iPad: ["iPad5", "iPad6", "iPadMini5"],
        .iPadMini: ["iPadMini6", "iPadMini7"],
        .iPadNinthGen: ["iPad7", "iPad8", "iPad9"],
        .iPadAir: ["iPad10", "iPad11", "iPadAir4", "iPadAir5", "iPadAir11M2", "iPadAir11M3", "iPadAir11"],
        .iPadPro10Inch: ["iPadAir3", "iPadPro10Inch"],
        .iPadPro11: ["iPadPro11Inch1", "iPadPro11Inch2", "iPadPro11Inch3", "iPadPro11Inch4"],
        .iPadPro11M4: ["iPadPro11M4", "iPadPro11M5"],
        .iPadPro12Inch: [
            "iPadAir13M2", "iPadAir13M3", "iPadAir13", "iPadPro12Inch2", "iPadPro12Inch3", "iPadPro12Inch4",
            "iPadPro12Inch5", "iPadPro12Inch6",
        ],
        .iPadPro13: ["iPadPro13M4", "iPadPro13M5"],
    ]

    @Test func everyModelResolvesToTheClassOfItsPointSize() throws {
        let standard = DeviceCatalog.standard
        var expected: [DeviceName: DeviceName] = [:]
        for (deviceClass, models) in Self.classes {
            for model in models { expected[model] = deviceClass }
        }
        #expect(Set(expected.keys) == Set(DeviceModel.all.map(\.name)))
        for model in DeviceModel.all {
            #expect(
                [standard.deviceClass(of: model).name, standard.deviceClass(named: model.name)?.name] == [
                    expected[model.name], expected[model.name],
                ], "\(model)")
        }
        for (deviceClass, models) in Self.classes {
            #expect(Set(standard.models(of: deviceClass).map(\.name)) == Set(models), "\(deviceClass)")
        }
    }

    @Test func theIssuesNamesAreModelsOfTheirClasses() {
        let standard = DeviceCatalog.standard
        #expect(
            ["iPhone16", "iPhone17ProMax", "iPadAir13", "iPhone99"].map { standard.deviceClass(named: $0)?.name } == [
                .iPhone14Pro, .iPhone16ProMax, .iPadPro12Inch, nil,
            ])
        #expect(standard.lookupChain(for: "iPhone16") == [.iPhone14Pro, .iPhone6])
    }

    @Test func everyModelNameIsAValidUniqueDeviceNameWithAPortraitSize() {
        #expect(Set(DeviceModel.all.map(\.name)).count == DeviceModel.all.count)
        for model in DeviceModel.all {
            #expect(
                DeviceName.validate(model.name.rawValue, what: "model name") == nil && model.width > 0
                    && model.width <= model.height && DeviceModel.named(model.name) == model, "\(model)")
        }
    }

    @Test func aModelOfACustomCatalogIsReadForTheClassItsSizeResolvesTo() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "Small", idiom: .phone, width: 320, height: 568),
            DeviceProfile(name: "Large", idiom: .phone, width: 400, height: 800, fallbacks: ["Small"]),
            DeviceProfile(name: "iPhone16", idiom: .phone, width: 393, height: 852),
        ])
        // A class named as a model (iPhone16) is that class, whatever the model's size.
        #expect(
            ["iPhone8", "iPhone17ProMax", "iPhone16"].map { catalog.deviceClass(named: $0)?.name } == [
                "Small", "Large", "iPhone16",
            ])
        #expect(!catalog.fileDeviceNames(of: "Large").contains("iPhone16"))
    }

    @Test func anUnknownNameIsToldTheNearestModelAndItsClass() throws {
        let suggestion = try #require(DeviceCatalog.standard.suggestion(for: "iPhone15Plu"))
        #expect(
            (suggestion.name, suggestion.note) == ("iPhone15Plus", "iPhone 15 Plus, read for class iPhone14ProMax"))
        #expect(DeviceCatalog.standard.suggestion(for: "iPhone6Plu")?.note == nil)
    }

    /// The filed names answer what a comparison with every name answers: the nearest within three edits, the first
    /// listed on a tie, none for a word no nearer than it is long. Words are the names with up to four random edits
    /// (insertions, deletions, changes, swaps, case), among names that are short, numbered, long past the filed
    /// length, or not ASCII.
    @Test func filedNamesSuggestWhatAComparisonWithEveryNameSuggests() throws {
        var random = SeededRandom(seed: 7)
        let names =
            DeviceCatalog.standard.profiles.map(\.name.rawValue) + DeviceModel.all.map(\.name.rawValue)
            + (0..<200).map { "D\($0)" } + ["a", "ab", "Ab", "ba", "caf\u{e9}", "Cafe\u{301}s", "\u{130}stanbul"]
            + [String(repeating: "Tablet", count: 5), String(repeating: "Tablet", count: 5) + "X", "x"]
        let letters = Array("aAbDeiPx0179\u{e9}\u{301}")
        func edited(_ name: String) -> String {
            var characters = Array(name)
            for _ in 0..<random.next(below: 5) {
                let at = random.next(below: characters.count + 1)
                switch random.next(below: 5) {
                case 0: characters.insert(letters[random.next(below: letters.count)], at: at)
                case 1 where at < characters.count: characters.remove(at: at)
                case 2 where at < characters.count: characters[at] = letters[random.next(below: letters.count)]
                case 3 where at + 1 < characters.count: characters.swapAt(at, at + 1)
                case 4 where at < characters.count: characters[at] = Character(characters[at].uppercased())
                default: break
                }
            }
            return String(characters)
        }
        let index = EditDistance.Index(names)
        let candidates = EditDistance.Candidates(names)
        var found = 0
        for _ in 0..<3_000 {
            let word = edited(names[random.next(below: names.count)])
            for maximum in [2, 3] {
                let expected = EditDistance.closest(to: word, among: candidates, maximum: maximum)
                #expect(index.closest(to: word, maximum: maximum) == expected, "\(word), \(maximum)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 3_000, "most edited words are near a name")
        let suggestions = DeviceCatalog.Suggestions(.standard)
        for word in ["iPhone15Plu", "iPhone6Plu", "ipad", "iPhoen14", "Pixel", "w600", "Dx7"] {
            let (filed, compared) = (suggestions.suggestion(for: word), DeviceCatalog.standard.suggestion(for: word))
            #expect((filed?.name, filed?.note) == (compared?.name, compared?.note), "\(word)")
        }
    }
}

extension DeviceCatalogTests {
    /// The wider fallbacks are the ones walking each device's whole lookup chain finds, in its order, on catalogs
    /// whose fallbacks share devices (diamonds), skip some, come in any order, and tie in width.
    @Test func theWiderFallbacksAreTheOnesWalkingEveryChainFinds() throws {
        var checked = 0
        for catalog in [DeviceCatalog.standard] + GeneratedCatalogs.shapes {
            let walked = catalog.profiles.flatMap { profile in
                catalog.lookupChain(for: profile).dropFirst().compactMap { catalog.profile(named: $0) }
                    .filter { $0.width > profile.width }.map { [profile.name, $0.name] }
            }
            #expect(catalog.widerFallbacks.map { [$0.profile.name, $0.fallback.name] } == walked)
            checked += walked.isEmpty ? 0 : 1
        }
        // Most of the catalogs have a wider fallback somewhere, so the order along a chain is compared.
        #expect(checked > 100)
    }

    /// A chain of classes, each falling back to the narrower one before it, has no wider fallback, and finding that
    /// takes linear time. (Walking every device's chain took 1.5 s for 4,000 devices and 23 s for 16,000.)
    @Test(.longTier, .timeLimit(.minutes(10)))
    func theWiderFallbacksOfALongChainOfClassesAreFoundInLinearTime() async throws {
        let wider = try await LinearTime.expectLinear(
            from: 4_000, "the wider fallbacks of a chain of n classes", prepare: { try GeneratedCatalogs.chain($0) },
            { catalog in catalog.widerFallbacks.count })
        #expect(wider == 0)
    }
}
