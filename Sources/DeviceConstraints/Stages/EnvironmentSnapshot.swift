/// The environment lookups answer for, with the device and lookup chain resolved from it: published as one unit
/// with the tables resolved for it. Immutable; compared by identity.
final class EnvironmentSnapshot: Sendable {
    /// Unique per snapshot, for a load's single flight.
    let id: UInt64
    let environment: LayoutEnvironment
    let device: DeviceProfile
    let chain: [DeviceName]

    init(environment: LayoutEnvironment, device: DeviceProfile, chain: [DeviceName]) {
        self.environment = environment
        self.device = device
        self.chain = chain
        id = Self.ids.withLock { last in
            last += 1
            return last
        }
    }

    private static let ids = ConditionLocked<UInt64>(0)

    /// Whether `other` reads the same files in the same order as this one (the same class): only window-dependent
    /// values can differ between them.
    func readsTheSameFiles(as other: EnvironmentSnapshot) -> Bool {
        device == other.device && chain == other.chain
    }
}
