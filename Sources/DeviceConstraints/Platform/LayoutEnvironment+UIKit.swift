// The UIKit adapter of the layout environment: environments made from a window's (or a window scene's) real trait
// collection, so that size classes agree with UIKit's, and a view that follows its window's geometry and traits and
// moves an interpreter to each new environment. Compiled only where UIKit has views (not watchOS).
//
// Checked on Linux by PlatformCompileCheckTests against the stand-in UIKit (Tests/ConstraintDSLTests/Fixtures/StandIns/
// UIKit.swift, written from the iPhoneOS 18.6 SDK's UIKit headers and overlay), and type-checked against the real
// iPhoneOS 18.6 SDK at iOS 13, 17 and 18 with no error or deprecation warning (`Scripts/sdk-check.sh` runs that check).
// A Mac must still confirm at run time that UIKit calls the trait registration's handler on iOS 17 and the override
// below it, and that a rotation reaches `layoutSubviews` before the frame is drawn.

#if canImport(UIKit) && !os(watchOS)
    public import UIKit

    extension LayoutEnvironment {
        /// The environment of a window of `size` points with the traits `traitCollection`: its size classes,
        /// idiom, display scale, layout direction and text size (`preferredContentSizeCategory`, as `TextSize(_:)`
        /// maps it) as UIKit reports them. An unspecified size class is derived as
        /// ``init(width:height:idiom:textSize:displayScale:layoutDirection:)`` derives it; an unspecified text size
        /// reads as `.large`.
        ///
        /// ```swift
        /// override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        ///     super.viewWillTransition(to: size, with: coordinator)
        ///     _ = interpreter.updateNow(to: LayoutEnvironment(traitCollection: traitCollection, size: size))
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - traitCollection: The window's (or a view controller's) trait collection.
        ///   - size: The window's size in points, in its current orientation.
        public init(traitCollection: UITraitCollection, size: CGSize) {
            let idiom: DeviceIdiom? =
                switch traitCollection.userInterfaceIdiom {
                case .phone: .phone
                case .pad: .pad
                default: nil
                }
            let scale = traitCollection.displayScale > 0 ? Double(traitCollection.displayScale) : 2
            let direction: LayoutDirection =
                traitCollection.layoutDirection == .rightToLeft ? .rightToLeft : .leftToRight
            let derived = LayoutEnvironment(
                width: Double(size.width), height: Double(size.height), idiom: idiom, displayScale: scale,
                layoutDirection: direction)
            self.init(
                width: derived.width, height: derived.height, idiom: idiom,
                textSize: TextSize(traitCollection.preferredContentSizeCategory) ?? .large,
                displayScale: derived.displayScale,
                horizontalSizeClass: SizeClass(traitCollection.horizontalSizeClass) ?? derived.horizontalSizeClass,
                verticalSizeClass: SizeClass(traitCollection.verticalSizeClass) ?? derived.verticalSizeClass,
                layoutDirection: direction)
        }

        /// The environment of a window scene: its size (the scene's coordinate space, never the screen) and its
        /// trait collection. What an interpreter for a new scene starts from, before its window has laid out.
        ///
        /// ```swift
        /// let interpreter = ConstraintInterpreter(sharingFilesWith: shared, environment: LayoutEnvironment(windowScene: scene))
        /// ```
        ///
        /// - Parameter windowScene: The window scene.
        @MainActor
        public init(windowScene: UIWindowScene) {
            self.init(traitCollection: windowScene.traitCollection, size: windowScene.coordinateSpace.bounds.size)
        }

        /// The environment of `window`: its bounds (the window, never the screen) and its trait collection.
        ///
        /// ```swift
        /// let interpreter = ConstraintInterpreter(source: BundleSource(.main), environment: LayoutEnvironment(window: window))
        /// ```
        ///
        /// - Parameter window: The window.
        @MainActor
        public init(window: UIWindow) {
            self.init(traitCollection: window.traitCollection, size: window.bounds.size)
        }
    }

    extension TextSize {
        /// The text size of a UIKit content size category: `.extraSmall` is `.xSmall`, `.extraExtraExtraLarge` is
        /// `.xxxLarge`, `.accessibilityMedium` through `.accessibilityExtraExtraExtraLarge` are `.accessibility1`
        /// through `.accessibility5`, as SwiftUI's `DynamicTypeSize(_:)` maps them; nil for `.unspecified` (a trait
        /// collection that has none yet) and for a category UIKit may add.
        ///
        /// ```swift
        /// TextSize(view.traitCollection.preferredContentSizeCategory)   // .accessibility1 at the first larger size
        /// ```
        ///
        /// - Parameter category: A trait collection's `preferredContentSizeCategory`.
        public init?(_ category: UIContentSizeCategory) {
            switch category {
            case .extraSmall: self = .xSmall
            case .small: self = .small
            case .medium: self = .medium
            case .large: self = .large
            case .extraLarge: self = .xLarge
            case .extraExtraLarge: self = .xxLarge
            case .extraExtraExtraLarge: self = .xxxLarge
            case .accessibilityMedium: self = .accessibility1
            case .accessibilityLarge: self = .accessibility2
            case .accessibilityExtraLarge: self = .accessibility3
            case .accessibilityExtraExtraLarge: self = .accessibility4
            case .accessibilityExtraExtraExtraLarge: self = .accessibility5
            default: return nil
            }
        }
    }

    extension SizeClass {
        /// The size class UIKit reports, or nil for `.unspecified`.
        init?(_ sizeClass: UIUserInterfaceSizeClass) {
            switch sizeClass {
            case .compact: self = .compact
            case .regular: self = .regular
            default: return nil
            }
        }
    }

    /// An invisible view that follows the view it is placed in: on every change of that view's size (with a root
    /// view: rotation, Split View, Slide Over, an iPadOS window resize) or of the window's traits — the user's text
    /// size (`preferredContentSizeCategory`) among them — it moves the interpreter to the new environment with
    /// ``ConstraintInterpreter/updateNow(to:)`` (in the same layout pass, so constraints updated from the change are
    /// in place before the frame is drawn) and calls ``onChange``. Trait changes come through
    /// `registerForTraitChanges` on iOS 17 and tvOS 17; below them through `traitCollectionDidChange`, and a text
    /// size change also through `UIContentSizeCategory.didChangeNotification`. A text size change reads no file: the
    /// records are resolved again from the files already merged, as on a resize.
    ///
    /// Add it to a view controller's root view; it sizes itself to the root view and never takes touches:
    ///
    /// ```swift
    /// let tracker = LayoutEnvironmentView(interpreter: interpreter)
    /// tracker.onChange = { [weak self] change in
    ///     guard let self else { return }
    ///     try? self.constraints.updateConstants(of: self.active, using: interpreter)   // ConstraintDSL
    /// }
    /// view.addSubview(tracker)
    /// ```
    ///
    /// **A container.** Placed in a view smaller than its window — a split view's column, a sheet, a popover — it
    /// follows that view's size, with the window's idiom, display scale and layout direction, and size classes
    /// derived from the view's size; its text size is its own trait collection's (the window's, unless a view
    /// controller overrides it). Until that view has a size (before its first layout) it waits, rather than move
    /// the interpreter to an empty environment. Give it an interpreter of its own that shares the window's files:
    ///
    /// ```swift
    /// let sidebar = ConstraintInterpreter(sharingFilesWith: windowInterpreter, environment: windowInterpreter.environment)
    /// sidebarController.view.addSubview(LayoutEnvironmentView(interpreter: sidebar))
    /// ```
    @MainActor
    public final class LayoutEnvironmentView: UIView {
        /// The interpreter moved to each new environment.
        public let interpreter: ConstraintInterpreter
        /// Called after the interpreter moved, with what changed; not called when nothing a lookup returns changed.
        public var onChange: ((EnvironmentChange) -> Void)?
        /// The environment last handed to the interpreter.
        public private(set) var lastEnvironment: LayoutEnvironment?
        /// Below iOS 17: the observation of `UIContentSizeCategory.didChangeNotification`, ended with the view.
        private var textSizeChanges: NotificationObservation?

        /// A view that moves `interpreter` to its window's environment.
        ///
        /// - Parameter interpreter: The interpreter.
        public init(interpreter: ConstraintInterpreter) {
            self.interpreter = interpreter
            super.init(frame: .zero)
            isHidden = true
            isUserInteractionEnabled = false
            autoresizingMask = [.flexibleWidth, .flexibleHeight]
            if #available(iOS 17, tvOS 17, *) {
                registerForTraitChanges(Self.environmentTraits) { (view: LayoutEnvironmentView, _: UITraitCollection) in
                    view.updateEnvironment()
                }
            } else {
                textSizeChanges = NotificationObservation(UIContentSizeCategory.didChangeNotification) {
                    [weak self] _ in
                    MainActor.assumeIsolated { self?.textSizeChanged() }
                }
            }
        }

        /// The traits a layout environment is made of.
        @available(iOS 17, tvOS 17, *)
        private static var environmentTraits: [UITrait] {
            [
                UITraitHorizontalSizeClass.self, UITraitVerticalSizeClass.self, UITraitDisplayScale.self,
                UITraitLayoutDirection.self, UITraitUserInterfaceIdiom.self, UITraitPreferredContentSizeCategory.self,
            ]
        }

        /// Below iOS 17, the user changed the text size: reads the environment now, and again at the next layout
        /// pass, in case the notification came before the new size reached this view's trait collection.
        private func textSizeChanged() {
            updateEnvironment()
            setNeedsLayout()
        }

        /// Not available: made in code only, for an interpreter.
        public required init?(coder: NSCoder) {
            return nil
        }

        /// Follows the size of the new superview and reads the new window's environment.
        public override func didMoveToWindow() {
            super.didMoveToWindow()
            if let superview { frame = superview.bounds }
            updateEnvironment()
        }

        /// Follows the size of a new superview in the same window (a container moved to another view).
        public override func didMoveToSuperview() {
            super.didMoveToSuperview()
            if let superview { frame = superview.bounds }
            updateEnvironment()
        }

        /// Reads the environment after each resize of the superview (and so of the window).
        public override func layoutSubviews() {
            super.layoutSubviews()
            updateEnvironment()
        }

        /// Below iOS 17, reads the environment after a trait change (size classes, display scale, layout
        /// direction, text size); from iOS 17 the registration made in ``init(interpreter:)`` does, and this only
        /// calls `super`.
        /// Deprecated as UIKit's is, so that overriding it warns at no deployment target.
        @available(iOS, deprecated: 17.0, message: "iOS 17 reports trait changes through registerForTraitChanges")
        public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            if #available(iOS 17, tvOS 17, *) { return }
            updateEnvironment()
        }

        /// Moves the interpreter to the environment of the view it is in (the window's size and traits when that
        /// view fills the window), with this view's text size, if it differs from the last one. Does nothing outside
        /// a window, or while the view it is in has no size yet.
        public func updateEnvironment() {
            guard let window else { return }
            let size = superview?.bounds.size ?? window.bounds.size
            guard size.width > 0, size.height > 0 else { return }
            var environment = LayoutEnvironment(window: window).container(
                width: Double(size.width), height: Double(size.height))
            if let own = TextSize(traitCollection.preferredContentSizeCategory), own != environment.textSize {
                environment = environment.withTextSize(own)
            }
            guard environment != lastEnvironment else { return }
            lastEnvironment = environment
            if let change = interpreter.updateNow(to: environment) { onChange?(change) }
        }
    }
#endif
