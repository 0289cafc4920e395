import ConstraintDSL
import ConstraintLayout
import DeviceConstraints
import Foundation
import Testing

/// Frames from the records of `Constraints/`: the BMT calendar's day button, after a 40-point previous day, on
/// every device of the standard catalog.
struct RecordLayoutTests {
    private let calendar = LayoutNode("calendar")
    private let previousDay: LayoutNode
    private let dayButton: LayoutNode

    init() {
        previousDay = LayoutNode("previousDay", in: calendar)
        dayButton = LayoutNode("dayButton", in: calendar)
    }

    private static let constraintsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Constraints", isDirectory: true)

    private func dayButtonFrame(on profile: DeviceProfile) throws -> (frame: LayoutFrame?, spec: ConstraintRecord) {
        let interpreter = ConstraintInterpreter(source: DirectorySource(Self.constraintsFolder), device: profile)
        let spec = try interpreter.record(
            viewId: "bmt_reportCalendarDayButtonId_Selected", container: "BMTReportCalendarDayButton")
        let constraints = [
            previousDay.makeConstraints { make in
                make.left.top.equalTo(calendar)
                make.width.height.equalTo(40)
            },
            dayButton.makeConstraints { make in
                make.left.equalTo(previousDay.right).offset(spec.marginLeft)
                make.top.equalTo(calendar.top).offset(spec.marginTop)
                make.size.equalTo(spec)
            },
        ]
        let environment = LayoutEnvironment(width: profile.width, height: profile.height, idiom: profile.idiom)
        let layout = try LayoutEngine(root: calendar, constraints: constraints, environment: environment).solve()
        #expect(layout.diagnostics.isEmpty, "\(profile.name): \(layout.diagnostics)")
        return (layout.frame(of: dayButton), spec)
    }

    @Test(arguments: DeviceCatalog.standard.profiles)
    func theDayButtonSitsAfterThePreviousDayOnEveryDevice(profile: DeviceProfile) throws {
        let (frame, spec) = try dayButtonFrame(on: profile)
        #expect(
            frame == LayoutFrame(x: 40 + spec.marginLeft, y: spec.marginTop, width: spec.width, height: spec.height))
    }

    @Test(arguments: [
        (DeviceName.iPhone5, LayoutFrame(x: 42.5, y: 0.5, width: 45, height: 45)),
        (.iPhone6, LayoutFrame(x: 44, y: 0, width: 55, height: 55)),
        (.iPhone6Plus, LayoutFrame(x: 46, y: 0, width: 60, height: 60)),
        (.iPad, LayoutFrame(x: 44, y: 0, width: 55, height: 55)),
    ])
    func theOriginalDevicesGetTheSeedsFrames(device: DeviceName, expected: LayoutFrame) throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: device))
        #expect(try dayButtonFrame(on: profile).frame == expected)
    }
}
