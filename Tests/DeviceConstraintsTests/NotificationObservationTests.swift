import Foundation
import Testing

@testable import DeviceConstraints

/// What the UIKit and AppKit helpers keep for the notifications they follow: an observer that ends when released.
struct NotificationObservationTests {
    @Test func anObservationReceivesItsNotificationsUntilReleased() {
        let name = Notification.Name("NotificationObservationTests-\(UUID())")
        let received = LockedList<Notification.Name>()
        var observation: NotificationObservation? = NotificationObservation(name, queue: nil) {
            received.append($0.name)
        }
        NotificationCenter.default.post(name: name, object: nil)
        #expect(received.all == [name])
        #expect(observation != nil)

        observation = nil
        NotificationCenter.default.post(name: name, object: nil)
        #expect(received.all == [name], "a released observation receives nothing")
    }

    @Test func anObservationOfOneObjectIgnoresTheSameNotificationFromAnother() {
        let name = Notification.Name("NotificationObservationTests-\(UUID())")
        let (watched, other) = (NSObject(), NSObject())
        let received = LockedList<Notification.Name>()
        let observation = NotificationObservation(name, object: watched, queue: nil) { received.append($0.name) }
        NotificationCenter.default.post(name: name, object: other)
        NotificationCenter.default.post(name: name, object: watched)
        #expect(received.all.count == 1)
        withExtendedLifetime(observation) {}
    }
}
