import ConstraintDSL
import ConstraintLayout
import ConstraintSolver
import DeviceConstraints
import Foundation
import Testing

/// Frames from DSL constraints with Auto Layout's rules.
struct LayoutEngineTests {
    private let measureView = LayoutNode("measureView")
    private let topView: LayoutNode

    init() {
        topView = LayoutNode("measureTopView", in: measureView)
    }

    private static let constraintsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Constraints", isDirectory: true)

    private static func environment(_ profile: DeviceProfile) -> LayoutEnvironment {
        LayoutEnvironment(width: profile.width, height: profile.height, idiom: profile.idiom)
    }

    /// The BMT calendar's measure view with per-device numbers in code.
    private func measureConstraints() -> ConstraintGroup {
        topView.makeConstraints { make in
            make.top.equalTo(measureView)
            make.left.equalTo(measureView.left).offset(20).offset(12, on: .iPhone5).offset(15, on: .iPhone6)
            make.right.equalTo(measureView.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
            make.height.equalTo(114).equalTo(105, on: .iPhone5, .iPhone6)
        }
    }

    // MARK: - The BMT calendar's measure view

    @Test(arguments: DeviceCatalog.standard.profiles)
    func theMeasureTopViewGetsTheSeedsFrameOnEveryDevice(profile: DeviceProfile) throws {
        let environment = Self.environment(profile)
        let chain = DeviceCatalog.standard.lookupChain(for: DeviceCatalog.standard.resolve(environment))
        let margin: Double = chain.first { $0 == .iPhone5 || $0 == .iPhone6 }.map { $0 == .iPhone5 ? 12 : 15 } ?? 20
        let height: Double = margin == 20 ? 114 : 105
        let layout = try LayoutEngine(root: measureView, constraints: [measureConstraints()], environment: environment)
            .solve()
        let expected = LayoutFrame(x: margin, y: 0, width: profile.width - 2 * margin, height: height)
        #expect(
            (layout.frame(of: topView), layout.frame(of: measureView), layout.diagnostics.isEmpty)
                == (expected, LayoutFrame(x: 0, y: 0, width: profile.width, height: profile.height), true),
            "\(profile.name): \(layout.diagnostics)")
    }

    @Test(arguments: [
        (DeviceName.iPhone5, LayoutFrame(x: 12, y: 0, width: 296, height: 105)),
        (.iPhone6, LayoutFrame(x: 15, y: 0, width: 345, height: 105)),
        (.iPhone6Plus, LayoutFrame(x: 20, y: 0, width: 374, height: 114)),
        (.iPad, LayoutFrame(x: 20, y: 0, width: 728, height: 114)),
    ])
    func theRecordsOfConstraintsGiveTheSameFrames(device: DeviceName, expected: LayoutFrame) throws {
        let profile = try #require(DeviceCatalog.standard.profile(named: device))
        let interpreter = ConstraintInterpreter(source: DirectorySource(Self.constraintsFolder), device: profile)
        let spec = try interpreter.record(viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView")
        let constraints = topView.makeConstraints { make in
            make.top.equalTo(measureView).offset(spec.marginTop)
            make.left.equalTo(measureView.left).offset(spec.marginLeft)
            make.right.equalTo(measureView.right).offset(-spec.marginRight)
            make.height.equalTo(spec.height)
        }
        let layout = try LayoutEngine(
            root: measureView, constraints: [constraints], environment: Self.environment(profile)
        )
        .solve()
        #expect(layout.frame(of: topView) == expected)
    }

    // MARK: - Resizing

    @Test func aResizeMovesTheFrames() throws {
        let environment = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
        let engine = try LayoutEngine(root: measureView, constraints: [measureConstraints()], environment: environment)
        let landscape = try engine.update(to: LayoutEnvironment(width: 375, height: 500, idiom: .phone))
        #expect([landscape.frame(of: topView)?.width, landscape.frame(of: measureView)?.height] == [345, 500])
        let pad = try engine.update(to: LayoutEnvironment(width: 768, height: 1024, idiom: .pad))
        #expect(
            (pad.frame(of: topView), engine.environment.width)
                == (LayoutFrame(x: 20, y: 0, width: 728, height: 114), 768))
    }

    // MARK: - Auto Layout's rules

    @Test func leadingAndTrailingFollowTheLayoutDirection() throws {
        let root = LayoutNode("root")
        let label = LayoutNode("label", in: root)
        let constraints = label.makeConstraints { make in
            make.leading.equalTo(root.leading).offset(10)
            make.width.equalTo(100)
            make.top.height.equalTo(root).offset(0)
        }
        let leftToRight = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        let leftToRightX = leftToRight.frame(of: label)?.x
        let rightToLeft = try LayoutEngine(
            root: root, constraints: [constraints],
            environment: LayoutEnvironment(width: 320, height: 480, layoutDirection: .rightToLeft)
        ).solve()
        #expect([leftToRightX, rightToLeft.frame(of: label)?.x] == [10, 210], "left to right, then right to left")
    }

    @Test func aLowerPriorityGivesWay() throws {
        let root = LayoutNode("root")
        let box = LayoutNode("box", in: root)
        let constraints = box.makeConstraints { make in
            make.left.top.equalTo(root)
            make.height.equalTo(10)
            make.width.equalTo(500).priority(.high)
            make.width.lessThanOrEqualTo(root.width).offset(-20)
        }
        let layout = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        #expect((layout.frame(of: box)?.width, layout.diagnostics.isEmpty) == (300, true), "\(layout.diagnostics)")
    }

    @Test func framesAreRoundedToPixels() throws {
        let root = LayoutNode("root")
        let third = LayoutNode("third", in: root)
        let constraints = third.makeConstraints { make in
            make.left.top.equalTo(root)
            make.width.equalTo(root.width).multipliedBy(1.0 / 3.0)
            make.height.equalTo(10.1)
        }
        let layout = try LayoutEngine(
            root: root, constraints: [constraints],
            environment: LayoutEnvironment(width: 100, height: 100, displayScale: 2)
        ).solve()
        #expect(layout.frame(of: third) == LayoutFrame(x: 0, y: 0, width: 33.5, height: 10))
    }

    // MARK: - Conflicts and bad input

    @Test func aConflictBreaksOneConstraintAndNamesTheSmallestSet() throws {
        let root = LayoutNode("root")
        let day = LayoutNode("day", in: root)
        let constraints = day.makeConstraints { make in
            make.top.equalTo(root)
            make.height.equalTo(40)
            make.left.equalTo(root.left).offset(16)
            make.right.equalTo(root.right).offset(-16)
            make.width.equalTo(400)
        }
        let layout = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        #expect(layout.frame(of: day) == LayoutFrame(x: 16, y: 0, width: 288, height: 40))
        let diagnostic = try #require(layout.diagnostics.first)
        #expect(
            (
                layout.diagnostics.count, diagnostic.kind, diagnostic.brokenConstraint?.firstAttribute,
                diagnostic.conflictingConstraints.map(\.firstAttribute),
                diagnostic.description.hasPrefix("LayoutEngineTests.swift:"),
                diagnostic.description.contains("day.left == root.left + 16.0")
            ) == (1, .brokenConstraint, .width, [.left, .right], true, true), "\(layout.diagnostics)")
    }

    @Test func strictModeThrowsOnAConflict() throws {
        let root = LayoutNode("root")
        let day = LayoutNode("day", in: root)
        let constraints = day.makeConstraints { make in
            make.width.equalTo(root.width)
            make.width.equalTo(400)
        }
        #expect(throws: ConstraintError.self) {
            _ = try LayoutEngine(
                root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480),
                conflictHandling: .strict)
        }
    }

    @Test func anItemWhoseFrameIsNotDeterminedIsReportedAsAmbiguous() throws {
        let root = LayoutNode("root")
        let badge = LayoutNode("badge", in: root)
        let label = LayoutNode("label", in: root)
        let constraints = [
            badge.makeConstraints { make in
                make.width.height.equalTo(20)
                make.top.equalTo(root).offset(4)
            },
            label.makeConstraints { make in
                make.left.top.equalTo(root)
                make.height.equalTo(20)
                make.width.greaterThanOrEqualTo(50)
            },
        ]
        let layout = try LayoutEngine(
            root: root, constraints: constraints, environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        let ambiguous = layout.diagnostics.filter { $0.kind == .ambiguousLayout }
        #expect(
            (
                ambiguous.map(\.item), ambiguous.map(\.freeAttributes),
                ambiguous.first?.description.contains("the layout of 'badge' is ambiguous")
            ) == (["badge", "label"], [[.left], [.width]], true), "\(ambiguous)")
    }

    @Test func anOptionalConstraintResolvesAmbiguity() throws {
        let root = LayoutNode("root")
        let label = LayoutNode("label", in: root)
        let constraints = label.makeConstraints { make in
            make.left.top.equalTo(root)
            make.height.equalTo(20)
            make.width.greaterThanOrEqualTo(50)
            make.width.equalTo(80).priority(1)
        }
        let layout = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        #expect((layout.diagnostics.isEmpty, layout.frame(of: label)?.width) == (true, 80), "\(layout.diagnostics)")
    }

    @Test(.longTier) func tenThousandViewsAreLaidOutWithoutAHang() throws {
        let root = LayoutNode("root")
        let views = (0..<10_000).map { LayoutNode("view\($0)", in: root) }
        let constraints = views.enumerated().map { index, view in
            view.makeConstraints { make in
                make.left.equalTo(root.left).offset(16)
                make.right.equalTo(root.right).offset(-16)
                make.top.equalTo(root.top).offset(Double(index) * 52)
                make.height.equalTo(44)
            }
        }
        let engine = try LayoutEngine(
            root: root, constraints: constraints, environment: LayoutEnvironment(width: 320, height: 480))
        let layout = try engine.update(to: LayoutEnvironment(width: 320, height: 400))
        #expect(
            (layout.frame(of: views[9999]), layout.diagnostics.map(\.kind))
                == (LayoutFrame(x: 16, y: 519_948, width: 288, height: 44), [.ambiguityNotChecked]))
    }

    @Test func aZeroSizeWindowLaysOutWithoutAConflict() throws {
        // The environment makes the window at least a point wide; Auto Layout lets a frame's width go negative
        // rather than break a constraint, and so does the engine.
        let environment = LayoutEnvironment(width: 0, height: 0)
        let layout = try LayoutEngine(root: measureView, constraints: [measureConstraints()], environment: environment)
            .solve()
        let window = LayoutFrame(x: 0, y: 0, width: environment.width, height: environment.height)
        #expect(
            (layout.frame(of: measureView), (layout.frame(of: topView)?.width ?? 0) < 0, layout.diagnostics.isEmpty)
                == (window, true, true), "\(String(describing: layout.frame(of: topView))), \(layout.diagnostics)")
    }

    // MARK: - Numbers at the edge of the range

    @Test func aConstraintThatPutsAFrameBeyondTheLimitIsBrokenAndNamed() throws {
        let root = LayoutNode("root")
        let title = LayoutNode("title", in: root)
        let constraints = title.makeConstraints { make in
            make.top.equalTo(root)
            make.height.equalTo(1)
            make.left.equalTo(root).offset(1e308)
            make.width.equalTo(1e308)
        }
        let layout = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        let frame = try #require(layout.frame(of: title))
        #expect([frame.x, frame.y, frame.width, frame.height].allSatisfy { $0.isFinite }, "\(frame)")
        let broken = layout.diagnostics.filter { $0.kind == .brokenConstraint }
        #expect(
            (
                broken.map { $0.brokenConstraint?.firstAttribute },
                broken.allSatisfy { $0.description.hasPrefix("LayoutEngineTests.swift:") },
                broken.allSatisfy { $0.message.contains("beyond ±1e15 points") }
            ) == ([.left, .width], true, true), "\(broken)")
    }

    @Test func strictModeThrowsForAFrameBeyondTheLimitAtTheConstraintsLine() throws {
        let root = LayoutNode("root")
        let title = LayoutNode("title", in: root)
        let line = #line + 2
        let constraints = title.makeConstraints { make in
            make.left.top.equalTo(root).offset(-1e20)
            make.width.height.equalTo(10)
        }
        do {
            _ = try LayoutEngine(
                root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480),
                conflictHandling: .strict)
            Issue.record("expected an error")
        } catch {
            #expect(
                (error.code, error.line, error.message.contains("beyond")) == (.unsatisfiable, line, true), "\(error)")
        }
    }

    @Test func numbersThatOverflowTheSolverAreBrokenAndNamed() throws {
        let root = LayoutNode("root")
        let first = LayoutNode("first", in: root)
        let second = LayoutNode("second", in: root)
        let constraints = [
            first.makeConstraints { make in
                make.left.top.height.equalTo(root)
                make.width.equalTo(root.width).multipliedBy(1e200)
            },
            second.makeConstraints { make in
                make.left.top.height.equalTo(root)
                make.width.equalTo(first.width).multipliedBy(1e200)
            },
        ]
        let layout = try LayoutEngine(
            root: root, constraints: constraints, environment: LayoutEnvironment(width: 320, height: 480)
        ).solve()
        for item in [first, second] {
            let frame = try #require(layout.frame(of: item))
            #expect([frame.x, frame.y, frame.width, frame.height].allSatisfy { $0.isFinite }, "\(frame)")
        }
        #expect(layout.diagnostics.contains { $0.brokenConstraint?.multiplier == 1e200 })
    }

    @Test func aResizeThatWouldPushAFrameBeyondTheLimitBreaksTheConstraint() throws {
        let root = LayoutNode("root")
        let wide = LayoutNode("wide", in: root)
        let constraints = wide.makeConstraints { make in
            make.left.top.height.equalTo(root)
            make.width.equalTo(root.width).multipliedBy(1e10)
        }
        let engine = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480))
        #expect(try engine.solve().diagnostics.isEmpty)
        // 1e6 × 1e10 is beyond the limit.
        let resized = try engine.update(to: LayoutEnvironment(width: 1e6, height: 480))
        let frame = try #require(resized.frame(of: wide))
        #expect(
            (
                abs(frame.width) <= LayoutEngine.coordinateLimit,
                resized.diagnostics.contains { $0.brokenConstraint?.multiplier == 1e10 }
            ) == (true, true), "\(frame), \(resized.diagnostics)")
    }

    @Test func anAmbiguityProbeThatOverflowsIsSkipped() throws {
        // Found by the fuzzer: `a` is free, so the ambiguity check nudges its left edge, which b's centre follows
        // times 1.8e308. The engine threw the solver's overflow, with no constraint's line.
        let root = LayoutNode("root")
        let a = LayoutNode("a", in: root)
        let b = LayoutNode("b", in: root)
        let constraints = b.makeConstraints { make in
            make.centerX.equalTo(a.centerX).multipliedBy(.greatestFiniteMagnitude).offset(0.5)
            make.top.width.height.equalTo(root)
        }
        let layout = try LayoutEngine(
            root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 568)
        ).solve()
        for item in [a, b] {
            let frame = try #require(layout.frame(of: item))
            #expect([frame.x, frame.y, frame.width, frame.height].allSatisfy { $0.isFinite }, "\(frame)")
        }
    }

    @Test func numbersTooFarApartToSolveBreakAConstraintAtItsLine() throws {
        // Found by the fuzzer: multipliers of 1e20, 1024 and -16 with offsets of 1e-9 and weights from 1e-3 to 1e9
        // make the simplex find its objective unbounded (rounding); the engine threw that with no line.
        let root = LayoutNode("root")
        let (n0, n1, n3) = (LayoutNode("n0", in: root), LayoutNode("n1", in: root), LayoutNode("n3", in: root))
        let n2 = LayoutNode("n2", in: n0)
        let line = #line + 18
        let constraints: [ConstraintGroup] = [
            n0.makeConstraints { make in make.left.equalTo(root.left).offset(-1e-9).priority(250) },
            n3.makeConstraints { make in make.top.equalTo(root.top).offset(-1e20) },
            n0.makeConstraints { make in make.leading.lessThanOrEqualTo(n3.leading).offset(-1e-9).priority(250) },
            n3.makeConstraints { make in make.right.equalTo(n1.right).multipliedBy(1e20).offset(1024).priority(750) },
            n1.makeConstraints { make in make.left.equalTo(root.left).offset(1e-9).priority(250) },
            n0.makeConstraints { make in make.left.equalTo(root.left).offset(320).priority(250) },
            n1.makeConstraints { make in make.right.equalTo(n0.right).multipliedBy(1024).offset(1024).priority(1) },
            n1.makeConstraints { make in make.right.lessThanOrEqualTo(n3.right).offset(-1e-9).priority(999) },
            n2.makeConstraints { make in make.leading.lessThanOrEqualTo(n3.leading).offset(-1e-9).priority(999) },
            n2.makeConstraints { make in make.leading.lessThanOrEqualTo(n3.leading).offset(1024).priority(1) },
            n1.makeConstraints { make in make.right.equalTo(n0.right).multipliedBy(-16).offset(-16).priority(1) },
            n1.makeConstraints { make in make.right.equalTo(root.right).offset(-16).priority(1) },
            n1.makeConstraints { make in make.right.equalTo(n0.right).multipliedBy(1024).offset(1024).priority(1) },
            n1.makeConstraints { make in make.leading.lessThanOrEqualTo(n3.leading).offset(-1e-9).priority(999) },
            n1.makeConstraints { make in make.centerX.lessThanOrEqualTo(n2.centerX).offset(1e-9).priority(999) },
            n2.makeConstraints { make in make.left.lessThanOrEqualTo(n1.left).offset(1e-9).priority(999) },
            n2.makeConstraints { make in make.right.equalTo(n0.right) },
        ]
        let window = LayoutEnvironment(width: 320, height: 568)
        let layout = try LayoutEngine(root: root, constraints: constraints, environment: window).solve()
        for item in [n0, n1, n2, n3] {
            let frame = try #require(layout.frame(of: item))
            #expect([frame.x, frame.y, frame.width, frame.height].allSatisfy { $0.isFinite }, "\(frame)")
        }
        do {
            _ = try LayoutEngine(root: root, constraints: constraints, environment: window, conflictHandling: .strict)
            Issue.record("expected an error")
        } catch {
            #expect((error.line, error.code) == (line, .solverFailure), "\(error)")
        }
    }

    @Test func aWindowLargerThanTheLimitIsRefused() throws {
        #expect(throws: ConstraintError.self) {
            _ = try LayoutEngine(
                root: measureView, constraints: [measureConstraints()],
                environment: LayoutEnvironment(width: 1e300, height: 480))
        }
        let engine = try LayoutEngine(
            root: measureView, constraints: [measureConstraints()],
            environment: LayoutEnvironment(width: 320, height: 480))
        #expect(throws: ConstraintError.self) { _ = try engine.update(to: LayoutEnvironment(width: 320, height: 1e16)) }
    }

    @Test func pixelRoundingNeverOverflows() throws {
        // At a display scale of 1e300, an edge at 1e10 points is 1e310 pixels: beyond any double.
        let root = LayoutNode("root")
        let far = LayoutNode("far", in: root)
        let constraints = far.makeConstraints { make in
            make.left.equalTo(root).offset(1e10)
            make.top.equalTo(root).offset(7.25)
            make.width.height.equalTo(10)
        }
        let environment = LayoutEnvironment(width: 320, height: 480, displayScale: 1e300)
        let layout = try LayoutEngine(root: root, constraints: [constraints], environment: environment).solve()
        #expect(layout.frame(of: far) == LayoutFrame(x: 1e10, y: 7.25, width: 10, height: 10))
        #expect(
            [
                environment.roundedToPixel(1e308),
                LayoutEnvironment(width: 320, height: 480, displayScale: 3).roundedToPixel(1e14 + 0.4),
            ] == [1e308, 1e14 + 1.0 / 3])
    }

    @Test func anItemOfAnotherTreeIsAnError() throws {
        let root = LayoutNode("root")
        let stranger = LayoutNode("stranger")
        let constraints = stranger.makeConstraints { make in make.width.equalTo(10) }
        do {
            _ = try LayoutEngine(
                root: root, constraints: [constraints], environment: LayoutEnvironment(width: 320, height: 480))
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .noCommonAncestor)
        }
    }
}
