/// A catalog's fallbacks as a graph over the positions of its profiles, for what the tool (and the missing-default
/// rule) says of every device's lookup chain without listing every chain.
///
/// A lookup chain can hold every device of the catalog (a chain of classes, each falling back to the next), so
/// listing each device's chain costs the square of the catalog's size, and comparing along them its cube: `lint
/// --catalog` took 17 s for 400 devices so. Here what follows from a chain is folded once per device, each device
/// after the devices it falls back to (``fold(_:)``), and a chain that is printed is listed only up to a bound
/// (``chain(of:limit:)``). Both are linear in the size of the catalog.
///
/// ```swift
/// let graph = FallbackGraph(.standard)
/// let widest = graph.fold { device, widestOfFallbacks in   // the widest device on each chain
///     widestOfFallbacks.reduce(device) { graph.width($1) > graph.width($0) ? $1 : $0 }
/// }
/// ```
package struct FallbackGraph: Sendable {
    /// The catalog's profiles, in its order: a device is its position here.
    package let profiles: [DeviceProfile]
    /// Each device's fallbacks, in its order, each once; a name the catalog does not know, or one that would close
    /// a cycle (a validated catalog has none), is left out, as ``DeviceCatalog/lookupChain(for:)-(DeviceProfile)``
    /// does not follow it.
    package let fallbacks: [[Int]]
    /// Every device once, each after every device it falls back to.
    package let order: [Int]

    /// The graph of `catalog`'s fallbacks.
    package init(_ catalog: DeviceCatalog) {
        let profiles = catalog.profiles
        var position: [DeviceName: Int] = [:]
        for (index, profile) in profiles.enumerated() where position[profile.name] == nil {
            position[profile.name] = index
        }
        var listed = [[Int]](repeating: [], count: profiles.count)
        for (index, profile) in profiles.enumerated() {
            var seen: Set<Int> = []
            listed[index] = profile.fallbacks.compactMap { position[$0] }.filter { seen.insert($0).inserted }
        }
        // A depth-first walk without recursion (a chain of 100,000 devices must not exhaust the stack): a device
        // is finished, and ordered, when all its fallbacks are.
        enum State { case new, open, finished }
        var state = [State](repeating: .new, count: profiles.count)
        var kept = [[Int]](repeating: [], count: profiles.count)
        var order: [Int] = []
        order.reserveCapacity(profiles.count)
        for root in profiles.indices where state[root] == .new {
            var path: [(device: Int, next: Int)] = [(root, 0)]
            state[root] = .open
            while let (device, next) = path.last {
                guard next < listed[device].count else {
                    state[device] = .finished
                    order.append(device)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let fallback = listed[device][next]
                switch state[fallback] {
                case .new:
                    kept[device].append(fallback)
                    state[fallback] = .open
                    path.append((fallback, 0))
                case .finished:
                    kept[device].append(fallback)
                case .open:
                    continue  // a cycle: never in a validated catalog
                }
            }
        }
        self.profiles = profiles
        self.fallbacks = kept
        self.order = order
    }

    /// The width of the device at `device`.
    package func width(_ device: Int) -> Double {
        profiles[device].width
    }

    /// A value for each device, computed from the device and the values of its fallbacks, each device once.
    ///
    /// - Parameter value: the value of `device`, given the values of its ``fallbacks``, in their order.
    /// - Returns: the values, by position in ``profiles``.
    package func fold<Value>(_ value: (_ device: Int, _ fallbackValues: [Value]) -> Value) -> [Value] {
        var values = [Value?](repeating: nil, count: profiles.count)
        for device in order {
            // Every fallback comes before its device in `order`: each has its value.
            let computed = value(device, fallbacks[device].compactMap { values[$0] })
            values[device] = computed
        }
        return values.compactMap { $0 }
    }

    /// The widest device on each device's lookup chain, the device itself included: the first of them in chain
    /// order on a tie.
    ///
    /// A fallback's widest replaces the device only when strictly wider, and the fallbacks are taken in their
    /// order, so on a tie the one met first along the chain is kept.
    ///
    /// - Returns: positions in ``profiles``, by position in ``profiles``.
    package func widest() -> [Int] {
        fold { device, widestOfFallbacks in
            widestOfFallbacks.reduce(device) { width($1) > width($0) ? $1 : $0 }
        }
    }

    /// The first `limit` names of `device`'s lookup chain (``DeviceCatalog/lookupChain(for:)-(DeviceProfile)``'s
    /// order: the device, then its fallbacks depth first, each once), and whether that is the whole chain.
    ///
    /// It costs at most `limit` devices visited and, for each, at most `limit` of its fallbacks already seen: not
    /// the length of the chain.
    package func chain(of device: Int, limit: Int) -> (names: [DeviceName], isComplete: Bool) {
        var names: [DeviceName] = [profiles[device].name]
        var seen: Set<Int> = [device]
        var path: [(device: Int, next: Int)] = [(device, 0)]
        while let (current, next) = path.last {
            guard next < fallbacks[current].count else {
                path.removeLast()
                continue
            }
            path[path.count - 1].next += 1
            let fallback = fallbacks[current][next]
            guard seen.insert(fallback).inserted else { continue }
            guard names.count < limit else { return (names, false) }
            names.append(profiles[fallback].name)
            path.append((fallback, 0))
        }
        return (names, true)
    }
}
