import Foundation
import Testing

@testable import DeviceConstraints

/// The one byte-keyed table behind every lookup must behave like a `[String: Int]` of entry numbers, whatever
/// the seed, the growth, the removals and the collisions.
struct ByteKeyTableTests {
    /// A fixed seed, so that every run probes the same slots.
    private static let seed: UInt64 = 0x5EED_0000_0000_0009

    private func append(_ string: String, to table: ByteKeyTable) -> Int {
        var string = string
        return string.withUTF8 { table.append($0, hash: table.hash($0)) }
    }

    private func keys(of table: ByteKeyTable) -> [String] {
        (0..<table.count).map(table.string(at:))
    }

    @Test func findsEveryKeyAfterGrowingFromNothing() {
        let table = ByteKeyTable(seed: Self.seed)
        let strings = (0..<3000).map { "key\($0)" + String(repeating: "x", count: $0 % 29) }
        for (position, string) in strings.enumerated() { #expect(append(string, to: table) == position) }
        table._checkInvariants()
        #expect(table.count == 3000)
        for (position, string) in strings.enumerated() { #expect(table.index(of: string) == position) }
        #expect(table.index(of: "key3000") == nil && table.index(of: "") == nil)
        #expect(keys(of: table) == strings)
    }

    @Test func theSeedDecidesTheHashesAndTheEnvironmentCanFixIt() {
        var key = "bmt_reportCalendarDayButtonId_Selected"
        let hashes = key.withUTF8 { bytes in
            [1, 2, 2].map { UTF8Hash.hash(bytes, seed: $0) }
        }
        #expect(hashes[0] != hashes[1] && hashes[1] == hashes[2])
        #expect(
            (
                UTF8Hash.seed(environment: ["SWIFT_DETERMINISTIC_HASHING": "1"]),
                UTF8Hash.seed(environment: ["SWIFT_DETERMINISTIC_HASHING": ""])
            ) == (UTF8Hash.deterministicSeed, UTF8Hash.deterministicSeed))
        // Without the variable, two processes' seeds differ (two draws here; equal with odds of 2^-63).
        #expect(UTF8Hash.seed(environment: [:]) != UTF8Hash.seed(environment: [:]))
    }

    /// The hash as it was first written, a byte at a time after the eight-byte words: the hash must not change (a
    /// compiled table's bytes depend on where its keys land), however its tail is read.
    private static func referenceHash(_ key: [UInt8], seed: UInt64) -> UInt64 {
        var h = seed ^ (UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15)
        var i = 0
        while i + 8 <= key.count {
            let word = (0..<8).reduce(UInt64(0)) { $0 | UInt64(key[i + $1]) << UInt64(8 * $1) }
            h = (h ^ word) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h >> 32
            i += 8
        }
        if i < key.count {
            let tail = (i..<key.count).reduce(UInt64(0)) { $0 | UInt64(key[$1]) << UInt64(8 * ($1 - i)) }
            h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        h ^= h >> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h >> 33
        return h
    }

    @Test func hashEqualityAndTheASCIITestReadEveryByteOfAKeyOfAnyLength() {
        var random = SystemRandomNumberGenerator()
        for length in 0...40 {
            let key = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
            key.withUnsafeBufferPointer { bytes in
                #expect(
                    UTF8Hash.hash(bytes, seed: Self.seed) == Self.referenceHash(key, seed: Self.seed),
                    "length \(length)")
                #expect(UTF8Hash.isASCII(bytes))
                let copy = Array(key)
                copy.withUnsafeBufferPointer { #expect(UTF8Hash.equal(bytes, $0)) }
            }
            // Each byte in turn changed, or made non-ASCII: every position counts, the last ones too.
            for position in 0..<length {
                var changed = key
                changed[position] ^= 0x01
                var outside = key
                outside[position] = 0xC3
                key.withUnsafeBufferPointer { bytes in
                    changed.withUnsafeBufferPointer { other in
                        #expect(!UTF8Hash.equal(bytes, other), "length \(length), byte \(position)")
                        #expect(UTF8Hash.hash(other, seed: Self.seed) == Self.referenceHash(changed, seed: Self.seed))
                    }
                }
                outside.withUnsafeBufferPointer { #expect(!UTF8Hash.isASCII($0), "length \(length), byte \(position)") }
            }
        }
    }

    @Test func keysThatShareASlotAreAllFoundThroughTheProbeChain() throws {
        // With the fixed seed, find keys whose hashes start in the same slot of a 16-slot table, including the
        // last slot, so that the chain wraps around to slot 0.
        let table = ByteKeyTable(capacity: 8, seed: Self.seed)
        func slot(_ string: String) -> Int {
            var string = string
            return string.withUTF8 { Int(truncatingIfNeeded: UTF8Hash.hash($0, seed: Self.seed)) & 15 }
        }
        let colliding = (0..<10_000).lazy.map { "view\($0)" }.filter { slot($0) == 15 }.prefix(6)
        #expect(colliding.count == 6)
        for string in colliding { _ = append(string, to: table) }
        table._checkInvariants()
        for (position, string) in colliding.enumerated() { #expect(table.index(of: string) == position) }
        // A missing key in the same slot walks the whole chain and stops at the first empty slot.
        let missing = try #require((10_000..<20_000).lazy.map { "view\($0)" }.first { slot($0) == 15 })
        #expect(table.index(of: missing) == nil)
    }

    @Test func removingAKeyMovesTheLastIntoItsPlaceAndKeepsTheRest() {
        let table = ByteKeyTable(seed: Self.seed)
        for string in ["a", "b", "c", "d", "e"] { _ = append(string, to: table) }
        table.remove(at: 1)
        #expect(keys(of: table) == ["a", "e", "c", "d"])
        #expect(table.index(of: "b") == nil && table.index(of: "e") == 1 && table.index(of: "d") == 3)
        table.remove(at: 3)
        #expect(keys(of: table) == ["a", "e", "c"])
        table.removeAll()
        #expect(table.count == 0 && table.index(of: "a") == nil)
        #expect(append("z", to: table) == 0 && table.index(of: "z") == 0)
    }

    @Test func aCopyHasTheSameNumbersAndChangesAlone() {
        let table = ByteKeyTable(seed: Self.seed)
        for position in 0..<100 { _ = append("v\(position)", to: table) }
        let copy = table.copy(reservingEntries: 500, bytes: 4000)
        copy._checkInvariants()
        #expect(keys(of: copy) == keys(of: table))
        for position in 100..<600 { _ = append("v\(position)", to: copy) }
        #expect(copy.count == 600 && table.count == 100 && table.index(of: "v100") == nil)
        #expect(copy.index(of: "v599") == 599)
        // A table with much unused room compacts to a copy; one without keeps itself.
        let roomy = ByteKeyTable(capacity: 1000, byteCapacity: 10_000, seed: Self.seed)
        _ = append("only", to: roomy)
        #expect(roomy.compacted() !== roomy && roomy.compacted().index(of: "only") == 0)
        #expect(copy.compacted() === copy || copy.compacted().count == 600)
    }

    @Test func aKeyIsFoundByAnyStringEqualToIt() {
        let table = ByteKeyTable(seed: Self.seed)
        _ = append("caf\u{E9}", to: table)
        _ = append("K", to: table)
        #expect((table.hasNonASCIIKeys, table.index(of: "cafe\u{301}")) == (true, 0))
        // The table's keys are ASCII here, the query is not: still equal.
        #expect((table.index(of: "\u{212A}"), table.index(of: "cafe")) == (1, nil))
        let ascii = ByteKeyTable(seed: Self.seed)
        _ = append("K", to: ascii)
        #expect(!ascii.hasNonASCIIKeys && ascii.index(of: "\u{212A}") == 0)
    }

    /// A table of ASCII keys finds a query outside ASCII exactly when the query is canonically equivalent to a key:
    /// the three characters whose canonical form is ASCII (the Kelvin sign, the Greek question mark, the Greek
    /// varia) and such a character inside a longer key; a query that only looks alike, or composes to something
    /// outside ASCII, is a miss.
    @Test func aTableOfASCIIKeysFindsAQueryOutsideASCIIByItsCanonicalForm() {
        let table = ByteKeyTable(seed: Self.seed)
        for key in ["K", ";", "`", "titleK;", "e", "cafe"] { _ = append(key, to: table) }
        #expect(!table.hasNonASCIIKeys)
        let queries = [
            "\u{212A}", "\u{37E}", "\u{1FEF}", "title\u{212A}\u{37E}", "\u{E9}", "e\u{301}", "caf\u{E9}", "\u{FF2B}",
        ]
        #expect(queries.map { table.index(of: $0) } == [0, 1, 2, 3, nil, nil, nil, nil])
        #expect(
            queries.map { query in keys(of: table).firstIndex { $0 == query } } == [0, 1, 2, 3, nil, nil, nil, nil])
    }

    /// Queries outside ASCII against a table of n ASCII keys, all misses (a file of such view ids merged over a file
    /// of ASCII ids): each compared the query with every key, so n queries took time in n squared.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func queriesOutsideASCIIAgainstATableOfASCIIKeysTakeLinearTime() async throws {
        let found = try await LinearTime.expectLinear(
            from: 4_000, "n queries outside ASCII against n ASCII keys",
            prepare: { count in
                let table = ByteKeyTable()
                for i in 0..<count {
                    var key = "view\(i)"
                    _ = key.withUTF8 { table.append($0, hash: table.hash($0)) }
                }
                return (table, (0..<count).map { "vi\u{E9}w\($0)" } + ["view\u{212A}"])
            },
            { (input: (ByteKeyTable, [String])) in input.1.compactMap { input.0.index(of: $0) }.count })
        #expect(found == 0)
    }

    @Test func tablesWithDifferentSeedsFindEachOthersKeys() {
        let first = ByteKeyTable(seed: 1)
        let second = ByteKeyTable(seed: 2)
        for string in ["one", "two", "three"] { _ = append(string, to: first) }
        for string in ["three", "four"] { _ = append(string, to: second) }
        #expect(
            (first.index(of: 0, in: second), first.index(of: 1, in: second), first.append(1, from: second)) == (
                2, nil, 3
            ))
        first._checkInvariants()
        #expect(first.index(of: "four") == 3)
    }
}
