import ConstraintDSL
import DeviceConstraints
import Foundation
// The shared test support (Tests/TestSupport), for every file of this target without an import of its own.
@_exported import TestSupport
import Testing

extension DeviceProfile {
    /// A profile of the standard catalog.
    static func standard(_ name: DeviceName) throws -> DeviceProfile {
        try #require(DeviceCatalog.standard.profile(named: name))
    }
}

/// The devices the tests resolve for: the four original classes and two modern ones that fall back to them.
enum Devices {
    static let original: [DeviceName] = [.iPhone5, .iPhone6, .iPhone6Plus, .iPad]
    static let modern: [DeviceName] = [.iPhone14Pro, .iPhone16ProMax, .iPadPro13]
    static let all = original + modern
}

/// What a device gets from a constraint, without where it was written: two ways of writing the same layout
/// resolve to equal values.
struct Outcome: Hashable, CustomStringConvertible {
    var first: String
    var relation: LayoutRelation
    var second: String?
    var multiplier: Double
    var constant: Double
    var priority: ConstraintPriority

    init(_ constraint: ResolvedConstraint) {
        first = "\(constraint.firstItem.name).\(constraint.firstAttribute)"
        relation = constraint.relation
        second = constraint.secondItem.map { "\($0.name).\(constraint.secondAttribute?.rawValue ?? "?")" }
        multiplier = constraint.multiplier
        constant = constraint.constant
        priority = constraint.priority
    }

    var description: String {
        "\(first) \(relation) \(second ?? "-") * \(multiplier) + \(constant) @\(priority)"
    }
}

extension ConstraintGroup {
    /// The outcomes on a device of the standard catalog.
    func outcomes(on device: DeviceName) throws -> [Outcome] {
        try resolved(for: .standard(device)).map(Outcome.init)
    }

    /// The statements as `resolved` prints them on a device, without the `(File.swift:line)` part.
    func statements(on device: DeviceName) throws -> [String] {
        try resolved(for: .standard(device)).map(\.statement)
    }

    /// The constants on a device of the standard catalog, in order.
    func constants(on device: DeviceName) throws -> [Double] {
        try resolved(for: .standard(device)).map(\.constant)
    }
}

extension ResolvedConstraint {
    /// The description without the location that ends it.
    var statement: String { withoutLocation(description) }
}

extension LayoutConstraint {
    /// The description without the location that ends it.
    var statement: String { withoutLocation(description) }
}

/// `view.top == container.top` from `view.top == container.top (File.swift:3)`.
private func withoutLocation(_ description: String) -> String {
    guard let open = description.range(of: " (", options: .backwards) else { return description }
    return String(description[..<open.lowerBound])
}

/// A container with two children and a separate tree: enough to relate items and to fail to.
struct Tree {
    let container = LayoutNode("container")
    let stranger = LayoutNode("stranger")
    let view: LayoutNode
    let sibling: LayoutNode

    init() {
        view = LayoutNode("view", in: container)
        sibling = LayoutNode("sibling", in: container)
    }
}

/// The folders of the project.
enum Folders {
    /// The `Constraints/` folder that ships with the project.
    static var bundledConstraints: URL { PackageFolders.bundledConstraints }
}
