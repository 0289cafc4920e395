public import DeviceConstraints

/// What a ``LayoutItemDSL/makeConstraints(_:)`` closure is given: start each statement with the attributes to
/// constrain, as in SnapKit.
///
/// ```swift
/// let constraints = measureTopView.makeConstraints { make in
///     make.top.equalToSuperview()
///     make.left.equalTo(container.left).offset(20).offset(12, on: .iPhone5).offset(15, on: .iPhone6)
///     make.right.equalTo(container.right).offset(-20).offset(-12, on: .iPhone5).offset(-15, on: .iPhone6)
///     make.height.equalTo(114).equalTo(105, on: .iPhone5, .iPhone6)
/// }
/// ```
///
/// Each property starts a statement and returns a ``ConstraintMakerExtendable`` whose type says which axis its
/// attributes are on; the chain narrows from there (Extendable → Relatable → Editable → Prioritizable →
/// Finalizable), so a statement that makes no sense does not compile.
public final class ConstraintMaker {
    /// The item whose constraints are made; held while the closure runs.
    let item: any LayoutItem
    /// The statements related so far, in order.
    private var descriptions: [ConstraintDescription] = []

    init(item: any LayoutItem) {
        self.item = item
    }

    func add(_ description: ConstraintDescription) {
        descriptions.append(description)
    }

    /// The constraints of every statement, one per attribute, in the order written.
    var constraints: [LayoutConstraint] {
        descriptions.flatMap(\.constraints)
    }

    private func start<Kind>(_ attributes: LayoutAttribute...) -> ConstraintMakerExtendable<Kind> {
        ConstraintMakerExtendable(maker: self, attributes: attributes)
    }

    // MARK: - Single attributes

    /// The left edge: `make.left.equalTo(container.left).offset(12)`.
    public var left: ConstraintMakerExtendable<LayoutAxis.Horizontal> { start(.left) }
    /// The right edge: `make.right.equalTo(container.right).offset(-12)`.
    public var right: ConstraintMakerExtendable<LayoutAxis.Horizontal> { start(.right) }
    /// The leading edge (left in a left-to-right layout): `make.leading.equalToSuperview().inset(16)`.
    public var leading: ConstraintMakerExtendable<LayoutAxis.Horizontal> { start(.leading) }
    /// The trailing edge (right in a left-to-right layout): `make.trailing.equalToSuperview().inset(16)`.
    public var trailing: ConstraintMakerExtendable<LayoutAxis.Horizontal> { start(.trailing) }
    /// The horizontal center: `make.centerX.equalToSuperview()`.
    public var centerX: ConstraintMakerExtendable<LayoutAxis.Horizontal> { start(.centerX) }
    /// The top edge: `make.top.equalTo(header.bottom).offset(8)`.
    public var top: ConstraintMakerExtendable<LayoutAxis.Vertical> { start(.top) }
    /// The bottom edge: `make.bottom.equalToSuperview().inset(20)`.
    public var bottom: ConstraintMakerExtendable<LayoutAxis.Vertical> { start(.bottom) }
    /// The vertical center: `make.centerY.equalTo(icon.centerY)`.
    public var centerY: ConstraintMakerExtendable<LayoutAxis.Vertical> { start(.centerY) }
    /// The width: `make.width.equalTo(60).equalTo(45, on: .iPhone5)`.
    public var width: ConstraintMakerExtendable<LayoutAxis.Dimension> { start(.width) }
    /// The height: `make.height.equalTo(container.height).multipliedBy(0.5)`.
    public var height: ConstraintMakerExtendable<LayoutAxis.Dimension> { start(.height) }

    // MARK: - Composites

    /// Top, left, bottom and right: `make.edges.equalToSuperview().inset(12)`.
    public var edges: ConstraintMakerExtendable<LayoutAxis.Mixed> { start(.top, .left, .bottom, .right) }
    /// Left and right: `make.horizontalEdges.equalToSuperview().inset(20)`.
    public var horizontalEdges: ConstraintMakerExtendable<LayoutAxis.Horizontal> { start(.left, .right) }
    /// Top and bottom: `make.verticalEdges.equalTo(container)`.
    public var verticalEdges: ConstraintMakerExtendable<LayoutAxis.Vertical> { start(.top, .bottom) }
    /// Top, leading, bottom and trailing: `make.directionalEdges.equalToSuperview().inset(12)`.
    public var directionalEdges: ConstraintMakerExtendable<LayoutAxis.Mixed> {
        start(.top, .leading, .bottom, .trailing)
    }
    /// Leading and trailing: `make.directionalHorizontalEdges.equalToSuperview().inset(16)`.
    public var directionalHorizontalEdges: ConstraintMakerExtendable<LayoutAxis.Horizontal> {
        start(.leading, .trailing)
    }
    /// Top and bottom, as SnapKit names them next to the directional horizontal edges.
    public var directionalVerticalEdges: ConstraintMakerExtendable<LayoutAxis.Vertical> { start(.top, .bottom) }
    /// Width and height: `make.size.equalTo(spec)` or `make.size.equalTo(44)`.
    public var size: ConstraintMakerExtendable<LayoutAxis.Dimension> { start(.width, .height) }
    /// The horizontal and vertical centers: `make.center.equalToSuperview()`.
    public var center: ConstraintMakerExtendable<LayoutAxis.Mixed> { start(.centerX, .centerY) }

    // MARK: - Records

    /// All four edges inside `item` by the record's margins: `top == item.top + marginTop`,
    /// `left == item.left + marginLeft`, `bottom == item.bottom - marginBottom`, `right == item.right - marginRight`.
    ///
    /// ```swift
    /// let spec = try interpreter.record(viewId: "bmt_reportCalendarDayButtonId_Selected",
    ///                                   in: BMTReportCalendarDayButton.self)
    /// dayButton.makeConstraints { make in
    ///     make.edges(spec, relativeTo: container)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - record: The record whose margins place the item.
    ///   - item: The item to place it in.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, for a priority or a label.
    @discardableResult
    public func edges(
        _ record: ConstraintRecord, relativeTo item: any LayoutItem, file: String = #fileID, line: Int = #line
    ) -> ConstraintMakerPrioritizable {
        edges.equalTo(item, file: file, line: line).inset(record)
    }
}

// The maker is mutable and lives only inside `makeConstraints`.
@available(*, unavailable)
extension ConstraintMaker: Sendable {}
