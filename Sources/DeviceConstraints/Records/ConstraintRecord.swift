/// The layout numbers of one view on one device: margins, size, and any special or extension attributes.
///
/// A record is what ``ConstraintInterpreter/record(viewId:container:)`` returns, merged along the
/// device's lookup chain. The six standard attributes read as 0 when no file on the chain sets them, as in
/// the original design; ``contains(_:)-(ConstraintAttribute)`` tells a written 0 from one that was left out.
///
/// ```swift
/// let selected = try interpreter.record(viewId: "bmt_reportCalendarDayButtonId_Selected",
///                                       in: BMTReportCalendarDayButton.self)
/// button.frame.size = CGSize(width: selected.width, height: selected.height)
/// let spacing = selected[attribute: "columnSpacing"]?.numberValue ?? 8
/// ```
public struct ConstraintRecord: Hashable, Sendable, CustomStringConvertible {
    /// The distance from the view's left edge to the edge it is placed against.
    public var marginLeft: Double { numbers.0 }
    /// The distance from the view's right edge to the edge it is placed against.
    public var marginRight: Double { numbers.1 }
    /// The distance from the view's top edge to the edge it is placed against.
    public var marginTop: Double { numbers.2 }
    /// The distance from the view's bottom edge to the edge it is placed against.
    public var marginBottom: Double { numbers.3 }
    /// The view's width in points.
    public var width: Double { numbers.4 }
    /// The view's height in points.
    public var height: Double { numbers.5 }
    /// The font size, when a file sets one.
    public var fontSize: Double? { contains(.fontSize) ? numbers.6 : nil }
    /// The name of an image, when a file sets one.
    public var imageName: String? { extras?.imageName }
    /// A free number for a view's own use (the original's `remarkParameterOne`).
    public var remarkParameterOne: Double? { contains(.remarkParameterOne) ? numbers.8 : nil }
    /// A second free number (the original's `remarkParameterTwo`).
    public var remarkParameterTwo: Double? { contains(.remarkParameterTwo) ? numbers.9 : nil }
    /// The view's column rule evaluated for the current window, when a file gives the view a `columns` rule
    /// (see ``ColumnRule``).
    public var columnLayout: ColumnLayout? { extras?.columnLayout }
    /// Attributes with no meaning of their own, by name.
    public var extensions: [String: ConstraintValue] {
        Dictionary(uniqueKeysWithValues: (extras?.extensions ?? []).lazy.map { ($0.name, $0.value) })
    }

    // Storage, kept small and flat because a lookup returns a copy and a load builds thousands: the
    // numbers inline, indexed by ``ConstraintAttribute/bit`` (slot 7, the image name's, is unused), and the
    // rarer strings and extensions behind one reference that most records do not have, so copying them
    // touches no reference count.

    /// The numeric attributes; 0 where not set.
    private var numbers: (Double, Double, Double, Double, Double, Double, Double, Double, Double, Double) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    // One slot per attribute bit: adding an attribute without a slot fails to build in debug (see numberBits).
    /// Which known attributes a file set, one bit per ``ConstraintAttribute/bit``.
    private var given: UInt16 = 0
    /// The image name and extension attributes, when a file sets any; never shared mutably (replaced whole).
    private var extras: Extras? {
        get { sharedExtras?.extras }
        set { sharedExtras = newValue.map(SharedExtras.init) }
    }
    private var sharedExtras: SharedExtras?

    /// `Extras` as a `Sendable` value: `ManagedBuffer` cannot conform, but `Extras` is immutable once made.
    private struct SharedExtras: @unchecked Sendable {
        let extras: Extras
    }

    /// The value of the extension `name`, if set.
    private func extensionValue(_ name: String) -> ConstraintValue? {
        guard let extras, let names = extras.names else { return nil }
        var finder = NameFinder(names.strings, hasNonASCII: names.hasNonASCII)
        return finder.index(of: name).map { extras.value(at: $0) }
    }

    @inline(__always)
    private func number(at bit: Int) -> Double {
        withUnsafeBytes(of: numbers) { $0.load(fromByteOffset: bit &* 8, as: Double.self) }
    }

    @inline(__always)
    private mutating func setNumber(_ value: Double, at bit: Int) {
        withUnsafeMutableBytes(of: &numbers) { $0.storeBytes(of: value, toByteOffset: bit &* 8, as: Double.self) }
    }

    public static func == (lhs: ConstraintRecord, rhs: ConstraintRecord) -> Bool {
        guard lhs.given == rhs.given else { return false }
        for bit in ConstraintAttribute.numberBits where lhs.number(at: bit) != rhs.number(at: bit) { return false }
        if lhs.extras === rhs.extras { return true }
        guard lhs.imageName == rhs.imageName && lhs.columnLayout == rhs.columnLayout else { return false }
        guard let left = lhs.extras?.names, let right = rhs.extras?.names else {
            return lhs.extras?.names == nil && rhs.extras?.names == nil
        }
        // (Arrays that share their storage are equal at once.)
        guard left.strings == right.strings, let lhsExtras = lhs.extras, let rhsExtras = rhs.extras else {
            return false
        }
        return left.strings.indices.allSatisfy { lhsExtras.value(at: $0) == rhsExtras.value(at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(given)
        for bit in ConstraintAttribute.numberBits { hasher.combine(number(at: bit)) }
        hasher.combine(imageName)
        hasher.combine(columnLayout)
        hasher.combine(extras?.count ?? 0)
        if let extras, let names = extras.names {
            for (k, name) in names.strings.enumerated() {
                hasher.combine(name)
                hasher.combine(extras.value(at: k))
            }
        }
    }

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
        // Known names set their attribute (a value of the wrong type is ignored); the rest are sorted once.
        var unknown: [Extension] = []
        for (name, value) in extensions {
            if let attribute = ConstraintAttribute(rawValue: name) {
                set(attribute, value)
            } else {
                unknown.append(Extension(name, value))
            }
        }
        if !unknown.isEmpty || imageName != nil {
            unknown.sort { $0.name < $1.name }
            setExtras(imageName: self.imageName ?? imageName, sortedExtensions: unknown)
        }
    }

    /// The value of any attribute by name, known or extension.
    ///
    /// A standard attribute that no file set reads as `.number(0)`; a special or extension attribute that
    /// no file set reads as `nil`.
    public subscript(attribute name: String) -> ConstraintValue? {
        guard let attribute = ConstraintAttribute(rawValue: name) else { return extensionValue(name) }
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
        guard let known = ConstraintAttribute(rawValue: attribute) else { return extensionValue(attribute) != nil }
        return contains(known)
    }

    /// Whether a file set the known `attribute`.
    @inline(__always)  // a test of one bit, on every attribute a reader reads
    public func contains(_ attribute: ConstraintAttribute) -> Bool {
        given & (1 << attribute.bit) != 0
    }

    /// The names of every attribute a file set: known ones in their standard order, then extensions sorted.
    public var attributeNames: [String] {
        ConstraintAttribute.allCases.filter(contains).map(\.rawValue) + (extras?.names?.strings ?? [])
    }

    /// `{marginLeft: 6.0, width: 60.0, height: 60.0}`: the attributes a file set.
    public var description: String {
        var parts = attributeNames.map { name in "\(name): \(self[attribute: name]?.description ?? "nil")" }
        if let columnLayout { parts.append("columns: \(columnLayout)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    // MARK: - Building

    /// Sets a known attribute to a number. The caller checked the attribute takes a number.
    mutating func set(_ attribute: ConstraintAttribute, number value: Double) {
        guard attribute != .imageName else { return }
        setNumber(value, at: attribute.bit)
        given |= 1 << attribute.bit
    }

    /// Sets a known attribute to a string. The caller checked the attribute takes a string.
    mutating func set(_ attribute: ConstraintAttribute, string value: String) {
        guard attribute == .imageName else { return }
        extras =
            extras?.replacing(imageName: value, columnLayout: columnLayout)
            ?? Extras.make(imageName: value, columnLayout: nil, extensions: [])
        given |= 1 << attribute.bit
    }

    /// Sets the evaluated column rule.
    mutating func set(columnLayout: ColumnLayout?) {
        extras =
            extras?.replacing(imageName: imageName, columnLayout: columnLayout)
            ?? Extras.make(imageName: nil, columnLayout: columnLayout, extensions: [])
    }

    /// Sets extension attributes to numbers, rebuilding the extensions once however many there are.
    mutating func setExtensionNumbers(_ updates: [(name: String, value: Double)]) {
        guard !updates.isEmpty else { return }
        // The usual case: every name is there already, and the names stay shared.
        if let extras, let names = extras.names {
            var values = extras.values
            var found = true
            var finder = NameFinder(names.strings, hasNonASCII: names.hasNonASCII)
            for (name, value) in updates {
                guard let index = finder.index(of: name) else {
                    found = false
                    break
                }
                values[index] = .number(value)
            }
            if found {
                self.extras = Extras.make(
                    imageName: imageName, columnLayout: columnLayout, names: names, values: values,
                    strings: extras.strings)
                return
            }
        }
        var extensions = extras?.extensions ?? []
        // The names before any is added, sorted: searched once per update (the names updated are distinct, so an
        // added one is never searched for).
        var finder = NameFinder(extensions.map(\.name), hasNonASCII: extras?.names?.hasNonASCII ?? false)
        var added = false
        for (name, value) in updates {
            if let index = finder.index(of: name) {
                extensions[index].value = .number(value)
            } else {
                extensions.append(Extension(name, .number(value)))
                added = true
            }
        }
        if added { extensions.sort { $0.name < $1.name } }
        extras = Extras.make(imageName: imageName, columnLayout: columnLayout, extensions: extensions)
    }

    /// Sets the image name and extension attributes at once (a record being built has none yet): one
    /// allocation however many extensions there are.
    ///
    /// - Parameter extensions: sorted by name, each name once; checked in debug builds.
    mutating func setExtras(imageName: String?, sortedExtensions extensions: [Extension]) {
        if imageName != nil { given |= 1 << ConstraintAttribute.imageName.bit }
        guard imageName != nil || !extensions.isEmpty else {
            extras = nil
            return
        }
        extras = Extras.make(imageName: imageName, columnLayout: columnLayout, extensions: extensions)
    }

    /// Sets the image name and extension attributes at once (a record being built has none yet): a value for each
    /// of `names`, which `initialize` writes, all of them, in the order of the names, to the memory it is given;
    /// string values index `strings`. One allocation however many extensions there are, no copy of them, and the
    /// names shared with other records.
    mutating func setExtras(
        imageName: String?, names: ExtensionNames?, strings: [String],
        initialize: (UnsafeMutablePointer<StoredValue>) -> Void
    ) {
        if imageName != nil { given |= 1 << ConstraintAttribute.imageName.bit }
        guard imageName != nil || names != nil else {
            extras = nil
            return
        }
        extras = Extras.make(
            imageName: imageName, columnLayout: columnLayout, names: names, strings: strings, initialize: initialize)
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
        result.fillIn(from: fallback)
        return result
    }

    /// Takes every attribute this record does not set from `fallback`: ``merged(over:)`` in place.
    mutating func fillIn(from fallback: ConstraintRecord) {
        // The known attributes the fallback sets and this record does not.
        let missing = fallback.given & ~given
        if missing != 0 {
            // One step per missing number, lowest bit first.
            var bits = missing & ConstraintAttribute.numberBitMask
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                setNumber(fallback.number(at: bit), at: bit)
                bits &= bits &- 1
            }
            given |= missing
        }
        guard let fallbackExtras = fallback.extras else { return }
        guard let extras else {
            // The usual case: share the fallback's image name and extensions rather than copy them.
            self.extras = fallbackExtras
            return
        }
        // Both lists are sorted: one merge of the two, linear however many names either has (an insertion per
        // name was quadratic in a record with thousands of extensions over another).
        self.extras = Self.merge(extras, over: fallbackExtras)
    }
}
