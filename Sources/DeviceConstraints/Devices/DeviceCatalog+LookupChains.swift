extension DeviceCatalog {
    /// The devices whose constraint files are consulted for `profile`, in order: its name, then its fallbacks,
    /// depth first and in the order listed, transitively, each name once.
    ///
    /// ```swift
    /// // a → [b, c], b → [c]
    /// catalog.lookupChain(for: a)                                          // [a, b, c]
    /// DeviceCatalog.standard.lookupChain(for: .iPhone14Pro)               // [iPhone14Pro, iPhone6]
    /// ```
    ///
    /// - Parameter profile: A profile, usually one of this catalog. Its own ``DeviceProfile/fallbacks`` are
    ///   used; those of the devices it falls back to come from the catalog (a name the catalog does not know
    ///   is listed but not followed).
    /// - Returns: The names, starting with `profile.name`.
    public func lookupChain(for profile: DeviceProfile) -> [DeviceName] {
        var chain: [DeviceName] = [profile.name]
        var seen: Set<DeviceName> = [profile.name]
        // A stack rather than recursion, so a long chain cannot exhaust the call stack.
        var stack: [DeviceName] = profile.fallbacks.reversed()
        while let name = stack.popLast() {
            guard seen.insert(name).inserted else { continue }
            chain.append(name)
            if let next = self.profile(named: name) {
                stack.append(contentsOf: next.fallbacks.reversed())
            }
        }
        return chain
    }

    /// The lookup chain of the device with this name, or of the class of the model with this name
    /// (``deviceClass(named:)``); just `[name]` if the catalog knows neither.
    ///
    /// ```swift
    /// DeviceCatalog.standard.lookupChain(for: .iPadPro11)   // [iPadPro11, iPad]
    /// DeviceCatalog.standard.lookupChain(for: "iPhone16")   // [iPhone14Pro, iPhone6]
    /// ```
    ///
    /// - Parameter name: A class or model name.
    /// - Returns: The names, starting with the class.
    public func lookupChain(for name: DeviceName) -> [DeviceName] {
        guard let profile = deviceClass(named: name) else { return [name] }
        return lookupChain(for: profile)
    }
}
