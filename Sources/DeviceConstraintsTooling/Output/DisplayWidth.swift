/// How many columns of a terminal a string takes: a character counts 1, or 2 when it is East Asian wide or
/// fullwidth (CJK ideographs, kana, hangul, fullwidth forms, most emoji), so that tables of CJK names line up.
///
/// ```swift
/// DisplayWidth.of("Card")        // 4
/// DisplayWidth.of("カード")       // 6
/// DisplayWidth.truncating("カードの一覧", to: 7)   // "カード…"
/// ```
///
/// A small table of ranges, not Unicode's whole East Asian Width property: characters of ambiguous width (`×`,
/// `→`) count 1, as terminals outside East Asian locales draw them.
package enum DisplayWidth {
    /// The wide and fullwidth ranges of Unicode's East Asian Width property, and the emoji blocks terminals draw
    /// two columns wide.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F,  // Hangul Jamo initial consonants
        0x231A...0x231B, 0x23E9...0x23EC, 0x23F0...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615,
        0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
        0x3041...0x33FF,  // hiragana, katakana, bopomofo, Hangul compatibility Jamo, CJK compatibility
        0x3400...0x4DBF,  // CJK extension A
        0x4E00...0x9FFF,  // CJK unified ideographs
        0xA000...0xA4CF,  // Yi
        0xA960...0xA97F,  // Hangul Jamo extended A
        0xAC00...0xD7A3,  // Hangul syllables
        0xF900...0xFAFF,  // CJK compatibility ideographs
        0xFE10...0xFE19, 0xFE30...0xFE6F,  // vertical forms, CJK compatibility forms, small forms
        0xFF00...0xFF60, 0xFFE0...0xFFE6,  // fullwidth forms
        0x16FE0...0x18AFF, 0x1B000...0x1B2FF,  // Tangut, kana supplement
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,  // emoji
        0x20000...0x3FFFD,  // CJK extensions B and later
    ]

    /// The columns `character` takes: 2 when one of its scalars is wide, else 1.
    package static func of(_ character: Character) -> Int {
        character.unicodeScalars.contains { scalar in wideRanges.contains { $0.contains(scalar.value) } } ? 2 : 1
    }

    /// The columns `text` takes.
    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// `text` when it fits in `width` columns, else as many of its first characters as fit with `…` after them.
    package static func truncating(_ text: String, to width: Int) -> String {
        guard of(text) > width else { return text }
        var kept = ""
        var used = 1  // the ellipsis
        for character in text {
            let columns = of(character)
            guard used + columns <= width else { break }
            kept.append(character)
            used += columns
        }
        return kept + "…"
    }
}
