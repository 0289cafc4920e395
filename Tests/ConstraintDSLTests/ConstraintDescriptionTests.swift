import ConstraintDSL
import DeviceConstraints
import Testing

/// Constraints print like Auto Layout's own descriptions, so a user can read what a device gets.
struct ConstraintDescriptionTests {
    private let container = LayoutNode("container")
    private let dayButton: LayoutNode

    init() {
        dayButton = LayoutNode("dayButton", in: container)
    }

    private func resolved(_ build: (ConstraintMaker) -> Void) throws -> [String] {
        try dayButton.makeConstraints(build).resolved(for: .standard(.iPhone5)).map(\.description)
    }

    // MARK: - Resolved

    @Test func aConstraintPrintsLikeAutoLayoutWithPriorityLabelAndPlace() throws {
        let line = #line + 2
        let lines = try resolved { make in
            make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5).priority(.high).labeled("label")
        }
        #expect(
            lines == [
                "dayButton.left == container.left + 105.0 @750 \"label\" (ConstraintDescriptionTests.swift:\(line))"
            ])
    }

    @Test func requiredPrioritiesMissingLabelsAndZeroConstantsAreLeftOut() throws {
        let line = #line + 2
        let lines = try resolved { make in
            make.top.equalTo(container.top)
        }
        #expect(lines == ["dayButton.top == container.top (ConstraintDescriptionTests.swift:\(line))"])
    }

    @Test func negativeConstantsMultipliersAndNumbersAlonePrintAsAutoLayoutDoes() throws {
        let lines = try dayButton.makeConstraints { make in
            make.right.equalTo(container.right).offset(-12)
            make.width.lessThanOrEqualTo(container.width).multipliedBy(0.5).offset(-2.5)
            make.height.equalTo(105)
            make.height.greaterThanOrEqualTo(0)
            make.width.equalTo(-0.0)
        }.statements(on: .iPhone5)
        #expect(
            lines == [
                "dayButton.right == container.right - 12.0",
                "dayButton.width <= container.width * 0.5 - 2.5",
                "dayButton.height == 105.0",
                "dayButton.height >= 0.0",
                "dayButton.width == 0.0",
            ])
    }

    @Test func labelsAreQuotedAndEscapedAndFractionalPrioritiesKeepTheirFraction() throws {
        let lines = try resolved { make in
            make.width.equalTo(1).priority(749.5).labeled("say \"hi\"")
        }
        #expect(lines[0].hasPrefix("dayButton.width == 1.0 @749.5 \"say \\\"hi\\\"\" ("))
    }

    @Test func aResolvedConstraintMadeByHandPrintsTheSame() {
        let constraint = ResolvedConstraint(
            firstItem: LayoutItemIdentity(dayButton), firstAttribute: .left, relation: .equal,
            secondItem: LayoutItemIdentity(container), secondAttribute: .left, constant: 105, priority: .high,
            label: "label", file: "App/CalendarView.swift", line: 42)
        #expect(
            constraint.description == "dayButton.left == container.left + 105.0 @750 \"label\" (CalendarView.swift:42)")
        #expect(constraint.fileName == "CalendarView.swift")
    }

    // MARK: - Before resolution

    @Test func perDeviceConstantsPrintAfterTheDefault() {
        let constraints = dayButton.makeConstraints { make in
            make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
            make.right.equalTo(container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
            make.top.equalToSuperview().offset(4, on: .iPad)
            make.bottom.equalToSuperview()
        }
        #expect(
            constraints.map(\.statement) == [
                "dayButton.left == container.left + 114.0 [iPhone5: 105.0]",
                "dayButton.right == container.right - 20.0 [iPhone5: -12.0, iPhone6: -15.0]",
                "dayButton.height == 115.0 [iPhone5: 105.0, iPhone6: 105.0]",
                "dayButton.top == container.top + 0.0 [iPad: 4.0]",
                "dayButton.bottom == container.bottom",
            ])
    }

    @Test func aGroupPrintsOneConstraintALine() {
        let constraints = dayButton.makeConstraints { make in
            make.size.equalTo(44)
        }
        let lines = constraints.description.split(separator: "\n")
        let prefixes = [
            "dayButton.width == 44.0 (ConstraintDescriptionTests.swift:",
            "dayButton.height == 44.0 (ConstraintDescriptionTests.swift:",
        ]
        #expect(
            (lines.count, zip(lines, prefixes).allSatisfy { $0.hasPrefix($1) }) == (2, true), "\(lines)")
    }

    @Test func aMissingSuperitemPrintsInPlaceOfTheItem() {
        let constraints = container.makeConstraints { make in make.top.equalToSuperview() }
        #expect(
            (
                constraints[0].description.hasPrefix("container.top == (no superitem).top ("),
                constraints[0].secondItem,
                constraints[0].secondAttribute
            ) == (true, nil, .top), "\(constraints[0].description)")
    }
}
