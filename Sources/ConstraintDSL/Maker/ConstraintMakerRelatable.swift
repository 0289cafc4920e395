/// The attributes of a statement, waiting to be related: `equalTo`, `lessThanOrEqualTo`,
/// `greaterThanOrEqualTo`, and their `…ToSuperview()` forms.
///
/// What they can be related to depends on their ``LayoutAxisKind``:
///
/// | Kind | Related to |
/// |---|---|
/// | any | an item's same attributes (`equalTo(container)`), the superitem's (`equalToSuperview()`) |
/// | ``LayoutAxis/Horizontal``, ``LayoutAxis/Vertical``, ``LayoutAxis/Dimension`` | also an anchor of the same axis (`equalTo(container.left)`), a number |
/// | ``LayoutAxis/Dimension`` | also a record's width and height (`equalTo(spec)`) |
///
/// ```swift
/// make.top.equalToSuperview()
/// make.left.equalTo(previousDay.right).offset(spec.marginLeft)
/// make.height.equalTo(115).equalTo(105, on: .iPhone5, .iPhone6)
/// make.size.equalTo(spec)
/// ```
///
/// A number for an edge or a center is taken from the superitem's same attribute, as SnapKit does:
/// `make.left.equalTo(10)` is `left == superitem.left + 10`. Every relation records the file and line it is
/// written on, for descriptions and errors.
public class ConstraintMakerRelatable<Kind: LayoutAxisKind> {
    let maker: ConstraintMaker
    let attributes: [LayoutAttribute]

    init(maker: ConstraintMaker, attributes: [LayoutAttribute]) {
        self.maker = maker
        self.attributes = attributes
    }

    /// Adds the statement to the maker and returns it for the rest of the chain.
    func relate(_ relation: LayoutRelation, _ target: RelationTarget, _ file: String, _ line: Int)
        -> ConstraintDescription
    {
        let description = ConstraintDescription(
            item: ItemReference(maker.item), attributes: attributes, relation: relation, target: target,
            file: file, line: line)
        maker.add(description)
        return description
    }

    /// The item's superitem now, as SnapKit takes it when the statement is written.
    var superitem: ItemReference? {
        maker.item.layoutSuperitem.map(ItemReference.init)
    }

    func relate(_ relation: LayoutRelation, _ item: any LayoutItem, _ file: String, _ line: Int)
        -> ConstraintMakerEditable
    {
        ConstraintMakerEditable(relate(relation, .sameAttributes(ItemReference(item)), file, line))
    }

    func relateToSuperview(_ relation: LayoutRelation, _ file: String, _ line: Int) -> ConstraintMakerEditable {
        ConstraintMakerEditable(relate(relation, .superitem(superitem), file, line))
    }

    // MARK: - Items

    /// Each attribute equals the same attribute of `item`: `make.edges.equalTo(container)`.
    ///
    /// ```swift
    /// make.top.equalTo(container)          // top == container.top
    /// ```
    ///
    /// - Parameters:
    ///   - item: Another item in the same tree.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func equalTo(_ item: any LayoutItem, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relate(.equal, item, file, line)
    }

    /// Each attribute is at most the same attribute of `item`.
    ///
    /// ```swift
    /// make.width.lessThanOrEqualTo(container)      // width <= container.width
    /// ```
    ///
    /// - Parameters:
    ///   - item: Another item in the same tree.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func lessThanOrEqualTo(_ item: any LayoutItem, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relate(.lessThanOrEqual, item, file, line)
    }

    /// Each attribute is at least the same attribute of `item`.
    ///
    /// ```swift
    /// make.height.greaterThanOrEqualTo(icon)       // height >= icon.height
    /// ```
    ///
    /// - Parameters:
    ///   - item: Another item in the same tree.
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func greaterThanOrEqualTo(_ item: any LayoutItem, file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relate(.greaterThanOrEqual, item, file, line)
    }

    // MARK: - The superitem

    /// Each attribute equals the same attribute of the item's superitem, taken when this is written.
    ///
    /// ```swift
    /// make.edges.equalToSuperview().inset(12)
    /// ```
    ///
    /// An item without a superitem is reported when the constraints are resolved, never a crash.
    ///
    /// - Parameters:
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func equalToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintMakerEditable {
        relateToSuperview(.equal, file, line)
    }

    /// Each attribute is at most the same attribute of the item's superitem.
    ///
    /// ```swift
    /// make.trailing.lessThanOrEqualToSuperview().inset(16)
    /// ```
    ///
    /// - Parameters:
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func lessThanOrEqualToSuperview(file: String = #fileID, line: Int = #line) -> ConstraintMakerEditable {
        relateToSuperview(.lessThanOrEqual, file, line)
    }

    /// Each attribute is at least the same attribute of the item's superitem.
    ///
    /// ```swift
    /// make.top.greaterThanOrEqualToSuperview().offset(8)
    /// ```
    ///
    /// - Parameters:
    ///   - file: The file of the call, kept for descriptions and errors.
    ///   - line: The line of the call.
    /// - Returns: The statement, to add an offset, an inset, a multiplier, a priority or a label.
    @discardableResult
    public func greaterThanOrEqualToSuperview(file: String = #fileID, line: Int = #line)
        -> ConstraintMakerEditable
    {
        relateToSuperview(.greaterThanOrEqual, file, line)
    }
}

// A statement being written is mutable and lives only inside `makeConstraints`.
@available(*, unavailable)
extension ConstraintMakerRelatable: Sendable {}
