/// The kind of device a ``DeviceProfile`` describes.
///
/// ``DeviceCatalog/resolve(width:height:idiom:)`` uses it to choose among profiles of the same kind, and infers
/// it from the window size when it is not given.
///
/// ```swift
/// let idiom = DeviceIdiom(rawValue: "pad")   // .pad
/// ```
public enum DeviceIdiom: String, Sendable, Hashable, CaseIterable, Codable {
    /// An iPhone (or a phone-sized window).
    case phone
    /// An iPad.
    case pad
}
