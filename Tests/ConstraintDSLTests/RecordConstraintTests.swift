import ConstraintDSL
import DeviceConstraints
import Testing

private struct BMTReportCalendarDayButton {}

/// Records from the interpreter plug into the chain: `offset(spec.marginLeft)`, `size.equalTo(spec)`,
/// `edges(spec, relativeTo:)`, with the BMT calendar's day button read from `Constraints/`.
struct RecordConstraintTests {
    private let container = LayoutNode("calendar")
    private let previousDay: LayoutNode
    private let dayButton: LayoutNode

    init() {
        previousDay = LayoutNode("previousDay", in: container)
        dayButton = LayoutNode("dayButton", in: container)
    }

    private func selectedSpec(on device: DeviceName) throws -> ConstraintRecord {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Folders.bundledConstraints), device: try .standard(device))
        return try interpreter.record(
            viewId: "bmt_reportCalendarDayButtonId_Selected", in: BMTReportCalendarDayButton.self)
    }

    @Test(arguments: [
        (DeviceName.iPhone5, 2.5, 45.0), (.iPhone6, 4.0, 55.0), (.iPhone6Plus, 6.0, 60.0), (.iPad, 4.0, 55.0),
        (.iPhone14Pro, 4.0, 55.0), (.iPhone16ProMax, 6.0, 60.0),
    ])
    func theSelectedDayButtonTakesItsMarginAndSizeFromTheFiles(device: DeviceName, left: Double, size: Double)
        throws
    {
        let spec = try selectedSpec(on: device)
        let constraints = dayButton.makeConstraints { make in
            make.left.equalTo(previousDay.right).offset(spec.marginLeft)
            make.size.equalTo(spec)
        }
        #expect(
            try constraints.statements(on: device) == [
                "dayButton.left == previousDay.right + \(left)", "dayButton.width == \(size)",
                "dayButton.height == \(size)",
            ])
    }

    @Test func allFourMarginsComeFromTheRecordAtOnce() throws {
        let spec = try selectedSpec(on: .iPhone5)
        let constraints = dayButton.makeConstraints { make in
            make.edges(spec, relativeTo: container)
        }
        #expect(
            try constraints.statements(on: .iPhone5) == [
                "dayButton.top == calendar.top + 0.5", "dayButton.left == calendar.left + 2.5",
                "dayButton.bottom == calendar.bottom", "dayButton.right == calendar.right",
            ])
    }

    @Test func theIssuesExampleResolvesAlongEachDevicesChain() throws {
        let constraints = dayButton.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
            make.right.equalTo(container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
        }
        #expect(try constraints.constants(on: .iPhone5) == [0, 105, -12, 105])
        #expect(try constraints.constants(on: .iPhone6) == [0, 114, -15, 105])
        #expect(try constraints.constants(on: .iPhone14Pro) == [0, 114, -15, 105])
        #expect(try constraints.constants(on: .iPhone6Plus) == [0, 114, -20, 115])
        #expect(try constraints.constants(on: .iPad) == [0, 114, -20, 115])
    }
}
