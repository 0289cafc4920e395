public import DeviceConstraints

/// A value that may differ per device: a default, and overrides for some devices.
///
/// A value is resolved along a device's lookup chain, the same rule as the constraint files follow: the first
/// device on the chain that has an override gets it, else the default. With
/// ``/DeviceConstraints/DeviceCatalog/standard``, an `iPhone14Pro` falls back to `iPhone6`, so it takes the
/// `.iPhone6` override:
///
/// ```swift
/// let margin = PerDevice(20.0).overriding(12, on: .iPhone5).overriding(15, on: .iPhone6)
/// let phone = DeviceCatalog.standard.resolve(width: 393, height: 852)   // iPhone14Pro → iPhone6
/// margin.resolved(for: phone)                                            // 15.0
/// print(margin)                                                          // 20.0 [iPhone5: 12.0, iPhone6: 15.0]
/// ```
///
/// In the constraint DSL, a constraint keeps its constant as a `PerDevice<Double>` until it is resolved, so
/// `offset(20).offset(12, on: .iPhone5)` builds the value above.
public struct PerDevice<Value> {
    /// The value on every device without an override on its lookup chain.
    public var `default`: Value
    /// The value on each device that differs from the default.
    public var overrides: [DeviceName: Value]

    /// Creates a value with a default and, optionally, overrides.
    ///
    /// ```swift
    /// let height = PerDevice(114.0, overrides: [.iPhone5: 105, .iPhone6: 105])
    /// ```
    ///
    /// - Parameters:
    ///   - default: The value on devices without an override.
    ///   - overrides: The value on each device that differs.
    public init(_ default: Value, overrides: [DeviceName: Value] = [:]) {
        self.default = `default`
        self.overrides = overrides
    }

    /// This value with `value` on the given devices; an override a device already had is replaced.
    ///
    /// ```swift
    /// let height = PerDevice(114.0).overriding(105, on: .iPhone5, .iPhone6)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value on these devices.
    ///   - first: A device. At least one is required, so an empty list cannot be written.
    ///   - more: Further devices.
    /// - Returns: The value with the overrides added.
    public func overriding(_ value: Value, on first: DeviceName, _ more: DeviceName...) -> PerDevice {
        var copy = self
        copy.override(value, on: [first] + more)
        return copy
    }

    /// Sets `value` as the override of every device in `devices`.
    mutating func override(_ value: Value, on devices: [DeviceName]) {
        for device in devices { overrides[device] = value }
    }

    /// The value for the first device on `chain` that has an override, else the default.
    ///
    /// ```swift
    /// let margin = PerDevice(20.0).overriding(15, on: .iPhone6)
    /// margin.resolved(along: [.iPhone14Pro, .iPhone6])   // 15.0
    /// margin.resolved(along: interpreter.lookupChain)    // the interpreter's device
    /// ```
    ///
    /// - Parameter chain: Device names, most specific first, as
    ///   ``/DeviceConstraints/DeviceCatalog/lookupChain(for:)-(DeviceProfile)`` returns them.
    /// - Returns: The value for the device the chain starts with.
    public func resolved(along chain: [DeviceName]) -> Value {
        for device in chain {
            if let value = overrides[device] { return value }
        }
        return self.default
    }

    /// The value for `profile`: the override of the first device on its lookup chain that has one, else the
    /// default.
    ///
    /// ```swift
    /// let height = PerDevice(114.0).overriding(105, on: .iPhone5, .iPhone6)
    /// height.resolved(for: DeviceCatalog.standard.resolve(width: 393, height: 852))   // 105.0 (via iPhone6)
    /// ```
    ///
    /// - Parameters:
    ///   - profile: The device.
    ///   - catalog: The catalog that names the devices the profile falls back to.
    /// - Returns: The value on that device.
    public func resolved(for profile: DeviceProfile, in catalog: DeviceCatalog = .standard) -> Value {
        resolved(along: catalog.lookupChain(for: profile))
    }

    /// The same devices with every value transformed.
    ///
    /// ```swift
    /// let margin = PerDevice(20.0).overriding(12, on: .iPhone5)
    /// let negated = margin.map { -$0 }   // -20.0 [iPhone5: -12.0]
    /// ```
    ///
    /// - Parameter transform: Applied to the default and to every override.
    /// - Returns: The transformed value.
    public func map<T, E: Error>(_ transform: (Value) throws(E) -> T) throws(E) -> PerDevice<T> {
        var overrides: [DeviceName: T] = [:]
        for (device, value) in self.overrides { overrides[device] = try transform(value) }
        return PerDevice<T>(try transform(self.default), overrides: overrides)
    }

    /// The devices that have an override, sorted by name.
    public var devices: [DeviceName] { overrides.keys.sorted() }
}

extension PerDevice: Equatable where Value: Equatable {}
extension PerDevice: Hashable where Value: Hashable {}
extension PerDevice: Sendable where Value: Sendable {}

extension PerDevice: CustomStringConvertible {
    /// `20.0`, or with overrides `20.0 [iPhone5: 12.0, iPhone6: 15.0]`, devices sorted by name.
    public var description: String {
        guard !overrides.isEmpty else { return "\(self.default)" }
        let parts = devices.map { device in "\(device): \(overrides[device].map { "\($0)" } ?? "")" }
        return "\(self.default) [" + parts.joined(separator: ", ") + "]"
    }
}
