// Apple platforms only (SwiftUI). Checked on Linux by DeviceConstraintsUITests, which type-checks
// this module and the documentation's previews against a stand-in SwiftUI written from the iOS 18.6 SDK's SwiftUI and
// SwiftUICore interfaces, and by hand against the real SDK; what pinning does (the measured window is ignored until
// unpinned) is WindowTracker's, tested on Linux. A Mac must still confirm that Xcode's canvas shows each #Preview with
// its pinned device's numbers.
#if canImport(SwiftUI)
    public import DeviceConstraints
    public import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Pins the window that `.deviceConstraints(_:)` inside this view looks records up for, whatever size the
        /// view is shown at: a `#Preview` per device shows each device's numbers on any canvas.
        ///
        /// ```swift
        /// #Preview("iPhone SE") {
        ///     CalendarView()
        ///         .deviceConstraints(previewInterpreter)
        ///         .constraintEnvironment(.init(width: 320, height: 568, idiom: .phone))
        /// }
        ///
        /// #Preview("iPad, ⅔ Split View") {
        ///     CalendarView()
        ///         .deviceConstraints(previewInterpreter)
        ///         .constraintEnvironment(.init(width: 694, height: 768, idiom: .pad))
        /// }
        /// ```
        ///
        /// Like every environment modifier, it reaches the views it wraps: apply it outside (after)
        /// `.deviceConstraints(_:)`. The previews of one interpreter share its files, each with its own window.
        ///
        /// - Parameter environment: the window to look records up for.
        /// - Returns: the view, with `environment` pinned for `.deviceConstraints(_:)` inside it.
        public func constraintEnvironment(_ environment: LayoutEnvironment) -> some View {
            self.environment(\.pinnedConstraintEnvironment, environment)
        }
    }

    /// The environment `.constraintEnvironment(_:)` pins; nil follows the measured window.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct PinnedConstraintEnvironmentKey: EnvironmentKey {
        static let defaultValue: LayoutEnvironment? = nil
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// The environment `.constraintEnvironment(_:)` pins; nil follows the measured window.
        var pinnedConstraintEnvironment: LayoutEnvironment? {
            get { self[PinnedConstraintEnvironmentKey.self] }
            set { self[PinnedConstraintEnvironmentKey.self] = newValue }
        }
    }
#endif
