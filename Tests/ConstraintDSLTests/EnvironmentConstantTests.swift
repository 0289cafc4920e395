import ConstraintDSL
import DeviceConstraints
import Foundation
import Testing

/// Constants follow the window: per-device constants resolve for an environment, scaled constants scale with
/// its width, and record-fed constants are read through the interpreter for its current environment.
struct EnvironmentConstantTests {
    private let container = LayoutNode("container")
    private let box: LayoutNode
    private static let topView = ViewID(container: "BMTReportMeasureView", viewId: "bmt_reportMeasureViewId_TopView")
    private static let normalDay = ViewID(
        container: "BMTReportCalendarDayButton", viewId: "bmt_reportCalendarDayButtonId_Normal")

    init() {
        box = LayoutNode("box", in: container)
    }

    private func window(_ width: Double, _ height: Double = 768, _ idiom: DeviceIdiom? = nil) -> LayoutEnvironment {
        LayoutEnvironment(width: width, height: height, idiom: idiom)
    }

    // MARK: - Per-device and scaled

    @Test func aPerDeviceValueResolvesForTheDeviceOfAWindow() {
        let margin = PerDevice(20.0).overriding(12, on: .iPhone5).overriding(15, on: .iPhone6)
        let cases: [(window: LayoutEnvironment, margin: Double)] = [
            (window(393, 852), 15),  // iPhone14Pro → iPhone6
            (window(320, 568), 12),
            (window(1024, 1366, .pad), 20),
        ]
        for (window, expected) in cases {
            #expect(margin.resolved(for: window) == expected, "\(window)")
        }
    }

    @Test func aGroupResolvedForAWindowMatchesTheGroupResolvedForItsDevice() throws {
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(20).offset(12, on: .iPhone5).offset(15, on: .iPhone6)
            make.height.equalTo(114).equalTo(105, on: .iPhone5, .iPhone6)
        }
        for profile in DeviceCatalog.standard.profiles {
            let environment = window(profile.width, profile.height, profile.idiom)
            let device = DeviceCatalog.standard.resolve(environment)
            #expect(try constraints.resolved(for: environment) == constraints.resolved(for: device))
        }
    }

    @Test func aScaledConstantScalesWithTheWindowWidthAndRoundsToThePixel() throws {
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(.scaled(20, designWidth: 375))
            make.right.equalToSuperview().inset(.scaled(20, designWidth: 375))
            make.height.equalTo(.scaled(60, designWidth: 375, min: 50, max: 80))
        }
        // 20 × 507 ÷ 375 = 27.04 → 27.0 at 2×; 20 × 1024 ÷ 375 = 54.61 → 54.5; 60 × 320 ÷ 375 = 51.2 → 51.0.
        let cases: [(window: LayoutEnvironment, constants: [Double])] = [
            (window(375, 667), [20, -20, 60]), (window(507, 768, .pad), [27, -27, 80]),
            (window(1024, 1366, .pad), [54.5, -54.5, 80]), (window(320, 568), [17, -17, 51]),
            (window(200, 568), [10.5, -10.5, 50]),
        ]
        for (window, expected) in cases {
            #expect(try constraints.resolved(for: window).map(\.constant) == expected, "\(window)")
        }
    }

    @Test func aScaledConstantWithoutADesignWidthScalesAgainstTheDevicesDesignWidth() throws {
        let constraint = box.makeConstraints { make in make.width.equalTo(.scaled(100)) }
        let iPhone6 = try DeviceProfile.standard(.iPhone6)
        let wider = iPhone6.width + 3  // still an iPhone6-class window, 3 points wider
        let expected = (100 * wider / iPhone6.designWidth * 2).rounded() / 2
        #expect(
            try [
                constraint.resolved(for: window(iPhone6.width, iPhone6.height)).map(\.constant),
                constraint.resolved(for: window(wider, iPhone6.height)).map(\.constant),
            ] == [[100], [expected]], "at the iPhone 6's width, then 3 points wider")
    }

    @Test func perDeviceNumbersCanScaleAndAnOverrideCanBeScaledOrFixed() throws {
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(PerDevice(20.0).overriding(12, on: .iPhone5).scaled(designWidth: 375))
            make.top.equalToSuperview().offset(.scaled(10, designWidth: 375)).offset(.fixed(4), on: .iPhone5)
        }
        for (window, expected) in [(window(750, 1000, .pad), [40.0, 20]), (window(320, 568), [10, 4])] {
            #expect(try constraints.resolved(for: window).map(\.constant) == expected, "\(window)")
        }
        let descriptions: [String] = constraints.map { (constraint) -> String in
            constraint.description.components(separatedBy: " (").first ?? ""
        }
        let expectedDescriptions: [String] = [
            "box.left == container.left + scaled 20 at 375 [iPhone5: scaled 12 at 375]",
            "box.top == container.top + scaled 10 at 375 [iPhone5: 4.0]",
        ]
        #expect(descriptions == expectedDescriptions)
    }

    @Test func aResizeWithinAClassChangesOnlyTheScaledConstants() throws {
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(20).offset(12, on: .iPhone5)
            make.width.equalTo(.scaled(100, designWidth: 375))
            make.height.equalTo(44)
        }
        let before = try constraints.resolved(for: window(400, 800))
        let after = try constraints.resolved(for: window(406, 800))
        #expect(
            try [ConstantChange.changes(from: before, to: after), ConstantChange.changes(from: before, to: before)]
                == [[ConstantChange(index: 1, old: 106.5, new: 108.5)], []], "400 to 406 points, then 400 to 400")
    }

    @Test func constantChangesRefuseConstraintsThatAreNotTheSame() throws {
        let first = try box.makeConstraints { make in make.height.equalTo(44) }.resolved(for: window(375, 667))
        let other = try box.makeConstraints { make in make.width.equalTo(44) }.resolved(for: window(375, 667))
        for (name, changed) in [("another constraint", other), ("one more constraint", first + other)] {
            #expect(throws: ConstraintError.self, "\(name)") { try ConstantChange.changes(from: first, to: changed) }
        }
    }

    // MARK: - Record-fed

    private func interpreter(_ environment: LayoutEnvironment) -> ConstraintInterpreter {
        ConstraintInterpreter(source: DirectorySource(Folders.bundledConstraints), environment: environment)
    }

    @Test func aRecordFedConstantFollowsTheInterpreterWhileAFrozenNumberDoesNot() async throws {
        let interpreter = interpreter(window(1024, 1366, .pad))
        let frozen = try interpreter.record(Self.normalDay).marginLeft
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(frozen)
            make.right.equalToSuperview().offset(.record(Self.normalDay, .marginLeft))
        }
        let onPad = try constraints.resolved(using: interpreter).map(\.constant)
        #expect(onPad == [62.5, 62.5])

        _ = try await interpreter.update(to: window(507, 768, .pad))
        let narrow = try interpreter.record(Self.normalDay).marginLeft
        #expect(
            (narrow != 62.5, try constraints.resolved(using: interpreter).map(\.constant)) == (true, [62.5, narrow]),
            "\(narrow)")
    }

    @Test func recordFedAndPerDeviceConstantsAgreeOnEveryDeviceOfTheStandardCatalog() throws {
        func value(on device: DeviceName) throws -> ConstraintRecord {
            let reader = ConstraintInterpreter(
                source: DirectorySource(Folders.bundledConstraints), device: try .standard(device))
            return try reader.record(Self.topView)
        }
        let base = try value(on: .iPad)
        let iPhone5 = try value(on: .iPhone5)
        let iPhone6 = try value(on: .iPhone6)
        let perDevice = box.makeConstraints { make in
            make.left.equalToSuperview().offset(
                PerDevice(base.marginLeft, overrides: [.iPhone5: iPhone5.marginLeft, .iPhone6: iPhone6.marginLeft]))
            make.right.equalToSuperview().inset(
                PerDevice(base.marginRight, overrides: [.iPhone5: iPhone5.marginRight, .iPhone6: iPhone6.marginRight]))
            make.height.equalTo(
                PerDevice(base.height, overrides: [.iPhone5: iPhone5.height, .iPhone6: iPhone6.height]))
        }
        let recordFed = box.makeConstraints { make in
            make.left.equalToSuperview().offset(.record(Self.topView, .marginLeft))
            make.right.equalToSuperview().inset(
                .record(container: Self.topView.container, viewId: Self.topView.viewId, .marginRight))
            make.height.equalTo(.record(Self.topView, attribute: "height"))
        }
        #expect(DeviceCatalog.standard.profiles.count >= 10)
        for profile in DeviceCatalog.standard.profiles {
            let interpreter = interpreter(window(profile.width, profile.height, profile.idiom))
            let fed = try recordFed.resolved(using: interpreter).map(\.constant)
            #expect(fed == (try perDevice.resolved(for: interpreter.device).map(\.constant)), "\(profile.name)")
        }
    }

    @Test func aRecordThatCannotBeReadIsAnErrorAtTheConstraintsLine() throws {
        let interpreter = interpreter(window(1024, 1366, .pad))
        let unknown = ViewID(container: "BMTReportMeasureView", viewId: "bottomView")
        let line = #line + 2
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(.record(unknown, .marginLeft))
            make.top.equalToSuperview().offset(.record(Self.topView, .fontSize))
            make.width.equalTo(.record(Self.topView, attribute: "cornerRadius"))
        }
        let error = try #require(throws: ConstraintError.self) { try constraints.resolved(using: interpreter) }
        #expect(
            (
                error.code, error.line, error.file?.hasSuffix("EnvironmentConstantTests.swift"),
                error.additionalErrors.map(\.code), error.additionalErrors.first?.line,
                "\(error)".contains("box.left == container.left + BMTReportMeasureView.bottomView.marginLeft")
            ) == (.unknownView, line, true, [.missingAttribute], line + 1, true), "\(error)")
    }

    @Test func aRecordFedConstantNeedsAnInterpreter() throws {
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(.record(Self.topView, .marginLeft))
        }
        let error = try #require(throws: ConstraintError.self) { try constraints.resolved(for: window(375, 667)) }
        #expect((error.code, error.message.contains("resolved(using:)")) == (.invalidValue, true), "\(error)")
        #expect(throws: ConstraintError.self) { try constraints.resolved(for: DeviceProfile.standard(.iPhone6)) }
    }

    @Test func aRecordFedConstantThatIsNotANumberIsAnInvalidValue() throws {
        let source = InMemorySource(["Card.json": #"{ "Card": { "title": { "style": "bold", "gutter": 12 } } }"#])
        let interpreter = ConstraintInterpreter(source: source, environment: window(375, 667))
        let title = ViewID(container: "Card", viewId: "title")
        let constraints = box.makeConstraints { make in
            make.left.equalToSuperview().offset(.record(title, attribute: "gutter"))
            make.right.equalToSuperview().offset(.record(title, attribute: "style"))
        }
        let error = try #require(throws: ConstraintError.self) { try constraints.resolved(using: interpreter) }
        #expect(
            (error.code, error.message.contains("Card.title.style is"), error.additionalErrors.isEmpty)
                == (.invalidValue, true, true), "\(error)")
    }

    @Test func aConstantResolvesOnItsOwnForAWindow() throws {
        let window = window(507, 768, .pad)
        #expect(
            try [
                LayoutConstant.scaled(20, designWidth: 375).resolved(for: window),
                LayoutConstant.fixed(20).resolved(for: window),
            ]
                == [27, 20])
        let interpreter = interpreter(window)
        #expect(
            try LayoutConstant.record(Self.topView, .height).resolved(for: window, records: interpreter)
                == RecordValue(Self.topView, .height).resolved(using: interpreter))
        #expect(throws: ConstraintError.self) { try LayoutConstant.record(Self.topView, .height).resolved(for: window) }
    }

    @Test func aRecordValueReadsStandardAndExtensionNumbers() throws {
        let interpreter = interpreter(window(320, 568))
        #expect(
            try [
                RecordValue(Self.topView, .height).resolved(using: interpreter),
                RecordValue(Self.topView, attribute: "cornerRadius").resolved(using: interpreter),
            ] == [105, 8])
        #expect(
            "\(RecordValue(Self.topView, .height))" == "BMTReportMeasureView.bmt_reportMeasureViewId_TopView.height")
    }
}
