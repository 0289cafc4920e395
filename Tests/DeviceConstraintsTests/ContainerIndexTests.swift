import Foundation
import Testing

@testable import DeviceConstraints

/// The index of loaded containers must behave like a `[String: table]` through inserts and removals.
struct ContainerIndexTests {
    private func tables(_ count: Int) -> [ViewTable] {
        (0..<count).map { _ in ViewTable.Builder().build(files: []) }
    }

    @Test func findsEveryContainerAfterGrowingAndRemoving() {
        var index = ContainerIndex()
        defer { index.deallocate() }
        let names = (0..<300).map { "Container\($0)View" }
        let tables = tables(names.count)
        for (name, table) in zip(names, tables) { index.insert(name, Unmanaged.passUnretained(table)) }
        #expect(index.count == 300)
        for (name, table) in zip(names, tables) {
            #expect(index.table(name)?.takeUnretainedValue() === table)
        }
        // Remove every third; the rest must still be found, the removed not.
        for (position, name) in names.enumerated() where position % 3 == 0 {
            #expect(index.remove(name)?.takeUnretainedValue() === tables[position])
        }
        #expect(index.count == 200)
        for (position, name) in names.enumerated() {
            let found = index.table(name)?.takeUnretainedValue()
            #expect(position % 3 == 0 ? found == nil : found === tables[position])
        }
        #expect(index.remove("Container0View") == nil)
        #expect(
            (Set(index.all.map(\.name)), index.removeAll().count) == (
                Set(names.enumerated().filter { $0.0 % 3 != 0 }.map(\.1)), 200
            ))
        #expect(index.count == 0 && index.table("Container1View") == nil)
    }

    /// A container's merged container: text-dependent (a font size) when `adaptive`, else plain.
    private func merged(_ name: String, adaptive: Bool) throws -> MergedContainer {
        let attribute = adaptive ? #""fontSize": 17"# : #""width": 1"#
        let data = Data(#"{"\#(name)": [{"\#(name)Label": {\#(attribute)}}]}"#.utf8)
        let file = try ConstraintFileParser().parsedFile(
            data, fileName: "\(name).json", container: name, collectingWarnings: false)
        return MergedContainer(files: [(file, nil)])
    }

    /// The merged container beside each entry follows it through removals, where the last entry takes the removed
    /// one's place: a resize re-resolves each adaptive container from its own merged container, never another's.
    @Test func eachContainersMergedContainerStaysWithItThroughRemovalsAndReplacements() throws {
        var index = ContainerIndex()
        defer { index.deallocate() }
        let names = ["A", "B", "C", "D", "E"]
        let merged = try names.map { try self.merged($0, adaptive: $0 != "B") }
        for (name, merged) in zip(names, merged) {
            index.insert(name, Unmanaged.passUnretained(merged.table), merged: merged)
        }
        func adaptive() -> [String: ViewTable] {
            Dictionary(
                uniqueKeysWithValues: index.adaptiveEntries { _ in true }.map {
                    (index.name(at: $0.entry), $0.merged.table)
                })
        }
        func published(_ name: String) -> MergedContainer? {
            (0..<index.entryCount).first { index.name(at: $0) == name }.flatMap { index.merged(at: $0) }
        }
        #expect(
            adaptive().mapValues(\.viewIds) == ["A": ["ALabel"], "C": ["CLabel"], "D": ["DLabel"], "E": ["ELabel"]])
        // The first, then one in the middle: no other entry moves.
        _ = index.remove("A")
        _ = index.remove("D")
        #expect(adaptive().mapValues(\.viewIds) == ["C": ["CLabel"], "E": ["ELabel"]])
        for name in ["B", "C", "E"] { #expect(published(name)?.table.viewIds == ["\(name)Label"]) }
        #expect(published("A") == nil && published("D") == nil && index.merged(at: 3) == nil)
        #expect((index.count, index.entryCount, index.name(at: 4)) == (3, 5, "E"))
        // A replacement takes the new merged container; one that is not adaptive leaves the adaptive ones.
        let plainC = try self.merged("C", adaptive: false)
        _ = index.replace("C", with: Unmanaged.passUnretained(plainC.table), merged: plainC)
        #expect(published("C")?.table === plainC.table)
        #expect(adaptive().keys.sorted() == ["E"])
        _ = index.remove("E")
        #expect(index.adaptiveEntries { _ in true }.isEmpty)
        #expect(index.removeAll().count == 2)
        #expect(index.adaptiveEntries { _ in true }.isEmpty && index.merged(at: 0) == nil)
    }

    /// A removed container's entry is taken again when its name comes back, and once the removed entries
    /// outnumber the loaded ones, the next new name finds the names made again without them: every loaded container
    /// is still found, with its own table and merge, in the order they came.
    @Test func removedEntriesAreTakenAgainByTheirNameOrLeftOutOnceTheyOutnumberTheLoadedOnes() throws {
        var index = ContainerIndex()
        defer { index.deallocate() }
        let merges = try (0..<40).map { try self.merged("C\($0)", adaptive: $0 % 2 == 0) }
        for (number, merged) in merges.enumerated() {
            index.insert("C\(number)", Unmanaged.passUnretained(merged.table), merged: merged)
        }
        _ = index.remove("C3")
        index.insert("C3", Unmanaged.passUnretained(merges[3].table), merged: merges[3])
        #expect((index.count, index.entryCount, index.name(at: 3)) == (40, 40, "C3"))
        for number in 0..<30 { #expect(index.remove("C\(number)")?.takeUnretainedValue() === merges[number].table) }
        #expect((index.count, index.entryCount) == (10, 40) && index.table("C5") == nil)
        let extra = try self.merged("Extra", adaptive: true)
        index.insert("Extra", Unmanaged.passUnretained(extra.table), merged: extra)
        #expect((index.count, index.entryCount) == (11, 11))
        #expect((0..<11).map { index.name(at: $0) } == (30..<40).map { "C\($0)" } + ["Extra"])
        for number in 30..<40 {
            #expect(index.table("C\(number)")?.takeUnretainedValue() === merges[number].table)
            #expect(index.merged(at: number - 30) === merges[number])
        }
        #expect(index.adaptiveEntries { _ in true }.map(\.entry) == [0, 2, 4, 6, 8, 10])
        #expect(index.all.count == 11 && index.table("C0") == nil)
    }

    /// A resize finds each adaptive container by its entry: after a removal has moved the last entry into the
    /// removed one's place, each container still takes the records resolved from its own merge.
    @Test func theInterpreterResizesEachContainerFromItsOwnMergeAfterARemovalMovedIt() throws {
        let source = InMemorySource([
            "A_iPhone6.json": #"{"A": [{"a": {"width": {"scaled": 100}}}]}"#,
            "B_iPhone6.json": #"{"B": [{"b": {"width": {"scaled": 200}}}]}"#,
            "C_iPhone6.json": #"{"C": [{"c": {"width": {"scaled": 300}}}]}"#,
        ])
        let views = [("A", "a"), ("B", "b"), ("C", "c")]
        let narrow = LayoutEnvironment(width: 375, height: 667, idiom: .phone)
        let wide = LayoutEnvironment(width: 380, height: 700, idiom: .phone)
        let interpreter = ConstraintInterpreter(source: source, environment: narrow)
        for (container, view) in views { _ = try interpreter.record(viewId: view, container: container) }
        interpreter.invalidate(container: "A")
        let change = try #require(interpreter.updateNow(to: wide))
        #expect(change.oldDevice == change.newDevice)  // a resize within the class, not a device switch
        let fresh = ConstraintInterpreter(source: source, environment: wide)
        let resized = views.dropFirst().map { interpreter.cachedRecord(viewId: $0.1, container: $0.0)?.width }
        let expected = try views.dropFirst().map { try fresh.record(viewId: $0.1, container: $0.0).width }
        #expect(resized == expected)
        #expect(expected != [200, 300])
        #expect(interpreter.cachedRecord(viewId: "a", container: "A") == nil)
    }

    @Test func aNameIsFoundByAnyStringEqualToIt() {
        var index = ContainerIndex()
        defer { index.deallocate() }
        let table = ViewTable.Builder().build(files: [])
        index.insert("Caf\u{E9}View", Unmanaged.passUnretained(table))
        index.insert("K", Unmanaged.passUnretained(table))
        #expect(index.table("Cafe\u{301}View") != nil)
        #expect(index.table("\u{212A}") != nil)
        #expect(index.table("CafeView") == nil)
        #expect(index.remove("Cafe\u{301}View") != nil && index.count == 1)
    }

    @Test func theInterpreterFindsALoadedContainerByAnEqualName() throws {
        let source = InMemorySource([
            "Caf\u{E9}_iPhone6.json": #"{"Caf\#u{E9}": [{"cafe\#u{301}Label": {"width": 5}}]}"#
        ])
        let interpreter = ConstraintInterpreter(source: source, device: try DeviceCatalog.profile("iPhone6"))
        #expect(
            try (
                interpreter.record(viewId: "caf\u{E9}Label", container: "Caf\u{E9}").width,
                interpreter.cachedRecord(viewId: "cafe\u{301}Label", container: "Cafe\u{301}")?.width
            ) == (5, 5))
    }
}
