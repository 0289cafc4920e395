public import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Gets an update bundle from a URL and installs it in a ``ConstraintStore``: conditional, bounded, retried, and
/// checked by the store as any install is.
///
/// ```swift
/// let fetcher = ConstraintUpdateFetcher(url: URL(string: "https://cdn.example.com/layout/update.json")!, store: store)
/// switch try await fetcher.fetch(verify: { update in try verifySignature(of: update.data()) }) {
/// case .installed(let version): log("layout update \(version) installed")
/// case .notModified, .upToDate: break
/// }
/// ```
///
/// Each ``fetch(allowDowngrade:verify:)`` makes one `GET` with `URLSession` (an ephemeral session: no cookies, no
/// cache, no credentials), and sends nothing but the request and the validators of the last response it installed:
/// `If-None-Match` (its `ETag`) and `If-Modified-Since` (its `Last-Modified`), kept in the store's folder
/// (`fetch.json`) with the URL and the version they belong to, and sent only while that version is the installed
/// one. A `304 Not Modified` reads no body and changes nothing. A `200` is read up to ``maximumSize`` bytes, the bound
/// checked as the bytes arrive (and against `Content-Length` before the first one); then the bundle is parsed
/// (``ConstraintUpdate/init(data:maximumSize:)``) and given to ``ConstraintStore/install(_:allowDowngrade:verify:)``,
/// which checks it whole and runs the app's `verify` before it writes anything.
///
/// A download that fails on the way (no connection, a connection lost, a body cut short, a `5xx`, no answer within
/// ``timeout``) is tried again, up to ``maximumAttempts`` times in all, after an exponential backoff with jitter
/// (``retryDelay``, doubled each time up to ``maximumRetryDelay``, each delay a random point in its upper half). A
/// `4xx`, a bundle over the bound, a redirect loop and content that is not an update are not tried again. Cancelling
/// the calling task stops the download and the backoff at once.
///
/// The network is never on the lookup path: lookups read what the store installed, and an install publishes to them
/// as ``ConstraintStore/install(_:allowDowngrade:verify:)`` does. A fetcher holds no state of its own (the validators
/// are the store's), so make one where it is needed; it never runs on the calling actor.
public struct ConstraintUpdateFetcher: Sendable {
    /// What a fetch did.
    public enum Outcome: Sendable, Hashable {
        /// The server sent an update, and the store installed it.
        case installed(version: String)
        /// The server answered `304 Not Modified` to the validators of the installed update: nothing was read or
        /// changed.
        case notModified
        /// The server sent the version installed already: nothing was changed.
        case upToDate(version: String)
        /// The server sent an update that is not for this installation (its conditions do not hold, or its rollout
        /// leaves the installation out or in the holdback): nothing was installed, and an installed update of the
        /// same rollout key was rolled back, as ``ConstraintStore/install(_:audience:allowDowngrade:verify:)``
        /// does. Only ``fetch(audience:allowDowngrade:verify:)`` answers this.
        case notAssigned(version: String, assignment: UpdateAssignment)
    }

    /// Where the update bundle is published: an `http` or `https` URL.
    public let url: URL
    /// The store the update is installed in, and the validators kept.
    public let store: ConstraintStore
    /// The largest bundle read, in bytes: a response that declares more, or sends more, is stopped there.
    public let maximumSize: Int
    /// How long one attempt may take, from the request to the last byte, in seconds.
    public let timeout: TimeInterval
    /// How many attempts a fetch makes in all when they fail on the way (at least 1).
    public let maximumAttempts: Int
    /// The delay before the second attempt, in seconds; each later one doubles it, up to ``maximumRetryDelay``.
    public let retryDelay: TimeInterval
    /// The longest delay between two attempts, in seconds.
    public let maximumRetryDelay: TimeInterval
    /// How many redirects an attempt follows before it stops as a loop.
    public let maximumRedirects: Int

    /// A fetcher of the bundle at `url` for `store`.
    ///
    /// - Parameters:
    ///   - url: the bundle's `http` or `https` URL (a static file on any host or CDN).
    ///   - store: the store to install it in.
    ///   - maximumSize: the largest bundle read (default ``ConstraintUpdate/defaultMaximumSize``).
    ///   - timeout: how long one attempt may take, in seconds (default 30).
    ///   - maximumAttempts: attempts in all, when they fail on the way (default 4; at least 1).
    ///   - retryDelay: the delay before the second attempt, in seconds (default 1).
    ///   - maximumRetryDelay: the longest delay between attempts, in seconds (default 60).
    ///   - maximumRedirects: redirects followed by an attempt (default 5).
    public init(
        url: URL, store: ConstraintStore, maximumSize: Int = ConstraintUpdate.defaultMaximumSize,
        timeout: TimeInterval = 30, maximumAttempts: Int = 4, retryDelay: TimeInterval = 1,
        maximumRetryDelay: TimeInterval = 60, maximumRedirects: Int = 5
    ) {
        self.url = url
        self.store = store
        self.maximumSize = max(0, maximumSize)
        self.timeout = timeout > 0 && timeout.isFinite ? timeout : 30
        self.maximumAttempts = max(1, maximumAttempts)
        self.retryDelay = retryDelay >= 0 && retryDelay.isFinite ? retryDelay : 1
        self.maximumRetryDelay = maximumRetryDelay >= 0 && maximumRetryDelay.isFinite ? maximumRetryDelay : 60
        self.maximumRedirects = max(0, maximumRedirects)
    }

    /// Gets the bundle, and installs it when it is new.
    ///
    /// - Parameters:
    ///   - allowDowngrade: passed to ``ConstraintStore/install(_:allowDowngrade:verify:)``.
    ///   - verify: the app's check of the update (its signature over ``ConstraintUpdate/data()``); throw to refuse
    ///     it. Run by the store's install, with its rules.
    /// - Returns: what the fetch did.
    /// - Throws: ``ConstraintError``: `.httpError` (a status other than 200 and 304: a `4xx` at once, a `5xx` once
    ///   the attempts are spent), `.downloadFailed` (no connection, a connection lost or a body cut short, after
    ///   every attempt; a redirect to another scheme), `.timedOut` (after every attempt), `.tooManyRedirects`,
    ///   `.fileTooLarge` (a bundle over ``maximumSize``), `.cancelled`, what
    ///   ``ConstraintUpdate/init(data:maximumSize:)`` throws for content that is not a bundle, and what
    ///   ``ConstraintStore/install(_:allowDowngrade:verify:)`` throws. Nothing is changed when it throws.
    @concurrent
    @discardableResult
    public func fetch(
        allowDowngrade: Bool = false, verify: (ConstraintUpdate) async throws -> Void
    ) async throws(ConstraintError) -> Outcome {
        try await fetch(for: nil, allowDowngrade: allowDowngrade, verify: verify)
    }

    /// Gets the bundle, and installs it when it is new and for this installation: its conditions are checked
    /// against `audience` and its rollout's bucket drawn, as ``ConstraintStore/install(_:audience:allowDowngrade:verify:)``
    /// does.
    ///
    /// ```swift
    /// var audience = UpdateAudience.current
    /// audience.signals = ["plan": "pro"]
    /// switch try await fetcher.fetch(audience: audience, verify: checkSignature) {
    /// case .notAssigned(let version, let assignment):
    ///     analytics.log("constraints_update", ["version": version, "arm": assignment.arm.rawValue])
    /// default:
    ///     break
    /// }
    /// ```
    ///
    /// A bundle of the installed version is given to the store too, so that a rollout whose percentage was lowered
    /// (a kill switch) rolls this installation back. A bundle that is not for this installation keeps no
    /// validators: the next fetch downloads it again, so that an audience that changed (a new app version, a
    /// signal) is judged again.
    ///
    /// - Parameters:
    ///   - audience: the facts the update's conditions are checked against, and the installation's id.
    ///   - allowDowngrade: passed to ``ConstraintStore/install(_:audience:allowDowngrade:verify:)``.
    ///   - verify: the app's check of the update; throw to refuse it.
    /// - Returns: what the fetch did; ``Outcome/notAssigned(version:assignment:)`` for an update of another arm.
    /// - Throws: what ``fetch(allowDowngrade:verify:)`` throws, but never `.updateNotAssigned`.
    @concurrent
    @discardableResult
    public func fetch(
        audience: UpdateAudience, allowDowngrade: Bool = false, verify: (ConstraintUpdate) async throws -> Void
    ) async throws(ConstraintError) -> Outcome {
        try await fetch(for: audience, allowDowngrade: allowDowngrade, verify: verify)
    }

    /// The two fetches: with no audience, an update not assigned to this installation is the store's error.
    private func fetch(
        for audience: UpdateAudience?, allowDowngrade: Bool, verify: (ConstraintUpdate) async throws -> Void
    ) async throws(ConstraintError) -> Outcome {
        do throws(ConstraintError) {
            let installed = store.installedVersion
            let validators = FetchRecord.read(from: store).flatMap { record in
                record.url == url.absoluteString && record.version == installed ? record : nil
            }
            let (data, response) = try await download(validators: validators)
            guard let data, let response else { return .notModified }
            let update = try ConstraintUpdate(data: data, maximumSize: maximumSize)
            let record = FetchRecord(url: url.absoluteString, version: update.version, response: response)
            let isInstalled = installed.map { (try? UpdateVersion($0)) == (try? UpdateVersion(update.version)) }
            guard let audience else {
                if let installed, isInstalled == true {
                    record?.write(to: store)
                    return .upToDate(version: installed)
                }
                try await store.install(update, allowDowngrade: allowDowngrade, verify: verify)
                // Only a cache: a record not written costs one full download the next time.
                record?.write(to: store)
                return .installed(version: update.version)
            }
            let assignment = try await store.install(
                update, audience: audience, allowDowngrade: allowDowngrade, verify: verify)
            guard assignment.arm == .treatment else {
                return .notAssigned(version: update.version, assignment: assignment)
            }
            record?.write(to: store)
            return isInstalled == true && !allowDowngrade
                ? .upToDate(version: update.version) : .installed(version: update.version)
        } catch {
            throw error.escapingControlCharacters()
        }
    }

    // MARK: - Attempts

    /// The body of a 200 and its response, or nils for a 304, after as many attempts as it takes.
    private func download(
        validators: FetchRecord?
    ) async throws(ConstraintError) -> (Data?, HTTPURLResponse?) {
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        if let etag = validators?.etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        if let date = validators?.lastModified { request.setValue(date, forHTTPHeaderField: "If-Modified-Since") }
        var attempt = 1
        while true {
            guard !Task.isCancelled else { throw failure(.cancelled, "the task was cancelled") }
            let result = await DownloadAttempt.run(
                request, maximumSize: maximumSize, timeout: timeout, maximumRedirects: maximumRedirects)
            let error: ConstraintError
            switch result {
            case .body(let data, let response): return (data, response)
            case .status(304, _) where validators != nil: return (nil, nil)
            case .status(let status, let response):
                guard (500..<600).contains(status) else { throw statusFailure(status, response, attempts: attempt) }
                error = statusFailure(status, response, attempts: attempt)
            case .tooLarge(let declared, let received):
                let size =
                    declared.map { "is \($0) bytes" }
                    ?? "passed the limit (the download was stopped after \(received) bytes)"
                throw failure(
                    .fileTooLarge,
                    "the update bundle \(size), over the limit of \(maximumSize) bytes; the download was stopped "
                        + "there. Publish a smaller update, or give the fetcher a larger maximumSize")
            case .tooManyRedirects(let count):
                throw failure(
                    .tooManyRedirects,
                    "the server redirected \(count) times, over the limit of \(maximumRedirects): a redirect loop, or "
                        + "a chain too long; publish the bundle at a URL that answers it")
            case .insecureRedirect(let target):
                throw failure(
                    .downloadFailed,
                    "the server redirected to \(target), which the fetcher does not follow (only http and https, "
                        + "and never from https to http); publish the bundle at a URL that answers it")
            case .timedOut:
                error = failure(
                    .timedOut,
                    "no complete answer within \(timeout) seconds, after \(attempts(attempt)); check the URL and "
                        + "the connection, or give the fetcher a longer timeout")
            case .cutShort(let received, let expected):
                error = failure(
                    .downloadFailed,
                    "the body was cut short: \(received) of the \(expected) bytes announced, after "
                        + "\(attempts(attempt)); try again later")
            case .network(let reason):
                error = failure(
                    .downloadFailed, "\(reason), after \(attempts(attempt)); check the URL and the connection")
            case .cancelled:
                throw failure(.cancelled, "the task was cancelled")
            }
            guard attempt < maximumAttempts else { throw error }
            do {
                try await Task.sleep(nanoseconds: backoff(after: attempt))
            } catch {
                throw failure(.cancelled, "the task was cancelled")
            }
            attempt += 1
        }
    }

    /// The delay after failed attempt `attempt` (1 for the first), in nanoseconds: ``retryDelay`` doubled for each
    /// attempt before, up to ``maximumRetryDelay``, then a random point in its upper half, so that devices that failed
    /// together do not come back together.
    func backoff(after attempt: Int) -> UInt64 {
        let ceiling = min(maximumRetryDelay, retryDelay * pow(2, Double(min(attempt - 1, 62))))
        let delay = ceiling / 2 + Double.random(in: 0...1) * ceiling / 2
        return UInt64(min(delay, 1e9) * 1e9)
    }

    private func attempts(_ count: Int) -> String {
        count == 1 ? "1 attempt" : "\(count) attempts"
    }

    private func statusFailure(_ status: Int, _ response: HTTPURLResponse, attempts count: Int) -> ConstraintError {
        let reason = HTTPURLResponse.localizedString(forStatusCode: status)
        let advice =
            switch status {
            case 304: "a 304 answers a conditional request, and none was made; check the server's caching"
            case 400..<500: "check the URL and that the file is published there; not tried again"
            case 500..<600: "after \(attempts(count)); try again later"
            default: "expected 200 with the bundle, or 304"
            }
        return failure(.httpError, "the server answered \(status) (\(reason)); \(advice)")
    }

    /// An error of this fetch, placed at its URL (without its query, which may carry a token).
    private func failure(_ code: ConstraintError.Code, _ message: String) -> ConstraintError {
        var place = URLComponents(url: url, resolvingAgainstBaseURL: true)
        place?.user = nil
        place?.password = nil
        place?.query = nil
        place?.fragment = nil
        let suffix = code == .cancelled ? "; nothing was changed" : "; nothing was installed"
        return ConstraintError(code: code, message: message + suffix, file: place?.string ?? url.path)
    }
}

// MARK: - One attempt

/// What one request ended with.
enum DownloadResult: Sendable {
    /// A 200, read whole.
    case body(Data, HTTPURLResponse)
    /// Another status; its body was not read.
    case status(Int, HTTPURLResponse)
    /// The body passed the bound: its declared size, when it declared one over it, or the bytes received when the
    /// one that passed it came.
    case tooLarge(declared: Int?, received: Int)
    case tooManyRedirects(Int)
    case insecureRedirect(String)
    case timedOut
    /// The connection closed before the `Content-Length` announced.
    case cutShort(received: Int, expected: Int)
    case network(String)
    case cancelled
}

/// One request of a fetch, read through `URLSession`'s delegate so that the size bound is checked as the bytes come,
/// and ended by its own deadline, by the task's cancellation, or by the session.
final class DownloadAttempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the mutable state is behind `state`'s lock.
    private struct State {
        var data = Data()
        var response: HTTPURLResponse?
        var redirects = 0
        /// Why a redirect was refused: the answer the refusal leaves (the 3xx) ends the attempt with it.
        var refusal: DownloadResult?
        var result: DownloadResult?
        var continuation: CheckedContinuation<DownloadResult, Never>?
        var task: URLSessionDataTask?
    }

    private let state = ConditionLocked(State())
    private let maximumSize: Int
    private let maximumRedirects: Int

    private init(maximumSize: Int, maximumRedirects: Int) {
        self.maximumSize = maximumSize
        self.maximumRedirects = maximumRedirects
    }

    /// Makes `request` in a session of its own and returns how it ended.
    static func run(
        _ request: URLRequest, maximumSize: Int, timeout: TimeInterval, maximumRedirects: Int
    ) async -> DownloadResult {
        let attempt = DownloadAttempt(maximumSize: maximumSize, maximumRedirects: maximumRedirects)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        let session = URLSession(configuration: configuration, delegate: attempt, delegateQueue: nil)
        let task = session.dataTask(with: request)
        // The session holds its delegate until it is invalidated. Not `invalidateAndCancel()`: FoundationNetworking's
        // reads the session's tasks off the session's queue while that queue may be removing this one as it ends (a
        // crash, seen once in `Collection.map`). Cancelling the one task and then letting the session finish does both
        // on its queue; a task that ended already ignores the cancel, one never started ends with it.
        defer {
            task.cancel()
            session.finishTasksAndInvalidate()
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                attempt.start(task, continuation)
                // URLSession's timeouts do not stop a server that sends a byte now and then: this deadline does.
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak attempt] in
                    attempt?.finish(.timedOut)
                }
            }
        } onCancel: {
            attempt.finish(.cancelled)
        }
    }

    private func start(_ task: URLSessionDataTask, _ continuation: CheckedContinuation<DownloadResult, Never>) {
        let done = state.withLock { state -> DownloadResult? in
            if let result = state.result { return result }
            state.continuation = continuation
            state.task = task
            return nil
        }
        if let done { continuation.resume(returning: done) } else { task.resume() }
    }

    /// Ends the attempt with `result` (or the refusal of a redirect, when there was one), unless it has ended
    /// already, and stops its task unless the session is stopping it (`cancelling` false: from a delegate callback
    /// that tells the session to cancel, or that the task is complete; FoundationNetworking traps on a task cancelled
    /// in the middle of some callbacks).
    func finish(_ result: DownloadResult, cancelling: Bool = true) {
        let (continuation, task, final) = state.withLock { state in
            let final = state.refusal ?? result
            guard state.result == nil else {
                return (CheckedContinuation<DownloadResult, Never>?.none, URLSessionDataTask?.none, final)
            }
            state.result = final
            defer { state.continuation = nil }
            return (state.continuation, state.task, final)
        }
        continuation?.resume(returning: final)
        if cancelling { task?.cancel() }
    }

    // MARK: URLSessionDataDelegate

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let http = response as? HTTPURLResponse else {
            completionHandler(.cancel)
            return finish(.network("the answer is not HTTP"), cancelling: false)
        }
        guard http.statusCode == 200 else {
            // A 304 has no body; an error page's is not needed.
            completionHandler(.cancel)
            return finish(.status(http.statusCode, http), cancelling: false)
        }
        if http.expectedContentLength > Int64(maximumSize) {
            completionHandler(.cancel)
            return finish(
                .tooLarge(declared: Int(clamping: http.expectedContentLength), received: 0), cancelling: false)
        }
        state.withLock { $0.response = http }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = state.withLock { state -> Int? in
            guard state.result == nil else { return nil }
            guard state.data.count + data.count <= maximumSize else { return state.data.count + data.count }
            state.data.append(data)
            return nil
        }
        if let over { finish(.tooLarge(declared: nil, received: over)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let count = state.withLock { state in
            state.redirects += 1
            return state.redirects
        }
        let from = task.originalRequest?.url?.scheme?.lowercased()
        let to = request.url?.scheme?.lowercased()
        // Refused: the session goes on with the 3xx as the answer, which ends the attempt with the refusal. (Not
        // cancelled here: FoundationNetworking traps on a task cancelled while it waits for this handler.)
        if to != "https" && !(to == "http" && from == "http") {
            state.withLock {
                $0.refusal = .insecureRedirect(request.url.map { "\($0.scheme ?? "")://\($0.host ?? "")" } ?? "no URL")
            }
            completionHandler(nil)
        } else if count > maximumRedirects {
            state.withLock { $0.refusal = .tooManyRedirects(count) }
            completionHandler(nil)
        } else {
            completionHandler(request)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (data, response) = state.withLock { ($0.data, $0.response) }
        if let error {
            let code = (error as? URLError)?.code
            switch code {
            case .timedOut?: finish(.timedOut, cancelling: false)
            case .cancelled?: finish(.cancelled, cancelling: false)
            case .networkConnectionLost? where response != nil:
                finish(
                    .cutShort(received: data.count, expected: Int(response?.expectedContentLength ?? -1)),
                    cancelling: false)
            default: finish(.network(error.localizedDescription), cancelling: false)
            }
            return
        }
        guard let response else {
            return finish(.network("the connection ended without an answer"), cancelling: false)
        }
        let expected = response.expectedContentLength
        if expected >= 0 && Int64(data.count) != expected {
            return finish(.cutShort(received: data.count, expected: Int(clamping: expected)), cancelling: false)
        }
        finish(.body(data, response), cancelling: false)
    }
}

// MARK: - The validators kept

/// The validators of the last response a fetch installed (or found installed), with the URL and the version they
/// belong to: `fetch.json` in the store's folder, replaced whole by a rename. Read back only to make the next request
/// conditional: a missing or damaged one costs a full download, nothing else.
struct FetchRecord: Equatable {
    static let name = "fetch.json"
    static let newName = "fetch.json.new"
    /// The largest record read or written; validators that would pass it are not kept.
    static let maximumSize = 8 << 10

    var url: String
    var version: String
    var etag: String?
    var lastModified: String?

    init(url: String, version: String, etag: String?, lastModified: String?) {
        self.url = url
        self.version = version
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The validators of `response`, nil when it has none worth keeping (missing, over 1 KiB, or with characters a
    /// header may not carry).
    init?(url: String, version: String, response: HTTPURLResponse) {
        func usable(_ field: String) -> String? {
            guard let value = response.value(forHTTPHeaderField: field), !value.isEmpty, value.utf8.count <= 1024,
                value.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
            else { return nil }
            return value
        }
        let etag = usable("ETag")
        let lastModified = usable("Last-Modified")
        guard etag != nil || lastModified != nil else { return nil }
        self.init(url: url, version: version, etag: etag, lastModified: lastModified)
    }

    /// The record in `store`'s folder; nil when there is none, or none that reads.
    static func read(from store: ConstraintStore) -> FetchRecord? {
        guard let data = try? store.folder.read(name, maximumSize: maximumSize),
            let document = try? JSONDocument(data: data, maximumDepth: 1),
            document.kind(document.root) == .object
        else { return nil }
        var fields: [String: String] = [:]
        for (key, value) in document.members(document.root) {
            guard document.kind(value) == .string else { return nil }
            fields[document.string(key)] = document.string(value)
        }
        guard let url = fields["url"], let version = fields["version"] else { return nil }
        return FetchRecord(url: url, version: version, etag: fields["etag"], lastModified: fields["lastModified"])
    }

    /// The record as JSON.
    var data: Data {
        var out: [UInt8] = Array("{\"url\": ".utf8)
        ConstraintUpdate.appendQuoted(url, to: &out)
        out += Array(", \"version\": ".utf8)
        ConstraintUpdate.appendQuoted(version, to: &out)
        if let etag {
            out += Array(", \"etag\": ".utf8)
            ConstraintUpdate.appendQuoted(etag, to: &out)
        }
        if let lastModified {
            out += Array(", \"lastModified\": ".utf8)
            ConstraintUpdate.appendQuoted(lastModified, to: &out)
        }
        out += Array("}\n".utf8)
        return Data(out)
    }

    /// Replaces the record in `store`'s folder with this one, in one rename; does nothing when it cannot (a full
    /// disk, a record over ``maximumSize``): the next fetch then downloads the bundle whole.
    func write(to store: ConstraintStore) {
        let data = self.data
        guard data.count <= Self.maximumSize else { return }
        // Under the store's commit lock: one write of the folder's records at a time.
        try? store.committing { () throws(ConstraintError) in
            do throws(PosixFile.Failure) {
                try store.folder.remove(Self.newName)
                try store.folder.write(Self.newName, data)
                try store.folder.rename(Self.newName, to: Self.name)
            } catch {
                try? store.folder.remove(Self.newName)
                throw ConstraintStore.failure(error, doing: "record the fetch", path: store.directory.path)
            }
        }
    }
}
