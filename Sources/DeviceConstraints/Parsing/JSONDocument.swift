public import struct Foundation.Data

/// A parsed JSON document (RFC 8259), read strictly and fast, that remembers where every value is.
///
/// `JSONDocument` validates the whole input in one pass and records every value as a token on a flat
/// *tape*: no value is allocated and no `String` is made while scanning. Strings and numbers are decoded
/// only when they are asked for, and every token knows the byte offset it starts at, so errors found later
/// (a wrong type, an unknown key) can still point at a line and column.
///
/// The reader is strict:
///
/// - Whitespace is only space, tab, line feed and carriage return.
/// - Strings must be valid UTF-8 (no overlong forms, no encoded surrogates, no bytes above `F4`), control
///   characters below U+0020 must be escaped, escapes are only `\" \\ \/ \b \f \n \r \t \uXXXX`, and a
///   `\u` surrogate escape must come as a high–low pair.
/// - Numbers follow the RFC grammar: no `+`, no leading zeros, digits after `.` and after `e`;
///   `NaN` and `Infinity` are rejected.
/// - Trailing commas, comments, single quotes and anything after the root value are rejected.
/// - Any value may be the root, as RFC 8259 allows. A single UTF-8 byte order mark (`EF BB BF`) at the very
///   start is skipped; it does not count as a column.
///
/// Errors are ``ConstraintError``s with code ``ConstraintError/Code/malformedJSON``, or
/// ``ConstraintError/Code/nestingTooDeep`` when arrays and objects nest deeper than the maximum depth,
/// with the line and column of the offending character.
///
/// ```swift
/// let document = try JSONDocument(bytes: Array(#"{"width": 60}"#.utf8))
/// ```
public struct JSONDocument: Sendable {
    /// The default maximum nesting depth of arrays and objects: 512.
    ///
    /// A document whose arrays and objects nest deeper is rejected with
    /// ``ConstraintError/Code/nestingTooDeep``. The scanner does not recurse, so any depth is safe for the
    /// stack; the limit only bounds the memory and time spent on a hostile document.
    public static let defaultMaximumDepth: Int = 512

    /// The largest document that can be read: offsets are stored in 32 bits, so 4 GiB − 1 bytes.
    static let maximumByteCount = Int(UInt32.max)

    /// The source bytes, exactly as given.
    let bytes: [UInt8]
    /// One token per value, in document order; a container's descendants follow it.
    let tape: Tape
    /// Lines and columns, built on the first location asked for: a valid file never pays for it.
    let lines = LazyLineTable()

    /// Parses `bytes` as one JSON value.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text, optionally starting with one byte order mark.
    ///   - maximumDepth: How deep arrays and objects may nest; a document `[[1]]` has depth 2, a scalar
    ///     root has depth 0.
    /// - Throws: ``ConstraintError`` with code ``ConstraintError/Code/malformedJSON`` and the line and
    ///   column of the offending character, ``ConstraintError/Code/nestingTooDeep`` when the nesting
    ///   exceeds `maximumDepth`, or ``ConstraintError/Code/fileTooLarge`` for input of 4 GiB or more.
    public init(bytes: [UInt8], maximumDepth: Int = JSONDocument.defaultMaximumDepth) throws(ConstraintError) {
        guard bytes.count <= Self.maximumByteCount else {
            throw ConstraintError(
                code: .fileTooLarge,
                message: "JSON documents of \(bytes.count) bytes are not supported; the limit is "
                    + "\(Self.maximumByteCount) bytes (4 GiB - 1)")
        }
        do throws(ScanError) {
            tape = try bytes.withUnsafeBufferPointer { (buffer) throws(ScanError) in
                try Self.scan(buffer, maximumDepth: maximumDepth)
            }
        } catch {
            throw Self.constraintError(for: error, in: bytes, maximumDepth: maximumDepth)
        }
        self.bytes = bytes
    }

    /// Parses the bytes of `data` as one JSON value; see ``init(bytes:maximumDepth:)``.
    public init(data: Data, maximumDepth: Int = JSONDocument.defaultMaximumDepth) throws(ConstraintError) {
        try self.init(bytes: [UInt8](data), maximumDepth: maximumDepth)
    }

    /// The number of values in the document: every array, object, key, and scalar counts as one.
    public var count: Int { tape.count }
}

// MARK: - Tape

extension JSONDocument {
    /// The tokens of a document, in document order.
    typealias Tape = ContiguousArray<Token>

    /// One value on the tape: 16 bytes.
    struct Token {
        /// Byte offset of the value's first byte: the quote of a string, the `{` of an object.
        var start: UInt32
        /// Scalars: the length of the source text, quotes included. Arrays and objects: the number of
        /// elements or members.
        var length: UInt32
        /// The index of the first token after this value and all its descendants.
        var next: UInt32
        var kind: Kind
        var flags: UInt8

        /// A string that contains at least one backslash escape.
        static let hasEscapes: UInt8 = 1
        /// A number without fraction or exponent.
        static let isInteger: UInt8 = 2
    }
}

// MARK: - Locations

/// A ``LineTable`` built once, on first use, by whichever thread asks first.
final class LazyLineTable: Sendable {
    private let table = ConditionLocked<LineTable?>(nil)

    /// The table of `bytes`, which must be the same bytes on every call.
    func table(of bytes: [UInt8]) -> LineTable {
        table.withLock { table in
            if let table { return table }
            let built = LineTable(bytes)
            table = built
            return built
        }
    }
}
