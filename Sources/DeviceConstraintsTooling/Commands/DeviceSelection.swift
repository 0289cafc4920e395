package import DeviceConstraints

/// How `show` names its device: by name, or by a window size that the catalog resolves as the app does.
///
/// ```swift
/// let device = try DeviceSelection.size(width: 390, height: 844, idiom: nil).resolve(in: .standard)   // iPhone12
/// ```
package enum DeviceSelection: Sendable, Hashable {
    /// `--device iPhone6Plus`.
    case named(String)
    /// `--size 390x844`, with `--idiom` when given.
    case size(width: Double, height: Double, idiom: DeviceIdiom?)

    /// Reads `--device`, or `--size` and `--idiom`, of a parsed `show` command line.
    ///
    /// - Throws: ``UsageError`` when neither or both of `--device` and `--size` are given, `--idiom` comes
    ///   without `--size`, or a value cannot be read.
    package init(_ parsed: ParsedArguments, spec: CommandSpec) throws(UsageError) {
        switch (parsed.value("device"), parsed.value("size")) {
        case (nil, nil):
            throw spec.error("missing '--device <name>' or '--size <WxH>'")
        case (_?, _?):
            throw spec.error("'--device' and '--size' cannot be used together; give one")
        case (let name?, nil):
            guard parsed.value("idiom") == nil else {
                throw spec.error("'--idiom' goes with '--size'; a named device has its idiom")
            }
            self = .named(name)
        case (nil, let size?):
            let sides = size.split(omittingEmptySubsequences: false, whereSeparator: { "xX×".contains($0) })
            guard sides.count == 2, let width = Double(sides[0]), let height = Double(sides[1]),
                width.isFinite, height.isFinite, width > 0, height > 0
            else {
                throw spec.error(
                    "invalid size '\(size)'; give the window's width and height in points, such as 390x844")
            }
            var idiom: DeviceIdiom?
            if let value = parsed.value("idiom") {
                guard let known = DeviceIdiom(rawValue: value) else {
                    throw spec.error("invalid idiom '\(value)'; use phone or pad")
                }
                idiom = known
            }
            self = .size(width: width, height: height, idiom: idiom)
        }
    }

    /// The window size, as `390×844` (with the idiom when given: `700×1000 pad`); nil for a named device.
    package var window: String? {
        guard case .size(let width, let height, let idiom) = self else { return nil }
        let size = "\(DeviceProfile.format(width))×\(DeviceProfile.format(height))"
        return idiom.map { "\(size) \($0.rawValue)" } ?? size
    }

    /// The profile this selection names in `catalog`.
    ///
    /// - Throws: ``UsageError`` for a name the catalog does not know, suggesting the nearest.
    package func resolve(in catalog: DeviceCatalog) throws(UsageError) -> DeviceProfile {
        switch self {
        case .size(let width, let height, let idiom):
            return catalog.resolve(width: width, height: height, idiom: idiom)
        case .named(let name):
            if let profile = catalog.profile(named: DeviceName(name)) { return profile }
            var message = "unknown device '\(name)'"
            if let suggestion = EditDistance.closest(to: name, among: catalog.profiles.map(\.name.rawValue), maximum: 3)
            {
                message += "; did you mean '\(suggestion)'?"
            }
            message += " (list the devices with '\(DeviceConstraintsTool.name) devices')"
            throw CommandSpec.show.error(message)
        }
    }
}
