package import struct Foundation.Data

extension ConstraintFileParser {
    /// The first key of the object at the root of a JSON file, read from its first bytes, past a
    /// `"designWidth": n,` that comes before the container's key; nil when the file does not start with an object
    /// and a plain key (no escapes), or starts with `"designWidth"` followed by anything else.
    package static func topLevelKey(of data: Data) -> String? {
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> String? in
            var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            func skipSpace() {
                while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            }
            /// The plain key at `i`, moving past it.
            func key() -> UnsafeRawBufferPointer.SubSequence? {
                guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
                let start = i + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") || bytes[end] < 0x20 { return nil }
                    end += 1
                }
                guard end < bytes.count else { return nil }
                i = end + 1
                return bytes[start..<end]
            }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            i += 1
            skipSpace()
            guard var first = key() else { return nil }
            if first.elementsEqual(ConstraintFileParser.designWidthKey.utf8) {
                // `: 375,` then the container's key.
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return nil }
                i += 1
                skipSpace()
                let number = i
                while i < bytes.count, numberBytes.contains(bytes[i]) { i += 1 }
                guard i > number else { return nil }
                skipSpace()
                guard i < bytes.count, bytes[i] == UInt8(ascii: ",") else { return nil }
                i += 1
                skipSpace()
                guard let next = key() else { return nil }
                first = next
            }
            // Not the standard library's validating String initializer: it needs iOS 18 / macOS 15, above the floors.
            let invalid = transcode(
                first.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
            return invalid ? nil : String(decoding: first, as: UTF8.self)
        }
    }

    /// The bytes a JSON number is written with.
    private static let numberBytes = Set("0123456789+-.eE".utf8)
}
