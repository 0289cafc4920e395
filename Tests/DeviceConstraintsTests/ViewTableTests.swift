import Foundation
import Testing

@testable import DeviceConstraints

/// The byte-keyed table lookups read must behave like a `[String: ConstraintRecord]`.
struct ViewTableTests {
    private func table(_ views: [(String, ConstraintRecord)], files: [String] = ["T.json"]) -> ViewTable {
        var builder = ViewTable.Builder()
        for (viewId, record) in views {
            var viewId = viewId
            _ = viewId.withUTF8 { builder.add($0, record: record) }
        }
        return builder.build(files: files)
    }

    @Test func findsEveryOneOfManyViewsAndNothingElse() {
        let ids = (0..<5000).map { "view_\($0)_\(String(repeating: "x", count: $0 % 37))" }
        let table = table(ids.enumerated().map { ($1, ConstraintRecord(width: Double($0))) })
        #expect(table.count == 5000)
        for (index, id) in ids.enumerated() {
            #expect(table.record(id)?.width == Double(index))
        }
        #expect((table.record("view_5000_"), table.record(""), table.viewIds) == (nil, nil, ids))
    }

    @Test func idsThatDifferOnlyInTheirLastBytesAreTold() {
        // Same length, same first eight bytes: only the tail (and the hash of it) tells them apart.
        let ids = ["abcdefgh1", "abcdefgh2", "abcdefghij", "abcdefghik", "a", "b", "ab", "ba"]
        let table = table(ids.enumerated().map { ($1, ConstraintRecord(height: Double($0))) })
        for (index, id) in ids.enumerated() { #expect(table.record(id)?.height == Double(index)) }
        #expect(table.record("abcdefgh3") == nil)
    }

    @Test func anIdIsFoundByAnyStringEqualToIt() {
        // "é" precomposed and decomposed, and the Kelvin sign, which Unicode makes equal to "K": a Dictionary
        // finds each by the other, so the table must too.
        let table = table([
            ("caf\u{E9}", ConstraintRecord(width: 1)), ("K", ConstraintRecord(width: 2)),
            ("\u{212B}ngstr\u{F6}m", ConstraintRecord(width: 3)),
        ])
        #expect(
            (
                table.record("cafe\u{301}")?.width, table.record("\u{212A}")?.width,
                table.record("\u{C5}ngstro\u{308}m")?.width
            ) == (1, 2, 3))
        #expect(table.record("cafe") == nil)
    }

    @Test func anIdGivenTwiceAsEqualStringsIsOneView() {
        var builder = ViewTable.Builder()
        var first = "caf\u{E9}"
        var second = "cafe\u{301}"
        #expect(first.withUTF8 { builder.add($0, record: ConstraintRecord(width: 1)) } == nil)
        #expect(
            (second.withUTF8 { builder.add($0, record: ConstraintRecord(width: 2)) }, builder.build(files: []).count)
                == (0, 1))
    }

    @Test func mergingKeepsTheSpecificFileFirstAndFillsInFromTheNext() {
        let device = table(
            [("b", ConstraintRecord(width: 1)), ("a", ConstraintRecord(width: 2))], files: ["C_iPhone6.json"])
        let base = table(
            [("z", ConstraintRecord(width: 9)), ("a", ConstraintRecord(width: 7, height: 3, imageName: "x"))],
            files: ["C.json"])
        let merged = ViewTable.merged([device, base])
        #expect(
            (merged.viewIds, merged.record("a"), merged.files) == (
                ["b", "a", "z"], ConstraintRecord(width: 2, height: 3, imageName: "x"), ["C_iPhone6.json", "C.json"]
            ))
    }

    @Test func aMergeWhoseLaterFilesAddNoViewSharesTheFirstFilesIds() {
        let device = table([("a", ConstraintRecord(width: 1)), ("b", ConstraintRecord(width: 2))])
        let base = table([("b", ConstraintRecord(width: 9, height: 4))])
        let merged = ViewTable.merged([device, base])
        #expect(merged.keys === device.keys)
        #expect(merged.record("b") == ConstraintRecord(width: 2, height: 4))
        // The first file's table is not changed by the merge.
        #expect(device.record("b") == ConstraintRecord(width: 2))
    }

    @Test func aViewThatTwoLaterFilesAddIsOneViewFilledInFromBoth() {
        let device = table([("a", ConstraintRecord(width: 1))])
        let fallback = table([("n", ConstraintRecord(width: 5)), ("a", ConstraintRecord(height: 2))])
        let base = table([("n", ConstraintRecord(width: 8, height: 6)), ("m", ConstraintRecord(fontSize: 12))])
        let merged = ViewTable.merged([device, fallback, base])
        #expect(
            (merged.viewIds, merged.count, merged.record("n"), merged.record("a")) == (
                ["a", "n", "m"], 3, ConstraintRecord(width: 5, height: 6), ConstraintRecord(width: 1, height: 2)
            ))
        #expect(merged.record("m")?.fontSize == 12)
        merged.keys._checkInvariants()
    }

    /// Past 16 tables the merge goes in halves: it must give what merging them one over the next gives, the
    /// same views in the same order, each attribute from the first table that sets it, and every file.
    @Test func mergingManyTablesInHalvesGivesWhatMergingThemOneAfterAnotherGives() {
        let tables = (0..<41).map { t in
            table(
                (0..<(t % 5 + 1)).map { v in
                    var record = ConstraintRecord(extensions: [
                        "x\(t)": .number(Double(t)), "shared": .number(Double(t)),
                    ])
                    if (t + v) % 3 == 0 { record.set(.width, number: Double(100 * t + v)) }
                    if t % 7 == 0 { record.set(.height, number: Double(t)) }
                    return (v == 0 ? "view0" : "view\((t + v) % 9 + 1)", record)
                }, files: ["T\(t).json"])
        }
        let expected = tables.dropFirst().reduce(tables[0]) { ViewTable.merged([$0, $1]) }
        let merged = ViewTable.merged(tables)
        #expect(tables.count > ViewTable.mergedInOnePassAtMost)
        #expect(merged.viewIds == expected.viewIds && merged.files == expected.files)
        #expect(merged.viewIds.map { merged.record($0) } == expected.viewIds.map { expected.record($0) })
        #expect(merged.record("view0")?.extensions.count == 42, "x0 … x40 and shared")
        #expect(merged.record("view0")?[attribute: "shared"] == .number(0))
        merged.keys._checkInvariants()
    }

    @Test func equalIdsWithOtherBytesInTwoFilesAreOneView() {
        let device = table([("caf\u{E9}", ConstraintRecord(width: 1))])
        let base = table([("cafe\u{301}", ConstraintRecord(width: 7, height: 3)), ("K", ConstraintRecord(width: 2))])
        let merged = ViewTable.merged([device, base])
        #expect(
            (merged.count, merged.record("cafe\u{301}"), merged.record("\u{212A}")?.width) == (
                2, ConstraintRecord(width: 1, height: 3), 2
            ))
        // A first file of ASCII ids only, a later one with an id equal to one of them in other bytes.
        let ascii = table([("K", ConstraintRecord(width: 1))])
        let kelvin = table([("\u{212A}", ConstraintRecord(width: 4, height: 5))])
        let both = ViewTable.merged([ascii, kelvin])
        #expect(both.count == 1 && both.record("K") == ConstraintRecord(width: 1, height: 5))
    }

    @Test func tablesBuiltWithDifferentSeedsMerge() {
        var first = ViewTable.Builder(seed: 11)
        var second = ViewTable.Builder(seed: 12)
        for (builder, id, width) in [(0, "a", 1.0), (1, "a", 5.0), (1, "b", 6.0)] {
            var id = id
            _ = id.withUTF8 {
                builder == 0
                    ? first.add($0, record: ConstraintRecord(width: width))
                    : second.add($0, record: ConstraintRecord(width: width, height: width))
            }
        }
        let merged = ViewTable.merged([first.build(files: ["C_iPad.json"]), second.build(files: ["C.json"])])
        #expect(
            (merged.record("a"), merged.record("b")) == (
                ConstraintRecord(width: 1, height: 5), ConstraintRecord(width: 6, height: 6)
            ))
    }

    @Test func anEmptyTableFindsNothing() {
        let table = table([])
        #expect(table.count == 0 && table.record("a") == nil && table.viewIds.isEmpty && table.dictionary.isEmpty)
    }
}
