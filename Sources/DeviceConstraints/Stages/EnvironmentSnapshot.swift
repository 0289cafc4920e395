/// The environment lookups answer for, with the device and lookup chain resolved from it: published as one unit
/// with the tables resolved for it. Immutable; compared by identity.
final class EnvironmentSnapshot: Sendable {
    /// Unique per snapshot, for a load's single flight.
    let id: UInt64
    let environment: LayoutEnvironment
    let device: DeviceProfile
    let chain: [DeviceName]
    /// The parts of the file names the chain reads in this window's orientation, built once for every container's
    /// load (and kept from `previous` when its chain and orientation are the same, as in a resize); the error when a
    /// name of the chain cannot be part of a file name.
    let parts: Result<ContainerFiles.ChainParts, ConstraintError>

    init(
        environment: LayoutEnvironment, device: DeviceProfile, chain: [DeviceName], catalog: DeviceCatalog,
        previous: EnvironmentSnapshot? = nil
    ) {
        self.environment = environment
        self.device = device
        self.chain = chain
        if let previous, case .success(let kept) = previous.parts, kept.chain == chain,
            kept.orientation == environment.orientation
        {
            parts = .success(kept)
        } else {
            parts = Result { () throws(ConstraintError) in
                try ContainerFiles.ChainParts(along: chain, catalog: catalog, window: environment)
            }
        }
        id = Self.ids.withLock { last in
            last += 1
            return last
        }
    }

    private static let ids = ConditionLocked<UInt64>(0)

    /// Whether `other` reads the same files in the same order as this one, so that only adaptive values can
    /// differ between them: the same class, the same orientation when some file is for one, and the same side of
    /// every width some file qualifies (`listing`; nil when the source cannot list its files, whose orientation
    /// files are asked for one by one).
    func readsTheSameFiles(as other: EnvironmentSnapshot, listing: FileListing?) -> Bool {
        guard device == other.device, chain == other.chain else { return false }
        if listing?.hasOrientationFiles ?? true, environment.orientation != other.environment.orientation {
            return false
        }
        return (listing?.allWidths ?? []).allSatisfy { width in
            (Double(width) <= environment.width) == (Double(width) <= other.environment.width)
        }
    }
}
