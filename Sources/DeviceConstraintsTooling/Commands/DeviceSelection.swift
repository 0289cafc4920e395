package import DeviceConstraints

/// How `show` names its device: by name, or by a window size that the catalog resolves as the app does.
///
/// ```swift
/// let device = try DeviceSelection.size(width: 390, height: 844, idiom: nil).resolve(in: .standard)   // iPhone12
/// ```
package enum DeviceSelection: Sendable, Hashable {
    /// `--device iPhone6Plus`, or a model: `--device iPhone16` is its class, `iPhone14Pro`.
    case named(String)
    /// `--size 390x844`, with `--idiom` when given.
    case size(width: Double, height: Double, idiom: DeviceIdiom?)

    /// Reads `--device`, or `--size` and `--idiom`, of a parsed `show` command line.
    ///
    /// - Throws: ``UsageError`` when neither or both of `--device` and `--size` are given, `--idiom` comes
    ///   without `--size`, or a value cannot be read.
    package init(_ parsed: ParsedArguments) throws(UsageError) {
        let spec = CommandSpec.show
        switch (parsed[CommandSpec.deviceOption], parsed[CommandSpec.sizeOption]) {
        case (nil, nil):
            throw spec.error("missing '--device <name>' or '--size <WxH>'")
        case (_?, _?):
            throw spec.error("'--device' and '--size' cannot be used together; give one")
        case (let name?, nil):
            guard parsed[CommandSpec.idiomOption] == nil else {
                throw spec.error("'--idiom' goes with '--size'; a named device has its idiom")
            }
            self = .named(name)
        case (nil, let size?):
            let (width, height) = try Self.size(size)
            var idiom: DeviceIdiom?
            if let value = parsed[CommandSpec.idiomOption] {
                guard let known = DeviceIdiom(rawValue: value) else {
                    throw spec.error("invalid idiom '\(value)'; use phone or pad")
                }
                idiom = known
            }
            self = .size(width: width, height: height, idiom: idiom)
        }
    }

    /// Reads `390x844` (`x`, `X` or `×`), saying what is wrong with a size that is not two positive numbers.
    private static func size(_ text: String) throws(UsageError) -> (width: Double, height: Double) {
        let example = "give the window's width and height in points, such as 390x844"
        let sides = text.split(omittingEmptySubsequences: false, whereSeparator: { "xX×".contains($0) })
        guard sides.count == 2 else {
            throw CommandSpec.show.error("invalid size '\(text)'; \(example)")
        }
        var values: [Double] = []
        for (side, name) in zip(sides, ["width", "height"]) {
            guard let value = Double(side), value.isFinite else {
                throw CommandSpec.show.error(
                    "invalid size '\(text)': the \(name) '\(side)' is not a number; \(example)")
            }
            guard value > 0 else {
                throw CommandSpec.show.error(
                    "invalid size '\(text)': the \(name) must be more than 0 points, found \(side); \(example)")
            }
            values.append(value)
        }
        return (values[0], values[1])
    }

    /// The window size, as `390×844` (with the idiom when given: `700×1000 pad`); nil for a named device.
    package var window: String? {
        guard case .size(let width, let height, let idiom) = self else { return nil }
        let size = "\(width.compactDescription)×\(height.compactDescription)"
        return idiom.map { "\(size) \($0.rawValue)" } ?? size
    }

    /// The window scaled values are evaluated for: the size given, or `device`'s portrait size, at `textSize`.
    package func environment(for device: DeviceProfile, textSize: TextSize = .large) -> LayoutEnvironment {
        switch self {
        case .size(let width, let height, let idiom):
            LayoutEnvironment(width: width, height: height, idiom: idiom, textSize: textSize)
        case .named:
            LayoutEnvironment(width: device.width, height: device.height, idiom: device.idiom, textSize: textSize)
        }
    }

    /// The profile this selection names in `catalog`.
    ///
    /// - Parameter command: the command that names the device, whose usage a usage error prints.
    /// - Throws: ``UsageError`` for a name the catalog does not know, suggesting the nearest.
    package func resolve(in catalog: DeviceCatalog, for command: CommandSpec = .show) throws(UsageError)
        -> DeviceProfile
    {
        switch self {
        case .size(let width, let height, let idiom):
            return catalog.resolve(width: width, height: height, idiom: idiom)
        case .named(let name):
            if let profile = catalog.deviceClass(named: DeviceName(name)) { return profile }
            var message = "unknown device '\(name)'"
            if let suggestion = catalog.suggestion(for: name) {
                message += "; did you mean '\(suggestion.name)'\(suggestion.note.map { " (\($0))" } ?? "")?"
            }
            message += " (list the devices with '\(DeviceConstraintsTool.name) devices')"
            throw command.error(message)
        }
    }
}
