// Apple platforms only (SwiftUI). Checked on Linux by DeviceConstraintsUITests, which type-checks
// this module against a stand-in SwiftUI written from the iOS 18.6 SDK's SwiftUI and SwiftUICore interfaces, and by
// hand against the real SDK (iOS 13 target: no error, no warning); the rules it applies (one interpreter per window,
// when a window moves) are WindowTracker's, tested on Linux in WindowTrackerTests, and those of a container inside a
// window (its environment, nearest wins, sharing, release) are ContainerScope's, tested in ContainerScopeTests. A Mac
// must still confirm what no stand-in can: that the measured size is the window's (safe areas and keyboard included) on iPhone, iPad and Mac; that
// onGeometryChange calls its action for the first size, before the first frame is shown; and that each scene of an iPad
// app gets its own state (so its own interpreter) and releases it when closed.
#if canImport(SwiftUI)
    public import DeviceConstraints
    public import SwiftUI

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension View {
        /// Follows this view's window — or, inside another `.deviceConstraints(_:)`, this view's container — and
        /// puts its records in the environment, for the views inside to read through
        /// `@Environment(\.liveConstraints)`. Apply it to each scene's root view, and to any container inside that
        /// lays out by its own size.
        ///
        /// ```swift
        /// @main struct CalendarApp: App {
        ///     let interpreter = ConstraintInterpreter(
        ///         source: BundleSource(.main), environment: LayoutEnvironment(width: 390, height: 844))
        ///
        ///     var body: some Scene {
        ///         WindowGroup { CalendarView().deviceConstraints(interpreter) }
        ///     }
        /// }
        ///
        /// struct CalendarView: View {
        ///     @Environment(\.liveConstraints) private var constraints
        ///
        ///     var body: some View {
        ///         let top = constraints[viewId: "bmt_reportMeasureViewId_TopView", container: "BMTReportMeasureView"]
        ///         Text("Measure").frame(top).padding(top)
        ///     }
        /// }
        /// ```
        ///
        /// **The window.** Outside every other `.deviceConstraints(_:)`, the view fills the space its window gives it
        /// (as a scene's root view does) and measures the window behind it, safe areas and keyboard included, with
        /// `onGeometryChange(for:of:action:)`. With the traits SwiftUI reports there (size classes, display scale,
        /// layout direction, and `dynamicTypeSize` as the text size) and the device's idiom, the size makes the
        /// window's `LayoutEnvironment`.
        /// `.constraintEnvironment(_:)` outside this modifier pins another (previews).
        ///
        /// **A container.** Inside another `.deviceConstraints(_:)` — on a column of a split view, a sheet, a
        /// popover's content — it measures this view, not the window, and forces no size on it. The container's
        /// environment is its own size with the window's idiom, display scale and layout direction, and the text
        /// size SwiftUI reports at the container (the window's, unless a `.dynamicTypeSize(_:)` around the
        /// container sets another); its size classes are derived from its size. The nearest `.deviceConstraints(_:)`
        /// wins: the views inside read the container's records. The container gets its own interpreter, made with
        /// `ConstraintInterpreter/init(sharingFilesWith:environment:)` from the enclosing one (`interpreter` is not
        /// used there), released with the container's state.
        ///
        /// **One interpreter per window.** The windows of an app are told apart by this modifier's state: SwiftUI
        /// keeps one per window (per scene on iPad and the Mac). The first window uses `interpreter` itself; each
        /// other window open at the same time gets its own interpreter, made with
        /// `ConstraintInterpreter/init(sharingFilesWith:environment:)` (so a class another window has loaded reads
        /// no file), released when SwiftUI releases the window's state — the scene is closed, or discarded by the
        /// system. When the first window is released, the next window opened uses `interpreter` again.
        ///
        /// **Text size.** A record's font sizes, and every number that follows the text size, are resolved for
        /// `dynamicTypeSize` as read here: a change of the user's text size moves the records as a resize does,
        /// reading no file. `.font(size:)` applies the resolved size, which SwiftUI does not scale again.
        ///
        /// **When the records change.** A new size or traits moves the window's interpreter at once with
        /// `ConstraintInterpreter/updateNow(to:)` — during the layout that measured it, so views lay out with the
        /// new numbers in the same pass — when that reads no file: a resize within the device class, or a class whose
        /// files are parsed already (by this window before, or by another). Otherwise it moves with
        /// `ConstraintInterpreter/update(to:)` in a task: the new class's files are read off the main thread, the
        /// views keep the old class's numbers meanwhile, and all switch at once when it is ready; the last size
        /// measured meanwhile is always followed. A container read for the first time is loaded by that read, on the
        /// main thread: preload the app's containers at launch if its files are large
        /// (`ConstraintInterpreter/preloadAll()`).
        ///
        /// - Parameter interpreter: the app's interpreter (keep one for the app, in the `App`).
        /// - Returns: the view, with its window's (or container's) `LiveConstraints` in its environment.
        public func deviceConstraints(_ interpreter: ConstraintInterpreter) -> some View {
            modifier(DeviceConstraintsModifier(interpreter: interpreter))
        }
    }

    /// What `.deviceConstraints(_:)` adds: the window's tracker, fed with the window's size and traits; inside
    /// another, the container's scope, fed with the container's size and the enclosing traits.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    struct DeviceConstraintsModifier: ViewModifier {
        let interpreter: ConstraintInterpreter

        /// The window's tracker, made on the first `body`: one per window, released with the window's state.
        @State private var window = WindowState()
        /// The container's scope, made on the first `body` inside another `.deviceConstraints(_:)`.
        @State private var container = ContainerState()
        @Environment(\.horizontalSizeClass) private var horizontalSizeClass
        @Environment(\.verticalSizeClass) private var verticalSizeClass
        @Environment(\.displayScale) private var displayScale
        @Environment(\.layoutDirection) private var layoutDirection
        @Environment(\.dynamicTypeSize) private var dynamicTypeSize
        @Environment(\.pinnedConstraintEnvironment) private var pinned
        /// The records of the nearest enclosing `.deviceConstraints(_:)`; the placeholder outside every one.
        @Environment(\.liveConstraints) private var enclosing

        @ViewBuilder func body(content: Content) -> some View {
            if enclosing.isPlaceholder {
                windowBody(content)
            } else {
                containerBody(content)
            }
        }

        private func windowBody(_ content: Content) -> some View {
            let tracker = window.tracker(for: interpreter, pinned: pinned)
            return
                content
                .frame(maxWidth: .infinity, maxHeight: .infinity)
                .background {
                    // Behind the content and under every safe area: the window's whole size.
                    Color.clear
                        .ignoresSafeArea()
                        .onGeometryChange(for: CGSize.self) { proxy in
                            proxy.size
                        } action: { size in
                            tracker.measured(width: Double(size.width), height: Double(size.height))
                        }
                }
                .onChange(of: traits, initial: true) { _, traits in tracker.traitsChanged(traits) }
                .onChange(of: pinned, initial: true) { _, pinned in tracker.pin(pinned) }
                .environment(tracker.live)
                .environment(\.liveConstraints, tracker.live)
        }

        private func containerBody(_ content: Content) -> some View {
            let scope = container.scope(in: enclosing)
            // Read here, so that this body runs again when the enclosing window moves.
            let outside = ContainerOutside(environment: enclosing.environment, textSize: TextSize(dynamicTypeSize))
            return
                content
                .onGeometryChange(for: CGSize.self) { proxy in
                    proxy.size
                } action: { size in
                    // A container not laid out yet has no size: it keeps the enclosing environment until it has.
                    guard size.width > 0, size.height > 0 else { return }
                    scope.measured(width: Double(size.width), height: Double(size.height))
                }
                .onChange(of: outside, initial: true) { _, outside in
                    scope.enclosingChanged(outside.environment, textSize: outside.textSize)
                }
                .environment(scope.live)
                .environment(\.liveConstraints, scope.live)
        }

        /// The window's traits as SwiftUI reports them here, at the root of the window.
        private var traits: WindowTraits {
            WindowTraits(
                idiom: .current, displayScale: Double(displayScale),
                horizontalSizeClass: horizontalSizeClass.map { SizeClass($0) },
                verticalSizeClass: verticalSizeClass.map { SizeClass($0) },
                layoutDirection: layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight,
                textSize: TextSize(dynamicTypeSize))
        }
    }

    /// What a container takes from outside it: the enclosing environment, and the text size at the container.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct ContainerOutside: Equatable {
        let environment: LayoutEnvironment
        let textSize: TextSize
    }

    /// The state `.deviceConstraints(_:)` keeps for its window: the window's tracker, made when first asked for.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    final class WindowState {
        private var tracker: WindowTracker?

        /// The window's tracker for `interpreter`; a new one if the app passes another interpreter.
        func tracker(for interpreter: ConstraintInterpreter, pinned: LayoutEnvironment?) -> WindowTracker {
            if let tracker, tracker.app === interpreter { return tracker }
            let made = WindowTracker(for: interpreter, environment: pinned)
            tracker = made
            return made
        }
    }

    /// The state `.deviceConstraints(_:)` keeps for a container inside a window: its scope, made when first asked
    /// for, released with the container's state (and with it the container's interpreter).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    final class ContainerState {
        private var scope: ContainerScope?

        /// The container's scope inside `enclosing`; a new one if the container moved into another window.
        func scope(in enclosing: LiveConstraints) -> ContainerScope {
            if let scope, scope.enclosing === enclosing.interpreter { return scope }
            let made = ContainerScope(in: enclosing)
            scope = made
            return made
        }
    }

    /// Where `.deviceConstraints(_:)` puts its records.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    private struct LiveConstraintsKey: EnvironmentKey {
        static let defaultValue = LiveConstraints.placeholder
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension EnvironmentValues {
        /// The records of the nearest `.deviceConstraints(_:)` around the view: its window's, or its container's.
        /// Outside every one (a `#Preview` of the view alone, a test host) it is `LiveConstraints/placeholder`:
        /// every record empty, and a debug warning that says what to add — never SwiftUI's missing-environment crash.
        ///
        /// ```swift
        /// struct CardView: View {
        ///     @Environment(\.liveConstraints) private var constraints
        ///
        ///     var body: some View {
        ///         Text("Title").frame(constraints[viewId: "title", container: "Card"])
        ///     }
        /// }
        /// ```
        public var liveConstraints: LiveConstraints {
            get { self[LiveConstraintsKey.self] }
            set { self[LiveConstraintsKey.self] = newValue }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension TextSize {
        /// The text size of a SwiftUI `DynamicTypeSize`: the case of the same name (`.xSmall` … `.accessibility5`).
        /// A size SwiftUI may add reads as the nearest end of the scale: `.accessibility5` if it is an accessibility
        /// size, else `.large`.
        ///
        /// ```swift
        /// @Environment(\.dynamicTypeSize) private var dynamicTypeSize
        ///
        /// var body: some View {
        ///     Text("Row").onChange(of: dynamicTypeSize) { _, size in
        ///         live.updateNow(to: live.environment.withTextSize(TextSize(size)))
        ///     }
        /// }
        /// ```
        ///
        /// - Parameter size: SwiftUI's `dynamicTypeSize`.
        public init(_ size: DynamicTypeSize) {
            switch size {
            case .xSmall: self = .xSmall
            case .small: self = .small
            case .medium: self = .medium
            case .large: self = .large
            case .xLarge: self = .xLarge
            case .xxLarge: self = .xxLarge
            case .xxxLarge: self = .xxxLarge
            case .accessibility1: self = .accessibility1
            case .accessibility2: self = .accessibility2
            case .accessibility3: self = .accessibility3
            case .accessibility4: self = .accessibility4
            case .accessibility5: self = .accessibility5
            @unknown default: self = size.isAccessibilitySize ? .accessibility5 : .large
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension SizeClass {
        /// The size class SwiftUI reports.
        init(_ sizeClass: UserInterfaceSizeClass) {
            self = sizeClass == .regular ? .regular : .compact
        }
    }
#endif
