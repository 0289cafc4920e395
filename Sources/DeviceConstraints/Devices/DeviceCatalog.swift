public import Foundation

/// The device classes an app designs for, and how a window size maps to one of them.
///
/// A catalog is a validated list of ``DeviceProfile``s: names are unique and valid, every fallback names a device
/// of the catalog, fallbacks never form a cycle, and sizes are positive, finite and given in portrait. Most apps
/// use ``standard``; a catalog can also be built in code or loaded from a JSON file:
///
/// ```swift
/// let catalog = DeviceCatalog.standard
/// let device = catalog.resolve(width: 393, height: 852)        // iPhone14Pro
/// let chain = catalog.lookupChain(for: device)                  // [iPhone14Pro, iPhone6]
///
/// let custom = try DeviceCatalog([
///     DeviceProfile(name: "Small", idiom: .phone, width: 320, height: 568),
///     DeviceProfile(name: "Large", idiom: .phone, width: 414, height: 896, fallbacks: ["Small"]),
/// ])
/// ```
public struct DeviceCatalog: Sendable, Hashable {
    /// The profiles, in the order they were given.
    public let profiles: [DeviceProfile]
    /// The position of each profile in ``profiles``.
    private let indexByName: [DeviceName: Int]

    /// Creates a catalog from profiles that are known to be valid (``standard``), without checking them.
    ///
    /// A test checks that `try DeviceCatalog(profiles)` accepts every list passed here.
    init(uncheckedProfiles profiles: [DeviceProfile]) {
        self.profiles = profiles
        var indexByName: [DeviceName: Int] = [:]
        for (index, profile) in profiles.enumerated() where indexByName[profile.name] == nil {
            indexByName[profile.name] = index
        }
        self.indexByName = indexByName
    }

    /// Creates a catalog from a list of profiles, checking that it is consistent.
    ///
    /// ```swift
    /// let catalog = try DeviceCatalog([
    ///     DeviceProfile(name: "Phone", idiom: .phone, width: 375, height: 667),
    ///     DeviceProfile(name: "Tablet", idiom: .pad, width: 768, height: 1024, fallbacks: ["Phone"]),
    /// ])
    /// ```
    ///
    /// - Parameter profiles: The profiles, in the order used to break ties in
    ///   ``resolve(width:height:idiom:)``.
    /// - Throws: ``ConstraintError`` with code ``ConstraintError/Code/invalidCatalog`` if the list is empty, a
    ///   name appears twice, a fallback names a device that is not in the list, fallbacks form a cycle
    ///   (the message shows it: `a → b → a`), or a size is not positive and finite or is wider than tall; with
    ///   code ``ConstraintError/Code/invalidName`` if a name is not a valid device name
    ///   (see ``DeviceName``). The message names the device.
    public init(_ profiles: [DeviceProfile]) throws(ConstraintError) {
        if let error = Self.validationError(in: profiles, keyPathPrefix: nil) { throw error }
        self.init(uncheckedProfiles: profiles)
    }

    /// Loads a catalog from a JSON document.
    ///
    /// The document is an object with one key, `devices`, an array of devices; `fallbacks` may be left out:
    ///
    /// ```json
    /// { "devices": [
    ///     { "name": "iPhone5", "idiom": "phone", "width": 320, "height": 568, "fallbacks": [] },
    ///     { "name": "iPhoneSE4", "idiom": "phone", "width": 390, "height": 844, "fallbacks": ["iPhone5"] } ] }
    /// ```
    ///
    /// ```swift
    /// let catalog = try DeviceCatalog(json: Data(contentsOf: url))
    /// ```
    ///
    /// - Parameter json: The UTF-8 encoded document.
    /// - Throws: ``ConstraintError`` with code ``ConstraintError/Code/malformedJSON`` if the document is not
    ///   valid JSON; ``ConstraintError/Code/invalidFormat`` if a key is missing, unknown or has a value of the
    ///   wrong type, with a ``ConstraintError/keyPath`` such as `devices[3].width` and a message saying what was
    ///   expected and what was found; and the errors of ``init(_:)``, with the key path of the offending entry.
    /// - Parameter fileName: The file the document came from, to place errors (`devices.json:4:17: error: …`).
    public init(json: Data, fileName: String? = nil) throws(ConstraintError) {
        let reader = try CatalogReader(json, fileName: fileName)
        let profiles = try reader.profiles()
        if let error = Self.validationError(in: profiles, keyPathPrefix: "devices") {
            throw reader.located(error)
        }
        self.init(uncheckedProfiles: profiles)
    }

    /// Where `keyPath` (`devices[3]`, `devices[3].fallbacks`) is in a catalog document, to place a diagnostic
    /// about a catalog that loaded; nil when the document has no such place.
    package static func location(of keyPath: String, inJSON json: Data) -> (line: Int, column: Int)? {
        (try? CatalogReader(json, fileName: nil))?.location(of: keyPath)
    }

    /// The profile with this name, or `nil` if the catalog has none.
    ///
    /// ```swift
    /// DeviceCatalog.standard.profile(named: .iPhone6)?.width   // 375
    /// ```
    ///
    /// - Parameter name: The device name.
    public func profile(named name: DeviceName) -> DeviceProfile? {
        indexByName[name].map { profiles[$0] }
    }

    // MARK: - Equality

    /// Two catalogs are equal if they have the same profiles in the same order.
    public static func == (lhs: DeviceCatalog, rhs: DeviceCatalog) -> Bool {
        lhs.profiles == rhs.profiles
    }

    /// Hashes the profiles.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(profiles)
    }
}

// MARK: - Resolution

extension DeviceCatalog {
    /// The profile to lay out a window of this size with.
    ///
    /// Pass the size of the **window** in points, not of the screen: in Split View and Slide Over a window is
    /// narrower than its screen. Either orientation works. The rules, in order:
    ///
    /// 1. **Exact match.** A profile whose size is `width × height` or `height × width`. If `idiom` is given, a
    ///    match of that idiom is preferred; otherwise the first in catalog order wins.
    /// 2. **Android's rule.** If `idiom` is `nil`, it is inferred: `.pad` if the shorter side is at least 600
    ///    points, else `.phone`. The width compared is the window's width as given for `.pad`, and its shorter
    ///    side for `.phone` (a phone lays out in its portrait class even in landscape); the height is the other
    ///    side. The result is the profile of that idiom with the largest width not exceeding it; ties go to the
    ///    height nearest the window's, then to catalog order.
    /// 3. **A phone.** If no profile of the idiom is narrow enough, the widest `.phone` profile not wider than
    ///    the window's shorter side (ties: nearest height to the longer side, then catalog order), or, for a
    ///    window narrower than every phone, the narrowest phone. A narrow iPad window (Slide Over at 320,
    ///    Split View at 375 or 438 points) lays out like a phone, and never like one wider than itself.
    /// 4. **Nearest of any idiom.** If the catalog has no phone profile either, the profile whose width is
    ///    nearest the window's shorter side, with the same ties.
    ///
    /// A size that is NaN or negative counts as 0. A catalog is never empty, so there is always a result.
    ///
    /// With ``standard``:
    ///
    /// ```swift
    /// let catalog = DeviceCatalog.standard
    /// catalog.resolve(width: 375, height: 667).name                 // iPhone6 (exact)
    /// catalog.resolve(width: 852, height: 393).name                 // iPhone14Pro (exact, landscape)
    /// catalog.resolve(width: 360, height: 780).name                 // iPhone5 (phone, largest width ≤ 360)
    /// catalog.resolve(width: 780, height: 360).name                 // iPhone5 (landscape phone: shorter side)
    /// catalog.resolve(width: 981, height: 1024, idiom: .pad).name   // iPadPro10Inch (largest pad width ≤ 981
    ///                                                               //   is 834; its height 1112 is nearest)
    /// catalog.resolve(width: 678, height: 1024, idiom: .pad).name   // iPadSplitView678 (exact)
    /// catalog.resolve(width: 639, height: 1024, idiom: .pad).name   // iPhone16ProMax (no pad that narrow:
    ///                                                               //   widest phone that fits is 440)
    /// catalog.resolve(width: 320, height: 1024, idiom: .pad).name   // iPhone5 (Slide Over)
    /// ```
    ///
    /// - Parameters:
    ///   - width: The window's width in points, in its current orientation.
    ///   - height: The window's height in points, in its current orientation.
    ///   - idiom: The idiom of the device the window is on, if known (`UIDevice.current.userInterfaceIdiom`);
    ///     `nil` infers it from the size.
    /// - Returns: A profile of this catalog.
    public func resolve(width: Double, height: Double, idiom: DeviceIdiom? = nil) -> DeviceProfile {
        let width = Self.sanitized(width)
        let height = Self.sanitized(height)

        // 1. An exact match, preferring the requested idiom.
        var exactMatch: DeviceProfile?
        for profile in profiles
        where (profile.width == width && profile.height == height)
            || (profile.width == height && profile.height == width)
        {
            if idiom == nil || profile.idiom == idiom { return profile }
            if exactMatch == nil { exactMatch = profile }
        }
        if let exactMatch { return exactMatch }

        // 2. Android's rule: the widest profile of the idiom that fits.
        let shortSide = min(width, height)
        let longSide = max(width, height)
        let idiom = idiom ?? (shortSide >= 600 ? .pad : .phone)
        let (windowWidth, windowHeight) = idiom == .pad ? (width, height) : (shortSide, longSide)
        let fitting = profiles.filter { $0.idiom == idiom && $0.width <= windowWidth }
        if let widest = Self.best(of: fitting, by: { (-$0.width, abs($0.height - windowHeight)) }) {
            return widest
        }

        // 3. A window narrower than every profile of its idiom lays out like a phone: the widest phone that
        //    fits (never one wider than the window), else the narrowest phone; 4. the nearest profile of any idiom.
        let nearest: (DeviceProfile) -> (Double, Double) = {
            (abs($0.width - shortSide), abs($0.height - longSide))
        }
        let phones = profiles.filter { $0.idiom == .phone }
        if let phone = Self.best(
            of: phones.filter { $0.width <= shortSide }, by: { (-$0.width, abs($0.height - longSide)) })
            ?? Self.best(of: phones, by: nearest)
        {
            return phone
        }
        return Self.best(of: profiles, by: nearest) ?? profiles[0]
    }

    /// The profile to lay out `environment`'s window with: ``resolve(width:height:idiom:)`` on its size and idiom.
    ///
    /// With ``standard``, a window that UIKit calls regular in width on an iPad resolves to a pad class (the
    /// catalog has classes for the narrow regular Split View sizes, 678 and 694 points), a compact one to the
    /// widest phone that fits; no window resolves to a class wider than itself.
    ///
    /// ```swift
    /// DeviceCatalog.standard.resolve(LayoutEnvironment(width: 694, height: 768, idiom: .pad)).name   // iPadSplitView694
    /// DeviceCatalog.standard.resolve(LayoutEnvironment(width: 507, height: 768, idiom: .pad)).name   // iPhone16ProMax
    /// ```
    public func resolve(_ environment: LayoutEnvironment) -> DeviceProfile {
        resolve(width: environment.width, height: environment.height, idiom: environment.idiom)
    }

    /// The fallbacks of each profile that are wider than the profile itself, directly or further along its
    /// ``lookupChain(for:)-(DeviceProfile)``: a design drawn for a wider class can overflow a narrower window unless its
    /// numbers are scaled. `device-constraints lint --catalog` warns about them.
    ///
    /// With ``standard``: the two Split View pad classes, which fall back to `iPad` so that a regular-width window
    /// lays out like an iPad, and `iPadMini`, which reaches `iPad` through the 694-point one.
    ///
    /// ```swift
    /// DeviceCatalog.standard.widerFallbacks.map { "\($0.profile.name) → \($0.fallback.name)" }
    /// // ["iPadSplitView678 → iPad", "iPadSplitView694 → iPad", "iPadMini → iPad"]
    /// ```
    ///
    /// - Returns: pairs of (profile, fallback), profiles in catalog order, each one's fallbacks in chain order.
    public var widerFallbacks: [(profile: DeviceProfile, fallback: DeviceProfile)] {
        profiles.flatMap { profile in
            lookupChain(for: profile).dropFirst().compactMap { self.profile(named: $0) }
                .filter { $0.width > profile.width }.map { (profile, $0) }
        }
    }

    /// NaN and negative sizes count as 0.
    private static func sanitized(_ value: Double) -> Double {
        value.isNaN || value < 0 ? 0 : value
    }

    /// The first profile with the smallest key, in the given order.
    private static func best(
        of candidates: [DeviceProfile], by key: (DeviceProfile) -> (Double, Double)
    ) -> DeviceProfile? {
        var best: (profile: DeviceProfile, key: (Double, Double))?
        for candidate in candidates {
            let candidateKey = key(candidate)
            if let current = best, !(candidateKey < current.key) { continue }
            best = (candidate, candidateKey)
        }
        return best?.profile
    }
}

// MARK: - Lookup chains

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

    /// The lookup chain of the device with this name; just `[name]` if the catalog does not know it.
    ///
    /// ```swift
    /// DeviceCatalog.standard.lookupChain(for: .iPadPro11)   // [iPadPro11, iPad]
    /// ```
    ///
    /// - Parameter name: A device name.
    /// - Returns: The names, starting with `name`.
    public func lookupChain(for name: DeviceName) -> [DeviceName] {
        guard let profile = profile(named: name) else { return [name] }
        return lookupChain(for: profile)
    }
}

// MARK: - Validation

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
}
