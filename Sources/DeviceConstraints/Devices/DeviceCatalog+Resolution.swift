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
        profiles[Self.resolvedIndex(width: width, height: height, idiom: idiom, in: profiles)]
    }

    /// ``resolve(width:height:idiom:)`` over `profiles`, as a position in it: what a catalog's initializer uses to
    /// place each model in a class before the catalog exists.
    static func resolvedIndex(width: Double, height: Double, idiom: DeviceIdiom?, in profiles: [DeviceProfile])
        -> Int
    {
        let width = Self.sanitized(width)
        let height = Self.sanitized(height)

        // 1. An exact match, preferring the requested idiom.
        var exactMatch: Int?
        for (index, profile) in profiles.enumerated()
        where (profile.width == width && profile.height == height)
            || (profile.width == height && profile.height == width)
        {
            if idiom == nil || profile.idiom == idiom { return index }
            if exactMatch == nil { exactMatch = index }
        }
        if let exactMatch { return exactMatch }

        // 2. Android's rule: the widest profile of the idiom that fits.
        let shortSide = min(width, height)
        let longSide = max(width, height)
        let idiom = idiom ?? (shortSide >= 600 ? .pad : .phone)
        let (windowWidth, windowHeight) = idiom == .pad ? (width, height) : (shortSide, longSide)
        let candidates = Array(profiles.indices)
        let fitting = candidates.filter { profiles[$0].idiom == idiom && profiles[$0].width <= windowWidth }
        if let widest = Self.best(of: fitting, in: profiles, by: { (-$0.width, abs($0.height - windowHeight)) }) {
            return widest
        }

        // 3. A window narrower than every profile of its idiom lays out like a phone: the widest phone that
        //    fits (never one wider than the window), else the narrowest phone; 4. the nearest profile of any idiom.
        let nearest: (DeviceProfile) -> (Double, Double) = {
            (abs($0.width - shortSide), abs($0.height - longSide))
        }
        let phones = candidates.filter { profiles[$0].idiom == .phone }
        if let phone = Self.best(
            of: phones.filter { profiles[$0].width <= shortSide }, in: profiles,
            by: { (-$0.width, abs($0.height - longSide)) })
            ?? Self.best(of: phones, in: profiles, by: nearest)
        {
            return phone
        }
        return Self.best(of: candidates, in: profiles, by: nearest) ?? 0
    }

    /// The profile to lay out `environment`'s window with: ``resolve(width:height:idiom:)`` on its size and idiom.
    ///
    /// With ``standard``, every Split View window that UIKit calls regular in width resolves to a pad class (the
    /// catalog has classes for the narrow regular sizes, 678 and 694 points), a compact one to the widest phone that
    /// fits; no window resolves to a class wider than itself. Resolution reads the size, not the size classes: an
    /// iPadOS free window narrower than 678 points resolves to a phone class even if its trait collection says
    /// regular, because every pad class is wider than it (add a narrower pad class to a catalog of your own if your
    /// app's windows are that narrow and must lay out like an iPad).
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
    /// Linear in the size of the catalog when no chain reaches a wider class: the widest class of every chain is
    /// folded once per device over the fallbacks, and only a device whose chain reaches a wider class walks it,
    /// entering only the fallbacks whose own chains do. (Walking every device's chain made a chain of 16,000
    /// classes, each falling back to the next, take 23 s for an empty list.)
    ///
    /// - Returns: pairs of (profile, fallback), profiles in catalog order, each one's fallbacks in chain order.
    public var widerFallbacks: [(profile: DeviceProfile, fallback: DeviceProfile)] {
        let graph = FallbackGraph(self)
        let widest = graph.widest()
        var pairs: [(profile: DeviceProfile, fallback: DeviceProfile)] = []
        for (device, profile) in graph.profiles.enumerated() where graph.width(widest[device]) > profile.width {
            // The lookup chain's depth-first walk, in its order. A fallback whose chain holds no class wider than
            // this device adds nothing, and neither do the devices below it, so it is not entered: the wider
            // classes are still met in chain order, each once.
            var seen: Set<Int> = [device]
            var path: [(device: Int, next: Int)] = [(device, 0)]
            while let (current, next) = path.last {
                guard next < graph.fallbacks[current].count else {
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let fallback = graph.fallbacks[current][next]
                guard graph.width(widest[fallback]) > profile.width, seen.insert(fallback).inserted else { continue }
                if graph.width(fallback) > profile.width { pairs.append((profile, graph.profiles[fallback])) }
                path.append((fallback, 0))
            }
        }
        return pairs
    }

    /// NaN and negative sizes count as 0.
    private static func sanitized(_ value: Double) -> Double {
        value.isNaN || value < 0 ? 0 : value
    }

    /// The position of the first profile with the smallest key, in the given order.
    private static func best(
        of candidates: [Int], in profiles: [DeviceProfile], by key: (DeviceProfile) -> (Double, Double)
    ) -> Int? {
        var best: (index: Int, key: (Double, Double))?
        for candidate in candidates {
            let candidateKey = key(profiles[candidate])
            if let current = best, !(candidateKey < current.key) { continue }
            best = (candidate, candidateKey)
        }
        return best?.index
    }
}
