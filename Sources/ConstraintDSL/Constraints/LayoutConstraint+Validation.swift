import DeviceConstraints

/// The items of a constraint that passed its checks, held strongly while it is turned into something else.
package struct CheckedItems {
    package let first: any LayoutItem
    package let second: (any LayoutItem)?
}

extension LayoutConstraint {
    /// Checks everything Auto Layout would otherwise raise an exception for, and the device names of the
    /// overrides, appending a located error for each problem.
    ///
    /// - Returns: The live items, or `nil` if a problem was found.
    func check(in catalog: DeviceCatalog, problems: inout [ConstraintError]) -> CheckedItems? {
        let found = problems.count
        func report(_ code: ConstraintError.Code, _ message: String) {
            problems.append(ConstraintError(code: code, message: message, file: fileName, line: line))
        }
        let quoted = "'\(statement)'"

        let firstItem = first.object
        if firstItem == nil {
            report(
                .itemReleased, "\(first.identity.name) no longer exists, so \(quoted) cannot be resolved; " + keepAlive)
        }
        var secondItem: (any LayoutItem)?
        switch second {
        case .none where firstAttribute.isPosition:
            report(
                .incompatibleAttributes,
                "\(firstAttribute) cannot equal a number alone in \(quoted); relate it to an item")
        case .none:
            break
        case .missingSuperitem:
            report(
                .noSuperitem,
                "\(first.identity.name) had no superitem when \(quoted) was written; place it in its superitem "
                    + "before making constraints that use the superitem")
        case .item(let reference, let attribute):
            secondItem = reference.object
            if secondItem == nil {
                report(
                    .itemReleased,
                    "\(reference.identity.name) no longer exists, so \(quoted) cannot be resolved; " + keepAlive)
            }
            if let firstItem, let secondItem, firstItem.nearestCommonAncestor(with: secondItem) == nil {
                report(
                    .noCommonAncestor,
                    "\(first.identity.name) and \(reference.identity.name) have no common ancestor, so \(quoted) "
                        + "cannot hold; put both in one tree before resolving")
            }
            if !firstAttribute.canRelate(to: attribute) {
                report(.incompatibleAttributes, incompatibility(attribute) + " in \(quoted)")
            }
        }
        checkValues(in: catalog, report: report)
        guard problems.count == found, let firstItem else { return nil }
        return CheckedItems(first: firstItem, second: secondItem)
    }

    private var keepAlive: String {
        "keep the items you constrain alive while you use their constraints"
    }

    private func incompatibility(_ other: LayoutAttribute) -> String {
        if firstAttribute.axis != other.axis {
            return "a \(firstAttribute.axis) attribute (\(firstAttribute)) cannot be related to a \(other.axis) one "
                + "(\(other))"
        }
        return "\(firstAttribute) cannot be related to \(other): left and right do not mix with leading and "
            + "trailing; use the same pair on both sides"
    }

    /// Multiplier, priority, constants and the devices of the overrides.
    private func checkValues(in catalog: DeviceCatalog, report: (ConstraintError.Code, String) -> Void) {
        let quoted = "'\(statement)'"
        if !multiplier.isFinite || (multiplier == 0 && firstAttribute.isPosition) {
            report(
                .invalidValue,
                "the multiplier must be a finite number, and not 0 for an edge or center; found \(multiplier) in "
                    + quoted)
        }
        if !priority.isValid {
            report(.invalidValue, "the priority must be from 1 to 1000, found \(priority) in \(quoted)")
        }
        if !constant.default.isFinite {
            report(.invalidValue, "the constant must be a finite number, found \(constant.default) in \(quoted)")
        }
        for device in constant.devices {
            if let value = constant.overrides[device], !value.isFinite {
                report(
                    .invalidValue,
                    "the constant on \(device) must be a finite number, found \(value) in \(quoted)")
            }
            if catalog.profile(named: device) == nil {
                let names = catalog.profiles.map(\.name.rawValue)
                let suggestion = EditDistance.closest(to: device.rawValue, among: names, maximum: 2)
                report(
                    .unknownDevice,
                    "\(quoted) has a constant for \"\(device)\", which is not a device of the catalog, so it would "
                        + "never apply; "
                        + (suggestion.map { "did you mean \"\($0)\"?" } ?? "use a device of the catalog"))
            }
        }
    }
}
