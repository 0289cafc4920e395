import Benchmark
import BenchmarkSupport
import DeviceConstraints
import Foundation

// 5. Parser throughput on a 20 KB and a 1 MB constraint file: our JSON reader (`JSONDocument`), our whole file
// parser (`ConstraintFileParser`: the reader plus records, checks and located errors), Foundation's
// `JSONSerialization`, and `JSONDecoder` into Codable structs that mirror the format. One parse per iteration;
// MB/s is the file size divided by the time per parse.

/// The constraint file format as Codable structs: `{"Container": [{"viewId": {attributes}}]}`.
private typealias DecodedFile = [String: [[String: DecodedRecord]]]

private struct DecodedRecord: Decodable {
    var marginLeft: Double?
    var marginRight: Double?
    var marginTop: Double?
    var marginBottom: Double?
    var width: Double?
    var height: Double?
    var fontSize: Double?
    var imageName: String?
    var remarkParameterOne: Double?
    var remarkParameterTwo: Double?
}

/// About 8 MiB of the worst shape the adversarial review found (issue 9): records with hundreds of extension
/// attributes, a misspelt attribute and a key given twice in every record, and one `\u` escape (which sent the whole
/// file to the general reader until the one-pass reader learnt escapes); parsed with a diagnostics handler installed.
/// With `general`, the first record also has an attribute whose name is outside ASCII, which only the general reader
/// reads. Against it, in the same run: a plain file of about the same size (the one-pass reader's best case).
/// With `clean`, the same records without the escape, the misspelt and the repeated key (parsed without a handler):
/// what reading that many extension attributes costs by itself.
private func worstShape(bytes: Int, general: Bool = false, clean: Bool = false) -> String {
    var text =
        general
        ? #"{"Worst": {"\u0076iew0": {"width": 1, "gr\u00f6\u00dfe": 1}"#
        : clean ? #"{"Worst": {"view0": {"width": 1}"# : #"{"Worst": {"\u0076iew0": {"width": 1}"#
    var view = 1
    while text.utf8.count < bytes {
        var record = clean ? #"{"width": 1, "height": 2, "fontSize": 3"# : #"{"witdh": 1, "height": 1, "height": 2"#
        for i in 0..<300 { record += #", "x\#(i)": \#(i)"# }
        text += #", "v\#(view)": \#(record)}"#
        view += 1
    }
    return text + "}}"
}

/// A plain file of about `bytes` bytes; with `general`, its first view has an attribute whose name is outside ASCII,
/// so that the whole file takes the general reader instead of the one-pass one.
private func plain(bytes: Int, general: Bool = false) -> String {
    var text =
        general ? #"{"Plain": {"view0": {"width": 1, "gr\u00f6\u00dfe": 1}"# : #"{"Plain": {"view0": {"width": 1}"#
    var view = 1
    while text.utf8.count < bytes {
        text += #", "v\#(view)": {"marginLeft": 12.5, "marginRight": 0, "marginTop": 4, "width": 60, "height": 44}"#
        view += 1
    }
    return text + "}}"
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .microseconds,
        maxDuration: .seconds(3),
        maxIterations: 100_000
    )

    for (label, file) in [("20 KB", Corpus.smallFile), ("1 MB", Corpus.largeFile)] {
        let data = Data(file.text.utf8)
        let name = "Parse \(label) (\(data.count) bytes)"

        Benchmark("\(name): JSONDocument") { _ in
            blackHole(try? JSONDocument(data: data))
        }

        Benchmark("\(name): ConstraintFileParser") { _ in
            blackHole(try? ConstraintFileParser().parse(data, fileName: file.fileName))
        }

        Benchmark("\(name): JSONSerialization") { _ in
            blackHole(try? JSONSerialization.jsonObject(with: data))
        }

        Benchmark("\(name): JSONDecoder") { _ in
            blackHole(try? JSONDecoder().decode(DecodedFile.self, from: data))
        }
    }

    // Issue 9, break 1 and 2: the worst shape must parse in about the time of a plain file of its size.
    let worst = Data(worstShape(bytes: 8_000_000).utf8)
    let plainFile = Data(plain(bytes: 8_000_000).utf8)
    let warnings: ConstraintDiagnosticHandler = { blackHole($0) }
    Benchmark(
        "Parse 8 MB worst shape (extensions, escape, warnings, handler)",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxIterations: 20)
    ) { _ in
        blackHole(try? ConstraintFileParser().parse(worst, fileName: "Worst.json", diagnostics: warnings))
    }
    Benchmark(
        "Parse 8 MB plain file (baseline)",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxIterations: 20)
    ) { _ in
        blackHole(try? ConstraintFileParser().parse(plainFile, fileName: "Plain.json"))
    }
    let cleanWorst = Data(worstShape(bytes: 8_000_000, clean: true).utf8)
    Benchmark(
        "Parse 8 MB worst shape without escape, typos or repeats (no handler)",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxIterations: 20)
    ) { _ in
        blackHole(try? ConstraintFileParser().parse(cleanWorst, fileName: "Worst.json"))
    }
    // The same two with one attribute name outside ASCII, which only the general reader reads: what a file outside
    // the one-pass reader's shape costs.
    let worstGeneral = Data(worstShape(bytes: 8_000_000, general: true).utf8)
    Benchmark(
        "Parse 8 MB worst shape with one name outside ASCII (general reader)",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxIterations: 20)
    ) { _ in
        blackHole(try? ConstraintFileParser().parse(worstGeneral, fileName: "Worst.json", diagnostics: warnings))
    }
    let generalPlainFile = Data(plain(bytes: 8_000_000, general: true).utf8)
    Benchmark(
        "Parse 8 MB plain file with one name outside ASCII (general reader)",
        configuration: .init(metrics: [.wallClock, .throughput], timeUnits: .milliseconds, maxIterations: 20)
    ) { _ in
        blackHole(try? ConstraintFileParser().parse(generalPlainFile, fileName: "Plain.json"))
    }
}
