/// UIKit's size classes: how much room a window has along one axis.
///
/// Derived as UIKit reports them:
/// - **iPad** windows are always regular in height, and regular in width from 678 points on: every full-screen
///   window and the wide Split View sizes (⅔ landscape on every iPad, ½ landscape on the 12.9″), compact below
///   (Slide Over, ⅓, ½ landscape on the smaller iPads, portrait Split View). The Split View table in the README
///   lists every size.
/// - **iPhone** windows are compact in width, except the Plus and Max phones (portrait width 414 or more) in
///   landscape, which are regular; compact in height in landscape, regular in portrait.
public enum SizeClass: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Little room: one column, stacked content.
    case compact
    /// Plenty of room: side-by-side content.
    case regular

    /// `compact` or `regular`.
    public var description: String { rawValue }

    /// The narrowest iPad window that UIKit calls regular in width (12.9″ iPad, ½ Split View in landscape); the
    /// widest compact one is 639 points (12.9″, ⅔ in portrait).
    static let padRegularWidth: Double = 678
    /// The narrowest portrait phone width whose landscape windows are regular in width (the Plus/Max phones).
    static let phoneRegularLandscapeShortSide: Double = 414

    static func horizontal(width: Double, height: Double, idiom: DeviceIdiom) -> SizeClass {
        switch idiom {
        case .pad: width >= padRegularWidth ? .regular : .compact
        case .phone: width > height && height >= phoneRegularLandscapeShortSide ? .regular : .compact
        }
    }

    static func vertical(width: Double, height: Double, idiom: DeviceIdiom) -> SizeClass {
        switch idiom {
        case .pad: .regular
        case .phone: width > height ? .compact : .regular
        }
    }
}
