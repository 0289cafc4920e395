// The calendar screen of "Custom UI layout per iOS device" (BMT's calendar module): a measure view whose margins
// and height differ per device, and a selected day button, with every number read from the constraint files.
import ConstraintDSL
import DeviceConstraints
import UIKit

/// The day button's numbers are in `BMTReportCalendarDayButton_<Device>.json`: the container is named after the type.
final class BMTReportCalendarDayButton: UIButton {}

final class CalendarViewController: UIViewController {
    private let interpreter: ConstraintInterpreter
    private let measureTopView = UIView(frame: .zero)
    private let dayButton = BMTReportCalendarDayButton()
    private let dayLabel = UILabel()
    private var constraints: [ConstraintGroup] = []
    private var active: [[NSLayoutConstraint]] = []

    init(interpreter: ConstraintInterpreter) {
        self.interpreter = interpreter
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        measureTopView.accessibilityIdentifier = "measureTopView"
        dayButton.accessibilityIdentifier = "dayButton"
        for subview in [measureTopView, dayButton, dayLabel] { view.addSubview(subview) }

        // Constants that name their record: read through the interpreter each time the constraints are resolved,
        // so they follow the window.
        let topView = ViewID(container: "BMTReportMeasureView", viewId: "bmt_reportMeasureViewId_TopView")
        let selected = ViewID(
            container: "BMTReportCalendarDayButton", viewId: "bmt_reportCalendarDayButtonId_Selected")
        constraints = [
            measureTopView.dc.makeConstraints { make in
                make.top.equalToSuperview().offset(.record(topView, .marginTop))
                make.left.equalToSuperview().offset(.record(topView, .marginLeft))
                make.right.equalToSuperview().offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
                make.height.equalTo(.record(topView, .height))
            },
            dayButton.dc.makeConstraints { make in
                make.top.equalTo(measureTopView.dc.bottom).offset(.record(selected, .marginTop))
                make.left.equalToSuperview().offset(.record(selected, .marginLeft))
                make.width.equalTo(.record(selected, .width))
                make.height.equalTo(.record(selected, .height))
            },
        ]
        do {
            active = try constraints.map { try $0.activate(using: interpreter) }
        } catch {
            print(error)  // names the constraint's file and line, and the record it could not read
        }

        // An invisible view that follows the window (rotation, Split View, Slide Over, a resized iPadOS window):
        // it moves the interpreter in the same layout pass, then the constants move to the new window's numbers.
        let tracker = LayoutEnvironmentView(interpreter: interpreter)
        tracker.onChange = { [weak self] _ in self?.windowChanged() }
        view.addSubview(tracker)
        windowChanged()
    }

    private func windowChanged() {
        for (group, constraints) in zip(constraints, active) {
            _ = try? group.updateConstants(of: constraints, using: interpreter)
        }
        let normal = try? interpreter.record(
            viewId: "bmt_reportCalendarDayButtonId_Normal", in: BMTReportCalendarDayButton.self)
        dayLabel.font = UIFont.systemFont(ofSize: normal?.fontSize ?? 17)
        dayLabel.text = "\(interpreter.device.name)"
    }
}
