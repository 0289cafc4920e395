extension DeviceCatalog {
    /// The first problem in `profiles`, or `nil` if they make a valid catalog.
    ///
    /// - Parameter keyPathPrefix: The key path of the array in a document (`devices`), to give errors a key
    ///   path such as `devices[2].width`; `nil` for profiles built in code.
    static func validationError(in profiles: [DeviceProfile], keyPathPrefix: String?) -> ConstraintError? {
        func keyPath(_ index: Int, _ suffix: String) -> String? {
            keyPathPrefix.map { "\($0)[\(index)]\(suffix)" }
        }
        func invalid(_ message: String, at keyPath: String?) -> ConstraintError {
            ConstraintError(code: .invalidCatalog, message: message, keyPath: keyPath)
        }

        guard !profiles.isEmpty else {
            return invalid("a device catalog needs at least one device", at: keyPathPrefix)
        }

        var indexByName: [DeviceName: Int] = [:]
        for (index, profile) in profiles.enumerated() {
            let name = profile.name
            if var error = DeviceName.validate(name.rawValue, what: "device name") {
                error.keyPath = keyPath(index, ".name")
                return error
            }
            if let first = indexByName[name] {
                return invalid(
                    "device \"\(name)\" is listed twice (entries \(first) and \(index)); device names must be unique",
                    at: keyPath(index, ".name"))
            }
            indexByName[name] = index
            for (label, value) in [
                ("width", profile.width), ("height", profile.height), ("designWidth", profile.designWidth),
            ]
            where !(value.isFinite && value > 0) {
                return invalid(
                    "device \"\(name)\" has \(label) \(value.compactDescription); "
                        + "a size must be a positive, finite number of points",
                    at: keyPath(index, ".\(label)"))
            }
            if profile.width > profile.height {
                let width = profile.width.compactDescription
                let height = profile.height.compactDescription
                return invalid(
                    "device \"\(name)\" is \(width)×\(height), wider than tall; "
                        + "give its portrait size, \(height)×\(width)",
                    at: keyPath(index, ".width"))
            }
        }

        for (index, profile) in profiles.enumerated() {
            for (position, fallback) in profile.fallbacks.enumerated() where indexByName[fallback] == nil {
                return invalid(
                    "device \"\(profile.name)\" falls back to \"\(fallback)\", which is not in the catalog",
                    at: keyPath(index, ".fallbacks[\(position)]"))
            }
        }

        if let cycle = firstFallbackCycle(in: profiles, indexByName: indexByName) {
            let names = cycle.path.map { profiles[$0].name.rawValue }
            let start = names[0]
            return invalid(
                "device \"\(start)\" falls back to itself: " + names.joined(separator: " → ")
                    + "; fallbacks must not form a cycle",
                at: keyPath(cycle.closingIndex, ".fallbacks[\(cycle.closingPosition)]"))
        }
        return nil
    }

    /// A cycle of fallbacks: the indices along it, starting and ending with the same device, and the fallback
    /// entry (profile index, position in its fallbacks) that closes it.
    private struct FallbackCycle {
        var path: [Int]
        var closingIndex: Int
        var closingPosition: Int
    }

    /// Depth-first search over the fallback graph, without recursion. Every fallback must be in `indexByName`.
    private static func firstFallbackCycle(
        in profiles: [DeviceProfile], indexByName: [DeviceName: Int]
    ) -> FallbackCycle? {
        enum State { case unvisited, onPath, done }
        var state = [State](repeating: .unvisited, count: profiles.count)
        for root in profiles.indices where state[root] == .unvisited {
            // Each frame is a profile on the current path and the position of the next fallback to follow.
            var path: [(index: Int, next: Int)] = [(root, 0)]
            state[root] = .onPath
            while let top = path.last {
                let fallbacks = profiles[top.index].fallbacks
                guard top.next < fallbacks.count else {
                    state[top.index] = .done
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                guard let target = indexByName[fallbacks[top.next]] else { continue }
                switch state[target] {
                case .unvisited:
                    state[target] = .onPath
                    path.append((target, 0))
                case .onPath:
                    let start = path.firstIndex { $0.index == target } ?? 0
                    return FallbackCycle(
                        path: path[start...].map(\.index) + [target], closingIndex: top.index,
                        closingPosition: top.next)
                case .done:
                    break
                }
            }
        }
        return nil
    }

    /// Why a list of extension attribute names cannot be declared, the first name at fault placed by `keyPath`
    /// (given its index in `names`): an empty name, or a standard attribute's own name (which is no extension).
    static func extensionAttributeError(in names: [String], keyPath: (Int) -> String?) -> ConstraintError? {
        for (index, name) in names.enumerated() {
            if name.isEmpty {
                return ConstraintError(
                    code: .invalidCatalog, message: "an extension attribute needs a name; remove the empty string",
                    keyPath: keyPath(index))
            }
            if ConstraintAttribute(rawValue: name) != nil || name == "columns" {
                return ConstraintError(
                    code: .invalidCatalog,
                    message:
                        "\"\(ControlCharacters.escaped(name))\" is a standard attribute, not an extension attribute; "
                        + "remove it from \"extensionAttributes\"",
                    keyPath: keyPath(index))
            }
        }
        return nil
    }
}
