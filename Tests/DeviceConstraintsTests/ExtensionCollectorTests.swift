import Testing

@testable import DeviceConstraints

/// The extension attributes of a file's records, as both readers collect them.
struct ExtensionCollectorTests {
    /// Collects one record of `(name, value)` pairs; returns the record and which pairs were repeats.
    private func collect(
        _ pairs: [(String, Double)], into collector: inout ExtensionCollector
    ) -> (record: ConstraintRecord, repeated: [Bool]) {
        collector.startRecord()
        var repeated: [Bool] = []
        for (name, value) in pairs {
            var bytes = name
            let claim = bytes.withUTF8 { collector.claim($0) }
            repeated.append(claim.repeated)
            collector.set(claim.name, to: .number(value))
        }
        var record = ConstraintRecord()
        collector.finish(&record, imageName: nil)
        return (record, repeated)
    }

    @Test func aNameGivenTwiceInARecordIsARepeatThatKeepsTheLastValue() {
        var collector = ExtensionCollector()
        let (record, repeated) = collect([("b", 1), ("a", 2), ("b", 3)], into: &collector)
        #expect(repeated == [false, false, true])
        #expect(record.attributeNames == ["a", "b"] && record[attribute: "b"] == .number(3))
        // The next record starts afresh.
        let next = collect([("b", 4)], into: &collector)
        #expect(next.repeated == [false] && next.record[attribute: "b"] == .number(4))
    }

    @Test func recordsThatGiveTheSameNamesInAnotherOrderAreSortedAgain() {
        var collector = ExtensionCollector()
        let orders: [[String]] = [
            ["c", "a", "b"], ["c", "a", "b"], ["b", "c", "a"], ["a", "b"], ["x", "a", "b", "c"],
        ]
        for (index, names) in orders.enumerated() {
            let (record, _) = collect(names.map { ($0, Double(index)) }, into: &collector)
            #expect(record.attributeNames == names.sorted(), "record \(index)")
            #expect(record.extensions == Dictionary(uniqueKeysWithValues: names.map { ($0, .number(Double(index))) }))
        }
    }

    @Test func canonicallyEquivalentNamesAreOneNameSpeltAsTheFileFirstSpeltIt() {
        var collector = ExtensionCollector()
        let (record, repeated) = collect([("caf\u{E9}", 1), ("cafe\u{301}", 2)], into: &collector)
        #expect(
            (repeated, record.attributeNames.map { Array($0.unicodeScalars) }, record[attribute: "cafe\u{301}"]) == (
                [false, true], [Array("caf\u{E9}".unicodeScalars)], .number(2)
            ))
    }

    @Test func namesAreFoundAgainBeforeAndAfterTheCollectorMakesItsTable() {
        // Up to a few names in ASCII are compared one by one; past them, or at a name outside ASCII, a table is made
        // of the names so far. Every name must keep its number across the change.
        for extra in ["n20", "caf\u{E9}"] {
            var collector = ExtensionCollector()
            var numbers: [String: Int] = [:]
            let names = (0..<12).map { "n\($0)" } + [extra]
            for round in 0..<3 {
                collector.startRecord()
                for name in (round == 1 ? names.reversed() : names) {
                    var bytes = name
                    let claim = bytes.withUTF8 { collector.claim($0) }
                    #expect(!claim.repeated, "\(name), round \(round)")
                    #expect(numbers[name, default: claim.name] == claim.name, "\(name), round \(round)")
                    numbers[name] = claim.name
                    collector.set(claim.name, to: .number(Double(round)))
                    let again = bytes.withUTF8 { collector.claim($0) }
                    #expect(again.repeated && again.name == claim.name, "\(name) again, round \(round)")
                }
                var record = ConstraintRecord()
                collector.finish(&record, imageName: nil)
                #expect(record.attributeNames == names.sorted() && record[attribute: extra] == .number(Double(round)))
            }
            #expect(Set(numbers.values).count == names.count)
        }
    }

    @Test func aMisspellingIsSuggestedForEachName() {
        var collector = ExtensionCollector()
        var names: [Int] = []
        collector.startRecord()
        for name in ["witdh", "cornerRadius", "witdh"] {
            var bytes = name
            names.append(bytes.withUTF8 { collector.claim($0).name })
        }
        #expect(names[0] == names[2] && names[0] != names[1])
        #expect(collector.suggestion(for: names[0]) == "width" && collector.suggestion(for: names[1]) == nil)
        #expect(collector.suggestion(for: names[2]) == "width")
    }

    @Test func aNameClaimedButNotSetIsNotARepeat() {
        // The general reader claims a name before it reads the value, and sets nothing when the value is spoilt.
        var collector = ExtensionCollector()
        collector.startRecord()
        var bytes = "spoilt"
        let first = bytes.withUTF8 { collector.claim($0) }
        let second = bytes.withUTF8 { collector.claim($0) }
        #expect(!first.repeated && !second.repeated && first.name == second.name)
        collector.set(second.name, to: .string("kept"))
        #expect(bytes.withUTF8 { collector.claim($0) }.repeated)
        var record = ConstraintRecord()
        collector.finish(&record, imageName: nil)
        #expect(record.extensions == ["spoilt": .string("kept")])
    }

    @Test func repeatsAreFoundWhateverOrderAndRunsOfOrdersRecordsGive() {
        // Records that mostly follow the one before (the collector's guess) and sometimes do not, with repeats and
        // values of each kind, against a dictionary.
        var generator = SeededRandom(seed: 7)
        var collector = ExtensionCollector()
        let pool = (0..<20).map { "name\($0)" }
        var order = Array(pool.prefix(10))
        for round in 0..<300 {
            if Int.random(in: 0..<4, using: &generator) == 0 {
                order = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 0...12, using: &generator)))
            }
            var pairs = order
            for _ in 0..<Int.random(in: 0...3, using: &generator) {
                pairs.insert(
                    pool.randomElement(using: &generator)!, at: Int.random(in: 0...pairs.count, using: &generator))
            }
            collector.startRecord()
            var expected: [String: ConstraintValue] = [:]
            for (index, name) in pairs.enumerated() {
                var bytes = name
                let claim = bytes.withUTF8 { collector.claim($0) }
                #expect(claim.repeated == (expected[name] != nil), "round \(round), \(name)")
                #expect(collector.name(claim.name) == name)
                let value: ConstraintValue =
                    switch index % 3 {
                    case 0: .number(Double(index))
                    case 1: .string("\(round).\(index)")
                    default: .bool(index % 2 == 0)
                    }
                collector.set(claim.name, to: value)
                expected[name] = value
            }
            var record = ConstraintRecord()
            collector.finish(&record, imageName: nil)
            #expect(record.extensions == expected, "round \(round)")
            #expect(record.attributeNames == expected.keys.sorted(), "round \(round)")
        }
    }
}
