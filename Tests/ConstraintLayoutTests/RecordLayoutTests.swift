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

    // MARK: - Record-fed constants

    private static let recordsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Records", isDirectory: true)

    private static let topViewHeight = RecordValue(
        container: "BMTReportMeasureView", viewId: "bmt_reportMeasureViewId_TopView", .height)

    /// A view whose height is the measure view's top view's, read from the files.
    private func recordFedConstraints(_ root: LayoutNode, _ view: LayoutNode) -> ConstraintGroup {
        view.makeConstraints { make in
            make.left.top.right.equalToSuperview()
            make.height.equalTo(.record(Self.topViewHeight))
        }
    }

    @Test func aRecordFedConstantIsReadThroughTheInterpreterGivenToTheEngine() throws {
        let root = LayoutNode("root")
        let view = LayoutNode("view", in: root)
        let iPhone5 = LayoutEnvironment(width: 320, height: 568, idiom: .phone)
        do {
            _ = try LayoutEngine(root: root, constraints: [recordFedConstraints(root, view)], environment: iPhone5)
            Issue.record("expected an error without an interpreter")
        } catch {
            #expect(error.message.contains("needs an interpreter"))
        }
        let interpreter = ConstraintInterpreter(source: DirectorySource(Self.constraintsFolder), environment: iPhone5)
        let engine = try LayoutEngine(
            root: root, constraints: [recordFedConstraints(root, view)], interpreter: interpreter)
        #expect(
            (try engine.solve().frame(of: view), engine.environment)
                == (LayoutFrame(x: 0, y: 0, width: 320, height: 105), iPhone5))
    }

    @Test func recordFedConstantsFollowTheEnginesWindowAndLeaveTheInterpreterWhereItIs() throws {
        let root = LayoutNode("root")
        let view = LayoutNode("view", in: root)
        let iPhone5 = LayoutEnvironment(width: 320, height: 568, idiom: .phone)
        let interpreter = ConstraintInterpreter(source: DirectorySource(Self.constraintsFolder), environment: iPhone5)
        let engine = try LayoutEngine(
            root: root, constraints: [recordFedConstraints(root, view)], interpreter: interpreter,
            environment: LayoutEnvironment(width: 414, height: 736, idiom: .phone))
        // In order: solved at 414 × 736, then updated to 375 × 667, 768 × 1024 and the iPhone 5.
        let heights = try [
            engine.solve().frame(of: view)?.height,
            engine.update(to: LayoutEnvironment(width: 375, height: 667)).frame(of: view)?.height,
            engine.update(to: LayoutEnvironment(width: 768, height: 1024)).frame(of: view)?.height,
            engine.update(to: iPhone5).frame(of: view)?.height,
        ]
        #expect((heights, interpreter.environment) == ([114, 105, 114, 105], iPhone5))
    }

    @Test func anEngineForAnotherWindowSharesTheFilesTheInterpreterHasRead() throws {
        let root = LayoutNode("root")
        let view = LayoutNode("view", in: root)
        let source = ReadCountingSource(
            InMemorySource([
                "BMTReportMeasureView.json":
                    #"{"BMTReportMeasureView": {"bmt_reportMeasureViewId_TopView": {"height": 114}}}"#
            ]))
        let iPhone5 = LayoutEnvironment(width: 320, height: 568, idiom: .phone)
        let interpreter = ConstraintInterpreter(source: source, environment: iPhone5)
        let engine = try LayoutEngine(
            root: root, constraints: [recordFedConstraints(root, view)], interpreter: interpreter)
        let heights = try [
            engine.solve().frame(of: view)?.height,
            engine.update(to: LayoutEnvironment(width: 768, height: 1024)).frame(of: view)?.height,
        ]
        // The iPad's interpreter shares the iPhone 5's parsed files: the base file is read once.
        #expect((heights, source.reads(of: "BMTReportMeasureView.json")) == ([114, 114], 1))
    }

    @Test func aScaledRecordFollowsAResizeWithinTheDeviceClass() throws {
        let root = LayoutNode("root")
        let title = LayoutNode("title", in: root)
        let id = ViewID(container: "Banner", viewId: "banner_title")
        let constraints = title.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalToSuperview().offset(.record(id, .marginLeft))
            make.width.equalTo(100)
            make.height.equalTo(.record(id, .height))
        }
        let iPad = LayoutEnvironment(width: 768, height: 1024, idiom: .pad)
        let interpreter = ConstraintInterpreter(source: DirectorySource(Self.recordsFolder), environment: iPad)
        let engine = try LayoutEngine(root: root, constraints: [constraints], interpreter: interpreter)
        let iPadFrame = try engine.solve().frame(of: title)
        // 800 points is still the iPad class; 20 × 800 ÷ 768 = 20.83, 21 at @2x.
        let wider = try engine.update(to: LayoutEnvironment(width: 800, height: 1024, idiom: .pad)).frame(of: title)
        let phone = try engine.update(to: LayoutEnvironment(width: 320, height: 568, idiom: .phone)).frame(of: title)
        #expect(
            [iPadFrame, wider, phone] == [
                LayoutFrame(x: 20, y: 0, width: 100, height: 44), LayoutFrame(x: 21, y: 0, width: 100, height: 44),
                LayoutFrame(x: 20, y: 0, width: 100, height: 30),
            ])
    }

    @Test func aScaledConstantInCodeFollowsAResizeWithinTheDeviceClass() throws {
        let root = LayoutNode("root")
        let title = LayoutNode("title", in: root)
        let constraints = title.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalToSuperview().offset(.scaled(20, designWidth: 768))
            make.width.height.equalTo(100)
        }
        let engine = try LayoutEngine(
            root: root, constraints: [constraints],
            environment: LayoutEnvironment(width: 768, height: 1024, idiom: .pad))
        let iPadX = try engine.solve().frame(of: title)?.x
        let wider = try engine.update(to: LayoutEnvironment(width: 800, height: 1024, idiom: .pad))
        #expect([iPadX, wider.frame(of: title)?.x] == [20, 21])
    }

    @Test func aPreviewReadsRecordFedConstantsForEachEnvironment() throws {
        let root = LayoutNode("root")
        let view = LayoutNode("view", in: root)
        let interpreter = ConstraintInterpreter(
            source: DirectorySource(Self.constraintsFolder), environment: LayoutEnvironment(width: 320, height: 568))
        let preview = LayoutPreview(
            root: root, constraints: [recordFedConstraints(root, view)], interpreter: interpreter)
        let panels = try preview.panels(for: LayoutPreview.originalClasses)
        #expect(panels.map { $0.result.frame(of: view)?.height } == [105, 105, 114, 114])
    }
}

/// A source that counts the reads of each file.
private final class ReadCountingSource: ConstraintSource, @unchecked Sendable {
    private let base: any ConstraintSource
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    init(_ base: any ConstraintSource) { self.base = base }

    func data(forFile name: String) throws -> Data? {
        lock.withLock { counts[name, default: 0] += 1 }
        return try base.data(forFile: name)
    }

    func fileNames() throws -> [String] { try base.fileNames() }

    func reads(of name: String) -> Int { lock.withLock { counts[name] ?? 0 } }
}
