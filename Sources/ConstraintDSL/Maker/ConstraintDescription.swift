import DeviceConstraints

/// One statement of a ``ConstraintMaker`` once it is related (`make.left.right.equalTo(container).offset(8)`):
/// the chain's later steps edit it, and it becomes one ``LayoutConstraint`` per attribute.
final class ConstraintDescription {
    /// The item being constrained.
    let item: ItemReference
    /// Its attributes, in the order written, each once.
    let attributes: [LayoutAttribute]
    /// How the two sides compare.
    let relation: LayoutRelation
    /// What the attributes are related to.
    let target: RelationTarget
    /// Where the relation was written.
    let file: String
    let line: Int
    /// The constant of each attribute, in the order of ``attributes``.
    private(set) var constants: [PerDevice<LayoutConstant>]
    var multiplier: Double = 1
    var priority: ConstraintPriority = .required
    var label: String?

    init(
        item: ItemReference, attributes: [LayoutAttribute], relation: LayoutRelation, target: RelationTarget,
        file: String, line: Int
    ) {
        self.item = item
        self.attributes = attributes
        self.relation = relation
        self.target = target
        self.file = file
        self.line = line
        self.constants = Array(repeating: PerDevice(.fixed(0)), count: attributes.count)
    }

    /// Sets each attribute's constant to `value(attribute)`: the default when `devices` is `nil`, else the
    /// override on those devices. The other devices keep what they had.
    func setConstant(on devices: [DeviceName]? = nil, _ value: (LayoutAttribute) -> Double) {
        setLayoutConstant(on: devices) { .fixed(value($0)) }
    }

    /// Sets each attribute's constant to `value(attribute)`, which may depend on the window: the default when
    /// `devices` is `nil`, else the override on those devices.
    func setLayoutConstant(on devices: [DeviceName]? = nil, _ value: (LayoutAttribute) -> LayoutConstant) {
        for (index, attribute) in attributes.enumerated() {
            if let devices {
                constants[index].override(value(attribute), on: devices)
            } else {
                constants[index].default = value(attribute)
            }
        }
    }

    /// Sets each attribute's constant to the default and every override of `value(attribute)`; the devices it does
    /// not name keep theirs.
    func setConstants(_ value: (LayoutAttribute) -> PerDevice<LayoutConstant>) {
        for (index, attribute) in attributes.enumerated() {
            let amount = value(attribute)
            constants[index].default = amount.default
            for (device, constant) in amount.overrides { constants[index].override(constant, on: [device]) }
        }
    }

    /// The constraints this statement stands for, one per attribute.
    var constraints: [LayoutConstraint] {
        attributes.indices.map { index in
            let attribute = attributes[index]
            return LayoutConstraint(
                first: item, firstAttribute: attribute, relation: relation, second: target.second(for: attribute),
                multiplier: multiplier, layoutConstant: constants[index], priority: priority, label: label, file: file,
                line: line)
        }
    }
}

/// What a statement relates its attributes to.
enum RelationTarget {
    /// The same attributes of another item: `equalTo(container)`.
    case sameAttributes(ItemReference)
    /// One attribute of another item: `equalTo(container.left)`.
    case anchor(ItemReference, LayoutAttribute)
    /// The same attributes of the superitem the item had when the statement was written; `nil` if it had none.
    case superitem(ItemReference?)
    /// A number: widths and heights stand alone; edges and centers are taken from the superitem's same
    /// attribute, as SnapKit does (`make.left.equalTo(10)` is `left == superitem.left + 10`).
    case constant(superitem: ItemReference?)

    /// The second side of the constraint of `attribute`.
    func second(for attribute: LayoutAttribute) -> LayoutConstraint.Second {
        switch self {
        case .sameAttributes(let item): .item(item, attribute)
        case .anchor(let item, let other): .item(item, other)
        case .superitem(let item?): .item(item, attribute)
        case .superitem(nil): .missingSuperitem(attribute)
        case .constant where attribute.isDimension: .none
        case .constant(let superitem): RelationTarget.superitem(superitem).second(for: attribute)
        }
    }
}
