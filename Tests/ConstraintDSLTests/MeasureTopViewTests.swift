import ConstraintDSL
import DeviceConstraints
import Testing

/// The BMT calendar's `measureTopView`: 105 high with 12-point margins on an iPhone 5, 105 and 15 on an iPhone 6, 114 and
/// 20 elsewhere. Written with per-device numbers in code, and with the numbers in `Constraints/`.
struct MeasureTopViewTests {
    private let measureView = LayoutNode("measureView")
    private let topView: LayoutNode

    init() {
        topView = LayoutNode("measureTopView", in: measureView)
    }

    /// The second approach of "Custom UI layout per iOS device": per-device offsets in the code.
    private func writtenInCode() -> ConstraintGroup {
        topView.makeConstraints { make in
            make.top.equalTo(measureView)
            make.left.equalTo(measureView.left).offset(20).offset(12, on: .iPhone5).offset(15, on: .iPhone6)
            make.right.equalTo(measureView.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.height.equalTo(114).equalTo(105, on: .iPhone5, .iPhone6)
        }
    }

    /// The fourth approach: the numbers come from `BMTReportMeasureView*.json`.
    private func readFromFiles(on device: DeviceName) throws -> ConstraintGroup {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Folders.bundledConstraints), device: try .standard(device))
        let spec = try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
        return topView.makeConstraints { make in
            make.top.equalTo(measureView).offset(spec.marginTop)
            make.left.equalTo(measureView.left).offset(spec.marginLeft)
            make.right.equalTo(measureView.right).offset(-spec.marginRight)
            make.height.equalTo(spec.height)
        }
    }

    // MARK: - Both ways

    @Test(arguments: Devices.all)
    func codeAndFilesResolveToTheSameConstraints(device: DeviceName) throws {
        let code = try writtenInCode().outcomes(on: device)
        let files = try readFromFiles(on: device).outcomes(on: device)
        #expect((code, code.count) == (files, 4))
    }

    @Test(arguments: [
        (DeviceName.iPhone5, 105.0, 12.0), (.iPhone6, 105.0, 15.0), (.iPhone6Plus, 114.0, 20.0), (.iPad, 114.0, 20.0),
        (.iPhone14Pro, 105.0, 15.0), (.iPhone16ProMax, 114.0, 20.0), (.iPadPro13, 114.0, 20.0),
    ])
    func eachDeviceGetsTheSeedsNumbers(device: DeviceName, height: Double, margin: Double) throws {
        #expect(
            try [writtenInCode().constants(on: device), readFromFiles(on: device).constants(on: device)]
                == Array(repeating: [0, margin, -margin, height], count: 2))
    }

    @Test func theCodeVersionPrintsWhatAnIPhone14ProGets() throws {
        let statements = try writtenInCode().statements(on: .iPhone14Pro)
        #expect(
            statements == [
                "measureTopView.top == measureView.top",
                "measureTopView.left == measureView.left + 15.0",
                "measureTopView.right == measureView.right - 15.0",
                "measureTopView.height == 105.0",
            ])
    }

    @Test func theCodeVersionPrintsItsPerDeviceNumbersBeforeResolution() {
        let lines = writtenInCode().description.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let prefixes = [
            (1, "measureTopView.left == measureView.left + 20.0 [iPhone5: 12.0, iPhone6: 15.0] ("),
            (2, "measureTopView.right == measureView.right - 20.0 [iPhone5: -12.0, iPhone6: -15.0]"),
            (3, "measureTopView.height == 114.0 [iPhone5: 105.0, iPhone6: 105.0] ("),
        ]
        for (index, prefix) in prefixes {
            #expect(lines[index].hasPrefix(prefix), "line \(index)")
        }
        #expect(lines.allSatisfy { $0.hasSuffix(")") && $0.contains("MeasureTopViewTests.swift:") })
    }

    @Test(arguments: Devices.all)
    func insetByTheRecordMatchesTheCodeVersionsMargins(device: DeviceName) throws {
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Folders.bundledConstraints), device: try .standard(device))
        let spec = try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
        let inset = topView.makeConstraints { make in
            make.horizontalEdges.equalTo(measureView).inset(spec)
        }
        let code = try writtenInCode().outcomes(on: device)
        #expect(try inset.outcomes(on: device) == Array(code[1...2]))
    }
}
