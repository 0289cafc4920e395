import DeviceConstraints
import Foundation
import Testing

@testable import DeviceConstraintsLint
@testable import DeviceConstraintsTooling

/// `lint` is linear in files, views and problems: each of these inputs took minutes when every location was
/// counted from the first byte and every missing view was compared with every other view.
struct LintScalingTests {
    /// A file of `views` views whose widths are all strings: one type error each, `bytes` long.
    static func typeErrors(views: Int) -> String {
        var text = "{\"C\": [\n"
        for index in 0..<views {
            text += "  {\"view\(index)\": {\"marginLeft\": 1, \"width\": \"wide\", \"height\": 2}}"
            text += index == views - 1 ? "\n" : ",\n"
        }
        return text + "]}\n"
    }

    /// A file of `views` views named `prefix0`, `prefix1`, …
    static func views(_ container: String, prefix: String, count: Int) -> String {
        var text = "{\"\(container)\": [\n"
        for index in 0..<count {
            text += "  {\"\(prefix)\(index)\": {\"marginLeft\": 1, \"width\": 3, \"height\": 2}}"
            text += index == count - 1 ? "\n" : ",\n"
        }
        return text + "]}\n"
    }

    /// The CPU time of the fastest of three runs (see ``LinearTime``: wall time grows with the load, more for a long
    /// run than for a short one, and the fastest run is the least disturbed).
    private func timed(_ body: () -> LintReport) -> (LintReport, Duration) {
        (0..<3).map { _ in once(body) }.min { $0.1 < $1.1 }!  // three runs: never empty
    }

    private func once(_ body: () -> LintReport) -> (LintReport, Duration) {
        let start = LinearTime.threadCPUTime()
        let report = body()
        return (report, .nanoseconds(Int64((LinearTime.threadCPUTime() - start) * 1e9)))
    }

    @Test(.longTier) func aFileOfTwentyThousandTypeErrorsLintsInLinearTime() {
        let small = Self.typeErrors(views: 2_500)
        let large = Self.typeErrors(views: 20_000)  // about 1.3 MiB
        let (smallReport, smallTime) = timed {
            Linter().lint(InMemorySource(["C.json": small]), directory: "Constraints")
        }
        let (report, time) = timed { Linter().lint(InMemorySource(["C.json": large]), directory: "Constraints") }
        #expect(
            [smallReport.errorCount, report.errorCount, report.diagnostics.last?.line] == [2_500, 20_000, 20_001])
        print("type errors: 2,500 in \(smallTime), 20,000 in \(time)")
        // Eight times the input: linear takes about 8 times as long, quadratic 64 times.
        #expect(time < smallTime * 24 + .milliseconds(500))
    }

    @Test(.longTier) func twoFilesOfFourThousandDisjointViewsLintInLinearTime() {
        func lintPair(_ count: Int) -> (LintReport, Duration) {
            let files = [
                "C_iPhone6.json": Self.views("C", prefix: "phone", count: count),
                "C_iPad.json": Self.views("C", prefix: "pad", count: count),
            ]
            return timed { Linter().lint(InMemorySource(files), directory: "Constraints") }
        }
        let (smallReport, smallTime) = lintPair(500)
        let (report, time) = lintPair(4_000)
        #expect((smallReport.errorCount, report.errorCount) == (1_000, 8_000))
        print("disjoint views: 2 × 500 in \(smallTime), 2 × 4,000 in \(time)")
        #expect(time < smallTime * 24 + .milliseconds(500))
    }
}

extension LintScalingTests {
    /// A catalog of n devices and a file for each named one character off (`Card_Dx7.json`): each dead file's name
    /// was compared with every class and model name (files times devices: 8,000 took 35.5 s in a debug build); now
    /// the names of a catalog this large are filed once a lint, and each dead file looks up the few filed near its
    /// own.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func deadFilesOfManyDevicesAreToldTheNearestDeviceInLinearTime() async throws {
        // Both sizes past the names compared one by one.
        let count = DeviceCatalog.Suggestions.indexedPast + 1
        let report = try await LinearTime.expectLinear(
            from: count, "lint of n dead files beside a catalog of n devices",
            prepare: { count in
                let catalog = try DeviceCatalog(json: Data(GeneratedCatalog.flat(devices: count).utf8))
                var files = ["Card.json": #"{"Card": {"v": {"width": 1}}}"#]
                for index in 0..<count { files["Card_Dx\(index).json"] = #"{"Card": {"v": {"width": 2}}}"# }
                return (catalog, InMemorySource(files))
            },
            { catalog, source in Linter(catalog: catalog).lint(source, directory: "Constraints") })
        let dead = report.diagnostics.filter { $0.code == .deadFile }
        let last = 4 * count - 1
        #expect(dead.count == 4 * count)
        #expect(
            dead.first { $0.file == "Constraints/Card_Dx\(last).json" }?.message.contains(#"did you mean "D\#(last)"?"#)
                == true)
    }

    /// `lint --catalog` with a catalog whose every chain reaches the widest class: one warning a device, the catalog
    /// read once, and which devices read a file folded over the fallbacks. (A warning for every wider class of every
    /// chain, each placed by reading the catalog again, was cubic: 400 devices took 17 s, 1,000 never finished.)
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aCatalogThatIsOneLongChainOfFallbacksLintsInLinearTime() async throws {
        let folder = try ScratchFolder([
            "Constraints/Card.json": #"{"Card": [{"title": {"width": 10}}]}"#,
            // D0 … D10 reach D10's file along their chains; D11 and the devices after it do not.
            "Constraints/Card_D10.json": #"{"Card": [{"title": {"width": 20}}, {"badge": {"width": 5}}]}"#,
        ])
        let root = folder.url
        let output = try await LinearTime.expectLinear(from: 1_000, "lint --catalog, a chain of devices") { count in
            let catalog = root.appendingPathComponent("catalog-\(count).json")
            try Data(GeneratedCatalog.chain(devices: count).utf8).write(to: catalog)
            return catalog.path
        } _: { catalog in
            DeviceConstraintsTool().run(
                .lint(LintOptions(directory: root.appendingPathComponent("Constraints").path, catalog: catalog))
            ).output
        }
        let lines = output.split(separator: "\n").map(String.init)
        #expect((lines.last, lines.count) == ("1 error, 3999 warnings in 2 files", 4_001))
        #expect(
            lines.contains {
                $0.contains(#"warning: device "D0" (300 points) falls back through "D1" to "D3999", which is wider"#)
            })
        #expect(
            lines.contains {
                $0.contains(#"error: view "badge" has no default: 3989 devices (D11, D12, "#)
                    && $0.contains("D20, and 3979 more) read no file")
            })
    }

    @Test func nearNamesFindOneEditAndASwapAndTheFirstOnATie() {
        let near = NearNames(["title", "subtitle", "titles", "badge", "icon"])
        let cases: [(name: String, excluding: String?, closest: String?)] = [
            ("titel", nil, "title"),  // a swap
            ("titl", nil, "title"),  // one missing
            ("title", nil, "titles"),  // itself is never suggested
            ("Title", nil, "title"),  // case does not count
            ("bdge", nil, "badge"),
            ("titlee", "title", "titles"),  // only names the devices have
            ("zzz", nil, nil),
        ]
        for (name, excluding, closest) in cases {
            #expect(near.closest(to: name) { $0 != excluding } == closest, "\(name)")
        }
    }

    @Test func nearNamesCompareAtMostAFewNamesHoweverManyShareAKey() {
        // Every name is one deletion from "ab": without a bound each lookup would compare them all.
        let names = (0..<5_000).map { "a\(Character(Unicode.Scalar(0x4E00 + $0)!))b" }
        let near = NearNames(names)
        var compared = 0
        let found = near.closest(to: "ab") { _ in
            compared += 1
            return true
        }
        #expect((found, compared <= NearNames.maximumCandidates) == (names[0], true), "\(compared) compared")
    }
}

extension LintScalingTests {
    /// One scaled value read by every device of a long chain of classes: which file each device reads it from is
    /// folded over the fallbacks. (Listing every device's chain took 1.1 s for 4,000 devices and 17.6 s for 16,000.)
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aScaledValueReadAlongALongChainOfClassesLintsInLinearTime() async throws {
        let source = InMemorySource(["Card.json": #"{"designWidth": 375, "Card": {"v": {"width": {"scaled": 10}}}}"#])
        let report = try await LinearTime.expectLinear(
            from: 1_000, "lint, a scaled value and a chain of n classes", prepare: { try GeneratedCatalogs.chain($0) },
            { catalog in Linter(catalog: catalog).lint(source, directory: "Constraints") })
        // Each device is a little wider than the one before: the value changes, and nothing is wrong.
        #expect(report.diagnostics.isEmpty, "\(report.text)")
    }

    /// A file of n views, each with a scaled value: each view's scaled values were looked for among all the file's
    /// (views times values); now each view's are found as one run.
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aFileOfManyViewsEachWithAScaledValueLintsInLinearTime() async throws {
        let report = try await LinearTime.expectLinear(
            from: 2_000, "lint, a file of n views each with a scaled value",
            prepare: { count in
                let views = (0..<count).map { #""v\#($0)": {"width": {"scaled": 10}}"# }.joined(separator: ", ")
                return InMemorySource(["Card.json": #"{"Card": {"# + views + "}}"])
            },
            { source in Linter().lint(source, directory: "Constraints") })
        #expect(report.errorCount == 0, "\(report.text)")
    }
}

extension LintScalingTests {
    /// A long chain of classes, each with a file that defines the view, and no base file: whether each device
    /// reaches the view is folded over the fallbacks. (Folding the list of every file on each chain took 0.36 s for
    /// 2,000 devices and 6 s for 8,000.)
    @Test(.longTier, .timeLimit(.minutes(10)))
    func aFileForEveryClassOfALongChainLintsInLinearTime() async throws {
        let report = try await LinearTime.expectLinear(
            from: 500, "lint, a chain of n classes with a file each",
            prepare: { count in
                let files = (0..<count).map { ("Card_D\($0).json", #"{"Card": {"v": {"width": 10}}}"#) }
                return (try GeneratedCatalogs.chain(count), InMemorySource(Dictionary(uniqueKeysWithValues: files)))
            },
            { catalog, source in Linter(catalog: catalog).lint(source, directory: "Constraints") })
        // Every device reaches its own file: no view is missing anywhere.
        #expect(report.diagnostics.isEmpty, "\(report.text)")
    }
}
