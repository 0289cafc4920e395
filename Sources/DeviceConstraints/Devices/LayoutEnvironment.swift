/// The window a layout is for: its size in points, the device idiom, the display scale, the user's text size, and
/// what follows from them — orientation, UIKit's size classes and Android's window size classes.
///
/// Pass the size of the **window**, never the screen's: in Split View, Slide Over and iPadOS free windows the two
/// differ. The interpreter resolves the device class from it (``DeviceCatalog/resolve(_:)``), evaluates scaled
/// values against its width, and re-resolves when the app hands it a new one (``ConstraintInterpreter/update(to:)``).
///
/// ```swift
/// let environment = LayoutEnvironment(width: 694, height: 768, idiom: .pad)   // ⅔ Split View on a 9.7″ iPad
/// environment.orientation              // .portrait (694 ≤ 768)
/// environment.horizontalSizeClass      // .regular
/// environment.windowClass              // .medium
/// DeviceCatalog.standard.resolve(environment).name   // iPadSplitView694
/// ```
///
/// A width or height that is not a finite number of at least 1 point is clamped to 1 point, and a display scale
/// that is not a finite positive number reads as 1, so no value of an environment can lead to a division by zero.
/// The values stored are the clamped ones.
public struct LayoutEnvironment: Hashable, Sendable, CustomStringConvertible {
    /// The window's width in points, in its current orientation (at least 1).
    public let width: Double
    /// The window's height in points, in its current orientation (at least 1).
    public let height: Double
    /// The idiom of the device the window is on; inferred from the size when not given: `.pad` if the shorter
    /// side is at least 600 points, else `.phone` (Android's rule, as ``DeviceCatalog/resolve(_:)`` applies it).
    public let idiom: DeviceIdiom
    /// Whether ``idiom`` was given rather than inferred.
    public let idiomIsKnown: Bool
    /// Device pixels per point (2 or 3 on current devices). Frames and scaled values round to `1 / displayScale`.
    public let displayScale: Double
    /// The horizontal size class as UIKit reports it for this window.
    public let horizontalSizeClass: SizeClass
    /// The vertical size class as UIKit reports it for this window.
    public let verticalSizeClass: SizeClass
    /// Whether leading is left (the default) or right.
    public let layoutDirection: LayoutDirection
    /// The user's preferred text size (Dynamic Type), `.large` unless given: font sizes and text-scaled values
    /// follow it.
    public let textSize: TextSize

    /// An environment for a window of `width × height` points.
    ///
    /// The size classes are derived as UIKit reports them (see ``SizeClass``); on Apple platforms, an
    /// environment can also be made from the window's real trait collection, so the two always agree.
    ///
    /// - Parameters:
    ///   - width: the window's width in points, in its current orientation.
    ///   - height: the window's height in points.
    ///   - idiom: the device's idiom (`UIDevice.current.userInterfaceIdiom`), or nil to infer it from the size.
    ///   - textSize: the user's preferred text size (Dynamic Type).
    ///   - displayScale: device pixels per point.
    ///   - layoutDirection: whether leading is left or right.
    public init(
        width: Double, height: Double, idiom: DeviceIdiom? = nil, textSize: TextSize = .large,
        displayScale: Double = 2, layoutDirection: LayoutDirection = .leftToRight
    ) {
        let width = Self.clampedLength(width)
        let height = Self.clampedLength(height)
        let inferred = idiom ?? Self.inferredIdiom(width: width, height: height)
        self.init(
            width: width, height: height, idiom: idiom, textSize: textSize, displayScale: displayScale,
            horizontalSizeClass: SizeClass.horizontal(width: width, height: height, idiom: inferred),
            verticalSizeClass: SizeClass.vertical(width: width, height: height, idiom: inferred),
            layoutDirection: layoutDirection)
    }

    /// An environment whose size classes are given rather than derived: what a platform adapter passes from the
    /// window's real trait collection.
    ///
    /// - Parameters:
    ///   - width: the window's width in points.
    ///   - height: the window's height in points.
    ///   - idiom: the device's idiom, or nil to infer it from the size.
    ///   - textSize: the trait collection's preferred content size category, as a text size.
    ///   - displayScale: device pixels per point.
    ///   - horizontalSizeClass: the trait collection's horizontal size class.
    ///   - verticalSizeClass: the trait collection's vertical size class.
    ///   - layoutDirection: whether leading is left or right.
    public init(
        width: Double, height: Double, idiom: DeviceIdiom?, textSize: TextSize = .large, displayScale: Double,
        horizontalSizeClass: SizeClass, verticalSizeClass: SizeClass,
        layoutDirection: LayoutDirection = .leftToRight
    ) {
        self.width = Self.clampedLength(width)
        self.height = Self.clampedLength(height)
        self.idiom = idiom ?? Self.inferredIdiom(width: self.width, height: self.height)
        self.idiomIsKnown = idiom != nil
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        self.horizontalSizeClass = horizontalSizeClass
        self.verticalSizeClass = verticalSizeClass
        self.layoutDirection = layoutDirection
        self.textSize = textSize
    }

    /// This environment with another text size: what a text-size change hands ``ConstraintInterpreter/update(to:)``.
    ///
    /// ```swift
    /// interpreter.updateNow(to: interpreter.environment.withTextSize(.xLarge))
    /// ```
    public func withTextSize(_ textSize: TextSize) -> LayoutEnvironment {
        LayoutEnvironment(
            width: width, height: height, idiom: idiomIsKnown ? idiom : nil, textSize: textSize,
            displayScale: displayScale, horizontalSizeClass: horizontalSizeClass, verticalSizeClass: verticalSizeClass,
            layoutDirection: layoutDirection)
    }

    /// Portrait when the window is no wider than it is tall.
    public var orientation: LayoutOrientation {
        width <= height ? .portrait : .landscape
    }

    /// Android's window size class of the width.
    public var windowClass: WindowClass {
        WindowClass(width: width)
    }

    /// The size of one device pixel in points: `1 / displayScale`.
    public var pixel: Double {
        1 / displayScale
    }

    /// `value` rounded to the nearest device pixel.
    ///
    /// ```swift
    /// LayoutEnvironment(width: 375, height: 667, displayScale: 3).roundedToPixel(10.2)   // 10.333…
    /// ```
    public func roundedToPixel(_ value: Double) -> Double {
        let pixels = value * displayScale
        // From 2⁵² pixels on every double is a whole number of them, and the product may overflow: the value is
        // as near a pixel as it can be. `+ 0` turns the -0 that a tiny negative rounds to into 0, which prints
        // as `0.0`.
        guard abs(pixels) < Self.wholePixels else { return value + 0 }
        return pixels.rounded() / displayScale + 0
    }

    /// `value` rounded down to a device pixel (what keeps items from overflowing a row).
    public func flooredToPixel(_ value: Double) -> Double {
        let pixels = value * displayScale
        guard abs(pixels) < Self.wholePixels else { return value + 0 }
        // A hair of tolerance, so that 3 × (1/3) does not floor to one pixel less.
        return (pixels + 1e-9).rounded(.down) / displayScale + 0
    }

    /// 2⁵²: from here on every double is a whole number.
    private static let wholePixels = 4_503_599_627_370_496.0

    /// `694×768 pad @2x, portrait, w:regular h:regular, medium` (and the text size when it is not `.large`).
    public var description: String {
        "\(width.compactDescription)×\(height.compactDescription) \(idiom.rawValue) "
            + "@\(displayScale.compactDescription)x, \(orientation), "
            + "w:\(horizontalSizeClass) h:\(verticalSizeClass), \(windowClass)"
            + (layoutDirection == .rightToLeft ? ", right-to-left" : "")
            + (textSize == .large ? "" : ", text \(textSize)")
    }

    // MARK: - Derivation

    /// NaN, infinities and anything below one point read as one point.
    private static func clampedLength(_ value: Double) -> Double {
        value.isFinite && value >= 1 ? value : 1
    }

    /// `.pad` when the shorter side is at least 600 points.
    static func inferredIdiom(width: Double, height: Double) -> DeviceIdiom {
        min(width, height) >= 600 ? .pad : .phone
    }
}
