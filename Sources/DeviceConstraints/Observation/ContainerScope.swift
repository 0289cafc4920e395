/// A container inside a window — a column of a split view, a sheet, a popover's content — with records of its own:
/// looked up for the container's size, with the window's idiom, display scale and layout direction. What
/// `.deviceConstraints(_:)` (DeviceConstraintsUI) keeps when it is applied inside another; platform-neutral, so that
/// its rules are tested on every platform.
///
/// ```swift
/// // A 1024-point iPad window, a 320-point sidebar and a 700-point detail column inside it.
/// let sidebar = ContainerScope(in: window.live)
/// sidebar.measured(width: 320, height: 1366)
/// let detail = ContainerScope(in: window.live)
/// detail.measured(width: 700, height: 1366)
/// sidebar.live.device != detail.live.device  // each column its own class
/// ```
///
/// **The environment.** The container's size with the enclosing window's (or container's) idiom, display scale,
/// layout direction and text size — or the text size the container reports of its own, where SwiftUI's
/// `.dynamicTypeSize(_:)` sets another there; its size classes are derived from its own size, as for a window that
/// reports none. The nearest
/// scope wins: one inside another takes its traits from the one around it and measures itself.
///
/// **The interpreter.** Its own, made ``ConstraintInterpreter/init(sharingFilesWith:environment:)`` with the
/// enclosing one's (a class the window or another container has loaded reads no file), starting in the enclosing
/// environment until the container is first measured. It never claims the app's interpreter, and it is released with
/// the scope: when SwiftUI releases the container's state.
///
/// **When it moves.** As a window does (``WindowTracker``): at once when moving reads no file, else in a task, always
/// ending on the last measurement.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
package final class ContainerScope {
    /// What follows the container's size and the enclosing traits.
    package let tracker: WindowTracker

    /// A container inside the window (or container) whose records `enclosing` holds.
    package init(in enclosing: LiveConstraints) {
        let environment = enclosing.environment
        tracker = WindowTracker(for: enclosing.interpreter, environment: environment, claiming: false)
        tracker.traitsChanged(WindowTraits(insideWindow: environment))
    }

    /// The records the container's views read.
    package var live: LiveConstraints { tracker.live }

    /// The container's own interpreter, sharing the enclosing one's files.
    package var interpreter: ConstraintInterpreter { tracker.interpreter }

    /// The interpreter whose files this container's shares: the enclosing window's or container's.
    package var enclosing: ConstraintInterpreter { tracker.app }

    /// The container was measured at `width × height` points.
    package func measured(width: Double, height: Double) {
        tracker.measured(width: width, height: height)
    }

    /// The enclosing window (or container) moved to `environment`: its idiom, scale, direction and text size are
    /// taken again.
    ///
    /// - Parameters:
    ///   - environment: the enclosing window's (or container's) environment.
    ///   - textSize: the text size at the container, when it reports one (SwiftUI's `dynamicTypeSize` there);
    ///     `environment`'s when nil.
    package func enclosingChanged(_ environment: LayoutEnvironment, textSize: TextSize? = nil) {
        var traits = WindowTraits(insideWindow: environment)
        if let textSize { traits.textSize = textSize }
        tracker.traitsChanged(traits)
    }
}

extension WindowTraits {
    /// The traits a container inside a window of `environment` takes from it: the idiom (when known), the display
    /// scale, the layout direction and the text size. Size classes are left to be derived from the container's own
    /// size.
    package init(insideWindow environment: LayoutEnvironment) {
        self.init(
            idiom: environment.idiomIsKnown ? environment.idiom : nil, displayScale: environment.displayScale,
            layoutDirection: environment.layoutDirection, textSize: environment.textSize)
    }
}

extension LayoutEnvironment {
    /// The environment of a container of `width × height` points inside a window of this environment: this one when
    /// the container is the window's size (its reported size classes kept), else the container's size with this
    /// window's idiom, display scale, layout direction and text size, and size classes derived from the container's
    /// size. What the UIKit and AppKit views that follow a container use.
    ///
    /// ```swift
    /// let window = LayoutEnvironment(width: 1024, height: 1366, idiom: .pad)
    /// window.container(width: 320, height: 1366).horizontalSizeClass   // .compact
    /// ```
    package func container(width: Double, height: Double) -> LayoutEnvironment {
        if width == self.width && height == self.height { return self }
        return WindowTraits(insideWindow: self).environment(width: width, height: height)
    }
}
