/// The extension attributes of one file's records, as a reader (``FastFileReader`` or the general reader) collects
/// them: linear in the file however many extensions its records give, and however they repeat.
///
/// - Each name is made a `String` once per file; names are matched by their bytes (``ByteKeyTable``), and names
///   outside ASCII as `String`s, so canonically equivalent names are one name, spelt as the file first spelt it.
/// - A name a record gives twice is found by an array lookup (the place each name was last put), and keeps its
///   first place and its last value.
/// - A record's extensions are stored sorted by name; the order that sorts them, and the sorted list of names that
///   the records share (``ConstraintRecord/ExtensionNames``), are worked out once for each run of records that give
///   the same names in the same order (the usual file repeats one list), not once per record. A record stores only
///   its values, which hold no reference (``ConstraintRecord/StoredValue``).
/// - The attribute a name probably misspells is worked out once per name (``suggestion(for:)``).
///
/// ```swift
/// var collector = ExtensionCollector()
/// collector.startRecord()
/// let name = collector.claim(bytes).name   // bytes: "spacing"
/// collector.set(name, to: .number(8))
/// collector.finish(&record, imageName: nil)
/// ```
struct ExtensionCollector {
    /// The names by their bytes, once the file has more than ``fewNames`` of them, one outside ASCII, or two records
    /// in a row that give the same extensions (the next records are guessed to give them too, by their bytes); until
    /// then (most files), a name is compared with each, and the file makes no table.
    private var keys: ByteKeyTable?
    private static let fewNames = 8
    /// Name `k`'s string and what is known of it, in one array: one lookup (and one uniqueness check) per use.
    private var names: [Name] = []
    private struct Name {
        let string: String
        /// Where the name was last put in a record's list: the record being read gave it exactly when its entry
        /// there is this name (each name is once in the list). Records that give the same names in the same order
        /// put each in the same place, so this seldom changes.
        var place = 0
        /// Whether the attribute it probably misspells was worked out, and that attribute (a flag apart, so that the
        /// usual answer, none, is read without copying a string).
        var suggestionIsKnown = false
        var suggestion: String?
        /// The name as a list of one, once a record gave only it: for the next such records.
        var alone: ConstraintRecord.ExtensionNames?
    }
    /// How many names the record being read has claimed.
    private var claims = 0
    /// The record's extensions, each name once, in the order the record first gives them.
    private var current: [Entry] = []
    /// An extension of the record being read (a struct, not a tuple: arrays of tuples copy and destroy their
    /// elements through the runtime's generic tuple functions).
    private struct Entry {
        let name: Int
        /// As the record stores it: no reference (strings are in `strings`), so that storing it, emptying `current`
        /// for the next record and handing the values to the record copy bytes and destroy nothing.
        var value: ConstraintRecord.StoredValue
    }
    /// The strings of the record being read, which its string values index.
    private var strings: [String] = []
    /// The names of the last record of more than one extension whose order was worked out, in its order
    /// (``claim(_:isASCII:)`` tries its names first), the places that sort them, and its names sorted: shared by
    /// every record of the run that gives the same names in the same order.
    private var orderedNames: [Int] = []
    private var order: [Int] = []
    private var sortedNames: ConstraintRecord.ExtensionNames?

    /// Starts collecting the next record's extensions.
    @inline(__always)  // once per record of every file, most of them without extensions
    mutating func startRecord() {
        claims = 0
        if !current.isEmpty { current.removeAll(keepingCapacity: true) }
        if !strings.isEmpty { strings = [] }  // the last record keeps them
    }

    /// The number of the name whose UTF-8 is `bytes`, and whether the record being read gave it already.
    ///
    /// - Parameter isASCII: whether `bytes` is all ASCII, when the caller knows.
    @inline(__always)  // the usual case, once per extension attribute; the rest is `find(_:isASCII:)`
    mutating func claim(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool? = nil) -> (name: Int, repeated: Bool) {
        // Most records give the names of the record before in the same order: try the name in this place of that
        // record's list first, by its bytes (equal bytes are equal names), before hashing.
        let place = claims
        claims &+= 1
        if place < orderedNames.count, let keys {  // (records that repeat their names made the table)
            let guess = orderedNames[place]
            if UTF8Hash.equal(keys.key(at: guess), bytes) { return (guess, isGiven(guess)) }
        }
        let name = find(bytes, isASCII: isASCII)
        return (name, isGiven(name))
    }

    /// Whether the record being read gave name `name` already.
    @inline(__always)
    private func isGiven(_ name: Int) -> Bool {
        let place = names[name].place
        return place < current.count && current[place].name == name
    }

    /// The number of the name whose UTF-8 is `bytes`, a new number for a new name.
    @inline(never)
    private mutating func find(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool?) -> Int {
        if keys == nil {
            // Few names, all ASCII: equal strings have equal bytes.
            let ascii = isASCII ?? UTF8Hash.isASCII(bytes)
            if ascii {
                for name in names.indices where Self.equal(names[name].string, bytes) { return name }
                if names.count < Self.fewNames {
                    // Room for the few at once (a file that gives any extension often gives several).
                    if names.isEmpty { names.reserveCapacity(Self.fewNames) }
                    names.append(Name(string: String(decoding: bytes, as: UTF8.self)))
                    return names.count - 1
                }
            }
        }
        let keys = table()
        let hash = keys.hash(bytes)
        if let name = keys.index(of: bytes, hash: hash, isASCII: isASCII) { return name }
        let name = keys.append(bytes, hash: hash, isASCII: isASCII)
        names.append(Name(string: String(decoding: bytes, as: UTF8.self)))
        return name
    }

    /// The table of the names, made of the names so far the first time.
    private mutating func table() -> ByteKeyTable {
        if let keys { return keys }
        let keys = ByteKeyTable()
        for name in names {
            var string = name.string
            _ = string.withUTF8 { keys.append($0, hash: keys.hash($0), isASCII: true) }
        }
        self.keys = keys
        return keys
    }

    /// Whether `string`'s UTF-8 is `bytes`: read in place (a copy of the string to call `withUTF8` on cost a
    /// retain and a release per comparison).
    private static func equal(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        string.utf8.withContiguousStorageIfAvailable { UTF8Hash.equal($0, bytes) } ?? string.utf8.elementsEqual(bytes)
    }

    /// Name `name` as the file first spelt it.
    func name(_ name: Int) -> String { names[name].string }

    /// Sets extension `name` (from ``claim(_:isASCII:)``) of the record being read to `value`: a name the record
    /// gave already keeps its place and takes the new value.
    mutating func set(_ name: Int, to value: ConstraintValue) {
        store(ConstraintRecord.stored(value, strings: &strings), as: name)
    }

    /// ``set(_:to:)`` for a number, the usual value.
    @inline(__always)
    mutating func set(_ name: Int, number: Double) {
        store(.number(number), as: name)
    }

    @inline(__always)
    private mutating func store(_ value: ConstraintRecord.StoredValue, as name: Int) {
        let place = names[name].place
        let count = current.count
        if place < count && current[place].name == name {
            current[place].value = value
            return
        }
        // Only a name that moved is written: records in the usual order leave `names` as it is.
        if place != count { names[name].place = count }
        current.append(Entry(name: name, value: value))
    }

    /// Whether the record being read has any extension.
    @inline(__always)
    var isEmpty: Bool { current.isEmpty }

    /// Sets the image name and the extensions collected of `record`, a record being built, which has none yet:
    /// the values are written in the order of the sorted names (as ``ConstraintRecord`` keeps them), each name once,
    /// straight into the record's storage; the sorted names are shared by the run of records that give the same.
    mutating func finish(_ record: inout ConstraintRecord, imageName: String?) {
        let count = current.count
        let names: ConstraintRecord.ExtensionNames?
        switch count {
        case 0: names = nil
        case 1:
            let name = current[0].name
            if let alone = self.names[name].alone {
                names = alone
            } else {
                let alone = ConstraintRecord.ExtensionNames([self.names[name].string], namesAreASCII: namesAreASCII)
                self.names[name].alone = alone
                names = alone
            }
        default:
            var same = orderedNames.count == count
            if same {
                for place in 0..<count where orderedNames[place] != current[place].name {
                    same = false
                    break
                }
            }
            if same {
                if keys == nil { _ = table() }  // for ``claim(_:isASCII:)``'s guesses
            } else {
                orderedNames = current.map(\.name)
                order = Array(0..<count)
                order.sort { self.names[current[$0].name].string < self.names[current[$1].name].string }
                sortedNames = ConstraintRecord.ExtensionNames(
                    order.map { self.names[current[$0].name].string }, namesAreASCII: namesAreASCII)
            }
            names = sortedNames
        }
        assert(names?.strings.count ?? 0 == count, "a name for each value")
        record.setExtras(imageName: imageName, names: names, strings: strings) { values in
            for k in 0..<count {
                (values + k).initialize(to: current[count > 1 ? order[k] : k].value)
            }
        }
    }

    /// Whether every name is ASCII (names outside ASCII are only in a table, and seldom).
    private var namesAreASCII: Bool { !(keys?.hasNonASCIIKeys ?? false) }

    /// The known attribute name `name` is probably a misspelling of (``ConstraintAttribute/suggestedName(for:)``),
    /// worked out once per name in this file.
    @inline(__always)  // asked for every extension attribute while someone listens for warnings
    mutating func suggestion(for name: Int) -> String? {
        if names[name].suggestionIsKnown && names[name].suggestion == nil { return nil }
        return workOutSuggestion(for: name)
    }

    @inline(never)
    private mutating func workOutSuggestion(for name: Int) -> String? {
        if !names[name].suggestionIsKnown {
            names[name].suggestion = ConstraintAttribute.suggestedName(for: names[name].string)
            names[name].suggestionIsKnown = true
        }
        return names[name].suggestion
    }
}
