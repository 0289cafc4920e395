/// A weak reference to a layout item with its identity, as constraints hold their items: a view that keeps
/// its own constraints does not keep itself alive, as with `NSLayoutConstraint` and SnapKit.
struct ItemReference {
    /// The item, while it exists.
    weak var object: (any LayoutItem)?
    /// Its identity and name, kept for descriptions and errors after it is gone.
    let identity: LayoutItemIdentity

    init(_ item: any LayoutItem) {
        self.object = item
        self.identity = LayoutItemIdentity(item)
    }
}
