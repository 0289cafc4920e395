/// A device class: its name, its idiom, its size in portrait, and the names it falls back to.
///
/// Constraint files are written per device name (`Calendar_iPhone6.json`). When a file is missing for a device,
/// or does not set an attribute, the ``fallbacks`` are consulted in order (see
/// ``DeviceCatalog/lookupChain(for:)-(DeviceProfile)``).
///
/// ```swift
/// let profile = DeviceProfile(name: "iPhone14Pro", idiom: .phone, width: 393, height: 852, fallbacks: [.iPhone6])
/// print(profile)   // iPhone14Pro (phone, 393×852) → iPhone6
/// ```
public struct DeviceProfile: Hashable, Sendable, CustomStringConvertible {
    /// The name used in constraint file names.
    public var name: DeviceName
    /// Phone or pad.
    public var idiom: DeviceIdiom
    /// The width in portrait, in points. ``DeviceCatalog`` requires it to be positive, finite and at most
    /// ``height``.
    public var width: Double
    /// The height in portrait, in points.
    public var height: Double
    /// The devices whose files are used, in this order, when this device has none or leaves an attribute out.
    public var fallbacks: [DeviceName]
    /// The window width, in points, the designers drew this class at: the reference for scaled values
    /// (`{"scaled": 60}` in this class's files reads `60 × window width ÷ designWidth`, unless the file states a
    /// width of its own, `"designWidth": 375`). Defaults to ``width``.
    public var designWidth: Double

    /// Creates a profile. Nothing is checked here; ``DeviceCatalog/init(_:extensionAttributes:)`` validates profiles.
    ///
    /// - Parameters:
    ///   - name: The name used in constraint file names.
    ///   - idiom: Phone or pad.
    ///   - width: The width in portrait, in points.
    ///   - height: The height in portrait, in points.
    ///   - fallbacks: The devices to consult, in order, after this one.
    ///   - designWidth: The width the class was designed at, for scaled values; nil means `width`.
    public init(
        name: DeviceName, idiom: DeviceIdiom, width: Double, height: Double, fallbacks: [DeviceName] = [],
        designWidth: Double? = nil
    ) {
        self.name = name
        self.idiom = idiom
        self.width = width
        self.height = height
        self.fallbacks = fallbacks
        self.designWidth = designWidth ?? width
    }

    /// `iPhone14Pro (phone, 393×852) → iPhone6`.
    public var description: String {
        var text = "\(name) (\(idiom.rawValue), \(width.compactDescription)×\(height.compactDescription)"
        if designWidth != width { text += ", designed at \(designWidth.compactDescription)" }
        text += ")"
        if !fallbacks.isEmpty {
            text += " → " + fallbacks.map(\.rawValue).joined(separator: ", ")
        }
        return text
    }
}
