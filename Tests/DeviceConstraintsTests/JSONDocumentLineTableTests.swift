import Testing

@testable import DeviceConstraints

struct JSONDocumentLineTableTests {
    @Test func aLineTableAgreesWithCountingFromTheStartAtEveryOffset() {
        let texts = [
            "", "\n", "{}", "\u{FEFF}{\"é\": 1,\n\r\n  \"a\": [\"日本\", 2]}\n",
            String(repeating: "ab\u{1F600}c\n", count: 200),
            String(repeating: "x", count: 1_000) + "\n" + String(repeating: "é", count: 600),
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let table = LineTable(bytes)
            for offset in -1...bytes.count + 1 {
                let expected = JSONDocument.location(ofOffset: offset, in: bytes)
                let found = table.location(ofOffset: offset)
                #expect(found == expected, "offset \(offset) of \(text.prefix(20).debugDescription)")
                if found != expected { break }
            }
        }
    }

    @Test func placesCountedOnFromTheLastOneAgreeWithALineTable() {
        // How the readers place their warnings: each from the last one's place (from the start when it is further
        // on), reading the text once in all.
        let texts = [
            "\u{FEFF}{\"é\": 1,\n\r\n  \"a\": [\"日本\", 2]}\n", String(repeating: "ab\u{1F600}c\n", count: 200),
            String(repeating: "x", count: 1_000) + "\n" + String(repeating: "é", count: 600),
        ]
        var random = SeededRandom(seed: 0x7E47)
        for text in texts {
            let bytes = Array(text.utf8)
            let table = LineTable(bytes)
            var place = TextPosition()
            var offset = 0
            for step in 0..<400 {
                // Mostly forward, sometimes back, sometimes in place, sometimes past the end.
                offset = max(-1, min(bytes.count + 1, offset + random.next(below: 40) - (step % 7 == 0 ? 60 : 3)))
                bytes.withUnsafeBufferPointer { JSONDocument.advance(&place, to: offset, in: $0) }
                let expected = table.location(ofOffset: offset)
                #expect(
                    place.line == expected.line && place.column == expected.column, "offset \(offset), step \(step)")
                if place.line != expected.line || place.column != expected.column { break }
            }
        }
    }

    @Test func aDocumentPlacesOffsetsThroughItsLineTable() throws {
        let document = try JSONDocument(bytes: Array("{\n  \"a\": 1}".utf8))
        #expect(document.location(ofOffset: 4) == (2, 3))
        #expect(document.location(ofOffset: 0) == (1, 1))
        #expect(document.lines.table(of: document.bytes).lineCount == 2)
    }
}
