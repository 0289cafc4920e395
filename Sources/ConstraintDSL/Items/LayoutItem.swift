/// Something constraints can be made for and related to: a view-like node with an identity (the object), a
/// name for descriptions and errors, and the item it is placed in.
///
/// On Linux and in tests, ``LayoutNode`` serves (a guide is a node too: ``LayoutNode/guide(_:in:)``); on Apple
/// platforms `UIView`/`NSView` and their layout guides conform through a small adapter. Any class can conform; the
/// DSL reaches an item through its ``LayoutItem/dc`` property alone, so it adds no other member to the item's type:
///
/// ```swift
/// final class Cell: LayoutItem {
///     let layoutName = "cell"
///     weak var parent: Cell?
///     var layoutSuperitem: (any LayoutItem)? { parent }
/// }
/// let constraints = cell.dc.makeConstraints { make in
///     make.edges.equalToSuperview().inset(8)
/// }
/// ```
public protocol LayoutItem: AnyObject {
    /// The name printed in descriptions and errors: `dayButton` in `dayButton.left == container.left`.
    var layoutName: String { get }
    /// The item this one is placed in (a view's superview, a guide's owning view); `nil` for a root.
    ///
    /// Two items can only be related if they have a common ancestor along these links.
    var layoutSuperitem: (any LayoutItem)? { get }
}

// MARK: - The tree

/// How far up a tree the DSL looks before giving up: far beyond any real view hierarchy, and a guard against an
/// item whose superitem chain never ends.
let maximumTreeDepth = 10_000

extension LayoutItem {
    /// This item, its superitem, that one's superitem, … up to the root. Stops at an item seen before, so a
    /// cycle in a custom ``LayoutItem`` cannot hang.
    var ancestry: [any LayoutItem] {
        var chain: [any LayoutItem] = [self]
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
        var next = layoutSuperitem
        while let item = next, chain.count < maximumTreeDepth, seen.insert(ObjectIdentifier(item)).inserted {
            chain.append(item)
            next = item.layoutSuperitem
        }
        return chain
    }

    /// The nearest item that is an ancestor of both (either may be the other, or itself); `nil` if the two are
    /// in different trees.
    func nearestCommonAncestor(with other: any LayoutItem) -> (any LayoutItem)? {
        let mine = Set(ancestry.map { ObjectIdentifier($0) })
        return other.ancestry.first { mine.contains(ObjectIdentifier($0)) }
    }
}
