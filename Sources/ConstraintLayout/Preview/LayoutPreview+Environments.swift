public import DeviceConstraints

extension LayoutPreview {
    /// The four original device classes, portrait: iPhone 5 (320×568), iPhone 6 (375×667), iPhone 6 Plus
    /// (414×736, @3x) and iPad (768×1024).
    public static let originalClasses: [LayoutEnvironment] = [
        LayoutEnvironment(width: 320, height: 568, idiom: .phone, displayScale: 2),
        LayoutEnvironment(width: 375, height: 667, idiom: .phone, displayScale: 2),
        LayoutEnvironment(width: 414, height: 736, idiom: .phone, displayScale: 3),
        LayoutEnvironment(width: 768, height: 1024, idiom: .pad, displayScale: 2),
    ]

    /// The current iPhone sizes of the standard catalog, portrait, @3x (the iPhone XR's 414×896 is @2x).
    public static let currentPhones: [LayoutEnvironment] = [
        (375.0, 812.0), (390, 844), (393, 852), (402, 874), (414, 896), (420, 912), (428, 926), (430, 932), (440, 956),
    ].map { width, height in
        LayoutEnvironment(width: width, height: height, idiom: .phone, displayScale: width == 414 ? 2 : 3)
    }

    /// UIKit's Split View windows on the 9.7″, 10.5″, 11″ and 12.9″ iPads, landscape ⅓ / ½ / ⅔ then
    /// portrait ⅓ / ⅔ per iPad, @2x.
    public static let splitViewWindows: [LayoutEnvironment] = [
        (320.0, 768.0), (507, 768), (694, 768), (320, 1024), (438, 1024),
        (320, 834), (551, 834), (782, 834), (320, 1112), (504, 1112),
        (375, 834), (592, 834), (809, 834), (320, 1194), (504, 1194),
        (375, 1024), (678, 1024), (981, 1024), (375, 1366), (639, 1366),
    ].map { width, height in LayoutEnvironment(width: width, height: height, idiom: .pad, displayScale: 2) }
}
