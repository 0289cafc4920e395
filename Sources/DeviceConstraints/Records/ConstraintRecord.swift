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

    /// The sorted names of a record's extensions, each once. Records share them (the array's storage):
    /// ``ExtensionCollector`` makes one list for each run of a file's records that give the same names, so that such
    /// a record stores only its values.
    struct ExtensionNames: Sendable {
        let strings: [String]
        /// Whether a name is outside ASCII: then a name the binary search misses may still be there (see
        /// `extensionValue`).
        let hasNonASCII: Bool

        /// - Parameter namesAreASCII: true when the caller knows every name is ASCII (else the names are looked at).
        init(_ strings: [String], namesAreASCII: Bool = false) {
            self.strings = strings
            hasNonASCII = !namesAreASCII && strings.contains { !Self.isASCII($0) }
            // Names in ASCII compare as bytes, a total order: those must be strictly increasing (`<` leaves some
            // names outside ASCII unordered; see `extensionValue`).
            assert(
                zip(strings, strings.dropFirst()).allSatisfy { a, b in !(Self.isASCII(a) && Self.isASCII(b)) || a < b },
                "extension names not sorted, or a name twice")
        }

        private static func isASCII(_ name: String) -> Bool { name.utf8.allSatisfy { $0 < 0x80 } }
    }

    /// An extension's value as a record stores it: no reference (a string is an index into the record's strings),
    /// so that a record's values are written, copied and freed as bytes, however many it has.
    enum StoredValue {
        case number(Double)
        case bool(Bool)
        /// The record's string `k`.
        case string(Int)
    }

    /// The image name and extension attributes of a record: immutable, replaced whole when one changes. The
    /// extensions' values are stored after the header in the same allocation, in the order of their sorted names:
    /// smaller and quicker to build than a dictionary for the few extensions a record has.
    ///
    /// Invariant: there are exactly as many values as names, all initialized by `make`.
    private final class Extras: ManagedBuffer<Extras.Header, StoredValue> {
        struct Header {
            let imageName: String?
            let columnLayout: ColumnLayout?
            /// The extensions' names; nil for none.
            let names: ExtensionNames?
            /// The strings that string values index.
            let strings: [String]
        }

        /// Extras holding `imageName`, `columnLayout` and a value for each of `names`, which `initialize` writes,
        /// all of them, in the order of the names, to the memory it is given; string values index `strings`.
        static func make(
            imageName: String?, columnLayout: ColumnLayout?, names: ExtensionNames?, strings: [String],
            initialize: (UnsafeMutablePointer<StoredValue>) -> Void
        ) -> Extras {
            let buffer = create(minimumCapacity: names?.strings.count ?? 0) { _ in
                Header(imageName: imageName, columnLayout: columnLayout, names: names, strings: strings)
            }
            let extras = unsafeDowncast(buffer, to: Extras.self)
            extras.withUnsafeMutablePointerToElements { initialize($0) }
            return extras
        }

        /// Extras holding `imageName`, `columnLayout` and `extensions` (sorted by name, each once).
        static func make(imageName: String?, columnLayout: ColumnLayout?, extensions: [Extension]) -> Extras {
            var strings: [String] = []
            let values = extensions.map { ConstraintRecord.stored($0.value, strings: &strings) }
            return make(
                imageName: imageName, columnLayout: columnLayout,
                names: extensions.isEmpty ? nil : ExtensionNames(extensions.map(\.name)), values: values,
                strings: strings)
        }

        /// Extras holding `imageName`, `columnLayout`, and `values` for `names`.
        static func make(
            imageName: String?, columnLayout: ColumnLayout?, names: ExtensionNames?, values: [StoredValue],
            strings: [String]
        ) -> Extras {
            assert(values.count == (names?.strings.count ?? 0), "a value for each name")
            return make(imageName: imageName, columnLayout: columnLayout, names: names, strings: strings) { elements in
                values.withUnsafeBufferPointer { source in
                    if let base = source.baseAddress { elements.initialize(from: base, count: source.count) }
                }
            }
        }

        deinit {
            _ = withUnsafeMutablePointers { header, elements in
                elements.deinitialize(count: header.pointee.names?.strings.count ?? 0)
            }
        }

        var imageName: String? { header.imageName }
        var columnLayout: ColumnLayout? { header.columnLayout }
        var names: ExtensionNames? { header.names }
        var strings: [String] { header.strings }
        var count: Int { header.names?.strings.count ?? 0 }

        /// Calls `body` with the values, in the order of the names.
        func withValues<Result>(_ body: (UnsafeBufferPointer<StoredValue>) -> Result) -> Result {
            withUnsafeMutablePointers { header, elements in
                body(UnsafeBufferPointer(start: elements, count: header.pointee.names?.strings.count ?? 0))
            }
        }

        /// The value of the extension whose name is `names.strings[k]`.
        func value(at k: Int) -> ConstraintValue {
            withUnsafeMutablePointers { header, elements in
                precondition(k >= 0 && k < header.pointee.names?.strings.count ?? 0, "no extension \(k)")
                return ConstraintRecord.value(elements[k], strings: header.pointee.strings)
            }
        }

        /// A copy of the values.
        var values: [StoredValue] { withValues { Array($0) } }

        /// The extensions, sorted by name.
        var extensions: [Extension] {
            guard let names else { return [] }
            return withValues { values in
                zip(names.strings, values).map { Extension($0, ConstraintRecord.value($1, strings: strings)) }
            }
        }

        /// These extras with `imageName` and `columnLayout` where they have none: themselves when that changes
        /// nothing.
        func merging(imageName: String?, columnLayout: ColumnLayout?) -> Extras {
            let needsImageName = self.imageName == nil && imageName != nil
            let needsColumnLayout = self.columnLayout == nil && columnLayout != nil
            guard needsImageName || needsColumnLayout else { return self }
            return replacing(
                imageName: self.imageName ?? imageName, columnLayout: self.columnLayout ?? columnLayout)
        }

        /// These extras with another image name and column layout: the same extensions, names shared.
        func replacing(imageName: String?, columnLayout: ColumnLayout?) -> Extras {
            Self.make(imageName: imageName, columnLayout: columnLayout, names: names, strings: strings) { elements in
                withValues { values in
                    if let base = values.baseAddress { elements.initialize(from: base, count: values.count) }
                }
            }
        }
    }

    /// `value` as a record stores it, its string (if any) appended to `strings`.
    static func stored(_ value: ConstraintValue, strings: inout [String]) -> StoredValue {
        switch value {
        case .number(let number): return .number(number)
        case .bool(let bool): return .bool(bool)
        case .string(let string):
            strings.append(string)
            return .string(strings.count - 1)
        }
    }

    /// The value `value` stands for, its string (if any) in `strings`.
    @inline(__always)
    private static func value(_ value: StoredValue, strings: [String]) -> ConstraintValue {
        switch value {
        case .number(let number): .number(number)
        case .bool(let bool): .bool(bool)
        case .string(let k): .string(strings[k])
        }
    }

    /// One extension attribute, as records are made and changed one attribute at a time (a file's records are
    /// made from ``StoredValue``s). A struct, not a tuple: arrays of tuples copy and destroy their elements through
    /// the runtime's generic tuple functions, several times slower for a record of many extensions.
    struct Extension {
        let name: String
        var value: ConstraintValue

        init(_ name: String, _ value: ConstraintValue) {
            self.name = name
            self.value = value
        }
    }

    /// Where `name` is, or would go, among sorted `names`.
    private static func position(of name: String, in names: [String]) -> (index: Int, found: Bool) {
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return (low, low < names.count && names[low] == name)
    }

    /// The union of two records' extensions, each sorted by name, sorted: `own`'s value where both have a name. One
    /// pass, linear however many names either has.
    private static func merge(_ own: Extras, over fallback: Extras) -> Extras {
        let ownNames = own.names?.strings ?? []
        let fallbackNames = fallback.names?.strings ?? []
        // Without names on one side, or with the same names on both (a device's file that gives again what the
        // base file gives), the values are one side's: its names and values are shared.
        if fallbackNames.isEmpty || ownNames == fallbackNames {
            return own.merging(imageName: fallback.imageName, columnLayout: fallback.columnLayout)
        }
        if ownNames.isEmpty {
            return fallback.replacing(
                imageName: own.imageName ?? fallback.imageName, columnLayout: own.columnLayout ?? fallback.columnLayout)
        }
        // The fallback's strings follow the record's own.
        let offset = own.strings.count
        var names: [String] = []
        var values: [StoredValue] = []
        names.reserveCapacity(ownNames.count + fallbackNames.count)
        values.reserveCapacity(ownNames.count + fallbackNames.count)
        own.withValues { ownValues in
            fallback.withValues { fallbackValues in
                func takeOwn(_ i: Int) {
                    names.append(ownNames[i])
                    values.append(ownValues[i])
                }
                func takeFallback(_ j: Int) {
                    names.append(fallbackNames[j])
                    if case .string(let k) = fallbackValues[j] {
                        values.append(.string(offset + k))
                    } else {
                        values.append(fallbackValues[j])
                    }
                }
                var i = 0
                var j = 0
                while i < ownNames.count && j < fallbackNames.count {
                    if ownNames[i] < fallbackNames[j] {
                        takeOwn(i)
                        i += 1
                    } else if fallbackNames[j] < ownNames[i] {
                        takeFallback(j)
                        j += 1
                    } else if ownNames[i] == fallbackNames[j] {
                        takeOwn(i)
                        i += 1
                        j += 1
                    } else {
                        // Unequal names that `<` leaves unordered (see `extensionValue`): both, side by side.
                        takeOwn(i)
                        takeFallback(j)
                        i += 1
                        j += 1
                    }
                }
                while i < ownNames.count {
                    takeOwn(i)
                    i += 1
                }
                while j < fallbackNames.count {
                    takeFallback(j)
                    j += 1
                }
            }
        }
        let namesAreASCII = !(own.names?.hasNonASCII ?? false) && !(fallback.names?.hasNonASCII ?? false)
        return Extras.make(
            imageName: own.imageName ?? fallback.imageName, columnLayout: own.columnLayout ?? fallback.columnLayout,
            names: names.isEmpty ? nil : ExtensionNames(names, namesAreASCII: namesAreASCII), values: values,
            strings: own.strings + fallback.strings)
    }

    /// The value of the extension `name`, if set.
    private func extensionValue(_ name: String) -> ConstraintValue? {
        guard let extras, let names = extras.names else { return nil }
        let position = Self.position(of: name, in: names.strings)
        if position.found { return extras.value(at: position.index) }
        // The standard library's `<` leaves some unequal strings outside ASCII unordered (neither is less: "é" then
        // "H", against "e" then U+0301), so a binary search among such names can miss: look at each.
        guard names.hasNonASCII, let index = names.strings.firstIndex(of: name) else { return nil }
        return extras.value(at: index)
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

    /// Sets any attribute by name. A value of the wrong type for a known attribute is ignored; the parser
    /// reports those before they get here.
    mutating func set(_ name: String, _ value: ConstraintValue) {
        guard let attribute = ConstraintAttribute(rawValue: name) else {
            var extensions = extras?.extensions ?? []
            let position = Self.position(of: name, in: extensions.map(\.name))
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
        // The usual case: every name is there already, and the names stay shared.
        if let extras, let names = extras.names {
            var values = extras.values
            var found = true
            for (name, value) in updates {
                let position = Self.position(of: name, in: names.strings)
                guard position.found else {
                    found = false
                    break
                }
                values[position.index] = .number(value)
            }
            if found {
                self.extras = Extras.make(
                    imageName: imageName, columnLayout: columnLayout, names: names, values: values,
                    strings: extras.strings)
                return
            }
        }
        var extensions = extras?.extensions ?? []
        var added = false
        for (name, value) in updates {
            let position = Self.position(of: name, in: extensions.map(\.name))
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
