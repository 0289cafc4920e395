public import DeviceConstraints

/// Catalogs of thousands of devices, for the tests of linear time (``LinearTime``) along fallback chains.
public enum LongCatalogs: Sendable {
    /// A catalog of `count` phones, D0 … D(count - 1), each falling back to the one before it, which is a little
    /// narrower: every chain holds every device before it, and none reaches a wider class.
    public static func chain(_ count: Int) throws -> DeviceCatalog {
        try DeviceCatalog(
            (0..<count).map { index in
                DeviceProfile(
                    name: DeviceName("D\(index)"), idiom: .phone, width: 300 + Double(index) / 1_000, height: 2_000,
                    fallbacks: index == 0 ? [] : [DeviceName("D\(index - 1)")])
            })
    }
}
