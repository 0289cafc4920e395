/// A plain, headless layout item: a node with a name and a superitem, for Linux, tests and tools, where there
/// are no views. A node serves as a view or, made with ``guide(_:in:)``, as a layout guide.
///
/// A node keeps its superitem alive, so holding the leaves of a tree holds the whole tree.
///
/// ```swift
/// let container = LayoutNode("container")
/// let dayButton = LayoutNode("dayButton", in: container)
/// let constraints = dayButton.makeConstraints { make in
///     make.left.equalTo(container.left).offset(114).offset(105, on: .iPhone5)
/// }
/// print(try constraints.resolved(for: iPhone5))   // dayButton.left == container.left + 105.0 (…)
/// ```
public final class LayoutNode: LayoutItem, CustomStringConvertible {
    /// The name printed in descriptions and errors.
    public let name: String
    /// The item this node is placed in (a guide's owning item); `nil` for a root.
    public let superitem: (any LayoutItem)?
    /// Whether this node stands for a layout guide rather than a view.
    public let isGuide: Bool
    /// The size the node's content wants, with its hugging and compression resistance priorities; nil (the
    /// default) for a node without content, such as a container or a guide.
    public var intrinsicContentSize: IntrinsicContentSize?

    /// Creates a node that stands for a view.
    ///
    /// ```swift
    /// let root = LayoutNode("root")
    /// let child = LayoutNode("child", in: root)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name printed in descriptions and errors.
    ///   - superitem: The item this node is placed in, or `nil` for a root.
    public convenience init(_ name: String, in superitem: (any LayoutItem)? = nil) {
        self.init(name, superitem: superitem, isGuide: false)
    }

    private init(_ name: String, superitem: (any LayoutItem)?, isGuide: Bool) {
        self.name = name
        self.superitem = superitem
        self.isGuide = isGuide
    }

    /// Creates a node that stands for a layout guide: a rectangle owned by an item that takes part in layout
    /// without being drawn, as `UILayoutGuide` does (a safe area, a readable width). Its superitem is its owner.
    ///
    /// ```swift
    /// let screen = LayoutNode("screen")
    /// let safeArea = LayoutNode.guide("safeArea", in: screen)
    /// let header = LayoutNode("header", in: screen)
    /// let constraints = header.makeConstraints { make in
    ///     make.top.equalTo(safeArea.top)
    ///     make.horizontalEdges.equalTo(safeArea)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name printed in descriptions and errors.
    ///   - owningItem: The item the guide belongs to.
    /// - Returns: The guide.
    public static func guide(_ name: String, in owningItem: any LayoutItem) -> LayoutNode {
        LayoutNode(name, superitem: owningItem, isGuide: true)
    }

    /// The ``name``.
    public var layoutName: String { name }
    /// The ``superitem``.
    public var layoutSuperitem: (any LayoutItem)? { superitem }
    /// The ``name``.
    public var description: String { name }
}

// A node is a mutable class of a tree built and laid out on one thread.
@available(*, unavailable)
extension LayoutNode: Sendable {}
