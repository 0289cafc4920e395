import ConstraintDSL
import DeviceConstraints
import Testing

/// Attributes, relations, priorities and insets: the values constraints are made of.
struct LayoutValueTests {
    // MARK: - Attributes

    @Test(arguments: LayoutAttribute.allCases)
    func everyAttributeLiesOnOneAxis(attribute: LayoutAttribute) {
        let expected: LayoutAttribute.Axis =
            switch attribute {
            case .left, .right, .leading, .trailing, .centerX: .horizontal
            case .top, .bottom, .centerY: .vertical
            case .width, .height: .dimension
            }
        #expect(
            (attribute.axis, attribute.isDimension, attribute.isPosition)
                == (expected, expected == .dimension, expected != .dimension))
    }

    @Test func attributesRelateWithinTheirAxisExceptLeftRightAgainstLeadingTrailing() {
        let related = LayoutAttribute.allCases.flatMap { first in
            LayoutAttribute.allCases.filter { first.canRelate(to: $0) }.map { "\(first)-\($0)" }
        }
        let horizontal: [LayoutAttribute] = [.left, .right, .leading, .trailing, .centerX]
        let forbidden: Set<String> = ["left-leading", "left-trailing", "right-leading", "right-trailing"]
        for first in LayoutAttribute.allCases {
            for second in LayoutAttribute.allCases {
                let pair = "\(first)-\(second)"
                let reversed = "\(second)-\(first)"
                let expected =
                    first.axis == second.axis && !forbidden.contains(pair) && !forbidden.contains(reversed)
                #expect(related.contains(pair) == expected, "\(pair)")
            }
        }
        #expect(horizontal.allSatisfy { $0.canRelate(to: .centerX) })
    }

    @Test func relationsPrintAsAutoLayoutDoes() {
        #expect(LayoutRelation.allCases.map(\.description) == ["==", "<=", ">="])
    }

    // MARK: - Priorities

    @Test func namedPrioritiesHaveAutoLayoutsValues() {
        #expect([ConstraintPriority.required, .high, .medium, .low].map(\.value) == [1000, 750, 500, 250])
        #expect(ConstraintPriority.low < .medium && ConstraintPriority.high < .required)
    }

    @Test func prioritiesCanBeWrittenAsLiterals() {
        let integer: ConstraintPriority = 999
        let fraction: ConstraintPriority = 749.5
        #expect(
            (integer, integer.description, fraction.description) == (ConstraintPriority(999), "999", "749.5"))
    }

    @Test(arguments: [(Float(1), true), (1000, true), (0, false), (1001, false), (-5, false), (.nan, false)])
    func onlyPrioritiesFromOneToAThousandAreValid(value: Float, valid: Bool) {
        #expect(ConstraintPriority(value).isValid == valid)
    }

    // MARK: - Insets

    @Test func insetsMoveEachAttributeInwardAsSnapKitDoes() {
        let insets = LayoutInsets(top: 1, left: 2, bottom: 4, right: 8)
        let constants = LayoutAttribute.allCases.map { ($0, insets.constant(for: $0)) }
        let expected: [LayoutAttribute: Double] = [
            .left: 2, .leading: 2, .top: 1, .right: -8, .trailing: -8, .bottom: -4,
            .centerX: -3, .centerY: -1.5, .width: -10, .height: -5,
        ]
        for (attribute, constant) in constants {
            #expect(constant == expected[attribute], "\(attribute)")
        }
    }

    @Test func insetsComeFromARecordsMargins() {
        let record = ConstraintRecord(marginLeft: 6, marginRight: 2, marginTop: 0.5, marginBottom: 1, width: 60)
        #expect(
            [LayoutInsets(margins: record), LayoutInsets(all: 3)] == [
                LayoutInsets(top: 0.5, left: 6, bottom: 1, right: 2),
                LayoutInsets(top: 3, left: 3, bottom: 3, right: 3),
            ])
        #expect(LayoutInsets(all: 3).description == "(top: 3.0, left: 3.0, bottom: 3.0, right: 3.0)")
    }
}
