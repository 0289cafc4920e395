/// Reads a constraint file in one pass over its bytes, without a tape: the fast path of a load.
///
/// Almost every file a load reads has the expected shape: an object with the container's key, view ids, records of
/// numbers, strings, bools, scaled values and column rules, attribute names in ASCII. For such a file this reader
/// gives exactly the records and warnings ``ConstraintFileParser``'s general reader gives, with a quarter to a third
/// of its instructions (callgrind), because it checks the JSON grammar and builds records in the same pass. Within
/// that shape it reads anything JSON allows: escapes and UTF-8 in strings (checked by the scanner's own functions),
/// a byte order mark, extension attributes, an attribute given twice (the last value is used) and misspelt names,
/// with their warnings when someone listens. It gives up (returns nil) at the first thing outside it: an error of
/// any kind (a value of the wrong type, a number too large, a bad scaled value or column rule, a view id given
/// twice), an unexpected shape, an attribute name outside ASCII. The caller then reads the file again with the
/// general reader, which either accepts it or reports the error with its line, column and key path; the warnings
/// this reader added are taken back first. Giving up is always safe; accepting is only allowed for input the
/// general reader accepts with the same result and the same warnings, which the tests and the differential fuzzer
/// check.
///
/// Unsafe code: the reader walks the file's bytes, `p`, a buffer its caller keeps alive for the whole read. Every
/// byte is read through the buffer's subscript, so debug builds check each index against `n`; release builds rely
/// on the checks written before each read (`i < n`, `start &+ 16 <= n` before an eight-byte comparison). Slices of
/// the file (`Text`) are only used while the read lasts.
struct FastFileReader {
    /// The file's bytes, never empty.
    private let p: UnsafeBufferPointer<UInt8>
    private let n: Int
    /// The first byte of `p`, for the scanner's functions, which take a pointer and a count.
    private var base: UnsafePointer<UInt8> { p.baseAddress.unsafelyUnwrapped }
    private var i = 0
    /// Where warnings go; nil when nobody listens (then no typo is looked for).
    private let warnings: WarningCollector?
    /// The extension attributes of the file's records.
    private var extensions = ExtensionCollector()
    /// The adaptive attributes of the record being read (scaled values, a column rule), in the order the record
    /// gives them, for ``view(into:offsets:)`` to add to the table once the record is read. An attribute given
    /// again is appended again (with nil when a plain value replaces an adaptive one), and each name's last entry
    /// counts: removing the earlier entry would search the list at each repeat, quadratic in a record of thousands.
    private var adaptiveValues: [(name: String, value: AdaptiveValue?)] = []
    /// Whether the record being read gave an attribute again while it had adaptive values: then some name may be
    /// in ``adaptiveValues`` more than once. Reset with ``adaptiveValues``.
    private var adaptiveValuesRepeat = false
    /// Whether the record being read gave a column rule. Reset with ``adaptiveValues``, which then holds it.
    private var columnsGiven = false
    /// Where a string with escapes is decoded (unescaping never makes a string longer than the file): allocated at
    /// the first such string, freed by ``read(_:containers:warnings:offsets:)``.
    private var scratch: UnsafeMutablePointer<UInt8>?
    /// Tables read once per file rather than once per name or number.
    private let nameWords = ConstraintAttribute.nameWords
    private let powersOfTen = JSONDocument.powersOfTen
    /// Where warnings are placed: the container, whether its views are elements of an array, the element being
    /// read, and the opening quote of its view id.
    private var container = ""
    private var wrapped = false
    private var element = -1
    private var viewQuote = 0

    private init(_ p: UnsafeBufferPointer<UInt8>, warnings: WarningCollector?) {
        assert(p.baseAddress != nil && !p.isEmpty, "the reader reads a file of at least one byte")
        self.p = p
        self.n = p.count
        self.warnings = warnings
    }

    /// Reads the file `bytes`, whose top-level key must be one of `containers` (the one a load expects, as a
    /// `CollectionOfOne`: no array to allocate per file), into a table of its own.
    ///
    /// - Parameter warnings: where warnings go, if someone listens; when the reader gives up, it takes back the
    ///   warnings it added.
    /// - Returns: the container, the byte offset of each view id's key (its opening quote) in file order when
    ///   `offsets` is true (else no offsets), the file's views, and the design width it states; nil when the reader
    ///   gives up, in which case the general reader must read the file.
    static func read(
        _ bytes: UnsafeRawBufferPointer, containers: some Collection<String>, warnings: WarningCollector?,
        offsets: Bool
    ) -> (container: String, viewOffsets: [Int], views: ViewTable.Builder, designWidth: Double?)? {
        // A container named "designWidth" (a file of that one key) is the general reader's to tell apart.
        guard let base = bytes.baseAddress, bytes.count > 0,
            !containers.contains(ConstraintFileParser.designWidthKey)
        else { return nil }
        var reader = FastFileReader(
            UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: bytes.count), warnings: warnings
        )
        defer { reader.scratch?.deallocate() }
        let mark = warnings?.mark
        // A view takes 64 bytes of a file or more, and its id half of them or less, in most files: room for
        // that many saves growing on the way (a file of smaller views grows once or twice).
        var views = ViewTable.Builder(reservingCapacity: bytes.count / 64, keyBytes: bytes.count / 2)
        var viewOffsets: [Int]? = offsets ? [] : nil
        var designWidth: Double?
        guard
            let container = reader.file(
                containers: containers, into: &views, offsets: &viewOffsets, designWidth: &designWidth)
        else {
            if let warnings, let mark { warnings.rollBack(to: mark) }
            return nil
        }
        return (container, viewOffsets ?? [], views, designWidth)
    }

    /// `{"Container": views}`, with `"designWidth": n` before or after the container's key.
    private mutating func file(
        containers: some Collection<String>, into views: inout ViewTable.Builder, offsets: inout [Int]?,
        designWidth: inout Double?
    ) -> String? {
        if n >= 3 && p[0] == 0xEF && p[1] == 0xBB && p[2] == 0xBF { i = 3 }  // a byte order mark
        skipWhitespace()
        guard take(0x7B) else { return nil }  // {
        skipWhitespace()
        guard var name = string() else { return nil }
        if matches(name, ConstraintFileParser.designWidthKey) {
            guard let width = statedDesignWidth(), take(0x2C) else { return nil }  // ,
            designWidth = width
            skipWhitespace()
            guard let next = string() else { return nil }
            name = next
        }
        guard let container = containers.first(where: { matches(name, $0) }) else { return nil }
        self.container = container
        skipWhitespace()
        guard take(0x3A) else { return nil }  // :
        skipWhitespace()
        // `[` holds one-key objects, one per view; `{` holds the view ids as its own keys.
        guard i < n, p[i] == 0x5B || p[i] == 0x7B else { return nil }
        wrapped = p[i] == 0x5B
        let close: UInt8 = wrapped ? 0x5D : 0x7D
        i &+= 1
        skipWhitespace()
        if !take(close) {
            while true {
                if wrapped {
                    guard take(0x7B) else { return nil }
                    skipWhitespace()
                }
                element &+= 1
                guard view(into: &views, offsets: &offsets) else { return nil }
                skipWhitespace()
                if wrapped {
                    guard take(0x7D) else { return nil }  // exactly one key
                    skipWhitespace()
                }
                if take(0x2C) {
                    skipWhitespace()
                    continue
                }
                guard take(close) else { return nil }
                break
            }
        }
        skipWhitespace()
        if take(0x2C) {  // , "designWidth": n, given once
            skipWhitespace()
            guard designWidth == nil, let key = string(), matches(key, ConstraintFileParser.designWidthKey),
                let width = statedDesignWidth()
            else { return nil }
            designWidth = width
        }
        guard take(0x7D) else { return nil }
        skipWhitespace()
        return i == n ? container : nil
    }

    /// `: n` after the key `"designWidth"`, and the whitespace after it: a number greater than 0; nil for anything
    /// the general reader reports as an error.
    private mutating func statedDesignWidth() -> Double? {
        skipWhitespace()
        guard take(0x3A) else { return nil }  // :
        skipWhitespace()
        guard let width = number(), width > 0 else { return nil }
        skipWhitespace()
        return width
    }

    /// `"viewId": {record}`, added to `views`; false when the reader gives up, or when the file gives the id twice.
    private mutating func view(into views: inout ViewTable.Builder, offsets: inout [Int]?) -> Bool {
        let quote = i
        guard let id = string() else { return false }
        viewQuote = quote
        guard takeSeparator(0x3A) else { return false }  // :
        // Equal ids in ASCII have equal bytes, so `.again` is exactly a repeated id; the builder compares ids
        // outside ASCII as strings.
        switch views.claim(id.bytes, isASCII: id.isASCII) {
        case .new(let hash):
            // Read the record straight into its place in the builder: no copy of it.
            views.add(id.bytes, hash: hash, record: ConstraintRecord(), isASCII: id.isASCII)
            let entry = views.records.count - 1
            guard record(into: &views.records[entry]) else { return false }
            if !adaptiveValues.isEmpty {
                // In name order, as the general reader adds them.
                for (name, value) in recordAdaptiveValues().sorted(by: { $0.name < $1.name }) {
                    views.adaptiveValues.append(AdaptiveAttribute(entry: entry, name: name, value: value, device: nil))
                }
            }
        case .again:
            return false
        }
        offsets?.append(quote)
        return true
    }

    /// `{"attribute": value, ...}`.
    /// Reads a record into `record`, which is empty; false when the reader gives up.
    private mutating func record(into record: inout ConstraintRecord) -> Bool {
        guard take(0x7B) else { return false }
        // The record before this one left its scaled values and column rules here: an empty record has none.
        if !adaptiveValues.isEmpty {
            adaptiveValues.removeAll(keepingCapacity: true)
            adaptiveValuesRepeat = false
            columnsGiven = false
        }
        skipWhitespace()
        if take(0x7D) { return true }
        // The strings are set once, at the end: one allocation for them, not one per attribute.
        var imageName: String?
        extensions.startRecord()
        while true {
            let quote = i
            let known: ConstraintAttribute?
            var name: Text?
            if let attribute = knownAttributeKey() {
                known = attribute
            } else {
                // A name outside ASCII could equal a known one's or another's in a canonically equivalent spelling:
                // the general reader settles those.
                guard let key = string(), key.isASCII else { return false }
                name = key
                // A name in the file has the rest of the file after it: eight-byte comparisons need 16 bytes.
                let rest = key.inFile ? key.bytes.baseAddress.unsafelyUnwrapped - base : n
                known =
                    rest &+ 16 <= n
                    ? ConstraintAttribute.matching(self.rest(from: rest), count: key.bytes.count, words: nameWords)
                    : ConstraintAttribute(utf8: key.bytes)
            }
            guard takeSeparator(0x3A), i < n else { return false }  // :
            if let known {
                if known.expectsString {
                    if imageName != nil { warnRepeated(known.rawValue, at: quote) }
                    guard let value = string() else { return false }
                    imageName = value.string
                } else {
                    // Given again: the earlier value may be an adaptive one, which this one replaces.
                    var replaces = false
                    if record.contains(known) {
                        warnRepeated(known.rawValue, at: quote)
                        replaces = !adaptiveValues.isEmpty
                        if replaces { adaptiveValuesRepeat = true }
                    }
                    if p[i] == 0x7B {
                        guard let scaled = scaledValue(of: known.rawValue) else { return false }
                        record.set(known, number: scaled.value)
                        // A font follows the text size as well, relative to body, as the general reader reads it.
                        let value: AdaptiveValue =
                            known == .fontSize
                            ? .text(
                                TextScaledValue(
                                    scaled.value, followsWidth: true, minimum: scaled.minimum,
                                    maximum: scaled.maximum))
                            : .scaled(scaled)
                        adaptiveValues.append((known.rawValue, value))
                    } else {
                        guard let number = number() else { return false }
                        record.set(known, number: number)
                        if replaces { adaptiveValues.append((known.rawValue, nil)) }
                    }
                }
            } else if let name, ColumnRule.isKey(name.bytes) {
                if columnsGiven {
                    warnRepeated(ColumnRule.key, at: quote)
                    adaptiveValuesRepeat = true
                }
                guard let rule = columnRule() else { return false }
                columnsGiven = true
                adaptiveValues.append((ColumnRule.key, .columns(rule)))
            } else if let name {
                guard extensionAttribute(name, quote: quote) else { return false }
            }
            if takeSeparator(0x2C) { continue }  // ,
            guard take(0x7D) else { return false }
            if imageName != nil || !extensions.isEmpty {
                extensions.finish(&record, imageName: imageName)
            }
            return true
        }
    }

    /// The value of extension attribute `name`, whose key's opening quote is at `quote`, at `i`; false when the
    /// reader gives up. Not inlined: it would make ``record(into:)`` too large for the compiler to inline what the
    /// known attributes need there.
    @inline(never)
    private mutating func extensionAttribute(_ name: Text, quote: Int) -> Bool {
        // The name's string is fetched only when it is needed (most extensions need none).
        let claim = extensions.claim(name.bytes, isASCII: true)
        // Given again: the earlier value may be an adaptive one, which this one replaces.
        var replaces = false
        if claim.repeated {
            warnRepeated(extensions.name(claim.name), at: quote)
            replaces = !adaptiveValues.isEmpty
            if replaces { adaptiveValuesRepeat = true }
        }
        if let warnings, let suggestion = extensions.suggestion(for: claim.name) {
            let string = extensions.name(claim.name)
            warnings.possibleTypo(
                string, suggestion: suggestion, at: { location(ofOffset: quote) }, keyPath: { keyPath(string) })
        }
        switch p[i] {
        case 0x7B:
            let name = extensions.name(claim.name)
            guard let scaled = scaledValue(of: name) else { return false }
            extensions.set(claim.name, number: scaled.value)
            adaptiveValues.append((name, .scaled(scaled)))
        case 0x22, 0x74, 0x66:  // a string, true, false
            guard let value = extensionValue() else { return false }
            extensions.set(claim.name, to: value)
            if replaces { adaptiveValues.append((extensions.name(claim.name), nil)) }
        default:
            guard let number = number() else { return false }
            extensions.set(claim.name, number: number)
            if replaces { adaptiveValues.append((extensions.name(claim.name), nil)) }
        }
        return true
    }

    // MARK: - Adaptive values

    /// The record's adaptive attributes from ``adaptiveValues``: each name's last entry, none for a name whose last
    /// value is plain. One pass, however often the record repeats its names.
    private func recordAdaptiveValues() -> [(name: String, value: AdaptiveValue)] {
        guard adaptiveValuesRepeat else {
            return adaptiveValues.compactMap { name, value in value.map { (name, $0) } }
        }
        var seen: Set<String> = []
        var last: [(name: String, value: AdaptiveValue)] = []
        for (name, value) in adaptiveValues.reversed() where seen.insert(name).inserted {
            if let value { last.append((name, value)) }
        }
        return last
    }

    /// The fields of a scaled value and of a column rule, in the order ``numberFields(_:into:of:noun:)`` numbers
    /// them.
    private static let scaledFields: [[UInt8]] = ["scaled", "min", "max"].map { Array($0.utf8) }
    private static let columnFields: [[UInt8]] = ["standardWidth", "standardColumns", "scale", "spacing", "insets"]
        .map { Array($0.utf8) }

    /// `{"scaled": 60, "min": 40, "max": 80}`; nil for anything the general reader reports as an error.
    private mutating func scaledValue(of attribute: String) -> ScaledValue? {
        var fields: [Double?] = [nil, nil, nil]
        guard numberFields(Self.scaledFields, into: &fields, of: attribute, noun: "scaled value"),
            let value = fields[0]
        else { return nil }
        if let minimum = fields[1], let maximum = fields[2], minimum > maximum { return nil }
        return ScaledValue(value, minimum: fields[1], maximum: fields[2])
    }

    /// `{"standardWidth": 440, "standardColumns": 2, "scale": 1.2, "spacing": 8, "insets": 16}`; nil for anything
    /// the general reader reports as an error.
    private mutating func columnRule() -> ColumnRule? {
        var fields = [Double?](repeating: nil, count: 5)
        guard numberFields(Self.columnFields, into: &fields, of: ColumnRule.key, noun: "column rule"),
            let standardWidth = fields[0], standardWidth > 0,
            let columns = fields[1], columns > 0, columns == columns.rounded(), columns <= 10_000
        else { return nil }
        let scale = fields[2] ?? 1
        let spacing = fields[3] ?? 0
        let insets = fields[4] ?? 0
        guard scale > 0, spacing >= 0, insets >= 0 else { return nil }
        return ColumnRule(
            standardWidth: standardWidth, standardColumns: Int(columns), scale: scale, spacing: spacing,
            insets: insets)
    }

    /// An object of finite numbers whose keys are among `names`, into `values` by the key's place in `names`, the
    /// value of `attribute`, a `noun` (a key given twice: the last value, with the general reader's warning); false
    /// for any other object.
    private mutating func numberFields(
        _ names: [[UInt8]], into values: inout [Double?], of attribute: String, noun: String
    ) -> Bool {
        guard take(0x7B) else { return false }
        skipWhitespace()
        if take(0x7D) { return true }
        while true {
            let quote = i
            guard let key = string(),
                let field = names.firstIndex(where: { $0.withUnsafeBufferPointer { UTF8Hash.equal($0, key.bytes) } })
            else { return false }
            skipWhitespace()
            guard take(0x3A) else { return false }
            skipWhitespace()
            guard let number = number() else { return false }
            if values[field] != nil, let warnings {
                let name = String(decoding: names[field], as: UTF8.self)
                let path = keyPath(attribute) + "." + name
                warnings.repeatedKey(name, in: noun, at: { location(ofOffset: quote) }, keyPath: { path })
            }
            values[field] = number
            skipWhitespace()
            if take(0x2C) {
                skipWhitespace()
                continue
            }
            return take(0x7D)
        }
    }

    // MARK: - Warnings

    /// Warns that the record gives attribute `name`, whose key's opening quote is at `quote`, a second time.
    private func warnRepeated(_ name: String, at quote: Int) {
        warnings?.repeatedAttribute(name, at: { location(ofOffset: quote) }, keyPath: { keyPath(name) })
    }

    /// The line and column of the byte at `offset`, as the general reader counts them.
    private func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        warnings?.location(ofOffset: offset, in: p) ?? (1, 1)
    }

    /// The key path of attribute `name` of the view being read: `Calendar[0].dayButton.width`.
    private func keyPath(_ name: String) -> String {
        // The id was validated when it was read.
        let end = (try? JSONDocument.scanString(p, viewQuote).end) ?? viewQuote &+ 2
        let content = bytes(viewQuote &+ 1, max(viewQuote &+ 1, end &- 1))
        let viewId = JSONDocument.string(content: content, hasEscapes: content.contains(0x5C))
        return KeyPathText.view(viewId, element: wrapped ? element : nil, of: container) + KeyPathText.member(name)
    }

    /// The known attribute whose name is the key at `i` (a quote), moving past the key; nil, not moving, for
    /// any other key. Recognizes the name from its first bytes and checks it eight bytes at a time, instead
    /// of finding the string's end first.
    @_transparent  // inlined, so that the position stays in a register (`@inline(__always)` was not honoured)
    private mutating func knownAttributeKey() -> ConstraintAttribute? {
        let start = i &+ 1
        guard i < n, p[i] == 0x22, start &+ 16 <= n else { return nil }
        let candidate: ConstraintAttribute
        switch p[start] {
        case 0x77: candidate = .width  // w
        case 0x68: candidate = .height  // h
        case 0x66: candidate = .fontSize  // f
        case 0x69: candidate = .imageName  // i
        case 0x6D:  // m: marginTop, marginLeft, marginRight, marginBottom
            switch p[start &+ 6] {
            case 0x54: candidate = .marginTop
            case 0x4C: candidate = .marginLeft
            case 0x52: candidate = .marginRight
            case 0x42: candidate = .marginBottom
            default: return nil
            }
        case 0x72: candidate = p[start &+ 15] == 0x4F ? .remarkParameterOne : .remarkParameterTwo  // r
        default: return nil
        }
        let length = candidate.nameLength
        guard start &+ length < n, p[start &+ length] == 0x22,
            ConstraintAttribute.matching(rest(from: start), count: length, words: nameWords) == candidate
        else { return nil }
        i = start &+ length &+ 1
        return candidate
    }

    /// A string, `true` or `false`.
    private mutating func extensionValue() -> ConstraintValue? {
        switch p[i] {
        case 0x22: return string().map { .string($0.string) }
        case 0x74:  // true
            guard i &+ 4 <= n, p[i &+ 1] == 0x72, p[i &+ 2] == 0x75, p[i &+ 3] == 0x65 else { return nil }
            i &+= 4
            return .bool(true)
        case 0x66:  // false
            guard i &+ 5 <= n, p[i &+ 1] == 0x61, p[i &+ 2] == 0x6C, p[i &+ 3] == 0x73, p[i &+ 4] == 0x65 else {
                return nil
            }
            i &+= 5
            return .bool(false)
        default: return nil
        }
    }

    /// A finite number. The usual kind (at most 19 digits, no exponent) is checked and converted in one
    /// pass, exactly: a mantissa up to 2^53 divided by an exact power of ten up to 10^22 is one correctly
    /// rounded operation, so it equals the general parser's correctly rounded result. Any other number is
    /// checked with the scanner's grammar and converted by the general parser's function.
    @_transparent  // inlined, as `knownAttributeKey()` is
    private mutating func number() -> Double? {
        let start = i
        var j = i
        let negative = j < n && p[j] == 0x2D
        if negative { j &+= 1 }
        guard j < n, p[j] &- 0x30 < 10 else { return nil }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        if p[j] == 0x30 {
            j &+= 1
            if j < n, p[j] &- 0x30 < 10 { return nil }  // a leading zero
        } else {
            let first = j
            repeat {
                mantissa = mantissa &* 10 &+ UInt64(p[j] &- 0x30)
                j &+= 1
            } while j < n && p[j] &- 0x30 < 10
            digits = j &- first
        }
        if j < n, p[j] == 0x2E {
            j &+= 1
            guard j < n, p[j] &- 0x30 < 10 else { return nil }
            while j < n, p[j] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(p[j] &- 0x30)
                digits &+= 1
                exponent &-= 1
                j &+= 1
            }
        } else if digits <= 15 && !(j < n && p[j] | 0x20 == 0x65) {
            // The usual number, an integer of at most 15 digits (exact as a Double), needs nothing more.
            i = j
            let value = Double(Int64(truncatingIfNeeded: mantissa))
            return negative ? -value : value
        }
        let simple = digits <= 19 && !(j < n && p[j] | 0x20 == 0x65)
        if simple && mantissa <= 1 << 53 && exponent >= -22 {
            i = j
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] }
            return negative ? -value : value
        }
        guard let end = try? JSONDocument.scanNumber(p, start).end else { return nil }
        i = end
        let value = JSONDocument.parseNumber(bytes(start, end))
        return value.isFinite ? value : nil
    }

    /// A string's decoded UTF-8: its bytes in the file, or in ``scratch`` when it has escapes (valid until the next
    /// string with escapes is read).
    private struct Text {
        let bytes: UnsafeBufferPointer<UInt8>
        let isASCII: Bool
        /// Whether `bytes` are in the file (not decoded).
        let inFile: Bool

        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The string at `i`, moving past it; nil when there is none, or it is not valid.
    private mutating func string() -> Text? {
        guard i < n, p[i] == 0x22 else { return nil }
        let start = i &+ 1
        var j = JSONDocument.skipPlainBytes(p, from: start)
        while j < n {
            let c = p[j]
            if c == 0x22 {
                i = j &+ 1
                return Text(
                    bytes: bytes(start, j), isASCII: true, inFile: true)
            }
            guard c >= 0x20, c < 0x7F, c != 0x5C else { return unusualString() }
            j &+= 1
        }
        return nil
    }

    /// The string at `i` when it holds more than printable ASCII: checked by the scanner's function (so it is
    /// valid exactly when the general reader finds it valid), decoded into ``scratch`` when it has escapes.
    @inline(never)
    private mutating func unusualString() -> Text? {
        guard let (end, escaped) = try? JSONDocument.scanString(p, i) else { return nil }
        let content = bytes(i &+ 1, end &- 1)
        i = end
        guard escaped else { return Text(bytes: content, isASCII: UTF8Hash.isASCII(content), inFile: true) }
        if scratch == nil { scratch = .allocate(capacity: n) }
        guard let scratch else { return nil }
        let count = JSONDocument.unescape(content, into: UnsafeMutableBufferPointer(start: scratch, count: n))
        let decoded = UnsafeBufferPointer(start: UnsafePointer(scratch), count: count)
        return Text(bytes: decoded, isASCII: UTF8Hash.isASCII(decoded), inFile: false)
    }

    private func matches(_ text: Text, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 { UTF8Hash.equal($0, text.bytes) }
    }

    /// The file's bytes from `start` to its end. (Not a slice of `p`: making its range costs a check per call in
    /// release builds, on the hottest path; the assertion is the same check in debug builds.)
    @inline(__always)
    private func rest(from start: Int) -> UnsafeBufferPointer<UInt8> {
        assert(start >= 0 && start <= n)
        return UnsafeBufferPointer(start: base + start, count: n &- start)
    }

    /// The file's bytes from `start` up to `end`, excluded: ``rest(from:)``'s reasons.
    @inline(__always)
    private func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        assert(start >= 0 && start <= end && end <= n)
        return UnsafeBufferPointer(start: base + start, count: end &- start)
    }

    /// Moves past `separator` (a colon after a key, a comma after a value) and the whitespace on each side of it;
    /// false, having moved past the whitespace before it only, when the first byte after that whitespace is not
    /// `separator`. The usual spelling, the separator then at most one space, is taken without a loop.
    @inline(__always)
    private mutating func takeSeparator(_ separator: UInt8) -> Bool {
        if i &+ 2 < n && p[i] == separator {
            let next = p[i &+ 1]
            if next > 0x20 {
                i &+= 1
                return true
            }
            if next == 0x20 && p[i &+ 2] > 0x20 {
                i &+= 2
                return true
            }
        }
        skipWhitespace()
        guard take(separator) else { return false }
        skipWhitespace()
        return true
    }

    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < n, p[i] == byte else { return false }
        i &+= 1
        return true
    }

    /// Moves past whitespace. Most calls find none, or one space: a byte above the space ends it at one comparison.
    @inline(__always)
    private mutating func skipWhitespace() {
        while i < n {
            let c = p[i]
            if c > 0x20 { return }
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            i &+= 1
        }
    }

}
