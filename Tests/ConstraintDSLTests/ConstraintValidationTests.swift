import ConstraintDSL
import DeviceConstraints
import Testing

/// What Auto Layout would raise an exception for is a located error instead, before anything is resolved.
struct ConstraintValidationTests {
    private let tree = Tree()

    /// The error resolving `constraints` throws on an iPhone 6.
    private func error(_ constraints: ConstraintGroup) throws -> ConstraintError {
        let device = try DeviceProfile.standard(.iPhone6)
        let error = #expect(throws: ConstraintError.self) { try constraints.resolved(for: device) }
        #expect(throws: ConstraintError.self) { try constraints.validate() }
        return try #require(error)
    }

    // MARK: - The tree

    @Test func itemsInDifferentTreesAreReportedWhereTheConstraintWasWritten() throws {
        let line = #line + 2
        let constraints = tree.view.makeConstraints { make in
            make.left.equalTo(tree.stranger.right).offset(8)
        }
        let error = try error(constraints)
        #expect((error.code, error.file, error.line) == (.noCommonAncestor, "ConstraintValidationTests.swift", line))
        #expect(
            error.description
                == "ConstraintValidationTests.swift:\(line): error: view and stranger have no common ancestor, so "
                + "'view.left == stranger.right + 8.0' cannot hold; put both in one tree before resolving")
    }

    @Test func anItemCanBeRelatedToItselfItsAncestorsAndItsRelatives() throws {
        let grandchild = LayoutNode("grandchild", in: tree.sibling)
        let constraints = grandchild.makeConstraints { make in
            make.width.equalTo(grandchild.height)
            make.top.equalTo(tree.container)
            make.left.equalTo(tree.view)
            make.right.equalTo(tree.sibling)
        }
        try constraints.validate()
        #expect(try constraints.resolved(for: .standard(.iPad)).count == 4)
    }

    @Test func aGuideBelongsToTheTreeOfItsOwner() throws {
        let safeArea = LayoutNode.guide("safeArea", in: tree.container)
        let strangerGuide = LayoutNode.guide("strangerGuide", in: tree.stranger)
        #expect(safeArea.isGuide && !tree.view.isGuide)
        let good = tree.view.makeConstraints { make in
            make.top.equalTo(safeArea.top)
            make.horizontalEdges.equalTo(safeArea)
        }
        #expect(
            try good.statements(on: .iPhone6) == [
                "view.top == safeArea.top", "view.left == safeArea.left", "view.right == safeArea.right",
            ])
        let bad = tree.view.makeConstraints { make in make.top.equalTo(strangerGuide.bottom) }
        #expect(try error(bad).code == .noCommonAncestor)
    }

    @Test func theSuperitemMustExistWhenTheConstraintIsWritten() throws {
        let root = tree.container
        let line = #line + 2
        let constraints = root.makeConstraints { make in
            make.top.equalToSuperview().inset(4)
            make.left.equalTo(10)
            make.width.equalTo(10)
        }
        let error = try error(constraints)
        #expect(
            (
                error.code, error.line,
                error.message.contains("container had no superitem when 'container.top == (no superitem).top + 4.0'"),
                error.additionalErrors.map(\.code), error.additionalErrors.map(\.line)
            ) == (.noSuperitem, line, true, [.noSuperitem], [line + 1]), "\(error)")
    }

    @Test func aReleasedItemIsReportedNotDereferenced() throws {
        var constraints = ConstraintGroup([])
        do {
            let temporary = LayoutNode("temporary", in: tree.container)
            constraints = tree.view.makeConstraints { make in make.left.equalTo(temporary.right) }
            constraints = ConstraintGroup(Array(constraints) + Array(temporary.makeConstraints { $0.width.equalTo(4) }))
        }
        let error = try error(constraints)
        #expect(
            (
                error.code,
                error.message.hasPrefix(
                    "temporary no longer exists, so 'view.left == temporary.right' cannot be resolved"),
                error.additionalErrors.map(\.code),
                constraints[0].description.hasPrefix("view.left == temporary.right (")
            ) == (.itemReleased, true, [.itemReleased], true), "\(error)")
    }

    @Test func leftAndRightDoNotMixWithLeadingAndTrailing() throws {
        let constraints = tree.view.makeConstraints { make in
            make.left.equalTo(tree.sibling.leading)
            make.trailing.equalTo(tree.sibling.right)
            make.leading.equalTo(tree.sibling.centerX)
        }
        let error = try error(constraints)
        #expect(
            (
                error.code,
                error.message.hasPrefix("left cannot be related to leading: left and right do not mix with leading"),
                error.additionalErrors.count
            ) == (.incompatibleAttributes, true, 1), "\(error)")
    }

    // MARK: - Values

    @Test func numbersThatAreNotFiniteAreReported() throws {
        let constraints = tree.view.makeConstraints { make in
            make.left.equalToSuperview().offset(.nan)
            make.right.equalToSuperview().offset(.infinity, on: .iPhone5)
            make.width.equalTo(tree.container).dividedBy(0)
        }
        let error = try error(constraints)
        let beginnings: [String] = error.additionalErrors.map { String($0.message.prefix(30)) }
        let expectedBeginnings: [String] = ["the constant on iPhone5 must b", "the multiplier must be a finit"]
        #expect(
            (error.code, error.message.hasPrefix("the constant must be a finite number, found nan"), beginnings)
                == (.invalidValue, true, expectedBeginnings), "\(error)")
    }

    @Test func aZeroMultiplierIsOnlyAllowedForASize() throws {
        let size = tree.view.makeConstraints { make in make.width.equalTo(tree.container).multipliedBy(0) }
        try size.validate()
        let position = tree.view.makeConstraints { make in make.left.equalTo(tree.container).multipliedBy(0) }
        #expect(try error(position).message.contains("not 0 for an edge or center; found 0.0"))
    }

    @Test(arguments: [Float(0), 1001, -1, .nan])
    func aPriorityOutsideOneToAThousandIsReported(priority: Float) throws {
        let constraints = tree.view.makeConstraints { make in
            make.width.equalTo(10).priority(ConstraintPriority(priority))
        }
        let error = try error(constraints)
        #expect(
            (error.code, error.message.hasPrefix("the priority must be from 1 to 1000")) == (.invalidValue, true),
            "\(error)")
    }

    @Test func anOverrideForADeviceTheCatalogDoesNotKnowIsReportedWithASuggestion() throws {
        let constraints = tree.view.makeConstraints { make in
            make.left.equalToSuperview().offset(4).offset(2, on: "iPhne6")
            make.right.equalToSuperview().offset(4, on: "Kiosk")
        }
        let error = try error(constraints)
        #expect(
            (
                error.code,
                error.message.hasSuffix(
                    "which is not a device of the catalog, so it would never apply; did you mean \"iPhone6\"?"),
                error.additionalErrors.first?.message.hasSuffix("use a device of the catalog")
            ) == (.unknownDevice, true, true), "\(error)")
    }

    @Test func overridesMayNameTheDevicesOfTheCatalogInUse() throws {
        let catalog = try DeviceCatalog([
            DeviceProfile(name: "Kiosk", idiom: .pad, width: 800, height: 1280),
            DeviceProfile(name: "KioskMini", idiom: .pad, width: 600, height: 960, fallbacks: ["Kiosk"]),
        ])
        let constraints = tree.view.makeConstraints { make in
            make.left.equalToSuperview().offset(4).offset(20, on: "Kiosk")
        }
        try constraints.validate(in: catalog)
        let mini = try #require(catalog.profile(named: "KioskMini"))
        #expect(try constraints.resolved(for: mini, in: catalog).map(\.constant) == [20])
        #expect(throws: ConstraintError.self) { try constraints.validate() }
    }

    // MARK: - Reporting

    @Test func everyProblemIsReportedInTheOrderWrittenAndNothingIsResolved() throws {
        let constraints = tree.view.makeConstraints { make in
            make.top.equalToSuperview()
            make.left.equalTo(tree.stranger)
            make.width.equalTo(10).priority(0)
            make.height.equalTo(10)
        }
        let error = try error(constraints)
        #expect(
            ([error.code] + error.additionalErrors.map(\.code), error.description.split(separator: "\n").count)
                == ([.noCommonAncestor, .invalidValue], 2), "\(error)")
    }

    @Test func aCycleOfSuperitemsEndsTheSearchForAnAncestor() throws {
        let first = CyclicItem("first")
        let second = CyclicItem("second")
        first.parent = second
        second.parent = first
        let outsider = CyclicItem("outsider")
        let related = first.dc.makeConstraints { make in make.top.equalTo(second) }
        try related.validate()
        let unrelated = first.dc.makeConstraints { make in make.top.equalTo(outsider) }
        #expect(try error(unrelated).code == .noCommonAncestor)
        first.parent = nil
    }
}

/// A custom item whose superitems may form a cycle, as a buggy `LayoutItem` could.
private final class CyclicItem: LayoutItem {
    let layoutName: String
    var parent: CyclicItem?
    var layoutSuperitem: (any LayoutItem)? { parent }

    init(_ name: String) { layoutName = name }
}
