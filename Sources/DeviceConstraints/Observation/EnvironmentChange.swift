/// What changed when a ``ConstraintInterpreter`` moved to a new window: the environments and the device classes
/// resolved from them.
///
/// ```swift
/// for await change in interpreter.changes() {
///     if change.deviceChanged { collectionView.reloadData() } else { view.setNeedsLayout() }
/// }
/// ```
public struct EnvironmentChange: Hashable, Sendable, CustomStringConvertible {
    /// The environment lookups answered for before.
    public let old: LayoutEnvironment
    /// The environment lookups answer for now.
    public let new: LayoutEnvironment
    /// The device class resolved from ``old``.
    public let oldDevice: DeviceProfile
    /// The device class resolved from ``new``.
    public let newDevice: DeviceProfile

    /// Creates a change.
    public init(old: LayoutEnvironment, new: LayoutEnvironment, oldDevice: DeviceProfile, newDevice: DeviceProfile) {
        self.old = old
        self.new = new
        self.oldDevice = oldDevice
        self.newDevice = newDevice
    }

    /// Whether the device class changed, so that records come from other files: every value may differ. When
    /// false, only scaled values and column layouts moved.
    public var deviceChanged: Bool { oldDevice != newDevice }

    /// `1024×1366 pad … (iPadPro12Inch) → 694×768 pad … (iPadSplitView694)`.
    public var description: String {
        "\(old) (\(oldDevice.name)) → \(new) (\(newDevice.name))"
    }
}
