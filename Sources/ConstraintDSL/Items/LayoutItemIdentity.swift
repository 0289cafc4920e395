/// Which item a constraint refers to: its object identity and, for people reading descriptions and errors,
/// its name.
///
/// Resolved constraints carry identities instead of the items themselves, so they are plain `Sendable` values
/// that a test can compare and a tool can print.
///
/// ```swift
/// let resolved = try constraints.resolved(for: device)
/// resolved[0].firstItem.name                    // "dayButton"
/// resolved[0].firstItem == LayoutItemIdentity(dayButton)   // true
/// ```
public struct LayoutItemIdentity: Hashable, Sendable, CustomStringConvertible {
    /// The item's object identity; two identities are equal if they name the same object.
    public let objectID: ObjectIdentifier
    /// The item's ``LayoutItem/layoutName`` when the constraint was made.
    public let name: String

    /// The identity of `item`.
    ///
    /// ```swift
    /// let identity = LayoutItemIdentity(dayButton)
    /// ```
    ///
    /// - Parameter item: Any layout item.
    public init(_ item: any LayoutItem) {
        self.objectID = ObjectIdentifier(item)
        self.name = item.layoutName
    }

    /// Whether both identities name the same object, whatever its name was at each time.
    public static func == (lhs: LayoutItemIdentity, rhs: LayoutItemIdentity) -> Bool {
        lhs.objectID == rhs.objectID
    }

    /// Hashes the object identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(objectID)
    }

    /// The name.
    public var description: String { name }
}
