public import DeviceConstraints

/// Catalogs made for tests: long fallback chains for the tests of linear time (``LinearTime``), and a family of small
/// catalogs of every shape of fallbacks for the tests that compare a fold over them with walking each chain.
public enum GeneratedCatalogs: Sendable {
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

    /// 300 catalogs of 8 devices whose fallbacks share devices (diamonds), skip some, come in any order, name a
    /// device twice, and whose widths tie. Each device falls back only to devices earlier in a shuffled order, so
    /// there is no cycle.
    public static let shapes: [DeviceCatalog] = (0..<300).compactMap { pattern in
        let count = 8
        let rank = { (device: Int) in (device * 5 + pattern) % count }  // a shuffled order: 5 and 8 are coprime
        let profiles = (0..<count).map { device in
            var fallbacks = (0..<count).filter { other in
                rank(other) < rank(device) && (device * 7 + other * 3 + pattern) % 4 != 0
            }
            fallbacks.sort { ($0 * 3 + pattern) % 7 < ($1 * 3 + pattern) % 7 }
            if pattern % 5 == 0, let first = fallbacks.first { fallbacks.append(first) }  // a name given twice
            return DeviceProfile(
                name: DeviceName("D\(device)"), idiom: .phone, width: Double(300 + (device * 37 + pattern) % 6),
                height: 1_000, fallbacks: fallbacks.map { DeviceName("D\($0)") })
        }
        return try? DeviceCatalog(profiles)
    }
}
