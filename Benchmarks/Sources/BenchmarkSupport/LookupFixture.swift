import DeviceConstraints

/// The three structures the hit benchmarks read, all loaded with the whole corpus for ``Corpus/device``, and the
/// keys they all look up, in the same order.
public final class LookupFixture: Sendable {
    /// The number of keys one benchmark iteration looks up.
    public static let keyCount = 1000

    public let corpus: Corpus
    /// Keys drawn from every container, in a fixed order.
    public let keys: [Corpus.Key]
    /// Ours, with every container loaded.
    public let interpreter: ConstraintInterpreter
    /// The port of the original design, with every container loaded.
    public let original: OriginalInterpreter
    /// The floor: a bare dictionary of the same records, keyed by (container, view id).
    public let dictionary: [Corpus.Key: ConstraintRecord]

    /// Generates the corpus and loads it into all three; checks that all three answer every key alike.
    public init() {
        corpus = Corpus()
        keys = corpus.sampleKeys(count: Self.keyCount, seed: 0x0001_0C0C)
        let device = DeviceCatalog.standard.profile(named: DeviceName(Corpus.device))!
        interpreter = ConstraintInterpreter(source: InMemorySource(corpus.files), device: device)
        original = OriginalInterpreter(files: corpus.files, deviceName: Corpus.device)
        var dictionary: [Corpus.Key: ConstraintRecord] = [:]
        for container in corpus.containers {
            guard let records = try? interpreter.records(container: container) else {
                preconditionFailure("the generated container \(container) did not load")
            }
            for (viewId, record) in records {
                dictionary[Corpus.Key(container: container, viewId: viewId)] = record
            }
            _ = original.record(viewId: corpus.viewIds[container]![0], container: container)
        }
        original.waitForPendingWrites()
        self.dictionary = dictionary
        precondition(original.count == dictionary.count, "view ids must be unique across containers")
        for key in keys {
            let ours = try? interpreter.record(viewId: key.viewId, container: key.container)
            let theirs = original.record(viewId: key.viewId, container: key.container)!
            precondition(ours == dictionary[key] && ours?.width == theirs.width && ours?.height == theirs.height)
        }
    }
}
