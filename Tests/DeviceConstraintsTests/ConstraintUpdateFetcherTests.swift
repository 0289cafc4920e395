import Foundation
import Testing

@testable import DeviceConstraints

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// ConstraintUpdateFetcher against a real HTTP server on 127.0.0.1 (LocalHTTPServer): conditional requests, the size
/// bound, the timeout, retries, redirects, cancellation, and the store's checks after the download.
///
/// Only the timeout's own test sets a short timeout: elsewhere an attempt that timed out on a starved machine (seen
/// under ThreadSanitizer at load 10) would be tried again and change the requests the test counts.
@Suite(.timeLimit(.minutes(15)))
struct ConstraintUpdateFetcherTests {
    // MARK: - 200 and 304

    @Test func aFetchInstallsTheBundleTheServerSends() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let server = try LocalHTTPServer { _ in .ok(bundle) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 60)

        let outcome = try await fetcher(server, store).fetch(verify: acceptEverything)

        #expect(
            try (outcome, store.installedVersion, pad.record(viewId: "title", container: "Card").height) == (
                .installed(version: "2"), "2", 72
            ))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET" && request.path == "/update.json")
        // The first request is not conditional, and carries nothing of the app's or the device's.
        for header in ["if-none-match", "if-modified-since", "cookie", "authorization"] {
            #expect(request.headers[header] == nil, "\(header)")
        }
    }

    @Test func aSecondFetchSendsTheValidatorsAndA304ReadsAndChangesNothing() async throws {
        let published = Published(try Fixtures.data("Store/Updates", "2.json"), etag: #""v2""#)
        let server = try LocalHTTPServer(published.reply)
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect(try await fetcher(server, store).fetch(verify: acceptEverything) == .installed(version: "2"))
        let before = sandbox.contents

        let outcome = try await fetcher(server, store).fetch { _ in Issue.record("a 304 has nothing to verify") }

        #expect(
            (
                outcome, server.requests.count, server.requests[1].headers["if-none-match"],
                server.requests[1].headers["if-modified-since"]
            ) == (.notModified, 2, #""v2""#, Published.lastModified))
        #expect((sandbox.contents, store.installedVersion) == (before, "2"))
    }

    @Test func aChangedETagGetsTheNewUpdate() async throws {
        let published = Published(try Fixtures.data("Store/Updates", "2.json"), etag: #""a""#)
        let server = try LocalHTTPServer(published.reply)
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try await fetcher(server, store).fetch(verify: acceptEverything) == .installed(version: "2"))

        published.publish(try Fixtures.data("Fetch", "3.json"), etag: #""b""#)
        #expect(
            try await (
                fetcher(server, store).fetch(verify: acceptEverything),
                pad.record(viewId: "title", container: "Card").height,
                fetcher(server, store).fetch(verify: acceptEverything)
            ) == (.installed(version: "3"), 80, .notModified))

        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, #""a""#, #""b""#])
    }

    @Test func theVersionInstalledAlreadyIsUpToDate() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let server = try LocalHTTPServer { _ in .ok(bundle) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect(
            try await (
                fetcher(server, store).fetch(verify: acceptEverything),
                fetcher(server, store).fetch(verify: acceptEverything)
            ) == (.installed(version: "2"), .upToDate(version: "2")))
    }

    @Test func validatorsAreSentOnlyWhileTheirVersionIsInstalled() async throws {
        let published = Published(try Fixtures.data("Store/Updates", "2.json"), etag: #""v2""#)
        let server = try LocalHTTPServer(published.reply)
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect(try await fetcher(server, store).fetch(verify: acceptEverything) == .installed(version: "2"))
        try await store.rollback()

        // A 304 now would leave the device on the app's files for good.
        #expect(
            try await (
                fetcher(server, store).fetch(verify: acceptEverything), server.requests[1].headers["if-none-match"]
            ) == (.installed(version: "2"), nil))
        // Nor are they sent for another URL.
        let other = ConstraintUpdateFetcher(url: server.url("/other.json"), store: store, timeout: 600, retryDelay: 0)
        _ = try await other.fetch(verify: acceptEverything)
        #expect(server.requests[2].headers["if-none-match"] == nil)
    }

    @Test(arguments: [
        "\"a\u{7}bell\"", "\"\(String(repeating: "x", count: 2000))\"", "\"caf\u{E9}\"",
    ])
    func validatorsAHeaderCannotCarryAreNotKept(etag: String) async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let server = try LocalHTTPServer { _ in .ok(bundle, headers: ["ETag": etag]) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect(
            try await (
                fetcher(server, store).fetch(verify: acceptEverything),
                fetcher(server, store).fetch(verify: acceptEverything)
            ) == (.installed(version: "2"), .upToDate(version: "2")))
        #expect((server.requests[1].headers["if-none-match"], sandbox.contents[FetchRecord.name]) == (nil, nil))
    }

    // MARK: - Statuses and retries

    @Test func a404IsReportedAtOnceAndNotTriedAgain() async throws {
        let server = try LocalHTTPServer { _ in .respond(status: 404, body: Data("not here".utf8)) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()

        let error = await expectAsyncConstraintError {
            try await fetcher(server, store).fetch(verify: acceptEverything)
        }

        #expect(
            (error?.code, error?.description.contains("answered 404"), error?.file, server.requests.count) == (
                .httpError, true, server.url("/update.json").absoluteString, 1
            ))
        #expect(store.installedVersion == nil)
    }

    @Test func a500IsTriedAgainUntilTheServerAnswers() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let count = ConditionLocked(0)
        let server = try LocalHTTPServer { _ in
            let seen = count.withLock { count in
                count += 1
                return count
            }
            return seen <= 2 ? .respond(status: 500) : .ok(bundle)
        }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()

        #expect(
            try await (fetcher(server, store).fetch(verify: acceptEverything), server.requests.count) == (
                .installed(version: "2"), 3
            ))
    }

    @Test func a500OnEveryAttemptIsAnHTTPErrorAfterThemAll() async throws {
        let server = try LocalHTTPServer { _ in .respond(status: 503) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()

        let error = await expectAsyncConstraintError {
            try await fetcher(server, store, attempts: 3).fetch(verify: acceptEverything)
        }

        #expect(
            (error?.code, error?.message.contains("after 3 attempts"), server.requests.count) == (.httpError, true, 3))
    }

    @Test func theBackoffDoublesWithJitterUpToItsCeiling() throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(
            url: URL(fileURLWithPath: "/"), store: store, retryDelay: 1, maximumRetryDelay: 5)
        for _ in 0..<200 {
            #expect(
                (
                    (500_000_000...1_000_000_000).contains(fetcher.backoff(after: 1)),
                    (1_000_000_000...2_000_000_000).contains(fetcher.backoff(after: 2)),
                    (2_500_000_000...5_000_000_000).contains(fetcher.backoff(after: 4)),
                    (2_500_000_000...5_000_000_000).contains(fetcher.backoff(after: 1000))
                ) == (true, true, true, true))
        }
        let delays = Set((0..<50).map { _ in fetcher.backoff(after: 1) })
        #expect(delays.count > 1, "no jitter")
    }

    // MARK: - Servers that misbehave

    @Test func aServerThatDripsIsStoppedByTheTimeout() async throws {
        let server = try LocalHTTPServer { _ in .drip(length: 100_000, interval: 0.05) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(
            url: server.url("/update.json"), store: store, timeout: 1, maximumAttempts: 2, retryDelay: 0)

        let error = await expectAsyncConstraintError { try await fetcher.fetch(verify: acceptEverything) }

        #expect((error?.code, server.requests.count, store.installedVersion) == (.timedOut, 2, nil))
    }

    @Test func aBodyCutShortIsTriedAgainThenReported() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let server = try LocalHTTPServer { _ in .cutShort(length: bundle.count, body: bundle.prefix(40)) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()

        let error = await expectAsyncConstraintError {
            try await fetcher(server, store, attempts: 2).fetch(verify: acceptEverything)
        }

        #expect((error?.code, server.requests.count, store.installedVersion) == (.downloadFailed, 2, nil))
    }

    @Test func aBodyOverTheBoundIsStoppedWhileItIsRead() async throws {
        // No Content-Length, and 1 GiB: a bound checked as the bytes come stops it near the bound.
        let server = try LocalHTTPServer { _ in .endless(limit: 1 << 30) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(
            url: server.url("/update.json"), store: store, maximumSize: 1 << 20, timeout: 600, retryDelay: 0)

        let error = await expectAsyncConstraintError { try await fetcher.fetch(verify: acceptEverything) }

        #expect((error?.code, server.requests.count) == (.fileTooLarge, 1))
        // Stopped at the piece that passed the bound (FoundationNetworking hands over at most a few hundred KiB at a
        // time), not at the end of the body.
        let message = try #require(error?.message.components(separatedBy: "stopped after "))
        let stopped = message.count == 2 ? Int(message[1].prefix { $0.isNumber }) : nil
        #expect(try #require(stopped) < 64 << 20)
        #expect(store.installedVersion == nil)
    }

    @Test func aDeclaredLengthOverTheBoundIsRefusedBeforeTheBody() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let server = try LocalHTTPServer { _ in .ok(bundle) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(
            url: server.url("/update.json"), store: store, maximumSize: bundle.count - 1, timeout: 600, retryDelay: 0)

        let error = await expectAsyncConstraintError { try await fetcher.fetch(verify: acceptEverything) }

        #expect(
            (
                error?.code, error?.message.contains("is \(bundle.count) bytes, over the limit of \(bundle.count - 1)"),
                server.requests.count
            ) == (.fileTooLarge, true, 1))
    }

    @Test func aRedirectLoopIsStopped() async throws {
        let server = try LocalHTTPServer { request in
            .respond(status: 302, headers: ["Location": request.path == "/a" ? "/b" : "/a"])
        }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(url: server.url("/a"), store: store, timeout: 600, retryDelay: 0)

        let error = await expectAsyncConstraintError { try await fetcher.fetch(verify: acceptEverything) }

        #expect((error?.code, server.requests.count) == (.tooManyRedirects, 6))
    }

    @Test func aRedirectIsFollowed() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let server = try LocalHTTPServer { request in
            request.path == "/moved.json" ? .ok(bundle) : .respond(status: 301, headers: ["Location": "/moved.json"])
        }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect(try await fetcher(server, store).fetch(verify: acceptEverything) == .installed(version: "2"))
    }

    @Test(arguments: [
        ("not-json.html", ConstraintError.Code.malformedJSON),
        ("not-an-update.json", .invalidUpdate),
        ("unknown-device.json", .unknownDevice),
    ])
    func contentThatIsNotAnUpdateInstallsNothing(file: String, code: ConstraintError.Code) async throws {
        let body = try Fixtures.data("Fetch", file)
        let server = try LocalHTTPServer { _ in .ok(body, headers: ["ETag": #""x""#]) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let before = sandbox.contents

        let error = await expectAsyncConstraintError {
            try await fetcher(server, store).fetch(verify: acceptEverything)
        }

        #expect((error?.code, server.requests.count, sandbox.contents) == (code, 1, before))
    }

    @Test func aBundleVerifyRefusesInstallsNothing() async throws {
        let bundle = try Fixtures.data("Store/Updates", "2.json")
        let key = TestSigningKey(key: 7)
        let signature = key.signature(for: bundle + Data(" ".utf8))
        let server = try LocalHTTPServer { _ in .ok(bundle, headers: ["ETag": #""x""#]) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let before = sandbox.contents

        let error = await expectAsyncConstraintError {
            try await fetcher(server, store).fetch { update in
                guard key.isValidSignature(signature, for: update.data()) else { throw TamperedUpdate() }
            }
        }

        #expect((error?.code, sandbox.contents) == (.verificationFailed, before))
    }

    // MARK: - Cancellation

    @Test func cancellingTheTaskStopsTheDownload() async throws {
        let server = try LocalHTTPServer { _ in .drip(length: 100_000, interval: 0.05) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(url: server.url("/update.json"), store: store, timeout: 600)

        let task = Task { try await fetcher.fetch(verify: acceptEverything) }
        while server.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        task.cancel()

        let error = await expectAsyncConstraintError { try await task.value }
        #expect((error?.code, server.requests.count) == (.cancelled, 1))
    }

    @Test func cancellingTheTaskStopsTheBackoff() async throws {
        let server = try LocalHTTPServer { _ in .respond(status: 500) }
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let fetcher = ConstraintUpdateFetcher(
            url: server.url("/update.json"), store: store, retryDelay: 600, maximumRetryDelay: 600)

        let task = Task { try await fetcher.fetch(verify: acceptEverything) }
        while server.requests.isEmpty { try await Task.sleep(nanoseconds: 10_000_000) }
        task.cancel()

        let error = await expectAsyncConstraintError { try await task.value }
        #expect((error?.code, server.requests.count) == (.cancelled, 1))
    }

    // MARK: - Many attempts at once

    /// FoundationNetworking's `invalidateAndCancel()` reads the session's tasks off the session's queue while that
    /// queue removes a task that ends (a crash seen once in the crash test's child, in `Collection.map`): every way an
    /// attempt ends, many at once, ends its session without a crash and with the outcome its reply calls for.
    @Test func manyAttemptsEndingEveryWayAtOnceEachEndTheirSession() async throws {
        let body = Data(repeating: UInt8(ascii: "x"), count: 64)
        let server = try LocalHTTPServer { request in
            switch request.path {
            case "/200": .ok(body)
            case "/304": .respond(status: 304)
            case "/404": .respond(status: 404)
            case "/large": .ok(Data(count: 4_096))
            case "/drip": .drip(length: 1_000, interval: 0.05)
            default: .cutShort(length: 100, body: body)
            }
        }
        defer { server.stop() }
        let paths = ["/200", "/304", "/404", "/large", "/short"]
        let rounds = 150
        let ends = await withTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var ends: [String] = []
                    for round in 0..<rounds {
                        let path = paths[(round + worker) % paths.count]
                        let result = await DownloadAttempt.run(
                            URLRequest(url: server.url(path)), maximumSize: 1_024, timeout: 600,
                            maximumRedirects: 0)
                        ends.append("\(path) \(Self.describe(result))")
                    }
                    return ends
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        // Attempts cancelled as they start: most end before their task is resumed, the others (a slow machine) while
        // the body drips; their sessions end too.
        let cancelled = (0..<100).map { _ in
            Task {
                await DownloadAttempt.run(
                    URLRequest(url: server.url("/drip")), maximumSize: 1_024, timeout: 600, maximumRedirects: 0)
            }
        }
        for task in cancelled { task.cancel() }
        for task in cancelled {
            let result = await task.value
            #expect(Self.describe(result) == "cancelled", "\(result)")
        }
        #expect(ends.count == 4 * rounds)
        #expect(
            Set(ends) == [
                "/200 body 64", "/304 status 304", "/404 status 404", "/large too large", "/short cut short",
            ],
            "\(Set(ends))")
    }

    // MARK: - An audience

    @Test func aFetchForAnAudienceInstallsOnlyAnUpdateAssignedToItAndNamesTheArmOfAnother() async throws {
        let published = Published(try Fixtures.data("Store/Updates", "rollout.json"), etag: #""r""#)
        let server = try LocalHTTPServer(published.reply)
        defer { server.stop() }
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let rollout = try UpdateRollout(key: "checkout", percent: "25", holdback: "5")
        let treated = try #require(
            (0..<10_000).lazy.map { "id-\($0)" }.first {
                rollout.arm(ofBucket: rollout.bucket(installationID: $0)) == .treatment
            })
        var audience = UpdateAudience(appVersion: "3.1", os: "iOS", signals: ["plan": "pro"], installationID: treated)
        let before = sandbox.contents

        let unmet = try await fetcher(server, store).fetch(audience: audience) { _ in
            Issue.record("an update not for this installation has nothing to verify")
        }
        guard case .notAssigned(let version, let assignment) = unmet else {
            Issue.record("not .notAssigned: \(unmet)")
            return
        }
        #expect(version == "3" && assignment.arm == .conditionsNotMet)
        #expect(assignment.unmetCondition?.description == "appVersion>=3.2")
        #expect(store.installedVersion == nil && sandbox.contents == before)
        // The fetch without an audience leaves the judgment to the store, which refuses it.
        await expectAsyncError(.updateNotAssigned) {
            try await fetcher(server, store).fetch(verify: acceptEverything)
        }

        audience.appVersion = "3.2"
        #expect(
            try await fetcher(server, store).fetch(audience: audience, verify: acceptEverything)
                == .installed(version: "3"))
        #expect(try await fetcher(server, store).fetch(audience: audience, verify: acceptEverything) == .notModified)
        // Validators are kept only for an update installed: the refused fetches sent none.
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, nil, nil, #""r""#])

        // A kill switch (the same rollout key at 0 %) rolls this installation back to the app's files.
        published.publish(try Fixtures.data("Fetch", "kill-switch.json"), etag: #""k""#)
        let killed = try await fetcher(server, store).fetch(audience: audience, verify: acceptEverything)
        guard case .notAssigned("4", let stopped) = killed else {
            Issue.record("not .notAssigned: \(killed)")
            return
        }
        #expect((stopped.arm, store.installedVersion) == (.notInRollout, nil))
    }

    // MARK: - Helpers

    private static func describe(_ result: DownloadResult) -> String {
        switch result {
        case .body(let data, _): "body \(data.count)"
        case .status(let status, _): "status \(status)"
        case .tooLarge: "too large"
        // A body shorter than its length is seen by the reader (`.cutShort`) or by the transfer (`.network`).
        case .cutShort, .network: "cut short"
        case .cancelled: "cancelled"
        default: "\(result)"
        }
    }

    private func fetcher(_ server: LocalHTTPServer, _ store: ConstraintStore, attempts: Int = 4)
        -> ConstraintUpdateFetcher
    {
        ConstraintUpdateFetcher(
            url: server.url("/update.json"), store: store, timeout: 600, maximumAttempts: attempts, retryDelay: 0.01,
            maximumRetryDelay: 0.05)
    }
}

/// A bundle published with an ETag and a Last-Modified, answered 304 to a request that names its ETag.
private final class Published: Sendable {
    static let lastModified = "Sat, 28 Nov 2026 12:00:00 GMT"
    private let current: ConditionLocked<(body: Data, etag: String)>

    init(_ body: Data, etag: String) { current = ConditionLocked((body, etag)) }

    func publish(_ body: Data, etag: String) { current.withLock { $0 = (body, etag) } }

    var reply: @Sendable (HTTPRequest) -> HTTPReply {
        { [current] request in
            let (body, etag) = current.withLock { $0 }
            let headers = ["ETag": etag, "Last-Modified": Self.lastModified]
            if request.headers["if-none-match"] == etag { return .respond(status: 304, headers: headers) }
            return .ok(body, headers: headers)
        }
    }
}
