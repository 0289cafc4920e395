/// Whether a window is taller than wide.
public enum LayoutOrientation: String, Sendable, Hashable, CaseIterable {
    /// No wider than tall.
    case portrait
    /// Wider than tall.
    case landscape
}

extension LayoutOrientation {
    /// ``rawValue``'s UTF-8 in static memory: read in place, where making the string would allocate.
    var utf8Name: StaticString {
        switch self {
        case .portrait: "portrait"
        case .landscape: "landscape"
        }
    }
}
