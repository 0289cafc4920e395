// The storage of a record's image name, column layout and extension attributes: one `ManagedBuffer` per record that
// has any (most have none). Unsafe code of records lives here and states its invariants: `Extras` holds exactly one
// initialized value per name, written by `make` and destroyed by `deinit`; a string value indexes the record's own
// strings, checked on every read.

extension ConstraintRecord {
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
    final class Extras: ManagedBuffer<Extras.Header, StoredValue> {
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
    static func value(_ value: StoredValue, strings: [String]) -> ConstraintValue {
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
    /// Finds names among a record's sorted extension names: a binary search, and where the names are not all ASCII
    /// and it misses, an index of every name, made once for all the names a caller asks for. The standard library's
    /// `<` leaves some unequal strings outside ASCII unordered (neither is less: "é" then "H", against "e" then
    /// U+0301), so a binary search among such names can miss one that is there; a name searched for, missed, and
    /// then added would be there twice.
    struct NameFinder {
        private let names: [String]
        private let hasNonASCII: Bool
        private var index: [String: Int]?

        init(_ names: [String], hasNonASCII: Bool) {
            self.names = names
            self.hasNonASCII = hasNonASCII
        }

        /// The position of `name`, or nil when the names lack it.
        mutating func index(of name: String) -> Int? {
            let position = ConstraintRecord.position(of: name, in: names)
            if position.found { return position.index }
            guard hasNonASCII else { return nil }
            if index == nil {
                var made: [String: Int] = [:]
                made.reserveCapacity(names.count)
                for (position, name) in names.enumerated() where made[name] == nil { made[name] = position }
                index = made
            }
            return index?[name]
        }
    }

    static func position(of name: String, in names: [String]) -> (index: Int, found: Bool) {
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
    static func merge(_ own: Extras, over fallback: Extras) -> Extras {
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
}
