public import DeviceConstraints

/// Relations that only attributes of one axis have: to an anchor of that axis, and to a number.
extension ConstraintMakerRelatable where Kind: SingleAxisKind {
    func relate(_ relation: LayoutRelation, _ anchor: LayoutAnchor<Kind>, _ file: String, _ line: Int)
        -> ConstraintMakerEditable
    {
        ConstraintMakerEditable(relate(relation, .anchor(anchor.reference, anchor.attribute), file, line))
    }

    func relate<Relation>(
        _ relation: LayoutRelation, _ constant: some ConstraintOffsetTarget, _ file: String, _ line: Int
    ) -> ConstraintMakerConstantEditable<Relation> {
        let description = relate(relation, .constant(superitem: superitem), file, line)
        description.setConstants { _ in constant.offsetConstants }
        return ConstraintMakerConstantEditable(description)
    }

    // MARK: - Anchors

    /// Each attribute equals `anchor`, an attribute of the same axis of another item (or of this one).
    ///
    /// ```swift
    /// make.left.equalTo(previousDay.right).offset(spec.marginLeft)
    /// make.width.equalTo(container.width).multipliedBy(0.5)
    /// ```
    ///
    /// An anchor of another axis does not compile: `make.width.equalTo(container.left)`.
    ///
    /// - Parameters:
    ///   - anchor: `item.left`, `item.width`, …
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func equalTo(_ anchor: LayoutAnchor<Kind>, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relate(.equal, anchor, file, line)
    }

    /// Each attribute is at most `anchor`.
    ///
    /// ```swift
    /// make.right.lessThanOrEqualTo(badge.left).offset(-4)
    /// ```
    ///
    /// - Parameters:
    ///   - anchor: An attribute of the same axis.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func lessThanOrEqualTo(_ anchor: LayoutAnchor<Kind>, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relate(.lessThanOrEqual, anchor, file, line)
    }

    /// Each attribute is at least `anchor`.
    ///
    /// ```swift
    /// make.top.greaterThanOrEqualTo(header.bottom).offset(8)
    /// ```
    ///
    /// - Parameters:
    ///   - anchor: An attribute of the same axis.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func greaterThanOrEqualTo(_ anchor: LayoutAnchor<Kind>, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relate(.greaterThanOrEqual, anchor, file, line)
    }

    // MARK: - Numbers

    /// Each attribute equals a number: a width or height is that number; an edge or center is that far from
    /// the superitem's same attribute (`make.top.equalTo(20)` is `top == superitem.top + 20`).
    ///
    /// ```swift
    /// make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
    /// make.size.equalTo(44)
    /// make.height.equalTo(PerDevice(60.0).overriding(45, on: .iPhone5))
    /// make.height.equalTo(.scaled(60, designWidth: 375, min: 44))         // follows the window's width
    /// make.width.equalTo(.record(ConstraintIDs.Feed.grid, .width))        // read when resolved
    /// ```
    ///
    /// - Parameters:
    ///   - constant: A number, a ``LayoutConstant`` or a ``PerDevice`` of those; override it per device with
    ///     `equalTo(_:on:)`.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for per-device numbers, a priority or a label.
    @discardableResult
    public func equalTo(_ constant: some ConstraintOffsetTarget, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerConstantEditable<RelationKind.Equal>
    {
        relate(.equal, constant, file, line)
    }

    /// Each attribute is at most a number.
    ///
    /// ```swift
    /// make.width.lessThanOrEqualTo(320).lessThanOrEqualTo(280, on: .iPhone5)
    /// make.width.lessThanOrEqualTo(PerDevice(320.0).overriding(280, on: .iPhone5))
    /// ```
    ///
    /// - Parameters:
    ///   - constant: A number, a ``LayoutConstant`` or a ``PerDevice`` of those.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for per-device numbers, a priority or a label.
    @discardableResult
    public func lessThanOrEqualTo(_ constant: some ConstraintOffsetTarget, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerConstantEditable<RelationKind.LessThanOrEqual>
    {
        relate(.lessThanOrEqual, constant, file, line)
    }

    /// Each attribute is at least a number.
    ///
    /// ```swift
    /// make.height.greaterThanOrEqualTo(44)
    /// make.height.greaterThanOrEqualTo(PerDevice(44.0).overriding(40, on: .iPhone5))
    /// ```
    ///
    /// - Parameters:
    ///   - constant: A number, a ``LayoutConstant`` or a ``PerDevice`` of those.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for per-device numbers, a priority or a label.
    @discardableResult
    public func greaterThanOrEqualTo(
        _ constant: some ConstraintOffsetTarget, file: String = #fileID, line: Int = #line
    ) -> ConstraintMakerConstantEditable<RelationKind.GreaterThanOrEqual> {
        relate(.greaterThanOrEqual, constant, file, line)
    }
}

/// Relations that only widths and heights have.
extension ConstraintMakerRelatable where Kind == LayoutAxis.Dimension {
    /// The width equals the record's `width`, the height its `height`.
    ///
    /// ```swift
    /// let spec = try interpreter.record(viewId: "bmt_reportCalendarDayButtonId_Selected",
    ///                                   in: BMTReportCalendarDayButton.self)
    /// make.size.equalTo(spec)            // width == 55.0, height == 55.0 on an iPhone 6
    /// ```
    ///
    /// - Parameters:
    ///   - record: The record, already resolved for the device by the interpreter.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for a priority or a label.
    @discardableResult
    public func equalTo(_ record: ConstraintRecord, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerPrioritizable
    {
        let description = relate(.equal, .constant(superitem: nil), file, line)
        description.setConstant { $0 == .width ? record.width : record.height }
        return ConstraintMakerPrioritizable(description)
    }
}
