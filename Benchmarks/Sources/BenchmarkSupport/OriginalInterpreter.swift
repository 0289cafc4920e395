import Dispatch
import Foundation

/// A faithful Swift port of the original Objective-C interpreter (`BMTLayoutContraintInterpreter`, from
/// "Custom UI layout per iOS device"):
/// the baseline every benchmark compares against. It lives in the benchmark package only.
///
/// Kept as the original had it:
/// - one concurrent `DispatchQueue`; reads are `queue.sync`, writes are `queue.async(flags: .barrier)`, one
///   barrier block per view;
/// - the cache is a `[String: OriginalRecord]` keyed by view id alone;
/// - a file is read as text, turned into `Data` and parsed with `JSONSerialization`, then walked key by key
///   into a model and a record object;
/// - a synchronous lookup that misses parses the container's file on the caller's thread; the asynchronous
///   load parses it on the concurrent queue.
///
/// Two departures, both in the original's favour or neutral: a hit does one `queue.sync` where the original
/// did two (`if ([self objectForKey:id]) return [self objectForKey:id];`), and the "bundle" is a dictionary of
/// file contents in memory, so that both sides measure parsing and publication, not the disk.
public final class OriginalInterpreter: @unchecked Sendable {
    // @unchecked: `cache` is only read inside `queue.sync` and only written inside barrier blocks on `queue`.
    private let queue = DispatchQueue(label: "com.bongmi.layoutcontraintqueue", attributes: .concurrent)
    private var cache: [String: OriginalRecord] = [:]
    private let deviceName: String
    private let bundle: [String: String]

    /// An interpreter for `deviceName` whose "main bundle" holds `files` (file name → contents).
    public init(files: [String: String], deviceName: String) {
        self.bundle = files
        self.deviceName = deviceName
    }

    // MARK: - The original's public API

    /// `parseLayoutConstraintSyncWithViewId:andContainerName:`: a cached record, or the container's file parsed
    /// on the calling thread and then the record.
    public func record(viewId: String, container: String) -> OriginalRecord? {
        if let record = cachedRecord(forKey: viewId) {
            return record
        }
        parseTargetLayoutConstraintFile(container)
        return cachedRecord(forKey: viewId)
    }

    /// `layoutConstraintAsyncWithContainerName:andCompletionCallback:`: parses the container's file on the
    /// concurrent queue, then calls `completion` there. The barrier writes may still be queued when it runs.
    public func load(container: String, completion: @escaping @Sendable () -> Void) {
        queue.async {
            self.parseTargetLayoutConstraintFile(container)
            completion()
        }
    }

    // MARK: - For the benchmarks only (the original never forgot anything)

    /// Makes a port of the original for `corpus`'s device, then runs `measured` around loading the whole corpus
    /// into it (``loadAll(_:)``): what the preload benchmarks measure of the original.
    public static func measurePreload(of corpus: Corpus, _ measured: (() -> Void) -> Void) {
        let original = OriginalInterpreter(files: corpus.files, deviceName: Corpus.device)
        measured { original.loadAll(corpus.containers) }
        precondition(original.count > 0)
    }

    /// Loads every container of `containers` asynchronously, as an app preloading with the original would, and
    /// returns once the last load's barrier write has landed.
    public func loadAll(_ containers: [String]) {
        let group = DispatchGroup()
        for container in containers {
            group.enter()
            load(container: container) { group.leave() }
        }
        group.wait()
        waitForPendingWrites()
    }

    /// Returns once every write queued so far has landed: a read queued after barriers waits for them.
    public func waitForPendingWrites() {
        queue.sync {}
    }

    /// Empties the cache, so that the next lookup misses.
    public func removeAll() {
        queue.sync(flags: .barrier) { cache.removeAll(keepingCapacity: true) }
    }

    /// The number of cached records.
    public var count: Int {
        queue.sync { cache.count }
    }

    // MARK: - The original's private methods

    private func filePath(_ container: String) -> String {
        "\(container)_\(deviceName).json"
    }

    private func parseTargetLayoutConstraintFile(_ container: String) {
        let path = filePath(container)
        // stringWithContentsOfFile:encoding:, then dataUsingEncoding:
        guard let contents = bundle[path], let data = contents.data(using: .utf8) else {
            assertionFailure("read \(path) file error")
            return
        }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            assertionFailure("convert dictionary error \(error)")
            return
        }
        guard let firstDict = object as? [String: Any] else { return }
        for (_, value) in firstDict {
            guard let list = value as? [Any] else { continue }
            for case let secondDict as [String: Any] in list {
                for (keyTwo, attributes) in secondDict {
                    if let model = OriginalModel(dictionary: attributes as? [String: Any]) {
                        setCachedRecord(OriginalRecord(model: model), forKey: keyTwo)
                    }
                }
            }
        }
    }

    private func cachedRecord(forKey viewId: String) -> OriginalRecord? {
        queue.sync { cache[viewId] }
    }

    private func setCachedRecord(_ record: OriginalRecord, forKey key: String) {
        queue.async(flags: .barrier) { self.cache[key] = record }
    }
}

/// `BMTLayoutConstraintModel`: the attributes read out of one record's dictionary.
struct OriginalModel {
    var marginLeft = 0.0
    var marginRight = 0.0
    var marginTop = 0.0
    var marginBottom = 0.0
    var width = 0.0
    var height = 0.0
    var fontSize = 0.0
    var imageName: String?
    var remarkParameterOne = 0.0
    var remarkParameterTwo = 0.0

    /// `initWithDictionary:`; nil for nil, as messaging nil was.
    init?(dictionary: [String: Any]?) {
        guard let dictionary else { return nil }
        marginLeft = Self.number(dictionary["marginLeft"])
        marginRight = Self.number(dictionary["marginRight"])
        marginTop = Self.number(dictionary["marginTop"])
        marginBottom = Self.number(dictionary["marginBottom"])
        width = Self.number(dictionary["width"])
        height = Self.number(dictionary["height"])
        fontSize = Self.number(dictionary["fontSize"])
        imageName = dictionary["imageName"] as? String
        remarkParameterOne = Self.number(dictionary["remarkParameterOne"])
        remarkParameterTwo = Self.number(dictionary["remarkParameterTwo"])
    }

    /// `[dictionary[key] floatValue]`: 0 when absent.
    private static func number(_ value: Any?) -> Double {
        guard let value else { return 0 }
        if let number = value as? NSNumber { return number.doubleValue }
        if let number = value as? Double { return number }
        return 0
    }
}

/// `BMTLayoutConstraintBase`: an immutable record object, as the original handed to views.
public final class OriginalRecord: Sendable {
    public let marginLeft: Double
    public let marginRight: Double
    public let marginTop: Double
    public let marginBottom: Double
    public let width: Double
    public let height: Double
    public let fontSize: Double
    public let imageName: String?
    public let remarkParameterOne: Double
    public let remarkParameterTwo: Double

    init(model: OriginalModel) {
        marginLeft = model.marginLeft
        marginRight = model.marginRight
        marginTop = model.marginTop
        marginBottom = model.marginBottom
        width = model.width
        height = model.height
        fontSize = model.fontSize
        imageName = model.imageName
        remarkParameterOne = model.remarkParameterOne
        remarkParameterTwo = model.remarkParameterTwo
    }
}
