import ConstraintDSL
import ConstraintLayout
import DeviceConstraints
import Testing

/// Intrinsic content sizes with content hugging and compression resistance, as UIKit applies them.
struct IntrinsicContentSizeTests {
    private let root = LayoutNode("root")
    private let environment = LayoutEnvironment(width: 320, height: 480)

    /// Two labels side by side between the root's edges: `first.left == 10`, `second.left == first.right + 8`,
    /// `second.right == root.right - 10`.
    private func sideBySide(_ first: LayoutNode, _ second: LayoutNode) -> [ConstraintGroup] {
        [
            first.makeConstraints { make in
                make.left.equalTo(root.left).offset(10)
                make.top.equalTo(root)
            },
            second.makeConstraints { make in
                make.left.equalTo(first.right).offset(8)
                make.right.equalTo(root.right).offset(-10)
                make.top.equalTo(root)
            },
        ]
    }

    @Test func aLabelTakesItsIntrinsicSizeWhenNothingElseDecides() throws {
        let label = LayoutNode("label", in: root)
        label.intrinsicContentSize = IntrinsicContentSize(width: 120, height: 21)
        let constraints = label.makeConstraints { make in make.left.top.equalTo(root).offset(10) }
        let layout = try LayoutEngine(root: root, constraints: [constraints], environment: environment).solve()
        #expect(
            (layout.frame(of: label), layout.diagnostics.isEmpty)
                == (LayoutFrame(x: 10, y: 10, width: 120, height: 21), true), "\(layout.diagnostics)")
    }

    @Test func theLabelThatHugsLessStretches() throws {
        let title = LayoutNode("title", in: root)
        let value = LayoutNode("value", in: root)
        title.intrinsicContentSize = IntrinsicContentSize(width: 100, height: 21, hugging: 251)
        value.intrinsicContentSize = IntrinsicContentSize(width: 50, height: 21)
        let layout = try LayoutEngine(root: root, constraints: sideBySide(title, value), environment: environment)
            .solve()
        // 320 − 20 − 8 − 100 for the value.
        #expect(
            ([layout.frame(of: title)?.width, layout.frame(of: value)?.width], layout.diagnostics.isEmpty)
                == ([100, 192.0], true), "\(layout.diagnostics)")
    }

    @Test func theLabelThatResistsCompressionLessShrinks() throws {
        let title = LayoutNode("title", in: root)
        let value = LayoutNode("value", in: root)
        title.intrinsicContentSize = IntrinsicContentSize(width: 200, height: 21)
        value.intrinsicContentSize = IntrinsicContentSize(width: 150, height: 21, compressionResistance: 749)
        let layout = try LayoutEngine(root: root, constraints: sideBySide(title, value), environment: environment)
            .solve()
        #expect([layout.frame(of: title)?.width, layout.frame(of: value)?.width] == [200, 92.0])  // 320 − 20 − 8 − 200
    }

    @Test func anExplicitConstraintAboveTheHuggingPriorityWins() throws {
        let label = LayoutNode("label", in: root)
        label.intrinsicContentSize = IntrinsicContentSize(width: 120, height: 21)
        let constraints = label.makeConstraints { make in
            make.left.top.equalTo(root)
            make.width.equalTo(200).priority(251)
        }
        let layout = try LayoutEngine(root: root, constraints: [constraints], environment: environment).solve()
        #expect([layout.frame(of: label)?.width, layout.frame(of: label)?.height] == [200, 21])
    }

    @Test func aRequiredIntrinsicSizeThatConflictsIsBrokenAndReported() throws {
        let label = LayoutNode("label", in: root)
        label.intrinsicContentSize = IntrinsicContentSize(width: 120, height: 21, compressionResistance: .required)
        let constraints = label.makeConstraints { make in
            make.left.top.equalTo(root)
            make.width.equalTo(100)
        }
        let layout = try LayoutEngine(root: root, constraints: [constraints], environment: environment).solve()
        #expect(layout.frame(of: label)?.width == 100)
        let diagnostic = try #require(layout.diagnostics.first)
        #expect(
            (diagnostic.brokenConstraint?.label, diagnostic.conflictingConstraints.map(\.constant))
                == ("compression resistance", [100]))
    }
}
