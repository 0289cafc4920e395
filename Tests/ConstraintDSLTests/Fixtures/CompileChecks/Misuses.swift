// Type-checked by CompileCheckTests against the built ConstraintDSL module, never compiled into the tests.
// A line marked `// error` must get a compiler error, containing <text> if marked `// error: <text>`; every other
// line must compile. Where overloads of `equalTo` take a literal, the compiler blames the overload set ("no exact
// matches in call to instance method 'equalTo'"), so those lines give no text.
import ConstraintDSL
import DeviceConstraints

// MARK: - What compiles

func correctUse(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) -> ConstraintGroup {
    view.makeConstraints { make in
        make.top.equalToSuperview()
        make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5).priority(.high).labeled("left")
        make.right.equalTo(container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
        make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6).priority(750)
        make.width.lessThanOrEqualTo(320).lessThanOrEqualTo(280, on: .iPhone5)
        make.size.equalTo(spec)
        make.edges(spec, relativeTo: container).priority(.low)
        make.center.equalToSuperview()
        make.left.right.equalTo(container.centerX).multipliedBy(0.5)
        make.top.left.equalTo(container).inset(8)
        make.height.equalTo(.scaled(60, designWidth: 375)).equalTo(.scaled(50), on: .iPad)
        make.right.equalToSuperview().inset(.scaled(8)).inset(4, on: .iPhone5).inset(.fixed(2), on: .iPad)
        make.width.lessThanOrEqualTo(PerDevice(LayoutConstant.fixed(3)).overriding(.scaled(2), on: .iPhone5))
        make.edges.equalToSuperview().inset(spec).inset(LayoutInsets(all: 1), on: .iPhone5)
    }
}

// MARK: - A size against a position

func sizeAgainstPosition(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.width.equalTo(container.left)  // error: LayoutAnchor<LayoutAxis.Horizontal>
    }
}

func horizontalAgainstVertical(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.top.equalTo(container.left)  // error: LayoutAnchor<LayoutAxis.Horizontal>
    }
}

func positionAgainstSize(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.centerY.lessThanOrEqualTo(container.height)  // error: LayoutAnchor<LayoutAxis.Dimension>
    }
}

func mixedAgainstAnAnchor(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.edges.equalTo(container.left)  // error: LayoutItem
    }
}

func mixedAgainstANumber(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.center.equalTo(10)  // error: LayoutItem
    }
}

func aRecordForAPosition(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(spec)  // error
    }
}

// MARK: - Devices

func anEmptyDeviceList(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).offset(114).offset(105, on: [])  // error: DeviceName
    }
}

func aDeviceListWithoutDevices(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.height.equalTo(115).equalTo(105)  // error: missing argument
    }
}

func aPerDeviceNumberForAnotherRelation(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.height.equalTo(115).lessThanOrEqualTo(105, on: .iPhone5)  // error
    }
}

func aPerDeviceNumberAfterAnItem(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).equalTo(105, on: .iPhone5)  // error
    }
}

// MARK: - The order of the chain

func anOffsetAfterANumber(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.height.equalTo(115).offset(5)  // error
    }
}

func anOffsetAfterAPriority(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).priority(.high).offset(5)  // error: has no member 'offset'
    }
}

func aPriorityAfterALabel(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).labeled("left").priority(.high)  // error: has no member 'priority'
    }
}

func anOffsetAfterARecord(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.size.equalTo(spec).offset(4)  // error
    }
}

func relatingTwice(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).equalTo(container.right)  // error: has no member 'equalTo'
    }
}

func aMultiplierForANumber(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.width.equalTo(100).multipliedBy(2)  // error
    }
}

// MARK: - The targets of offsets and insets

func insetsAsAnOffset(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).offset(LayoutInsets(all: 8))  // error: ConstraintOffsetTarget
    }
}

func aRecordAsAnOffset(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).offset(spec)  // error: ConstraintOffsetTarget
    }
}

func aPerDeviceNumberOnDevices(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.left.equalTo(container.left).offset(PerDevice(8.0), on: .iPhone5)  // error: ConstraintConstantTarget
    }
}

func aStringAsAnInset(_ view: LayoutNode, _ container: LayoutNode, _ spec: ConstraintRecord) {
    _ = view.makeConstraints { make in
        make.edges.equalToSuperview().inset("8")  // error: ConstraintInsetTarget
    }
}
