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

    /// The image name and extension attributes of a record: immutable, replaced whole when one changes. The
    /// extensions are stored after the header in the same allocation, sorted by name, each name once:
    /// smaller and quicker to build than a dictionary for the few extensions a record has.
    private final class Extras: ManagedBuffer<Extras.Header, Extension> {
        struct Header {
            let imageName: String?
            let columnLayout: ColumnLayout?
            let count: Int
            /// Whether a name is outside ASCII: then a name the binary search misses may still be there (below).
            var hasNonASCIINames = false
        }

        /// Extras holding `imageName`, `columnLayout` and `extensions` (sorted by name, each once).
        static func make(imageName: String?, columnLayout: ColumnLayout? = nil, extensions: [Extension]) -> Extras {
            make(imageName: imageName, columnLayout: columnLayout, count: extensions.count) { elements in
                extensions.withUnsafeBufferPointer { source in
                    if let base = source.baseAddress { elements.initialize(from: base, count: source.count) }
                }
            }
        }

        /// Extras holding `imageName`, `columnLayout` and `count` extensions (sorted by name, each once), which
        /// `initialize` writes, all of them, to the memory it is given.
        ///
        /// - Parameter namesAreASCII: true when the caller knows every name is ASCII (else the names are looked at).
        static func make(
            imageName: String?, columnLayout: ColumnLayout?, count: Int, namesAreASCII: Bool = false,
            initialize: (UnsafeMutablePointer<Extension>) -> Void
        ) -> Extras {
            let buffer = create(minimumCapacity: count) { _ in
                Header(imageName: imageName, columnLayout: columnLayout, count: count)
            }
            let extras = unsafeDowncast(buffer, to: Extras.self)
            extras.withUnsafeMutablePointers { header, elements in
                initialize(elements)
                header.pointee.hasNonASCIINames =
                    !namesAreASCII
                    && UnsafeBufferPointer(start: elements, count: count).contains {
                        !$0.name.utf8.allSatisfy { $0 < 0x80 }
                    }
            }
            return extras
        }

        deinit {
            _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
        }

        var imageName: String? { header.imageName }
        var columnLayout: ColumnLayout? { header.columnLayout }

        var hasNonASCIINames: Bool { header.hasNonASCIINames }

        /// Calls `body` with the extensions, sorted by name.
        func withExtensions<Result>(_ body: (UnsafeBufferPointer<Extension>) -> Result) -> Result {
            withUnsafeMutablePointers { header, elements in
                body(UnsafeBufferPointer(start: elements, count: header.pointee.count))
            }
        }

        /// A copy of the extensions, sorted by name.
        var extensions: [Extension] { withExtensions { Array($0) } }
    }

    /// One extension attribute. A struct, not a tuple: arrays of tuples copy and destroy their elements through
    /// the runtime's generic tuple functions, several times slower for a record of many extensions.
    struct Extension {
        let name: String
        var value: ConstraintValue

        init(_ name: String, _ value: ConstraintValue) {
            self.name = name
            self.value = value
        }
    }

    /// Where `name` is, or would go, among sorted `extensions`.
    private static func position<Extensions: RandomAccessCollection<Extension>>(
        of name: String, in extensions: Extensions
    ) -> (index: Int, found: Bool) where Extensions.Index == Int {
        var low = extensions.startIndex
        var high = extensions.endIndex
        while low < high {
            let middle = (low + high) / 2
            if extensions[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return (low, low < extensions.endIndex && extensions[low].name == name)
    }

    /// The union of two lists of extensions sorted by name, sorted: `own`'s value where both have a name.
    private static func merge(
        _ own: UnsafeBufferPointer<Extension>, over fallback: UnsafeBufferPointer<Extension>
    ) -> [Extension] {
        var result: [Extension] = []
        result.reserveCapacity(own.count + fallback.count)
        var i = 0
        var j = 0
        while i < own.count && j < fallback.count {
            if own[i].name < fallback[j].name {
                result.append(own[i])
                i += 1
            } else if fallback[j].name < own[i].name {
                result.append(fallback[j])
                j += 1
            } else if own[i].name == fallback[j].name {
                result.append(own[i])
                i += 1
                j += 1
            } else {
                // Unequal names that `<` leaves unordered (see `extensionValue`): both, side by side.
                result.append(own[i])
                result.append(fallback[j])
                i += 1
                j += 1
            }
        }
        result.append(contentsOf: own[i...])
        result.append(contentsOf: fallback[j...])
        return result
    }

    /// The value of the extension `name`, if set.
    private func extensionValue(_ name: String) -> ConstraintValue? {
        guard let extras else { return nil }
        return extras.withExtensions { extensions in
            let position = Self.position(of: name, in: extensions)
            if position.found { return extensions[position.index].value }
            // The standard library's `<` leaves some unequal strings outside ASCII unordered (neither is less: "é"
            // then "H", against "e" then U+0301), so a binary search among such names can miss: look at each.
            guard extras.hasNonASCIINames else { return nil }
            return extensions.first { $0.name == name }?.value
        }
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
        let left = lhs.extras?.extensions ?? []
        let right = rhs.extras?.extensions ?? []
        return lhs.imageName == rhs.imageName && lhs.columnLayout == rhs.columnLayout && left.count == right.count
            && zip(left, right).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(given)
        for bit in ConstraintAttribute.numberBits { hasher.combine(number(at: bit)) }
        hasher.combine(imageName)
        hasher.combine(columnLayout)
        let extensions = extras?.extensions ?? []
        hasher.combine(extensions.count)
        for entry in extensions {
            hasher.combine(entry.name)
            hasher.combine(entry.value)
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
    public func contains(_ attribute: ConstraintAttribute) -> Bool {
        given & (1 << attribute.bit) != 0
    }

    /// The names of every attribute a file set: known ones in their standard order, then extensions sorted.
    public var attributeNames: [String] {
        ConstraintAttribute.allCases.filter(contains).map(\.rawValue) + (extras?.extensions ?? []).map(\.name)
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
        extras = Extras.make(imageName: value, columnLayout: columnLayout, extensions: extras?.extensions ?? [])
        given |= 1 << attribute.bit
    }

    /// Sets the evaluated column rule.
    mutating func set(columnLayout: ColumnLayout?) {
        extras = Extras.make(imageName: imageName, columnLayout: columnLayout, extensions: extras?.extensions ?? [])
    }

    /// Sets any attribute by name. A value of the wrong type for a known attribute is ignored; the parser
    /// reports those before they get here.
    mutating func set(_ name: String, _ value: ConstraintValue) {
        guard let attribute = ConstraintAttribute(rawValue: name) else {
            var extensions = extras?.extensions ?? []
            let position = Self.position(of: name, in: extensions)
            if position.found {
                extensions[position.index].value = value
            } else {
                extensions.insert(Extension(name, value), at: position.index)
            }
            extras = Extras.make(imageName: imageName, columnLayout: columnLayout, extensions: extensions)
            return
        }
        set(attribute, value)
    }

    /// Sets extension attributes to numbers, rebuilding the extensions once however many there are.
    mutating func setExtensionNumbers(_ updates: [(name: String, value: Double)]) {
        guard !updates.isEmpty else { return }
        var extensions = extras?.extensions ?? []
        var added = false
        for (name, value) in updates {
            let position = Self.position(of: name, in: extensions)
            if position.found {
                extensions[position.index].value = .number(value)
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
        setExtras(imageName: imageName, extensionCount: extensions.count) { elements in
            extensions.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { elements.initialize(from: base, count: source.count) }
            }
        }
    }

    /// Sets the image name and `extensionCount` extension attributes at once (a record being built has none yet),
    /// which `initialize` writes to the memory it is given, sorted by name, each name once (checked in debug
    /// builds): one allocation however many extensions there are, and no copy of them.
    ///
    /// - Parameter namesAreASCII: true when the caller knows every name is ASCII.
    mutating func setExtras(
        imageName: String?, extensionCount: Int, namesAreASCII: Bool = false,
        initialize: (UnsafeMutablePointer<Extension>) -> Void
    ) {
        if imageName != nil { given |= 1 << ConstraintAttribute.imageName.bit }
        guard imageName != nil || extensionCount > 0 else {
            extras = nil
            return
        }
        let made = Extras.make(
            imageName: imageName, columnLayout: columnLayout, count: extensionCount, namesAreASCII: namesAreASCII,
            initialize: initialize)
        // Names in ASCII compare as bytes, a total order: those must be strictly increasing (`<` leaves some names
        // outside ASCII unordered; see `extensionValue`).
        assert(
            made.withExtensions { extensions in
                zip(extensions, extensions.dropFirst()).allSatisfy { a, b in
                    !(a.name.utf8.allSatisfy { $0 < 0x80 } && b.name.utf8.allSatisfy { $0 < 0x80 }) || a.name < b.name
                }
            }, "extensions not sorted by name, or a name twice")
        extras = made
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
        let extensions = extras.withExtensions { own in
            fallbackExtras.withExtensions { fallback in Self.merge(own, over: fallback) }
        }
        self.extras = Extras.make(
            imageName: extras.imageName ?? fallbackExtras.imageName,
            columnLayout: extras.columnLayout ?? fallbackExtras.columnLayout, extensions: extensions)
    }
}
