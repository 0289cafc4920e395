import ConstraintDSL
import DeviceConstraints
import Testing

extension DeviceProfile {
    /// A profile of the standard catalog.
    static func standard(_ name: DeviceName) throws -> DeviceProfile {
        try #require(DeviceCatalog.standard.profile(named: name))
    }
}

/// The devices the tests resolve for: the four original classes and two modern ones that fall back to them.
enum Devices {
    static let original: [DeviceName] = [.iPhone5, .iPhone6, .iPhone6Plus, .iPad]
    static let modern: [DeviceName] = [.iPhone14Pro, .iPhone16ProMax, .iPadPro13]
    static let all = original + modern
}
