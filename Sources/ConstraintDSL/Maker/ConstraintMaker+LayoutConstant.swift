public import DeviceConstraints

// Constants that depend on the window: scaled with its width, or read from a record when resolved.

extension ConstraintMakerRelatable where Kind: SingleAxisKind {
    /// Each attribute equals a constant that may depend on the window.
    ///
    /// ```swift
    /// make.height.equalTo(.scaled(60, designWidth: 375, min: 44))
    /// make.width.equalTo(.record(ConstraintIDs.Feed.grid, .width))
    /// ```
    ///
    /// - Parameters:
    ///   - constant: The constant on every device.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for per-device numbers, a priority or a label.
    @discardableResult
    public func equalTo(_ constant: LayoutConstant, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerConstantEditable<RelationKind.Equal>
    {
        equalTo(PerDevice(constant), file: file, line: line)
    }

    /// Each attribute equals a constant that may differ per device and depend on the window.
    ///
    /// ```swift
    /// make.height.equalTo(PerDevice(60.0).overriding(45, on: .iPhone5).scaled(designWidth: 375))
    /// ```
    ///
    /// - Parameters:
    ///   - constant: The constants, with their per-device overrides.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for per-device numbers, a priority or a label.
    @discardableResult
    public func equalTo(_ constant: PerDevice<LayoutConstant>, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerConstantEditable<RelationKind.Equal>
    {
        let description = relate(.equal, .constant(superitem: superitem), file, line)
        description.setConstant(constant) { _ in 1 }
        return ConstraintMakerConstantEditable(description)
    }
}

extension ConstraintMakerEditable {
    /// A constant that depends on the window, added to the second side.
    ///
    /// ```swift
    /// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375))
    /// make.left.equalTo(previousDay.right).offset(.record(ConstraintIDs.BMTReportCalendarDayButton.selected, .marginLeft))
    /// ```
    ///
    /// - Parameter amount: The constant on devices without their own.
    /// - Returns: The statement.
    @discardableResult
    public func offset(_ amount: LayoutConstant) -> ConstraintMakerEditable {
        description.setLayoutConstant { _ in amount }
        return self
    }

    /// A constant that depends on the window, on these devices and those that fall back to them.
    ///
    /// ```swift
    /// make.left.equalToSuperview().offset(.scaled(20, designWidth: 375)).offset(.fixed(12), on: .iPhone5)
    /// ```
    ///
    /// - Parameters:
    ///   - amount: The constant on these devices.
    ///   - first: A device; at least one is required.
    ///   - more: Further devices.
    /// - Returns: The statement.
    @discardableResult
    public func offset(_ amount: LayoutConstant, on first: DeviceName, _ more: DeviceName...)
        -> ConstraintMakerEditable
    {
        description.setLayoutConstant(on: [first] + more) { _ in amount }
        return self
    }

    /// Constants that differ per device and depend on the window.
    ///
    /// ```swift
    /// make.left.equalToSuperview().offset(PerDevice(20.0).overriding(12, on: .iPhone5).scaled(designWidth: 375))
    /// ```
    ///
    /// - Parameter amount: The default and the per-device constants; devices it does not name keep theirs.
    /// - Returns: The statement.
    @discardableResult
    public func offset(_ amount: PerDevice<LayoutConstant>) -> ConstraintMakerEditable {
        description.setConstant(amount) { _ in 1 }
        return self
    }

    /// Moves each attribute inward by a constant that depends on the window, as ``inset(_:)-(Double)`` does.
    ///
    /// ```swift
    /// make.horizontalEdges.equalToSuperview().inset(.scaled(16, designWidth: 375))
    /// make.horizontalEdges.equalToSuperview().inset(.record(ConstraintIDs.Feed.grid, .marginLeft))
    /// ```
    ///
    /// - Parameter amount: The inset on devices without their own.
    /// - Returns: The statement.
    @discardableResult
    public func inset(_ amount: LayoutConstant) -> ConstraintMakerEditable {
        inset(PerDevice(amount))
    }

    /// Moves each attribute inward by constants that differ per device and depend on the window.
    ///
    /// - Parameter amount: The default and the per-device insets; devices it does not name keep theirs.
    /// - Returns: The statement.
    @discardableResult
    public func inset(_ amount: PerDevice<LayoutConstant>) -> ConstraintMakerEditable {
        description.setConstant(amount) { LayoutInsets(all: 1).constant(for: $0) }
        return self
    }
}
