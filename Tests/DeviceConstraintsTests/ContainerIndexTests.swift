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
