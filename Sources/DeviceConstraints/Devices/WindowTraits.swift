/// What a UI framework reports of a window besides its size: the device's idiom and the traits SwiftUI puts in a
/// view's environment (display scale, size classes, layout direction, text size). The SwiftUI layer reads them at the root
/// of each window and turns them, with the window's measured size, into its ``LayoutEnvironment``.
package struct WindowTraits: Hashable, Sendable {
    /// The device's idiom, or nil to infer it from the size (a Mac, a TV, or an idiom the catalog has no class of).
    package var idiom: DeviceIdiom?
    /// Device pixels per point.
    package var displayScale: Double
    /// The horizontal size class reported, or nil when the framework reports none (then it is derived).
    package var horizontalSizeClass: SizeClass?
    /// The vertical size class reported, or nil when the framework reports none (then it is derived).
    package var verticalSizeClass: SizeClass?
    /// Whether leading is left or right.
    package var layoutDirection: LayoutDirection
    /// The user's preferred text size (SwiftUI's `dynamicTypeSize`).
    package var textSize: TextSize

    package init(
        idiom: DeviceIdiom? = nil, displayScale: Double = 2, horizontalSizeClass: SizeClass? = nil,
        verticalSizeClass: SizeClass? = nil, layoutDirection: LayoutDirection = .leftToRight,
        textSize: TextSize = .large
    ) {
        self.textSize = textSize
        self.idiom = idiom
        self.displayScale = displayScale
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
    }

    /// The environment of a window of `width × height` points with these traits: the size classes as reported,
    /// and derived from the size and idiom where none is reported, as
    /// ``LayoutEnvironment/init(width:height:idiom:textSize:displayScale:layoutDirection:)`` derives them (so a window
    /// measured by SwiftUI and the same window followed by the UIKit adapter get the same environment).
    package func environment(width: Double, height: Double) -> LayoutEnvironment {
        let derived = LayoutEnvironment(
            width: width, height: height, idiom: idiom, displayScale: displayScale, layoutDirection: layoutDirection)
        return LayoutEnvironment(
            width: derived.width, height: derived.height, idiom: idiom, textSize: textSize,
            displayScale: derived.displayScale,
            horizontalSizeClass: horizontalSizeClass ?? derived.horizontalSizeClass,
            verticalSizeClass: verticalSizeClass ?? derived.verticalSizeClass, layoutDirection: layoutDirection)
    }
}
