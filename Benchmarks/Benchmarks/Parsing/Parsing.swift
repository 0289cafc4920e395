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
}
