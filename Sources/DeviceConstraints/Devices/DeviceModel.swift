/// An iPhone or iPad model Apple has sold since 2017, by the name a constraint file may use for it.
///
/// A model is not a device class: it is read for the class its screen resolves to in the catalog in use
/// (``DeviceCatalog/deviceClass(of:)``), so `Card_iPhone16.json` is the file of `iPhone14Pro` (393×852) in
/// ``DeviceCatalog/standard``, read for every window of that class. Name a file for a model when that is how the
/// team thinks of the design; two files that name the same class are a lint error.
///
/// Names are Apple's, without spaces: each word capitalized (`iPhone16ProMax`, `iPhone12Mini`), a generation as
/// its number (`iPhoneSE3`, `iPad10`, `iPadMini6`, `iPadAir5`), inch sizes as Apple writes them with `Inch` and
/// the generation for the older iPad Pros (`iPadPro12Inch2`, `iPadPro11Inch4`), and the chip for the iPads Apple
/// names by chip (`iPad11` is the iPad (A16), `iPadMini7` the iPad mini (A17 Pro), `iPadAir13M2`,
/// `iPadPro13M4`). `iPadAir11` and `iPadAir13` name the current iPad Air sizes, whatever the chip. A model whose
/// name is also a class of the catalog (`iPhone12`, `iPhoneAir`) is that class's file.
///
/// ```swift
/// DeviceModel.named("iPhone16")?.width                         // 393
/// DeviceCatalog.standard.deviceClass(named: "iPhone16")?.name  // iPhone14Pro
/// ```
///
/// Point sizes (portrait) are from Apple's specifications: the Human Interface Guidelines' table of device screen
/// sizes (developer.apple.com/design/human-interface-guidelines/layout, "Specifications") and each model's
/// technical specifications (support.apple.com/specs), where the point size is the pixel resolution divided by the
/// scale factor. The iPhone 12 mini and 13 mini report 375×812 points to apps (their 1080×2340 panel shows a
/// 1125×2436 rendering scaled down), which is what a window of theirs measures.
public struct DeviceModel: Hashable, Sendable, CustomStringConvertible {
    /// The name a file uses: `iPhone16` in `Card_iPhone16.json`.
    public let name: DeviceName
    /// Apple's name for the model: `iPhone 16`, `iPad Air 13-inch (M2)`.
    public let marketingName: String
    /// Phone or pad.
    public let idiom: DeviceIdiom
    /// The width of its screen in portrait, in points.
    public let width: Double
    /// The height of its screen in portrait, in points.
    public let height: Double

    /// Creates a model.
    ///
    /// - Parameters:
    ///   - name: the name files use.
    ///   - marketingName: Apple's name for the model.
    ///   - idiom: phone or pad.
    ///   - width: the portrait width, in points.
    ///   - height: the portrait height, in points.
    public init(_ name: DeviceName, _ marketingName: String, idiom: DeviceIdiom, width: Double, height: Double) {
        self.name = name
        self.marketingName = marketingName
        self.idiom = idiom
        self.width = width
        self.height = height
    }

    /// `iPhone16 (iPhone 16, 393×852)`.
    public var description: String {
        "\(name) (\(marketingName), \(width.compactDescription)×\(height.compactDescription))"
    }

    /// The model named `name`, or nil when no model has that name (names compare exactly, as file names do).
    ///
    /// - Parameter name: a model name such as `iPhone16`.
    public static func named(_ name: DeviceName) -> DeviceModel? {
        indexByName[name].map { all[$0] }
    }

    private static let indexByName: [DeviceName: Int] = Dictionary(
        all.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })

    /// Every iPhone and iPad model Apple has sold since 2017, phones first, each group in the order Apple released
    /// them.
    public static let all: [DeviceModel] = phones + pads

    private static func phone(_ name: DeviceName, _ marketing: String, _ width: Double, _ height: Double)
        -> DeviceModel
    {
        DeviceModel(name, marketing, idiom: .phone, width: width, height: height)
    }

    private static func pad(_ name: DeviceName, _ marketing: String, _ width: Double, _ height: Double)
        -> DeviceModel
    {
        DeviceModel(name, marketing, idiom: .pad, width: width, height: height)
    }

    // Apple's HIG, "Device screen sizes", and each model's technical specifications (support.apple.com/specs):
    // pixels ÷ scale. iPhone 8 750×1334 @2x; 8 Plus 1080×1920, shown as 1242×2208 @3x; X, XS, 11 Pro
    // 1125×2436 @3x; XR, 11 828×1792 @2x; XS Max, 11 Pro Max 1242×2688 @3x; 12, 13, 14, 16e 1170×2532 @3x;
    // 12 Pro Max, 13 Pro Max, 14 Plus 1284×2778 @3x; 14 Pro, 15, 16 1179×2556 @3x; 14 Pro Max, 15 Plus, 16 Plus
    // 1290×2796 @3x; 16 Pro, 17, 17 Pro 1206×2622 @3x; 16 Pro Max, 17 Pro Max 1320×2868 @3x; iPhone Air
    // 1260×2736 @3x.
    private static let phones: [DeviceModel] = [
        phone("iPhone8", "iPhone 8", 375, 667),
        phone("iPhone8Plus", "iPhone 8 Plus", 414, 736),
        phone("iPhoneX", "iPhone X", 375, 812),
        phone("iPhoneXS", "iPhone XS", 375, 812),
        phone("iPhoneXSMax", "iPhone XS Max", 414, 896),
        phone("iPhoneXR", "iPhone XR", 414, 896),
        phone("iPhone11", "iPhone 11", 414, 896),
        phone("iPhone11Pro", "iPhone 11 Pro", 375, 812),
        phone("iPhone11ProMax", "iPhone 11 Pro Max", 414, 896),
        phone("iPhoneSE2", "iPhone SE (2nd generation)", 375, 667),
        phone("iPhone12Mini", "iPhone 12 mini", 375, 812),
        phone("iPhone12", "iPhone 12", 390, 844),
        phone("iPhone12Pro", "iPhone 12 Pro", 390, 844),
        phone("iPhone12ProMax", "iPhone 12 Pro Max", 428, 926),
        phone("iPhone13Mini", "iPhone 13 mini", 375, 812),
        phone("iPhone13", "iPhone 13", 390, 844),
        phone("iPhone13Pro", "iPhone 13 Pro", 390, 844),
        phone("iPhone13ProMax", "iPhone 13 Pro Max", 428, 926),
        phone("iPhoneSE3", "iPhone SE (3rd generation)", 375, 667),
        phone("iPhone14", "iPhone 14", 390, 844),
        phone("iPhone14Plus", "iPhone 14 Plus", 428, 926),
        phone("iPhone14Pro", "iPhone 14 Pro", 393, 852),
        phone("iPhone14ProMax", "iPhone 14 Pro Max", 430, 932),
        phone("iPhone15", "iPhone 15", 393, 852),
        phone("iPhone15Plus", "iPhone 15 Plus", 430, 932),
        phone("iPhone15Pro", "iPhone 15 Pro", 393, 852),
        phone("iPhone15ProMax", "iPhone 15 Pro Max", 430, 932),
        phone("iPhone16", "iPhone 16", 393, 852),
        phone("iPhone16Plus", "iPhone 16 Plus", 430, 932),
        phone("iPhone16Pro", "iPhone 16 Pro", 402, 874),
        phone("iPhone16ProMax", "iPhone 16 Pro Max", 440, 956),
        phone("iPhone16e", "iPhone 16e", 390, 844),
        phone("iPhone17", "iPhone 17", 402, 874),
        phone("iPhoneAir", "iPhone Air", 420, 912),
        phone("iPhone17Pro", "iPhone 17 Pro", 402, 874),
        phone("iPhone17ProMax", "iPhone 17 Pro Max", 440, 956),
    ]

    // The same sources: iPad 9.7-inch and iPad mini (5th generation) 1536×2048 @2x; iPad 10.2-inch 1620×2160 @2x;
    // iPad (10th generation, A16), iPad Air 10.9-inch and 11-inch 1640×2360 @2x; iPad mini 8.3-inch 1488×2266 @2x;
    // iPad Pro 10.5-inch and iPad Air (3rd generation) 1668×2224 @2x; iPad Pro 11-inch (1st to 4th generation)
    // 1668×2388 @2x; iPad Pro 12.9-inch and iPad Air 13-inch 2048×2732 @2x; iPad Pro 11-inch (M4, M5)
    // 1668×2420 @2x; iPad Pro 13-inch (M4, M5) 2064×2752 @2x.
    private static let pads: [DeviceModel] = [
        pad("iPad5", "iPad (5th generation)", 768, 1024),
        pad("iPad6", "iPad (6th generation)", 768, 1024),
        pad("iPad7", "iPad (7th generation)", 810, 1080),
        pad("iPad8", "iPad (8th generation)", 810, 1080),
        pad("iPad9", "iPad (9th generation)", 810, 1080),
        pad("iPad10", "iPad (10th generation)", 820, 1180),
        pad("iPad11", "iPad (A16)", 820, 1180),
        pad("iPadMini5", "iPad mini (5th generation)", 768, 1024),
        pad("iPadMini6", "iPad mini (6th generation)", 744, 1133),
        pad("iPadMini7", "iPad mini (A17 Pro)", 744, 1133),
        pad("iPadAir3", "iPad Air (3rd generation)", 834, 1112),
        pad("iPadAir4", "iPad Air (4th generation)", 820, 1180),
        pad("iPadAir5", "iPad Air (5th generation)", 820, 1180),
        pad("iPadAir11M2", "iPad Air 11-inch (M2)", 820, 1180),
        pad("iPadAir13M2", "iPad Air 13-inch (M2)", 1024, 1366),
        pad("iPadAir11M3", "iPad Air 11-inch (M3)", 820, 1180),
        pad("iPadAir13M3", "iPad Air 13-inch (M3)", 1024, 1366),
        pad("iPadAir11", "iPad Air 11-inch (M2 and later)", 820, 1180),
        pad("iPadAir13", "iPad Air 13-inch (M2 and later)", 1024, 1366),
        pad("iPadPro10Inch", "iPad Pro 10.5-inch", 834, 1112),
        pad("iPadPro12Inch2", "iPad Pro 12.9-inch (2nd generation)", 1024, 1366),
        pad("iPadPro11Inch1", "iPad Pro 11-inch (1st generation)", 834, 1194),
        pad("iPadPro12Inch3", "iPad Pro 12.9-inch (3rd generation)", 1024, 1366),
        pad("iPadPro11Inch2", "iPad Pro 11-inch (2nd generation)", 834, 1194),
        pad("iPadPro12Inch4", "iPad Pro 12.9-inch (4th generation)", 1024, 1366),
        pad("iPadPro11Inch3", "iPad Pro 11-inch (3rd generation)", 834, 1194),
        pad("iPadPro12Inch5", "iPad Pro 12.9-inch (5th generation)", 1024, 1366),
        pad("iPadPro11Inch4", "iPad Pro 11-inch (4th generation)", 834, 1194),
        pad("iPadPro12Inch6", "iPad Pro 12.9-inch (6th generation)", 1024, 1366),
        pad("iPadPro11M4", "iPad Pro 11-inch (M4)", 834, 1210),
        pad("iPadPro13M4", "iPad Pro 13-inch (M4)", 1032, 1376),
        pad("iPadPro11M5", "iPad Pro 11-inch (M5)", 834, 1210),
        pad("iPadPro13M5", "iPad Pro 13-inch (M5)", 1032, 1376),
    ]
}
