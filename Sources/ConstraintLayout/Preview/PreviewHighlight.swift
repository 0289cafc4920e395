/// What a preview sheet marks on a frame because a reviewer must not miss it.
public enum PreviewHighlight: String, Hashable, Sendable, CaseIterable {
    /// The frame reaches outside its superitem's bounds.
    case outsideSuperitem
    /// The frame reaches past the window (record sheets of `device-constraints preview`, where views have no
    /// superitem but the window).
    case outsideWindow
    /// The frame overlaps a sibling's (both are marked).
    case overlapsSibling
    /// The width or the height is zero or negative.
    case emptySize
    /// A required constraint on the item was broken (``LayoutDiagnostic/Kind/brokenConstraint``).
    case brokenConstraint
    /// The constraints leave the item's position or size free (``LayoutDiagnostic/Kind/ambiguousLayout``).
    case ambiguousLayout
    /// An edge is not on a device pixel (a multiple of 1 ÷ `displayScale`).
    case offPixelGrid
    /// A value differs from the container's base file (record sheets of `device-constraints preview`).
    case differsFromBase

    /// The words the legend and the text form use.
    public var label: String {
        switch self {
        case .outsideSuperitem: "outside its superitem"
        case .outsideWindow: "past the window"
        case .overlapsSibling: "overlaps a sibling"
        case .emptySize: "zero or negative size"
        case .brokenConstraint: "broken constraint"
        case .ambiguousLayout: "ambiguous layout"
        case .offPixelGrid: "off the pixel grid"
        case .differsFromBase: "differs from the base file"
        }
    }

    /// The colour the sheet draws it in; none is the panel frames' colour, so a picture can be checked.
    var color: String {
        switch self {
        case .outsideSuperitem: "#d1242f"
        case .outsideWindow: "#a40e26"
        case .overlapsSibling: "#e16f24"
        case .emptySize: "#8250df"
        case .brokenConstraint: "#e3008c"
        case .ambiguousLayout: "#b08800"
        case .offPixelGrid: "#1a7f37"
        case .differsFromBase: "#bf3989"
        }
    }
}
