extension DeviceCatalog {
    /// The standard catalog: the four original device classes and every current iPhone and iPad size.
    ///
    /// The original classes, with no fallbacks, are `iPhone5` (320×568), `iPhone6` (375×667), `iPhone6Plus`
    /// (414×736) and `iPad` (768×1024), all sizes in portrait points. Every other profile falls back directly to
    /// the widest original class of its idiom that is not wider than itself (a design drawn for 414 points could
    /// overflow a 402-point phone), so files written for the four original classes keep working, and a team adds
    /// a file only where a newer device's design really differs. Two pad window classes cover the Split View
    /// sizes that UIKit calls regular in width but that are narrower than every iPad (678 points: ½ of a 12.9″
    /// iPad in landscape; 694 points: ⅔ of a 9.7″ iPad in landscape); they fall back to `iPad`, so such a window
    /// lays out like an iPad rather than like a phone, and the 744-point iPad mini falls back through the
    /// 694-point class. These are the only chains that reach a wider class (``widerFallbacks`` lists them): give
    /// widths in `iPad` files that must fit these windows as scaled values (`{"scaled": 700}`), or give the
    /// narrower classes files of their own.
    ///
    /// | Profile | Size | Falls back to |
    /// |---|---|---|
    /// | `iPhoneX` | 375×812 | `iPhone6` |
    /// | `iPhone12` | 390×844 | `iPhone6` |
    /// | `iPhone14Pro` | 393×852 | `iPhone6` |
    /// | `iPhone16Pro` | 402×874 | `iPhone6` |
    /// | `iPhoneXR` | 414×896 | `iPhone6Plus` |
    /// | `iPhoneAir` | 420×912 | `iPhone6Plus` |
    /// | `iPhone12ProMax` | 428×926 | `iPhone6Plus` |
    /// | `iPhone14ProMax` | 430×932 | `iPhone6Plus` |
    /// | `iPhone16ProMax` | 440×956 | `iPhone6Plus` |
    /// | `iPadSplitView678` | 678×1024 | `iPad` |
    /// | `iPadSplitView694` | 694×768 | `iPad` |
    /// | `iPadMini` | 744×1133 | `iPadSplitView694` (then `iPad`) |
    /// | `iPadNinthGen` | 810×1080 | `iPad` |
    /// | `iPadAir` | 820×1180 | `iPad` |
    /// | `iPadPro10Inch` | 834×1112 | `iPad` |
    /// | `iPadPro11` | 834×1194 | `iPad` |
    /// | `iPadPro11M4` | 834×1210 | `iPad` |
    /// | `iPadPro12Inch` | 1024×1366 | `iPad` |
    /// | `iPadPro13` | 1032×1376 | `iPad` |
    ///
    /// ```swift
    /// let device = DeviceCatalog.standard.resolve(width: 393, height: 852)   // iPhone14Pro
    /// DeviceCatalog.standard.lookupChain(for: device)                         // [iPhone14Pro, iPhone6]
    /// ```
    public static let standard = DeviceCatalog(uncheckedProfiles: standardProfiles)

    /// The profiles of ``standard``. A test checks that they pass ``init(_:extensionAttributes:)``.
    private static let standardProfiles: [DeviceProfile] = [
        // The four original classes.
        phone(.iPhone5, 320, 568),
        phone(.iPhone6, 375, 667),
        phone(.iPhone6Plus, 414, 736),
        pad(.iPad, 768, 1024),
        // Current iPhones.
        phone(.iPhoneX, 375, 812, fallback: .iPhone6),
        phone(.iPhone12, 390, 844, fallback: .iPhone6),
        phone(.iPhone14Pro, 393, 852, fallback: .iPhone6),
        phone(.iPhone16Pro, 402, 874, fallback: .iPhone6),
        phone(.iPhoneXR, 414, 896, fallback: .iPhone6Plus),
        phone(.iPhoneAir, 420, 912, fallback: .iPhone6Plus),
        phone(.iPhone12ProMax, 428, 926, fallback: .iPhone6Plus),
        phone(.iPhone14ProMax, 430, 932, fallback: .iPhone6Plus),
        phone(.iPhone16ProMax, 440, 956, fallback: .iPhone6Plus),
        // Split View windows UIKit calls regular in width, narrower than every iPad.
        pad(.iPadSplitView678, 678, 1024, fallback: .iPad),
        pad(.iPadSplitView694, 694, 768, fallback: .iPad),
        // Current iPads.
        pad(.iPadMini, 744, 1133, fallback: .iPadSplitView694),
        pad(.iPadNinthGen, 810, 1080, fallback: .iPad),
        pad(.iPadAir, 820, 1180, fallback: .iPad),
        pad(.iPadPro10Inch, 834, 1112, fallback: .iPad),
        pad(.iPadPro11, 834, 1194, fallback: .iPad),
        pad(.iPadPro11M4, 834, 1210, fallback: .iPad),
        pad(.iPadPro12Inch, 1024, 1366, fallback: .iPad),
        pad(.iPadPro13, 1032, 1376, fallback: .iPad),
    ]

    private static func phone(
        _ name: DeviceName, _ width: Double, _ height: Double, fallback: DeviceName? = nil
    ) -> DeviceProfile {
        DeviceProfile(name: name, idiom: .phone, width: width, height: height, fallbacks: fallback.map { [$0] } ?? [])
    }

    private static func pad(
        _ name: DeviceName, _ width: Double, _ height: Double, fallback: DeviceName? = nil
    ) -> DeviceProfile {
        DeviceProfile(name: name, idiom: .pad, width: width, height: height, fallbacks: fallback.map { [$0] } ?? [])
    }
}
