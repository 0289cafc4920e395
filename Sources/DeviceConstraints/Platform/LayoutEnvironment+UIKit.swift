// The UIKit adapter of the layout environment: environments made from a window's real trait collection (so size
// classes agree with UIKit's), and a view that follows its window's geometry and traits and moves an interpreter to
// each new environment. Compiled only where UIKit exists (not watchOS). CI runs on Linux and cannot compile it: the
// tests type-check it against a stand-in UIKit (Tests/ConstraintDSLTests/Fixtures/StandIns/UIKit.swift); check every
// change on a Mac too.

#if canImport(UIKit) && !os(watchOS)
    public import UIKit

    extension LayoutEnvironment {
        /// The environment of a window of `size` points with the traits `traitCollection`: its size classes,
        /// idiom, display scale and layout direction as UIKit reports them (an unspecified one is derived as
        /// ``init(width:height:idiom:displayScale:layoutDirection:)`` derives it).
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
                width: derived.width, height: derived.height, idiom: idiom, displayScale: derived.displayScale,
                horizontalSizeClass: SizeClass(traitCollection.horizontalSizeClass) ?? derived.horizontalSizeClass,
                verticalSizeClass: SizeClass(traitCollection.verticalSizeClass) ?? derived.verticalSizeClass,
                layoutDirection: direction)
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

    /// An invisible view that follows its window: on every change of the window's size (rotation, Split View,
    /// Slide Over, an iPadOS window resize) or traits, it moves the interpreter to the window's new environment
    /// with ``ConstraintInterpreter/updateNow(to:)`` (in the same layout pass, so constraints updated from the
    /// change are in place before the frame is drawn) and calls ``onChange``.
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
    @MainActor
    public final class LayoutEnvironmentView: UIView {
        /// The interpreter moved to each new environment.
        public let interpreter: ConstraintInterpreter
        /// Called after the interpreter moved, with what changed; not called when nothing a lookup returns changed.
        public var onChange: ((EnvironmentChange) -> Void)?
        /// The environment last handed to the interpreter.
        public private(set) var lastEnvironment: LayoutEnvironment?

        /// A view that moves `interpreter` to its window's environment.
        ///
        /// - Parameter interpreter: The interpreter.
        public init(interpreter: ConstraintInterpreter) {
            self.interpreter = interpreter
            super.init(frame: .zero)
            isHidden = true
            isUserInteractionEnabled = false
            autoresizingMask = [.flexibleWidth, .flexibleHeight]
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

        /// Reads the environment after each resize of the superview (and so of the window).
        public override func layoutSubviews() {
            super.layoutSubviews()
            updateEnvironment()
        }

        /// Reads the environment after a trait change (size classes, display scale, layout direction).
        public override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
            updateEnvironment()
        }

        /// Moves the interpreter to the window's environment if it differs from the last one.
        public func updateEnvironment() {
            guard let window else { return }
            let environment = LayoutEnvironment(window: window)
            guard environment != lastEnvironment else { return }
            lastEnvironment = environment
            if let change = interpreter.updateNow(to: environment) { onChange?(change) }
        }
    }
#endif
