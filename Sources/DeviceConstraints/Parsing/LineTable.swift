/// The line and column of any byte offset of a text, after one pass over it: a binary search for the line,
/// and at most ``checkpointStride`` bytes counted for the column, however long the line.
///
/// Counting from the start of the file for every diagnostic made a file with many of them quadratic
/// (a 2 MiB file of type errors took 70 s to lint). Lines end at `\n` (so `\r\n` counts once); columns count
/// Unicode scalars (UTF-8 lead bytes), not bytes; a leading byte order mark takes no column.
///
/// ```swift
/// let lines = LineTable(Array("{\n  \"a\": 1}".utf8))
/// lines.location(ofOffset: 4)   // (line: 2, column: 3)
/// ```
package struct LineTable: Sendable {
    /// Bytes between two checkpoints of the scalar count: a column costs at most this many bytes read.
    package static let checkpointStride = 256

    private let bytes: [UInt8]
    /// The offset where each line starts; the first line starts after the byte order mark.
    private let lineStarts: [UInt32]
    /// `scalarsBefore[k]`: how many scalars (bytes that are not UTF-8 continuation bytes) precede offset
    /// `k × checkpointStride`.
    private let scalarsBefore: [UInt32]

    /// Reads `bytes` once. Offsets must fit in 32 bits, as they do in a ``JSONDocument``.
    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let count = min(bytes.count, JSONDocument.maximumByteCount)
        var lineStarts: [UInt32] = [UInt32(Self.firstLineStart(bytes))]
        var scalarsBefore: [UInt32] = []
        scalarsBefore.reserveCapacity(count / Self.checkpointStride + 1)
        var scalars: UInt32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<count {
                if i % Self.checkpointStride == 0 { scalarsBefore.append(scalars) }
                let c = buffer[i]
                if c & 0xC0 != 0x80 { scalars &+= 1 }
                if c == 0x0A { lineStarts.append(UInt32(i + 1)) }
            }
        }
        if count % Self.checkpointStride == 0 { scalarsBefore.append(scalars) }
        self.lineStarts = lineStarts
        self.scalarsBefore = scalarsBefore
    }

    /// The number of lines: one more than the number of line feeds.
    package var lineCount: Int { lineStarts.count }

    /// The 1-based line and column of the byte at `offset` (clamped to the text).
    package func location(ofOffset offset: Int) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), min(bytes.count, JSONDocument.maximumByteCount))
        // The first line holding a start after `end`, minus one: the line `end` is on.
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if Int(lineStarts[middle]) <= end { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return (1, 1) }  // inside the byte order mark
        let lineStart = Int(lineStarts[low - 1])
        return (low, 1 + scalars(before: end) - scalars(before: lineStart))
    }

    /// How many scalars precede `offset`.
    private func scalars(before offset: Int) -> Int {
        let checkpoint = offset / Self.checkpointStride
        var count = Int(scalarsBefore[checkpoint])
        bytes.withUnsafeBufferPointer { buffer in
            for i in checkpoint * Self.checkpointStride..<offset where buffer[i] & 0xC0 != 0x80 { count += 1 }
        }
        return count
    }

    /// 3 after a UTF-8 byte order mark, else 0.
    private static func firstLineStart(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }
}
