/// What follows the last underscore of a constraint file's name: a class or model (`iPhone16`), a minimum window
/// width (`w600`: windows at least 600 points wide), an orientation (`landscape`), or a class or width with an
/// orientation (`iPad-landscape`, `w600-portrait`).
///
/// ```swift
/// DevicePart(parsing: "w600-portrait", isDevice: { _ in false })   // minimumWidth 600, orientation .portrait
/// DevicePart(parsing: "iPad-landscape", isDevice: { $0 == .iPad })  // device iPad, orientation .landscape
/// ```
package struct DevicePart: Hashable, Sendable {
    /// The class or model, if the part names one.
    package var device: DeviceName?
    /// The narrowest window, in points, the file is for.
    package var minimumWidth: Int?
    /// The orientation the file is for.
    package var orientation: LayoutOrientation?

    /// The widest width a qualifier may name: wider than any screen, short enough to stay a small number.
    package static let maximumWidth = 99_999

    package init(device: DeviceName? = nil, minimumWidth: Int? = nil, orientation: LayoutOrientation? = nil) {
        self.device = device
        self.minimumWidth = minimumWidth
        self.orientation = orientation
    }

    /// Reads a part; nil when it is neither a device (as `isDevice` decides) nor a well-formed qualifier.
    ///
    /// A whole part that `isDevice` accepts is a device even if it ends like a qualifier (a catalog may name a class
    /// `Kiosk-landscape`).
    package init?(parsing text: String, isDevice: (DeviceName) -> Bool) {
        if isDevice(DeviceName(text)) {
            self.init(device: DeviceName(text))
            return
        }
        if let orientation = LayoutOrientation(rawValue: text) {
            self.init(orientation: orientation)
            return
        }
        var head = Substring(text)
        var orientation: LayoutOrientation?
        for candidate in LayoutOrientation.allCases where text.hasSuffix("-" + candidate.rawValue) {
            orientation = candidate
            head = text.dropLast(candidate.rawValue.count + 1)
        }
        guard orientation != nil || !head.isEmpty else { return nil }
        if let width = Self.width(head) {
            self.init(minimumWidth: width, orientation: orientation)
        } else if orientation != nil, !head.isEmpty, isDevice(DeviceName(String(head))) {
            self.init(device: DeviceName(String(head)), orientation: orientation)
        } else {
            return nil
        }
    }

    /// `w600` as 600: a `w`, then a positive whole number without leading zeros, at most ``maximumWidth``.
    private static func width(_ text: Substring) -> Int? {
        let digits = text.utf8.dropFirst()
        guard text.utf8.first == UInt8(ascii: "w"), let first = digits.first, first != UInt8(ascii: "0"),
            digits.count <= 5, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(String(decoding: digits, as: UTF8.self))
    }

    /// The part as a file name writes it: `iPad-landscape`, `w600`, `landscape`.
    package var text: String {
        let head = device?.rawValue ?? minimumWidth.map { "w\($0)" }
        switch (head, orientation) {
        case (let head?, let orientation?): return "\(head)-\(orientation.rawValue)"
        case (let head?, nil): return head
        case (nil, let orientation?): return orientation.rawValue
        case (nil, nil): return ""
        }
    }

    /// Whether the part qualifies the file by width or orientation (not a plain class or model).
    package var isQualified: Bool {
        minimumWidth != nil || orientation != nil
    }

    // MARK: - Malformed qualifiers

    /// What is wrong with `text` when it looks like a qualifier but is not one (`w0`, `w-3`, `w600dp`,
    /// `w600-lanscape`), with the part that was probably meant; nil when it does not look like a qualifier.
    ///
    /// - Parameter isDevice: which names are devices, for a class with a misspelt orientation.
    package static func malformed(_ text: String, isDevice: (DeviceName) -> Bool) -> (
        problem: String, suggestion: String?
    )? {
        // The orientation, misspelt or not, after the last "-" (or the whole part).
        var head = Substring(text)
        var orientation: LayoutOrientation?
        var orientationProblem: String?
        let tail = text.split(separator: "-", omittingEmptySubsequences: false).last.map(String.init) ?? text
        let orientationNames = LayoutOrientation.allCases.map(\.rawValue)
        if let near = EditDistance.closest(to: tail, among: orientationNames, maximum: 2) {
            orientation = LayoutOrientation(rawValue: near)
            head = text.dropLast(tail.count).dropLast(tail.count < text.count ? 1 : 0)
            if near != tail { orientationProblem = "\"\(tail)\" is not an orientation (landscape or portrait)" }
        }
        if head.isEmpty {
            guard let orientationProblem, let orientation else { return nil }
            return (orientationProblem, orientation.rawValue)
        }
        let part = { (head: String) -> String in orientation.map { "\(head)-\($0.rawValue)" } ?? head }
        if let width = width(head) {
            guard let orientationProblem else { return nil }
            return (orientationProblem, part("w\(width)"))
        }
        if isDevice(DeviceName(String(head))) {
            guard let orientationProblem else { return nil }
            return (orientationProblem, part(String(head)))
        }
        // A width: "w" then something with a digit in it.
        guard head.first == "w", head.dropFirst().contains(where: \.isASCIIDigitCharacter) else { return nil }
        let digits = head.dropFirst().filter(\.isASCIIDigitCharacter)
        let value = Int(digits.prefix(6)) ?? 0
        let expected = "a width qualifier is \"w\" and a whole number of points, at least 1, such as w600"
        guard value > 0 else {
            return (
                "\"\(head)\" is met by every window: \(expected); a file for every window is the base file", nil
            )
        }
        guard value <= maximumWidth else {
            return ("\"\(head)\" is wider than any window: \(expected), at most \(maximumWidth)", nil)
        }
        return ("\"\(head)\" is not a width qualifier: \(expected)", part("w\(value)"))
    }
}

extension Character {
    /// `0` to `9`.
    fileprivate var isASCIIDigitCharacter: Bool {
        isASCII && isNumber
    }
}
