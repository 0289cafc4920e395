package import Foundation

/// An observer of the default notification center that removes itself when released: what a main-actor class keeps
/// for the notifications it follows, so that its `deinit`, which is not on the main actor, has nothing to touch (it
/// may not read a non-Sendable token) and the observer still ends with the object.
///
/// `@unchecked Sendable`: the token is never read but to hand it to `removeObserver(_:)`, which is thread-safe.
package final class NotificationObservation: @unchecked Sendable {
    private let token: any NSObjectProtocol

    /// Follows `name` from `object` (any object when nil) on `queue` until released.
    package init(
        _ name: Notification.Name, object: AnyObject? = nil, queue: OperationQueue? = .main,
        using block: @escaping @Sendable (Notification) -> Void
    ) {
        token = NotificationCenter.default.addObserver(forName: name, object: object, queue: queue, using: block)
    }

    deinit {
        NotificationCenter.default.removeObserver(token)
    }
}
