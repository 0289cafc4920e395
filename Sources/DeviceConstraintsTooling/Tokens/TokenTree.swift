/// Where a value of a token file was read: the file, line and column, and the token's path (`Card.title.width`).
package struct TokenOrigin: Sendable, Hashable {
    /// The token file, as the user named it.
    package var file: String
    /// 1-based line.
    package var line: Int
    /// 1-based column.
    package var column: Int
    /// The token's path, its names joined by dots: `Card.title.marginLeft`.
    package var path: String

    /// An origin at `line`:`column` of `file`, for the token at `path`.
    package init(file: String, line: Int, column: Int, path: String) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }
}

/// The constraint-file values one mode (one device, or the base) gives: containers, their views and each view's
/// attributes, in the order the tokens came, each value as a constraint file writes it and with where it was read.
///
/// Import builds one per mode from tokens and writes it as constraint files; export builds one per file part from
/// constraint files and writes it as tokens. Both keep the order they meet names in, so that output is stable.
package struct TokenTree: Sendable {
    /// An attribute of a view: its name, its value as a constraint file writes it, and where it was read.
    package struct Attribute: Sendable {
        package var name: String
        package var value: JSONValue
        package var origin: TokenOrigin?
    }

    /// A view: its id and attributes.
    package struct View: Sendable {
        package var id: String
        package var attributes: [Attribute] = []
        package var origin: TokenOrigin?
        /// The index of each attribute by name.
        var index: [String: Int] = [:]

        /// The attribute called `name`, if the view has one.
        package func attribute(_ name: String) -> Attribute? {
            index[name].map { attributes[$0] }
        }
    }

    /// A container: its name, the width its design was drawn for, and its views.
    package struct Container: Sendable {
        package var name: String
        package var designWidth: Double?
        package var views: [View] = []
        package var origin: TokenOrigin?
        var index: [String: Int] = [:]

        /// The view called `id`, if the container has one.
        package func view(_ id: String) -> View? {
            index[id].map { views[$0] }
        }
    }

    /// The key beside the container in a constraint file that gives the width its design was drawn for.
    static let designWidthKey = "designWidth"

    /// The containers, in the order they were met.
    package private(set) var containers: [Container] = []
    private var index: [String: Int] = [:]

    /// An empty tree.
    package init() {}

    /// The container called `name`, if the tree has one.
    package func container(_ name: String) -> Container? {
        index[name].map { containers[$0] }
    }

    /// Adds the container `name` (if it is new) and returns its position. `origin` is made only for a new one: import
    /// adds a token's container and view at every token.
    @discardableResult
    package mutating func addContainer(_ name: String, origin: @autoclosure () -> TokenOrigin?) -> Int {
        if let position = index[name] { return position }
        index[name] = containers.count
        containers.append(Container(name: name, origin: origin()))
        return containers.count - 1
    }

    /// Sets the design width of the container at `position`.
    package mutating func setDesignWidth(_ width: Double, ofContainer position: Int) {
        containers[position].designWidth = width
    }

    /// Adds the view `id` to the container at `container` (if it is new) and returns its position; `origin` is made
    /// only for a new one.
    @discardableResult
    package mutating func addView(_ id: String, toContainer container: Int, origin: @autoclosure () -> TokenOrigin?)
        -> Int
    {
        if let position = containers[container].index[id] { return position }
        containers[container].index[id] = containers[container].views.count
        containers[container].views.append(View(id: id, origin: origin()))
        return containers[container].views.count - 1
    }

    /// Sets `name` to `value` in a view; a name set again keeps its first place and takes the new value.
    package mutating func set(
        _ name: String, to value: JSONValue, view: Int, container: Int, origin: TokenOrigin?
    ) {
        let attribute = Attribute(name: name, value: value, origin: origin)
        if let position = containers[container].views[view].index[name] {
            containers[container].views[view].attributes[position] = attribute
            return
        }
        containers[container].views[view].index[name] = containers[container].views[view].attributes.count
        containers[container].views[view].attributes.append(attribute)
    }

    /// The number of attribute values the tree holds.
    package var valueCount: Int {
        containers.reduce(0) { count, container in
            count + container.views.reduce(0) { $0 + $1.attributes.count }
        }
    }
}
