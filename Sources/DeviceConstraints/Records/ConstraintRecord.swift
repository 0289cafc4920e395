/// The layout numbers of one view on one device: margins, size, and any special or extension attributes.
///
/// A record is what ``ConstraintInterpreter/record(viewId:container:)`` returns, merged along the
/// device's lookup chain. The six standard attributes read as 0 when no file on the chain sets them, as in
/// the original design; ``contains(_:)`` tells a 0 that was written from one that was left out.
///
/// ```swift
/// let selected = try interpreter.record(viewId: "bmt_reportCalendarDayButtonId_Selected",
///                                       in: BMTReportCalendarDayButton.self)
/// button.frame.size = CGSize(width: selected.width, height: selected.height)
/// let spacing = selected[attribute: "columnSpacing"]?.numberValue ?? 8
/// ```
public struct ConstraintRecord: Hashable, Sendable, CustomStringConvertible {
    /// The distance from the view's left edge to the edge it is placed against.
    public private(set) var marginLeft: Double = 0
    /// The distance from the view's right edge to the edge it is placed against.
    public private(set) var marginRight: Double = 0
    /// The distance from the view's top edge to the edge it is placed against.
    public private(set) var marginTop: Double = 0
    /// The distance from the view's bottom edge to the edge it is placed against.
    public private(set) var marginBottom: Double = 0
    /// The view's width in points.
    public private(set) var width: Double = 0
    /// The view's height in points.
    public private(set) var height: Double = 0
    /// The font size, when a file sets one.
    public private(set) var fontSize: Double?
    /// The name of an image, when a file sets one.
    public private(set) var imageName: String?
    /// A free number for a view's own use (the original's `remarkParameterOne`).
    public private(set) var remarkParameterOne: Double?
    /// A second free number (the original's `remarkParameterTwo`).
    public private(set) var remarkParameterTwo: Double?
    /// Attributes with no meaning of their own, by name.
    public private(set) var extensions: [String: ConstraintValue] = [:]
    /// Which known attributes a file set, one bit per ``ConstraintAttribute/bit``.
    private var given: UInt16 = 0

    /// An empty record: every standard attribute 0, nothing else set.
    public init() {}

    /// A record with the given attributes; `nil` leaves an attribute unset.
    ///
    /// ```swift
    /// let record = ConstraintRecord(marginLeft: 6, width: 60, height: 60)
    /// ```
    public init(
        marginLeft: Double? = nil, marginRight: Double? = nil, marginTop: Double? = nil,
        marginBottom: Double? = nil, width: Double? = nil, height: Double? = nil, fontSize: Double? = nil,
        imageName: String? = nil, remarkParameterOne: Double? = nil, remarkParameterTwo: Double? = nil,
        extensions: [String: ConstraintValue] = [:]
    ) {
        let numbers: [(ConstraintAttribute, Double?)] = [
            (.marginLeft, marginLeft), (.marginRight, marginRight), (.marginTop, marginTop),
            (.marginBottom, marginBottom), (.width, width), (.height, height), (.fontSize, fontSize),
            (.remarkParameterOne, remarkParameterOne), (.remarkParameterTwo, remarkParameterTwo),
        ]
        for case (let attribute, let value?) in numbers { set(attribute, number: value) }
        if let imageName { set(.imageName, string: imageName) }
        for (name, value) in extensions { set(name, value) }
    }

    /// The value of any attribute by name, known or extension.
    ///
    /// A standard attribute that no file set reads as `.number(0)`; a special or extension attribute that
    /// no file set reads as `nil`.
    public subscript(attribute name: String) -> ConstraintValue? {
        guard let attribute = ConstraintAttribute(rawValue: name) else { return extensions[name] }
        return self[attribute]
    }

    /// The value of a known attribute; `nil` for a special attribute that no file set.
    public subscript(attribute: ConstraintAttribute) -> ConstraintValue? {
        switch attribute {
        case .marginLeft: .number(marginLeft)
        case .marginRight: .number(marginRight)
        case .marginTop: .number(marginTop)
        case .marginBottom: .number(marginBottom)
        case .width: .number(width)
        case .height: .number(height)
        case .fontSize: fontSize.map(ConstraintValue.number)
        case .imageName: imageName.map(ConstraintValue.string)
        case .remarkParameterOne: remarkParameterOne.map(ConstraintValue.number)
        case .remarkParameterTwo: remarkParameterTwo.map(ConstraintValue.number)
        }
    }

    /// Whether a file set `attribute` (a standard attribute left out reads as 0 but is not contained).
    public func contains(_ attribute: String) -> Bool {
        guard let known = ConstraintAttribute(rawValue: attribute) else { return extensions[attribute] != nil }
        return contains(known)
    }

    /// Whether a file set the known `attribute`.
    public func contains(_ attribute: ConstraintAttribute) -> Bool {
        given & (1 << attribute.bit) != 0
    }

    /// The names of every attribute a file set: known ones in their standard order, then extensions sorted.
    public var attributeNames: [String] {
        ConstraintAttribute.allCases.filter(contains).map(\.rawValue) + extensions.keys.sorted()
    }

    /// `{marginLeft: 6.0, width: 60.0, height: 60.0}`: the attributes a file set.
    public var description: String {
        let parts = attributeNames.map { name in "\(name): \(self[attribute: name]?.description ?? "nil")" }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    // MARK: - Building

    /// Sets a known attribute to a number. The caller checked the attribute takes a number.
    mutating func set(_ attribute: ConstraintAttribute, number value: Double) {
        switch attribute {
        case .marginLeft: marginLeft = value
        case .marginRight: marginRight = value
        case .marginTop: marginTop = value
        case .marginBottom: marginBottom = value
        case .width: width = value
        case .height: height = value
        case .fontSize: fontSize = value
        case .remarkParameterOne: remarkParameterOne = value
        case .remarkParameterTwo: remarkParameterTwo = value
        case .imageName: return
        }
        given |= 1 << attribute.bit
    }

    /// Sets a known attribute to a string. The caller checked the attribute takes a string.
    mutating func set(_ attribute: ConstraintAttribute, string value: String) {
        guard attribute == .imageName else { return }
        imageName = value
        given |= 1 << attribute.bit
    }

    /// Sets any attribute by name. A value of the wrong type for a known attribute is ignored; the parser
    /// reports those before they get here.
    mutating func set(_ name: String, _ value: ConstraintValue) {
        guard let attribute = ConstraintAttribute(rawValue: name) else {
            extensions[name] = value
            return
        }
        set(attribute, value)
    }

    /// Sets a known attribute. A value of the wrong type is ignored.
    mutating func set(_ attribute: ConstraintAttribute, _ value: ConstraintValue) {
        switch value {
        case .number(let number) where !attribute.expectsString: set(attribute, number: number)
        case .string(let string) where attribute.expectsString: set(attribute, string: string)
        default: break
        }
    }

    // MARK: - Merging

    /// This record with every attribute it does not set taken from `fallback`: the first file on a lookup
    /// chain that sets an attribute wins.
    func merged(over fallback: ConstraintRecord) -> ConstraintRecord {
        var result = self
        // The known attributes the fallback sets and this record does not.
        let missing = fallback.given & ~given
        if missing != 0 {
            for attribute in ConstraintAttribute.allCases where missing & (1 << attribute.bit) != 0 {
                if let value = fallback[attribute] { result.set(attribute, value) }
            }
        }
        if result.extensions.isEmpty {
            // The usual case: share the fallback's extensions rather than copy them one by one.
            result.extensions = fallback.extensions
        } else {
            for (name, value) in fallback.extensions where result.extensions[name] == nil {
                result.extensions[name] = value
            }
        }
        return result
    }
}
