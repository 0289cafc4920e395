/// Reads a *plain* constraint file in one pass over its bytes, without a tape: the fast path of a load.
///
/// Almost every file a load reads is plain: ASCII keys and strings without escapes, the expected shape,
/// values of the right types, no attribute or view id given twice. For such a file this reader gives exactly
/// the records ``ConstraintFileParser`` gives, with about a quarter fewer instructions (callgrind), because it
/// checks the JSON grammar and builds records in the same pass. It accepts only a subset of JSON and gives up
/// (returns nil) at the first thing outside it: any byte outside printable ASCII in a string, an escape, a
/// byte order mark, an unexpected shape or type (a scaled value or a column rule is an object, so it too goes to
/// the general reader), a number too large, a repeated key, an extension attribute while someone listens for
/// warnings. The caller then reads the file again with the general parser, which
/// either accepts it or reports the error with its line, column and key path. Giving up is always safe;
/// accepting is only allowed for input the general parser accepts with the same result, which the tests check.
struct PlainFileReader {
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private var i = 0
    /// Whether extension attributes may be read (no one listens for typo warnings).
    private let readsExtensions: Bool
    /// The extension attributes of the record being read: one array for the whole file, emptied per record.
    private var extensions: [ConstraintRecord.Extension] = []
    /// Tables read once per file rather than once per name or number.
    private let nameWords = ConstraintAttribute.nameWords
    private let powersOfTen = JSONDocument.powersOfTen

    private init(_ p: UnsafePointer<UInt8>, _ n: Int, readsExtensions: Bool) {
        self.p = p
        self.n = n
        self.readsExtensions = readsExtensions
    }

    /// Reads the plain file `bytes`, whose top-level key must be one of `containers`, into a table of its own.
    ///
    /// - Returns: the container, the byte offset of each view id's key (its opening quote) in file order when
    ///   `offsets` is true (else no offsets), and the file's views; nil when the file is not plain (or not
    ///   valid), in which case the general parser must read the file.
    static func read(
        _ bytes: UnsafeRawBufferPointer, containers: [String], readsExtensions: Bool, offsets: Bool
    ) -> (container: String, viewOffsets: [Int], views: ViewTable.Builder)? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        var reader = PlainFileReader(
            base.assumingMemoryBound(to: UInt8.self), bytes.count, readsExtensions: readsExtensions)
        var views = ViewTable.Builder()
        // A view takes 64 bytes of a file or more, and its id half of them or less, in most files: room for
        // that many saves growing on the way (a file of smaller views grows once or twice).
        views.reserveCapacity(bytes.count / 64, keyBytes: bytes.count / 2)
        var viewOffsets: [Int]? = offsets ? [] : nil
        guard let container = reader.file(containers: containers, into: &views, offsets: &viewOffsets) else {
            return nil
        }
        return (container, viewOffsets ?? [], views)
    }

    private mutating func file(
        containers: [String], into views: inout ViewTable.Builder, offsets: inout [Int]?
    ) -> String? {
        skipWhitespace()
        guard take(0x7B) else { return nil }  // {
        skipWhitespace()
        guard let name = string(), let container = containers.first(where: { matches(name, $0) }) else {
            return nil
        }
        skipWhitespace()
        guard take(0x3A) else { return nil }  // :
        skipWhitespace()
        // `[` holds one-key objects, one per view; `{` holds the view ids as its own keys.
        guard i < n, p[i] == 0x5B || p[i] == 0x7B else { return nil }
        let wrapped = p[i] == 0x5B
        let close: UInt8 = wrapped ? 0x5D : 0x7D
        i &+= 1
        skipWhitespace()
        if !take(close) {
            while true {
                if wrapped {
                    guard take(0x7B) else { return nil }
                    skipWhitespace()
                }
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
        guard take(0x7D) else { return nil }
        skipWhitespace()
        return i == n ? container : nil
    }

    /// `"viewId": {record}`, added to `views`; false when not plain, or when the file gives the id twice.
    private mutating func view(into views: inout ViewTable.Builder, offsets: inout [Int]?) -> Bool {
        let quote = i
        guard let key = string() else { return false }
        skipWhitespace()
        guard take(0x3A) else { return false }
        skipWhitespace()
        // The id is printable ASCII (`string()` checked it): equal strings have equal bytes, so `.again` is
        // exactly a repeated id.
        let id = UnsafeBufferPointer(start: p + key.lowerBound, count: key.count)
        switch views.claim(id, isASCII: true) {
        case .new(let hash):
            // Read the record straight into its place in the builder: no copy of it.
            views.add(id, hash: hash, record: ConstraintRecord(), isASCII: true)
            guard record(into: &views.records[views.records.count - 1]) else { return false }
        case .again:
            return false
        }
        offsets?.append(quote)
        return true
    }

    /// `{"attribute": value, ...}`.
    /// Reads a record into `record`, which is empty; false when the record is not plain.
    private mutating func record(into record: inout ConstraintRecord) -> Bool {
        guard take(0x7B) else { return false }
        skipWhitespace()
        if take(0x7D) { return true }
        // The strings are set once, at the end: one allocation for them, not one per attribute.
        var imageName: String?
        if !extensions.isEmpty { extensions.removeAll(keepingCapacity: true) }
        while true {
            var key: Range<Int> = 0..<0
            let known: ConstraintAttribute?
            if let attribute = knownAttributeKey() {
                known = attribute
            } else {
                guard let name = string() else { return false }
                key = name
                known =
                    key.lowerBound &+ 16 <= n
                    ? ConstraintAttribute.matching(p + key.lowerBound, count: key.count, words: nameWords)
                    : ConstraintAttribute(utf8: UnsafeBufferPointer(start: p + key.lowerBound, count: key.count))
            }
            skipWhitespace()
            guard take(0x3A) else { return false }
            skipWhitespace()
            guard i < n else { return false }
            if let known {
                if known.expectsString {
                    guard imageName == nil, let value = string() else { return false }
                    imageName = text(value)
                } else {
                    guard !record.contains(known), let number = number() else { return false }
                    record.set(known, number: number)
                }
            } else {
                // `columns` is a column rule, which only the general reader reads (or reports).
                guard readsExtensions, !isColumnsKey(key), let value = extensionValue() else { return false }
                let name = String(
                    decoding: UnsafeBufferPointer(start: p + key.lowerBound, count: key.count), as: UTF8.self)
                extensions.append((name, value))
            }
            skipWhitespace()
            if take(0x2C) {
                skipWhitespace()
                continue
            }
            guard take(0x7D) else { return false }
            if imageName != nil || !extensions.isEmpty {
                guard record.setExtras(imageName: imageName, extensions: &extensions) else { return false }
            }
            return true
        }
    }

    /// Whether the key at `key` is `columns`.
    private func isColumnsKey(_ key: Range<Int>) -> Bool {
        guard key.count == 7 else { return false }
        let base = p + key.lowerBound
        return base[0] == 0x63 && base[1] == 0x6F && base[2] == 0x6C && base[3] == 0x75 && base[4] == 0x6D
            && base[5] == 0x6E && base[6] == 0x73  // columns
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
            ConstraintAttribute.matching(p + start, count: length, words: nameWords) == candidate
        else { return nil }
        i = start &+ length &+ 1
        return candidate
    }

    /// A number, a string, `true` or `false`.
    private mutating func extensionValue() -> ConstraintValue? {
        switch p[i] {
        case 0x22: return string().map { .string(text($0)) }
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
        default: return number().map { .number($0) }
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
            while j < n, p[j] &- 0x30 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(p[j] &- 0x30)
                digits &+= 1
                j &+= 1
            }
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
        }
        let simple = digits <= 19 && !(j < n && p[j] | 0x20 == 0x65)
        if simple && mantissa <= 1 << 53 && exponent >= -22 {
            i = j
            var value = Double(mantissa)
            if exponent < 0 { value /= powersOfTen[-exponent] }
            return negative ? -value : value
        }
        guard let end = try? JSONDocument.scanNumber(p, n, start).end else { return nil }
        i = end
        let value = JSONDocument.parseNumber(UnsafeBufferPointer(start: p + start, count: end &- start))
        return value.isFinite ? value : nil
    }

    /// The content range of a string of printable ASCII without escapes; nil for any other string.
    private mutating func string() -> Range<Int>? {
        guard i < n, p[i] == 0x22 else { return nil }
        let start = i &+ 1
        var j = JSONDocument.skipPlainBytes(p, n, from: start)
        while j < n {
            let c = p[j]
            if c == 0x22 {
                i = j &+ 1
                return start..<j
            }
            guard c >= 0x20, c < 0x7F, c != 0x5C else { return nil }
            j &+= 1
        }
        return nil
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: p + range.lowerBound, count: range.count), as: UTF8.self)
    }

    private func matches(_ range: Range<Int>, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 {
            UTF8Hash.equal($0, UnsafeBufferPointer(start: p + range.lowerBound, count: range.count))
        }
    }

    @inline(__always)
    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < n, p[i] == byte else { return false }
        i &+= 1
        return true
    }

    @inline(__always)
    private mutating func skipWhitespace() {
        while i < n {
            let c = p[i]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { return }
            i &+= 1
        }
    }

}
