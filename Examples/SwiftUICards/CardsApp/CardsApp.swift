// Apple only (SwiftUI, iOS 17). Type-checked on Linux against the stand-in SwiftUI written from the iOS 18.6 SDK's
// interfaces, previews included (DeviceConstraintsUITests), and by hand against the real iOS 18.6
// SDK. A Mac must still confirm what it shows: each class's numbers on each device, and each window of an iPad
// following its size.
import DeviceConstraints
import DeviceConstraintsUI
import SwiftUI

/// The app: one interpreter for all its windows, and `.deviceConstraints` on the root view of its one scene.
@main
struct CardsApp: App {
    /// The first window uses it; each other window of the app (iPad, Mac) gets an interpreter of its own that
    /// shares its files. The size is a first guess: each window is measured before it shows.
    let interpreter = ConstraintInterpreter(
        source: BundleSource(.main, subdirectory: "Constraints"),
        environment: LayoutEnvironment(width: 390, height: 844))

    var body: some Scene {
        WindowGroup {
            CardGrid().deviceConstraints(interpreter)
        }
    }
}
