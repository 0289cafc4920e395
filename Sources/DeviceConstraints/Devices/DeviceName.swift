/// The name of a device class, as it appears in constraint file names (`Calendar_iPhone6.json`) and in a
/// ``DeviceCatalog``.
///
/// A name is a plain string; the constants below name the profiles of ``DeviceCatalog/standard``. Any other
/// name works too, as long as the catalog in use knows it:
///
/// ```swift
/// let name: DeviceName = "iPhone6"
/// name == .iPhone6                 // true
/// let custom = DeviceName("KioskPortrait")
/// ```
///
/// A name may not be empty and may not contain `/`, `\`, `..`, `_`, whitespace or control characters: it becomes
/// part of a file name, and `_` separates the container from the device there. ``DeviceCatalog`` checks this.
public struct DeviceName: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable, Comparable,
    CustomStringConvertible
{
    /// The name as written in file names, such as `"iPhone6"`.
    public let rawValue: String

    /// Creates a name.
    ///
    /// - Parameter rawValue: The name as written in file names, such as `"iPhone6"`. It is not checked here;
    ///   ``DeviceCatalog/init(_:extensionAttributes:)`` rejects invalid names.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a name.
    ///
    /// - Parameter rawValue: The name as written in file names, such as `"iPhone6"`. It is not checked here;
    ///   ``DeviceCatalog/init(_:extensionAttributes:)`` rejects invalid names.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a name from a string literal: `let name: DeviceName = "iPhone6"`.
    ///
    /// - Parameter value: The name as written in file names.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// Orders names by their raw value, so lists of names sort alphabetically.
    public static func < (lhs: DeviceName, rhs: DeviceName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// The raw value, such as `iPhone6`.
    public var description: String { rawValue }
}

// MARK: - Validation

extension DeviceName {
    /// Checks that `name` can be used as a device name (and therefore as part of a file name).
    ///
    /// A name is invalid if it is empty or contains `/`, `\`, `..`, `_` (which separates container and device in
    /// `Container_Device.json`), whitespace or control characters.
    ///
    /// ```swift
    /// DeviceName.validate("iPhone6", what: "device name")    // nil
    /// DeviceName.validate("iPhone_6", what: "device name")   // .invalidName: … contains "_" …
    /// ```
    ///
    /// - Parameters:
    ///   - name: The name to check.
    ///   - what: What the name is, for the message: `"device name"`, `"container name"`.
    /// - Returns: `nil` if the name is valid, else an error with code ``ConstraintError/Code/invalidName`` whose
    ///   message says what was found and what is allowed.
    package static func validate(_ name: String, what: String) -> ConstraintError? {
        guard let problem = problem(in: name) else { return nil }
        let subject = name.isEmpty ? "\(what) is empty" : "\(what) \(quoted(name)) \(problem)"
        return ConstraintError(
            code: .invalidName,
            message: "\(subject); a name must be non-empty and may not contain \"/\", \"\\\", \"..\", "
                + "\"_\" (it separates container and device in file names), whitespace or control characters")
    }

    /// What is wrong with `name`, as a phrase such as `contains "_"`; `nil` if nothing is.
    private static func problem(in name: String) -> String? {
        if name.isEmpty { return "is empty" }
        var previous: Unicode.Scalar?
        for scalar in name.unicodeScalars {
            defer { previous = scalar }
            switch scalar {
            case "/", "\\", "_":
                return "contains \"\(scalar)\""
            case "." where previous == ".":
                return "contains \"..\""
            default:
                break
            }
            if scalar.properties.generalCategory == .control {
                return "contains the control character \(codePoint(scalar))"
            }
            if scalar.properties.isWhitespace {
                return "contains whitespace (\(codePoint(scalar)))"
            }
        }
        return nil
    }

    /// `U+0009`.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The name in double quotes, with control characters escaped so the message stays on one line.
    private static func quoted(_ name: String) -> String {
        var text = "\""
        for scalar in name.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\"" {
                text += scalar.escaped(asASCII: false)
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}

// MARK: - Standard names

extension DeviceName {
    // The four original classes.

    /// iPhone 5, 5s, SE (1st generation): 320 × 568 points.
    public static let iPhone5: DeviceName = "iPhone5"
    /// iPhone 6, 6s, 7, 8, SE (2nd and 3rd generation): 375 × 667 points.
    public static let iPhone6: DeviceName = "iPhone6"
    /// iPhone 6 Plus, 6s Plus, 7 Plus, 8 Plus: 414 × 736 points.
    public static let iPhone6Plus: DeviceName = "iPhone6Plus"
    /// iPad (1st to 6th generation), iPad Air (1st and 2nd generation), iPad mini (1st to 5th generation),
    /// iPad Pro 9.7": 768 × 1024 points.
    public static let iPad: DeviceName = "iPad"

    // Current iPhones.

    /// iPhone X, XS, 11 Pro, 12 mini, 13 mini (as reported by UIKit): 375 × 812 points.
    public static let iPhoneX: DeviceName = "iPhoneX"
    /// iPhone 12, 12 Pro, 13, 13 Pro, 14, 16e: 390 × 844 points.
    public static let iPhone12: DeviceName = "iPhone12"
    /// iPhone 14 Pro, 15, 15 Pro, 16: 393 × 852 points.
    public static let iPhone14Pro: DeviceName = "iPhone14Pro"
    /// iPhone 16 Pro, 17, 17 Pro: 402 × 874 points.
    public static let iPhone16Pro: DeviceName = "iPhone16Pro"
    /// iPhone XR, XS Max, 11, 11 Pro Max: 414 × 896 points.
    public static let iPhoneXR: DeviceName = "iPhoneXR"
    /// iPhone Air: 420 × 912 points.
    public static let iPhoneAir: DeviceName = "iPhoneAir"
    /// iPhone 12 Pro Max, 13 Pro Max, 14 Plus: 428 × 926 points.
    public static let iPhone12ProMax: DeviceName = "iPhone12ProMax"
    /// iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus: 430 × 932 points.
    public static let iPhone14ProMax: DeviceName = "iPhone14ProMax"
    /// iPhone 16 Pro Max, 17 Pro Max: 440 × 956 points.
    public static let iPhone16ProMax: DeviceName = "iPhone16ProMax"

    // Current iPads.

    /// A Split View window UIKit calls regular in width: ½ of a 12.9″ iPad in landscape, 678×1024 points.
    public static let iPadSplitView678: DeviceName = "iPadSplitView678"
    /// A Split View window UIKit calls regular in width: ⅔ of a 9.7″ iPad in landscape, 694×768 points.
    public static let iPadSplitView694: DeviceName = "iPadSplitView694"
    /// iPad mini (6th generation and later): 744 × 1133 points.
    public static let iPadMini: DeviceName = "iPadMini"
    /// iPad (7th to 9th generation), 10.2": 810 × 1080 points.
    public static let iPadNinthGen: DeviceName = "iPadNinthGen"
    /// iPad Air 10.9" and 11", iPad (10th generation and later): 820 × 1180 points.
    public static let iPadAir: DeviceName = "iPadAir"
    /// iPad Pro 10.5", iPad Air (3rd generation): 834 × 1112 points.
    public static let iPadPro10Inch: DeviceName = "iPadPro10Inch"
    /// iPad Pro 11" (1st to 4th generation): 834 × 1194 points.
    public static let iPadPro11: DeviceName = "iPadPro11"
    /// iPad Pro 11" (M4 and later): 834 × 1210 points.
    public static let iPadPro11M4: DeviceName = "iPadPro11M4"
    /// iPad Pro 12.9", iPad Air 13": 1024 × 1366 points.
    public static let iPadPro12Inch: DeviceName = "iPadPro12Inch"
    /// iPad Pro 13" (M4 and later): 1032 × 1376 points.
    public static let iPadPro13: DeviceName = "iPadPro13"
}
