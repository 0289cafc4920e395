import ConstraintDSL
import DeviceConstraints
import Testing

/// Every attribute, composite, relation and modifier of the chain, read back from what it resolves to.
struct ConstraintMakerTests {
    private let tree = Tree()

    /// What the constraints resolve to on an iPhone 6, without locations.
    private func statements(_ build: (ConstraintMaker) -> Void) throws -> [String] {
        try tree.view.makeConstraints(build).statements(on: .iPhone6)
    }

    // MARK: - Attributes

    @Test func everySingleAttributeRelatesToTheSameAttributeOfAnItem() throws {
        let sibling = tree.sibling
        let lines = try statements { make in
            make.left.equalTo(sibling)
            make.right.equalTo(sibling)
            make.top.equalTo(sibling)
            make.bottom.equalTo(sibling)
            make.leading.equalTo(sibling)
            make.trailing.equalTo(sibling)
            make.width.equalTo(sibling)
            make.height.equalTo(sibling)
            make.centerX.equalTo(sibling)
            make.centerY.equalTo(sibling)
        }
        let names = ["left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY"]
        #expect(lines == names.map { "view.\($0) == sibling.\($0)" })
    }

    @Test func everyAnchorOfAnItemNamesItsAttribute() throws {
        let sibling = tree.sibling
        let lines = try statements { make in
            make.left.equalTo(sibling.right)
            make.leading.equalTo(sibling.trailing)
            make.trailing.equalTo(sibling.leading)
            make.right.equalTo(sibling.left)
            make.centerX.equalTo(sibling.centerX)
            make.top.equalTo(sibling.bottom)
            make.bottom.equalTo(sibling.top)
            make.centerY.equalTo(sibling.centerY)
            make.width.equalTo(sibling.height)
            make.height.equalTo(sibling.width)
        }
        #expect(
            lines == [
                "view.left == sibling.right", "view.leading == sibling.trailing", "view.trailing == sibling.leading",
                "view.right == sibling.left", "view.centerX == sibling.centerX", "view.top == sibling.bottom",
                "view.bottom == sibling.top", "view.centerY == sibling.centerY", "view.width == sibling.height",
                "view.height == sibling.width",
            ])
        #expect(
            (sibling.left.description, sibling.width.attribute, sibling.width.item)
                == ("sibling.left", .width, LayoutItemIdentity(sibling)))
    }

    @Test func compositesExpandToTheirAttributesInOrder() {
        func attributes(_ build: (ConstraintMaker) -> Void) -> [LayoutAttribute] {
            tree.view.makeConstraints(build).map(\.firstAttribute)
        }
        let cases: [(composite: String, build: (ConstraintMaker) -> Void, attributes: [LayoutAttribute])] = [
            ("edges", { $0.edges.equalToSuperview() }, [.top, .left, .bottom, .right]),
            ("horizontalEdges", { $0.horizontalEdges.equalToSuperview() }, [.left, .right]),
            ("verticalEdges", { $0.verticalEdges.equalToSuperview() }, [.top, .bottom]),
            ("directionalEdges", { $0.directionalEdges.equalToSuperview() }, [.top, .leading, .bottom, .trailing]),
            (
                "directionalHorizontalEdges", { $0.directionalHorizontalEdges.equalToSuperview() },
                [.leading, .trailing]
            ),
            ("directionalVerticalEdges", { $0.directionalVerticalEdges.equalToSuperview() }, [.top, .bottom]),
            ("size", { $0.size.equalToSuperview() }, [.width, .height]),
            ("center", { $0.center.equalToSuperview() }, [.centerX, .centerY]),
        ]
        for (composite, build, expected) in cases {
            #expect(attributes(build) == expected, "\(composite)")
        }
    }

    @Test func extendingAddsEachAttributeOnce() throws {
        let lines = try statements { make in
            make.left.right.equalTo(tree.container.centerX)
            make.top.left.left.equalToSuperview()
            make.width.height.equalTo(44)
            make.centerX.centerY.width.height.equalTo(tree.sibling)
        }
        #expect(
            lines == [
                "view.left == container.centerX", "view.right == container.centerX",
                "view.top == container.top", "view.left == container.left",
                "view.width == 44.0", "view.height == 44.0",
                "view.centerX == sibling.centerX", "view.centerY == sibling.centerY",
                "view.width == sibling.width", "view.height == sibling.height",
            ])
    }

    @Test func aStatementThatNeverRelatesMakesNoConstraint() {
        let constraints = tree.view.makeConstraints { make in
            _ = make.left.right
        }
        #expect(constraints.isEmpty)
    }

    @Test func relatingTheSameAttributesTwiceMakesTwoConstraints() throws {
        let lines = try statements { make in
            let left = make.left
            left.greaterThanOrEqualTo(tree.sibling.right)
            left.greaterThanOrEqualTo(tree.container.left).offset(8)
        }
        #expect(lines == ["view.left >= sibling.right", "view.left >= container.left + 8.0"])
    }

    // MARK: - Relations

    @Test func everyRelationRelatesToItemsTheSuperitemAndAnchors() throws {
        let sibling = tree.sibling
        let lines = try statements { make in
            make.width.equalTo(sibling)
            make.width.lessThanOrEqualTo(sibling)
            make.width.greaterThanOrEqualTo(sibling)
            make.top.equalToSuperview()
            make.top.lessThanOrEqualToSuperview()
            make.top.greaterThanOrEqualToSuperview()
            make.left.equalTo(sibling.right)
            make.left.lessThanOrEqualTo(sibling.right)
            make.left.greaterThanOrEqualTo(sibling.right)
        }
        #expect(
            lines == [
                "view.width == sibling.width", "view.width <= sibling.width", "view.width >= sibling.width",
                "view.top == container.top", "view.top <= container.top", "view.top >= container.top",
                "view.left == sibling.right", "view.left <= sibling.right", "view.left >= sibling.right",
            ])
    }

    @Test func everyRelationTakesANumberAndPerDeviceNumbers() throws {
        let constraints = tree.view.makeConstraints { make in
            make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
            make.width.lessThanOrEqualTo(320).lessThanOrEqualTo(280, on: .iPhone5)
            make.width.greaterThanOrEqualTo(44).greaterThanOrEqualTo(40, on: .iPhone5)
            make.height.equalTo(PerDevice(60.0).overriding(45, on: .iPhone5))
            make.width.lessThanOrEqualTo(PerDevice(300.0).overriding(250, on: .iPhone6))
            make.width.greaterThanOrEqualTo(PerDevice(10.0).overriding(12, on: .iPad))
        }
        #expect(
            constraints.map(\.relation) == [.equal, .lessThanOrEqual, .greaterThanOrEqual] + [
                .equal, .lessThanOrEqual, .greaterThanOrEqual,
            ])
        let constants: [(device: DeviceName, constants: [Double])] = [
            (.iPhone5, [105, 280, 40, 45, 300, 10]), (.iPhone6, [105, 320, 44, 60, 250, 10]),
            (.iPad, [115, 320, 44, 60, 300, 12]),
        ]
        for (device, expected) in constants {
            #expect(try constraints.constants(on: device) == expected, "\(device)")
        }
        #expect(constraints.allSatisfy { $0.secondItem == nil && $0.secondAttribute == nil })
    }

    @Test func aNumberForAnEdgeOrCenterIsTakenFromTheSuperitemAsInSnapKit() throws {
        let lines = try statements { make in
            make.left.equalTo(10)
            make.top.bottom.lessThanOrEqualTo(20).lessThanOrEqualTo(5, on: .iPhone6)
            make.centerX.greaterThanOrEqualTo(-3)
        }
        #expect(
            lines == [
                "view.left == container.left + 10.0", "view.top <= container.top + 5.0",
                "view.bottom <= container.bottom + 5.0", "view.centerX >= container.centerX - 3.0",
            ])
    }

    @Test func aRecordGivesTheWidthAndHeight() throws {
        let spec = ConstraintRecord(marginLeft: 6, width: 60, height: 55)
        let lines = try statements { make in
            make.size.equalTo(spec).priority(.high)
            make.height.equalTo(spec)
        }
        #expect(lines == ["view.width == 60.0 @750", "view.height == 55.0 @750", "view.height == 55.0"])
    }

    // MARK: - Offsets and insets

    @Test func offsetsAddToTheSecondSideOnTheirDevices() throws {
        let constraints = tree.view.makeConstraints { make in
            make.left.equalTo(tree.container.left).offset(114).offset(105, on: .iPhone5)
            make.right.equalTo(tree.container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.top.equalToSuperview().offset(PerDevice(8.0).overriding(4, on: .iPhone5, .iPhone6))
        }
        let constants: [(device: DeviceName, constants: [Double])] = [
            (.iPhone5, [105, -12, 4]), (.iPhone6, [114, -15, 4]), (.iPhone6Plus, [114, -20, 8]),
            (.iPhone14Pro, [114, -15, 4]),
        ]
        for (device, expected) in constants {
            #expect(try constraints.constants(on: device) == expected, "\(device)")
        }
    }

    @Test func overridesAttachToTheSameConstantInAnyOrder() throws {
        let before = tree.view.makeConstraints { make in
            make.left.equalToSuperview().offset(105, on: .iPhone5).offset(114)
        }
        let after = tree.view.makeConstraints { make in
            make.left.equalToSuperview().offset(114).offset(105, on: .iPhone5)
        }
        #expect(
            [before[0].constant, after[0].constant]
                == Array(repeating: PerDevice(114.0, overrides: [.iPhone5: 105]), count: 2))
    }

    @Test func aLaterDefaultReplacesTheEarlierOneAndKeepsOverrides() {
        let constraints = tree.view.makeConstraints { make in
            make.left.equalToSuperview().offset(1).offset(2, on: .iPad).offset(3)
            make.width.equalTo(10).equalTo(11, on: .iPad).equalTo(12, on: .iPad)
        }
        #expect(
            [constraints[0].constant, constraints[1].constant] == [
                PerDevice(3.0, overrides: [.iPad: 2]), PerDevice(10.0, overrides: [.iPad: 12]),
            ])
    }

    @Test func insetsMoveEveryAttributeInward() throws {
        let lines = try statements { make in
            make.edges.equalToSuperview().inset(12)
            make.size.equalTo(tree.sibling).inset(5)
            make.center.equalToSuperview().inset(7)
            make.directionalHorizontalEdges.equalToSuperview().inset(3)
        }
        #expect(
            lines == [
                "view.top == container.top + 12.0", "view.left == container.left + 12.0",
                "view.bottom == container.bottom - 12.0", "view.right == container.right - 12.0",
                "view.width == sibling.width - 10.0", "view.height == sibling.height - 10.0",
                "view.centerX == container.centerX", "view.centerY == container.centerY",
                "view.leading == container.leading + 3.0", "view.trailing == container.trailing - 3.0",
            ])
    }

    @Test func insetsCanDifferPerDevice() throws {
        let constraints = tree.view.makeConstraints { make in
            make.horizontalEdges.equalToSuperview().inset(20).inset(12, on: .iPhone5).inset(15, on: .iPhone6)
            make.verticalEdges.equalToSuperview().inset(PerDevice(8.0).overriding(2, on: .iPhone5))
            make.edges.equalTo(tree.sibling).inset(LayoutInsets(top: 1, left: 2, bottom: 3, right: 4))
                .inset(LayoutInsets(all: 9), on: .iPad)
        }
        let constants: [(device: DeviceName, constants: [Double])] = [
            (.iPhone5, [12, -12, 2, -2, 1, 2, -3, -4]), (.iPhone14Pro, [15, -15, 8, -8, 1, 2, -3, -4]),
            (.iPadPro13, [20, -20, 8, -8, 9, 9, -9, -9]),
        ]
        for (device, expected) in constants {
            #expect(try constraints.constants(on: device) == expected, "\(device)")
        }
    }

    @Test func aRecordsMarginsAreInsets() throws {
        let spec = ConstraintRecord(marginLeft: 2.5, marginRight: 1, marginTop: 0.5, marginBottom: 4)
        let container = tree.container
        let lines = try statements { make in
            make.edges(spec, relativeTo: container).labeled("fromFile")
        }
        #expect(
            lines == [
                "view.top == container.top + 0.5 \"fromFile\"", "view.left == container.left + 2.5 \"fromFile\"",
                "view.bottom == container.bottom - 4.0 \"fromFile\"",
                "view.right == container.right - 1.0 \"fromFile\"",
            ])
    }

    // MARK: - Multipliers, priorities, labels

    @Test func multipliersAndDivisorsScaleTheSecondSide() throws {
        let constraints = tree.view.makeConstraints { make in
            make.width.equalTo(tree.container.width).multipliedBy(0.5)
            make.height.equalTo(tree.container).dividedBy(4).offset(10)
        }
        #expect(
            try (constraints.map(\.multiplier), constraints.statements(on: .iPad))
                == (
                    [0.5, 0.25],
                    ["view.width == container.width * 0.5", "view.height == container.height * 0.25 + 10.0"]
                ))
    }

    @Test func prioritiesAreRequiredUnlessGiven() {
        let constraints = tree.view.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalToSuperview().priority(.high)
            make.right.equalToSuperview().offset(-8).priority(.medium)
            make.width.equalTo(10).priority(.low)
            make.height.equalTo(10).equalTo(12, on: .iPad).priority(999)
        }
        #expect(constraints.map(\.priority) == [.required, .high, .medium, .low, 999])
    }

    @Test func theLastLabelWins() {
        let constraints = tree.view.makeConstraints { make in
            make.top.equalToSuperview().labeled("first").labeled("second")
            make.bottom.equalToSuperview()
        }
        #expect(constraints.map(\.label) == ["second", nil])
    }

    @Test func everyConstraintKeepsTheFileAndLineOfItsRelation() {
        let line = #line + 2
        let constraints = tree.view.makeConstraints { make in
            make.top.equalToSuperview()
            make.size.equalTo(10)
        }
        #expect(
            (
                constraints.map(\.line),
                constraints.allSatisfy { $0.file == "ConstraintDSLTests/ConstraintMakerTests.swift" },
                constraints.allSatisfy { $0.fileName == "ConstraintMakerTests.swift" }
            ) == ([line, line + 1, line + 1], true, true), "\(constraints.map(\.file))")
    }

    // MARK: - Resolution

    @Test func resolvingForAnotherDeviceChangesConstantsOnly() throws {
        let constraints = tree.view.makeConstraints { make in
            make.left.equalTo(tree.container.left).offset(114).offset(105, on: .iPhone5)
            make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6).priority(.high).labeled("height")
        }
        var onPhone = try constraints.resolved(for: .standard(.iPhone5))
        var onPad = try constraints.resolved(for: .standard(.iPad))
        #expect([onPhone.map(\.constant), onPad.map(\.constant)] == [[105, 105], [114, 115]])
        for index in onPhone.indices {
            onPhone[index].constant = 0
            onPad[index].constant = 0
        }
        #expect(onPhone == onPad)
    }

    @Test func resolvedConstraintsNameTheirItems() throws {
        let resolved = try tree.view.makeConstraints { make in
            make.left.equalTo(tree.sibling.right)
            make.width.equalTo(40)
        }.resolved(for: .standard(.iPhone6))
        #expect(
            (
                resolved[0].firstItem, resolved[0].secondItem, resolved[0].secondAttribute, resolved[1].secondItem,
                resolved[1].secondAttribute
            ) == (LayoutItemIdentity(tree.view), LayoutItemIdentity(tree.sibling), .right, nil, nil))
        #expect(LayoutItemIdentity(tree.view) != LayoutItemIdentity(LayoutNode("view")))
    }

    @Test func aSingleConstraintResolvesOnItsOwn() throws {
        let constraints = tree.view.makeConstraints { make in
            make.height.equalTo(114).equalTo(105, on: .iPhone6)
        }
        for (device, constant) in [(DeviceName.iPhone14Pro, 105.0), (.iPhone16ProMax, 114)] {
            #expect(try constraints[0].resolved(for: .standard(device)).constant == constant, "\(device)")
        }
    }

    @Test func groupsCombine() {
        let first = tree.view.makeConstraints { $0.top.equalToSuperview() }
        let second = tree.sibling.makeConstraints { $0.bottom.equalToSuperview() }
        let both = ConstraintGroup(Array(first) + Array(second))
        #expect((both.count, both.map(\.firstItem.name)) == (2, ["view", "sibling"]))
    }
}
