import Foundation
import Testing

@testable import DeviceConstraints

/// A store in a real folder over the fixture files (Fixtures/Store/Base), read through real interpreters: installs,
/// refusals, confirmation and rollback, reopening, and what the store does with what it finds in its folder.
struct ConstraintStoreTests {
    // MARK: - Installing

    @Test func anEmptyStoreReadsTheAppsFilesAlone() throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect((store.installedVersion, store.isPending) == (nil, false))
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(
            try (pad.record(viewId: "title", container: "Card").height, store.fileNames()) == (
                60, ["Card.json", "Card_iPad.json", "Header.json"]
            ))
    }

    @Test func everyInterpreterReadsAnInstallWhenItReturns() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        let otherPad = ConstraintInterpreter(source: store, environment: Windows.pad)
        let phone = ConstraintInterpreter(source: store, environment: Windows.phone)
        for interpreter in [pad, otherPad, phone] {
            try await interpreter.preload(containers: ["Card", "Header"])
        }
        let log = ReloadLog(pad)

        try await store.install(
            try ConstraintUpdate(data: Fixtures.data("Store/Updates", "2.json")), verify: acceptEverything)

        #expect(
            (
                store.installedVersion, store.isPending, pad.cachedRecord(viewId: "title", container: "Card")?.height,
                otherPad.cachedRecord(viewId: "title", container: "Card")?.height
            ) == ("2", true, 72, 72))
        #expect(phone.cachedRecord(viewId: "title", container: "Card")?.height == 44)
        // A container the update adds is read on demand.
        #expect(
            try (pad.record(viewId: "count", container: "Badge").width, log.all, store.fileNames()) == (
                20, [.reloaded(["Card"])], ["Badge.json", "Card.json", "Card_iPad.json", "Header.json"]
            ))
    }

    @Test func anInstallRereadsOnlyTheContainersWhoseFilesChanged() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        try await pad.preload(containers: ["Card", "Header"])
        let header = try #require(pad.cache.table(of: "Header"))
        let log = ReloadLog(pad)

        try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
        #expect((pad.cachedRecord(viewId: "title", container: "Card")?.height, log.all) == (90, [.reloaded(["Card"])]))
        // Header was not read again: the table lookups read is the one published before.
        #expect(pad.cache.table(of: "Header") === header)

        // The same bytes again, as a newer version: nothing to re-read, nothing announced.
        let card = try #require(pad.cache.table(of: "Card"))
        try await store.install(textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
        #expect((store.installedVersion, log.all) == ("3", [.reloaded(["Card"])]))
        #expect(pad.cache.table(of: "Card") === card)
    }

    @Test func anInstallSurvivesReopeningAndStaysPending() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        let store = try sandbox.open()
        #expect((store.installedVersion, store.isPending, store.rolledBackVersion) == ("2", true, nil))
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 80)
    }

    @Test func aVersionNotNewerIsRefusedUnlessDowngradeIsAllowed() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        try await store.install(
            textUpdate("1.10", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        for version in ["1.10", "1.9", "1.10.0", "0.99"] {
            await expectAsyncConstraintError {
                try await store.install(textUpdate(version, [:]), verify: acceptEverything)
            }
        }
        do {
            try await store.install(textUpdate("1.9", [:]), verify: acceptEverything)
        } catch {
            #expect((error.code, error.message.contains("allowDowngrade: true")) == (.versionNotNewer, true))
        }
        #expect(store.installedVersion == "1.10")
        try await store.install(textUpdate("1.9", [:]), allowDowngrade: true, verify: acceptEverything)
        #expect(store.installedVersion == "1.9")
        try await store.install(textUpdate("1.11", [:]), verify: acceptEverything)
        #expect(store.installedVersion == "1.11")
    }

    // MARK: - Refusals

    struct BadUpdate: Sendable, CustomTestStringConvertible {
        let name: String
        let update: ConstraintUpdate
        let code: ConstraintError.Code
        let says: String
        var file: String?
        var line: Int?
        var maximumUpdateSize = ConstraintUpdate.defaultMaximumSize
        var testDescription: String { name }
    }

    static let badUpdates: [BadUpdate] = [
        BadUpdate(
            name: "a wrong type",
            update: textUpdate("3", ["Card_iPad.json": #"{"Card": [{"title": {"height": "tall"}}]}"#]),
            code: .invalidFormat, says: "\"height\" must be a number", file: "Card_iPad.json", line: 1),
        BadUpdate(
            name: "malformed JSON", update: textUpdate("3", ["Card_iPad.json": "{\"Card\": [\n}"]),
            code: .malformedJSON, says: "expected a value", file: "Card_iPad.json", line: 2),
        BadUpdate(
            name: "a device the catalog does not know",
            update: textUpdate("3", ["Card_iPhone99.json": #"{"Card": [{"title": {"height": 1}}]}"#]),
            code: .unknownDevice, says: "\"iPhone99\" is not a device of the catalog", file: "Card_iPhone99.json"),
        BadUpdate(
            name: "a missing default",
            update: textUpdate(
                "3",
                ["Card_iPad.json": "{\"Card\": [\n  {\"title\": {\"height\": 1}},\n  {\"badge\": {\"width\": 9}}]}"]),
            code: .missingDefault, says: "view \"badge\" has no default", file: "Card_iPad.json", line: 3),
        BadUpdate(
            name: "a container key that is not the file's",
            update: textUpdate("3", ["Card_iPad.json": #"{"Cart": [{"title": {"height": 1}}]}"#]),
            code: .invalidFormat, says: "the top-level key \"Cart\" does not match", file: "Card_iPad.json"),
        BadUpdate(
            name: "not a constraint file", update: textUpdate("3", ["Notes.json": #"{"title": "release notes"}"#]),
            code: .invalidUpdate, says: "not a constraint file", file: "Notes.json"),
        BadUpdate(
            name: "a path", update: textUpdate("3", ["../Card.json": "{}"]), code: .invalidUpdate,
            says: "contains a path separator"),
        BadUpdate(
            name: "a backslash", update: textUpdate("3", ["..\\Card.json": "{}"]), code: .invalidUpdate,
            says: "contains a path separator"),
        BadUpdate(
            name: "a hidden file", update: textUpdate("3", [".Card.json": "{}"]), code: .invalidUpdate,
            says: "starts with a dot"),
        BadUpdate(
            name: "dots", update: textUpdate("3", ["Card..json": "{}"]), code: .invalidUpdate, says: "contains '..'"),
        BadUpdate(
            name: "a NUL", update: textUpdate("3", ["Card\u{0}.json": "{}"]), code: .invalidUpdate,
            says: "contains a NUL"),
        BadUpdate(
            name: "a control character", update: textUpdate("3", ["Card\u{1b}.json": "{}"]), code: .invalidUpdate,
            says: "control character"),
        BadUpdate(
            name: "an over-long name", update: textUpdate("3", [String(repeating: "C", count: 251) + ".json": "{}"]),
            code: .invalidUpdate, says: "longer than 255 bytes"),
        BadUpdate(
            name: "not .json", update: textUpdate("3", ["Card.txt": "{}"]), code: .invalidUpdate,
            says: "does not end in .json"),
        BadUpdate(
            name: "names that are one file on a Mac",
            update: textUpdate("3", ["Badge.json": #"{"Badge": []}"#, "badge.json": #"{"badge": []}"#]),
            code: .invalidUpdate, says: "differ only in case"),
        BadUpdate(
            name: "a file over the parser's limit",
            update: textUpdate("3", ["Card_iPad.json": String(repeating: " ", count: (8 << 20) + 1)]),
            code: .fileTooLarge, says: "over the limit of 8388608 bytes", file: "Card_iPad.json"),
        BadUpdate(
            name: "an update over the store's limit",
            update: textUpdate("3", ["Card_iPad.json": cardForPad(height: 1) + String(repeating: " ", count: 5_000)]),
            code: .fileTooLarge, says: "over the limit of 4096 bytes", maximumUpdateSize: 4096),
        BadUpdate(
            name: "a version that is not numbers", update: textUpdate("3b", ["Card_iPad.json": cardForPad(height: 1)]),
            code: .invalidVersion, says: "other than digits and dots"),
    ]

    @Test(arguments: badUpdates)
    func aRefusedUpdateChangesNothingOnDiskOrInAnyLookup(_ bad: BadUpdate) async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open(maximumUpdateSize: bad.maximumUpdateSize)
        try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        try await pad.preload(containers: ["Card", "Header"])
        let log = ReloadLog(pad)
        let onDisk = sandbox.contents

        do {
            try await store.install(bad.update, verify: acceptEverything)
            Issue.record("installed \(bad.name)")
        } catch {
            expectError(error, bad.code, file: bad.file, line: bad.line, says: bad.says)
        }
        #expect(
            (
                sandbox.contents, store.installedVersion, pad.cachedRecord(viewId: "title", container: "Card")?.height,
                log.all.isEmpty
            ) == (onDisk, "2", 80, true))
    }

    @Test func everyErrorOfARefusedUpdateIsReportedWithItsFileLineAndColumn() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let update = textUpdate(
            "2",
            [
                "Card_iPad.json": "{\"Card\": [\n  {\"title\": {\"height\": \"tall\", \"width\": true}}]}",
                "Header_iPhone99.json": #"{"Header": []}"#,
            ])
        do {
            try await store.install(update, verify: acceptEverything)
            Issue.record("installed")
        } catch {
            let lines = error.description.split(separator: "\n").map(String.init)
            #expect(lines.count == 3, "\(error)")
            #expect(
                (
                    lines.contains { $0.hasPrefix("Card_iPad.json:2:24: error: \"height\" must be a number") },
                    lines.contains { $0.hasPrefix("Card_iPad.json:2:41: error: \"width\" must be a number") },
                    lines.contains { $0.hasPrefix("Header_iPhone99.json: error: no device reads this file") }
                ) == (true, true, true))
        }
    }

    @Test func aVerifyThatThrowsInstallsNothing() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let onDisk = sandbox.contents
        do {
            try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)])) { _ in
                throw TamperedUpdate()
            }
            Issue.record("installed")
        } catch {
            #expect(error.code == .verificationFailed)
            #expect(
                error.message == "verify refused update 2: the update's signature does not match; nothing was installed"
            )
        }
        #expect((store.installedVersion, sandbox.contents) == (nil, onDisk))
    }

    /// The docs' verifier: a signature over the downloaded bundle, checked against the bytes `data()` returns.
    @Test func aBundleWithAByteFlippedAfterSigningIsRefusedByTheDocsVerifier() async throws {
        let key = TestSigningKey(key: 0x5EED)
        let bundle = textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]).data()
        let signature = key.signature(for: bundle)
        var tampered = bundle
        let eight = try #require(tampered.firstIndex(of: UInt8(ascii: "8")))
        tampered[eight] = UInt8(ascii: "9")  // height 90: still a valid bundle, with valid files

        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let verify: @Sendable (ConstraintUpdate) async throws -> Void = { update in
            guard key.isValidSignature(signature, for: update.data()) else { throw TamperedUpdate() }
        }
        await expectAsyncConstraintError {
            try await store.install(ConstraintUpdate(data: tampered), verify: verify)
        }
        #expect(store.installedVersion == nil)
        try await store.install(ConstraintUpdate(data: bundle), verify: verify)
        #expect(store.installedVersion == "2")
    }

    // MARK: - Confirm or roll back

    @Test func anUnconfirmedUpdateIsRolledBackAtTheSecondOpeningAfterItsInstall() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        do {
            let store = try sandbox.open()
            #expect((store.installedVersion, store.rolledBackVersion) == ("2", nil))
        }
        let log = DiagnosticLog()
        let store = try sandbox.open(diagnostics: log)
        #expect(store.installedVersion == nil)
        #expect(
            (
                store.rolledBackVersion, log.all.map(\.code),
                log.all.first?.message.contains("update 2 was not confirmed in 2 launches")
            ) == ("2", [.updateRolledBack], true))
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(
            try (pad.record(viewId: "title", container: "Card").height, sandbox.updateFolders.isEmpty) == (60, true))
        // The version rolled back is not installed again by itself.
        await expectAsyncConstraintError {
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        try await store.install(
            textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), allowDowngrade: true, verify: acceptEverything)
        #expect(store.installedVersion == "2")
    }

    @Test func aConfirmedUpdateStaysHoweverManyLaunchesFollow() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
            #expect(
                try (store.confirm(version: "2"), store.confirm(version: "2.0"), store.isPending) == (true, true, false)
            )
        }
        for _ in 0..<5 {
            let store = try sandbox.open()
            #expect((store.installedVersion, store.rolledBackVersion) == ("2", nil))
        }
    }

    @Test func withOneLaunchAllowedTheFirstReopeningRollsBack() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open(launches: 1)
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
            try store.confirm(version: "2")
            try await store.install(
                textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
        }
        let store = try sandbox.open(launches: 1)
        #expect((store.rolledBackVersion, store.installedVersion, store.isPending) == ("3", "2", false))
        expectConstraintError { try sandbox.open(launches: 0) }
    }

    @Test func aRollbackGoesBackOneUpdateAndTheStoreKeepsNothingOlder() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        for (version, height) in [("2", 80.0), ("3", 90.0), ("4", 100.0)] {
            try await store.install(
                textUpdate(version, ["Card_iPad.json": cardForPad(height: height)]), verify: acceptEverything)
            #expect(try pad.record(viewId: "title", container: "Card").height == height)
            let kept: Int = min(2, Int(version)! - 1)
            #expect(sandbox.updateFolders.count == kept)
        }
        #expect(store.previousVersion == "3")
        let log = ReloadLog(pad)
        try await store.rollback()
        #expect(
            (
                store.installedVersion, store.previousVersion,
                pad.cachedRecord(viewId: "title", container: "Card")?.height, sandbox.updateFolders.count
            ) == ("3", nil, 90, 1))
        try await store.rollback()
        #expect(store.installedVersion == nil)
        #expect(
            (pad.cachedRecord(viewId: "title", container: "Card")?.height, sandbox.updateFolders.isEmpty) == (60, true))
        try await store.rollback()
        #expect(log.all == [.reloaded(["Card"]), .reloaded(["Card"])])
    }

    @Test func aResetGoesBackToTheAppsFilesAndUnloadsWhatTheUpdateAdded() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        try await store.install(
            try ConstraintUpdate(data: Fixtures.data("Store/Updates", "2.json")), verify: acceptEverything)
        try await store.install(
            textUpdate("3", ["Badge.json": #"{"Badge": [{"count": {"width": 30}}]}"#]), verify: acceptEverything)
        #expect(
            try (
                pad.record(viewId: "count", container: "Badge").width,
                pad.record(viewId: "title", container: "Card").height
            ) == (30, 60))
        let log = ReloadLog(pad)
        try await store.reset()
        #expect(
            (store.installedVersion, store.previousVersion, sandbox.updateFolders.isEmpty, log.all) == (
                nil, nil, true, [.reloaded(["Badge"])]
            ))
        expectError(.fileNotFound) { try pad.record(viewId: "count", container: "Badge") }
    }

    // MARK: - One at a time

    @Test func aSecondStoreOverTheSameFolderIsRefusedWhileTheFirstIsOpen() throws {
        let sandbox = try StoreSandbox()
        do {
            let first = try sandbox.open()
            expectError(.storeInUse) { try sandbox.open() }
            withExtendedLifetime(first) {}
        }
        _ = try sandbox.open()
    }

    @Test(.timeLimit(.minutes(10)))
    func installsRunInTheOrderTheyWereCalledASlowVerifyIncluded() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        try await pad.preload(containers: ["Card"])
        let log = ReloadLog(pad)
        let steps = LockedList<String>()
        let firstStarted = Latch()
        let releaseFirst = Latch()
        let first = Task {
            try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)])) { _ in
                steps.append("first verify starts")
                firstStarted.open()
                await releaseFirst.wait()
                steps.append("first verify ends")
            }
        }
        await firstStarted.wait()
        // Two more, called in this order while the first waits for its verify.
        var queued: [Task<Void, any Error>] = []
        for (version, height) in [("3", 90.0), ("4", 100.0)] {
            queued.append(
                Task {
                    try await store.install(textUpdate(version, ["Card_iPad.json": cardForPad(height: height)])) { _ in
                        steps.append("verify \(version)")
                    }
                })
            #expect(await waitUntil { store.gate.waitingCount == queued.count })
        }
        #expect(store.installedVersion == nil)
        releaseFirst.open()
        try await first.value
        for task in queued { try await task.value }
        #expect(
            (
                steps.all, store.installedVersion, store.previousVersion,
                pad.cachedRecord(viewId: "title", container: "Card")?.height
            ) == (["first verify starts", "first verify ends", "verify 3", "verify 4"], "4", "3", 100))
        #expect(log.all == [.reloaded(["Card"]), .reloaded(["Card"]), .reloaded(["Card"])])
    }

    @Test(.timeLimit(.minutes(10)))
    func anInstallCancelledBeforeItsTurnThrowsAndChangesNothing() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let firstStarted = Latch()
        let releaseFirst = Latch()
        let first = Task {
            try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)])) { _ in
                firstStarted.open()
                await releaseFirst.wait()
            }
        }
        await firstStarted.wait()
        let second = Task {
            try await store.install(
                textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
        }
        try await Task.sleep(nanoseconds: 20_000_000)
        second.cancel()
        if case .failure(let error) = await second.result {
            #expect((error as? ConstraintError)?.code == .cancelled)
        } else {
            Issue.record("the cancelled install went on")
        }
        releaseFirst.open()
        try await first.value
        #expect(store.installedVersion == "2")
    }

    // MARK: - What the store finds in its folder

    @Test func leftoversOfAnInterruptedInstallAreRemovedWhenTheStoreOpens() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        let manager = FileManager.default
        try manager.createDirectory(
            at: sandbox.url.appendingPathComponent("update-9"), withIntermediateDirectories: true)
        try Data("half".utf8).write(to: sandbox.url.appendingPathComponent("update-9/Card_iPad.json"))
        try Data("{".utf8).write(to: sandbox.url.appendingPathComponent("store.json.new"))
        try Data("the app's".utf8).write(to: sandbox.url.appendingPathComponent("notes.txt"))

        let store = try sandbox.open()
        #expect(
            (
                store.installedVersion, sandbox.updateFolders,
                manager.fileExists(atPath: sandbox.url.appendingPathComponent("store.json.new").path),
                manager.fileExists(atPath: sandbox.url.appendingPathComponent("notes.txt").path)
            ) == ("2", ["update-1"], false, true))
    }

    @Test func aDamagedStateReadsTheAppsFilesWithoutAnErrorAndKeepsTheUpdatesUntilTheNextInstall() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        try Data(#"{"store": 1, "current": {"#.utf8).write(to: sandbox.url.appendingPathComponent("store.json"))
        let log = DiagnosticLog()
        let store = try sandbox.open(diagnostics: log)
        #expect((store.installedVersion, log.all.map(\.code)) == (nil, [.storeRecovered]))
        // The store's own record never costs the installed updates: they stay for an opening that can read it.
        #expect(sandbox.updateFolders == ["update-1"])
        try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        #expect((store.installedVersion, sandbox.updateFolders) == ("2", ["update-1", "update-2"]))
        // The install's record names only its own: the next opening removes the other.
        _ = consume store
        #expect(try (sandbox.open().installedVersion, sandbox.updateFolders) == ("2", ["update-2"]))
    }

    @Test func aDamagedUpdateIsRolledBackWhenTheStoreOpens() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
            try store.confirm(version: "2")
            try await store.install(
                textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
        }
        // A file of the installed update cut short.
        let file = sandbox.url.appendingPathComponent("update-2/Card_iPad.json")
        try Data("{\"Card\"".utf8).write(to: file)
        let log = DiagnosticLog()
        let store = try sandbox.open(diagnostics: log)
        #expect(
            (store.rolledBackVersion, store.installedVersion, log.all.map(\.code)) == ("3", "2", [.updateRolledBack]))
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 80)
    }

    // MARK: - Symbolic links

    @Test func theStoreNeverFollowsASymbolicLinkInItsFolder() async throws {
        let sandbox = try StoreSandbox()
        let outside = try TemporaryFolder()
        let secret = outside.url.appendingPathComponent("secret.json")
        let secretText = Data(cardForPad(height: 666).utf8)
        try secretText.write(to: secret)
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
            try store.confirm(version: "2")
        }
        let manager = FileManager.default
        // An installed file replaced by a link to a file outside.
        let installed = sandbox.url.appendingPathComponent("update-1/Card_iPad.json")
        try manager.removeItem(at: installed)
        try manager.createSymbolicLink(at: installed, withDestinationURL: secret)
        // The new state's name taken by a link, so that a write through it would land outside.
        try manager.createSymbolicLink(
            at: sandbox.url.appendingPathComponent("store.json.new"), withDestinationURL: secret)

        let store = try sandbox.open()
        #expect(store.rolledBackVersion == "2")
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 60)
        // The links are removed as links: what they pointed to is untouched.
        #expect(try (Data(contentsOf: secret), sandbox.updateFolders.isEmpty) == (secretText, true))

        try manager.createSymbolicLink(
            at: sandbox.url.appendingPathComponent("store.json.new"), withDestinationURL: secret)
        try await store.install(textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
        #expect(
            try (Data(contentsOf: secret), pad.record(viewId: "title", container: "Card").height) == (secretText, 90))
    }

    @Test func aStateThatNamesAFileOutsideItsFolderIsDamagedAndNotRead() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        let state = sandbox.url.appendingPathComponent("store.json")
        let text = try String(contentsOf: state, encoding: .utf8)
        try text.replacingOccurrences(of: "\"Card_iPad.json\"", with: "\"../../Card_iPad.json\"")
            .write(to: state, atomically: true, encoding: .utf8)
        let log = DiagnosticLog()
        let store = try sandbox.open(diagnostics: log)
        #expect(store.installedVersion == nil)
        #expect(
            try (log.all.map(\.code), store.fileNames()) == (
                [.storeRecovered], ["Card.json", "Card_iPad.json", "Header.json"]
            ))
    }

    @Test func aStateThatIsALinkIsNotRead() throws {
        let sandbox = try StoreSandbox()
        let outside = try TemporaryFolder()
        try FileManager.default.createDirectory(at: sandbox.url, withIntermediateDirectories: true)
        let record = StoreRecord()
        try record.data.write(to: outside.url.appendingPathComponent("store.json"))
        try FileManager.default.createSymbolicLink(
            at: sandbox.url.appendingPathComponent("store.json"),
            withDestinationURL: outside.url.appendingPathComponent("store.json"))
        let log = DiagnosticLog()
        let store = try sandbox.open(diagnostics: log)
        #expect((store.installedVersion, log.all.first?.message.contains("symbolic link")) == (nil, true))
    }
}

extension ConstraintStoreTests {
    // MARK: - The store's own record

    /// An update of `count` base files of containers with names of about 200 bytes: each adds about 215 bytes to the
    /// store's record, whatever its contents.
    static func manyFiles(_ version: String, count: Int) -> ConstraintUpdate {
        var files: [String: String] = [:]
        for n in 0..<count {
            let container = "C\(n)" + String(repeating: "x", count: 190)
            files["\(container).json"] = #"{"\#(container)": [{"v": {"width": 1}}]}"#
        }
        return textUpdate(version, files)
    }

    @Test func anInstallWhoseRecordWouldPassWhatTheStoreReadsBackIsRefusedAndNothingIsLost() async throws {
        let sandbox = try StoreSandbox()
        // 40 files each: about 8.7 KB of record for one update, 17 KB for an update and the one before it.
        let limit = 12_000
        do {
            let store = try sandbox.open(maximumRecordSize: limit)
            try await store.install(Self.manyFiles("2", count: 40), verify: acceptEverything)
            do {
                try await store.install(Self.manyFiles("3", count: 40), verify: acceptEverything)
                Issue.record("an install whose record the store could not read back was accepted")
            } catch {
                #expect(
                    (error.code, error.message.contains("store.json"), error.message.contains("\(limit) bytes")) == (
                        .fileTooLarge, true, true
                    ))
            }
            #expect(store.installedVersion == "2")
        }
        let log = DiagnosticLog()
        let store = try sandbox.open(maximumRecordSize: limit, diagnostics: log)
        #expect((store.installedVersion, log.all.isEmpty, sandbox.updateFolders) == ("2", true, ["update-1"]))
    }

    @Test func aRecordTooLargeToReadKeepsTheInstalledUpdatesForAnOpeningThatCanReadIt() async throws {
        let sandbox = try StoreSandbox()
        do {
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
            try store.confirm(version: "2")
        }
        let before = sandbox.contents
        let log = DiagnosticLog()
        do {
            let store = try sandbox.open(maximumRecordSize: 64, diagnostics: log)
            #expect(
                (store.installedVersion, log.all.map(\.code), log.all.first?.message.contains("kept")) == (
                    nil, [.storeRecovered], true
                ))
        }
        #expect(sandbox.contents == before)
        let store = try sandbox.open()
        #expect(store.installedVersion == "2")
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 80)
    }

    // MARK: - Refusing in linear time

    @Test(.longTier, .timeLimit(.minutes(10)))
    func refusingAnUpdateWithoutDefaultsTakesLinearTimeAndReportsABoundedList() async throws {
        let sandbox = try StoreSandbox()
        let base = sandbox.base
        let error = try await LinearTime.expectLinear(
            from: 1_000, "refusing M_iPad.json of n views and no base file",
            prepare: { views in
                textUpdate(
                    "2",
                    [
                        "M_iPad.json": #"{"M": ["#
                            + (0..<views).map { #"{"v\#($0)": {"width": 1}}"# }.joined(separator: ",\n") + "]}"
                    ])
            },
            { update in
                let check = UpdateCheck(
                    base: base, catalog: .standard, parser: ConstraintFileParser(),
                    maximumSize: ConstraintUpdate.defaultMaximumSize)
                do throws(ConstraintError) {
                    try check.checkFiles(update)
                    return ConstraintError?.none
                } catch {
                    return error
                }
            })
        let refusal = try #require(error)
        #expect(
            (refusal.code, refusal.line, refusal.additionalErrors.count, refusal.additionalErrors.last?.message) == (
                .missingDefault, 1, UpdateCheck.maximumErrors, "and 3900 more errors in this update"
            ))
        #expect(refusal.additionalErrors.first?.line == 2)
    }

    // MARK: - A verify that calls its own store

    @Test(.timeLimit(.minutes(10)))
    func aVerifyThatCallsItsOwnStoreFailsAtOnceInsteadOfWaitingForItself() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let inner = LockedList<ConstraintError.Code>()
        let install = Task {
            try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)])) { _ in
                do throws(ConstraintError) { try await store.rollback() } catch { inner.append(error.code) }
                do throws(ConstraintError) { try await store.reset() } catch { inner.append(error.code) }
                do throws(ConstraintError) {
                    try await store.install(
                        textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
                } catch {
                    inner.append(error.code)
                }
                // A task it starts and waits for is inside the install too (not tried once a call waited: this
                // task, not cancelled with the install's, would wait for ever).
                guard inner.all == Array(repeating: .reentrantStoreCall, count: 3) else { return }
                let started = Task { try await store.rollback() }
                if case .failure(let error) = await started.result {
                    inner.append((error as? ConstraintError)?.code ?? .init(rawValue: "\(error)"))
                }
            }
        }
        // Without the check, the first inner call waits for its own install forever: give it minutes (a busy machine
        // takes seconds to validate the update before verify runs), then free it.
        let answered = await waitUntil { inner.all.count == 4 }
        if !answered { install.cancel() }
        #expect(answered, "a call from inside verify waited for its own install")
        _ = await install.result
        #expect(
            (inner.all, store.installedVersion) == (
                Array(repeating: .reentrantStoreCall, count: 4), (answered ? "2" : nil)
            ))
        do {
            try await store.rollback()
        } catch {
            Issue.record("a rollback after the install failed: \(error)")
        }
    }

    @Test(.timeLimit(.minutes(10)))
    func aVerifyCancelledWithItsTaskIsReportedAsACancellation() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let started = Latch()
        let install = Task {
            try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)])) { _ in
                started.open()
                try await Task.sleep(nanoseconds: 60_000_000_000)
            }
        }
        await started.wait()
        install.cancel()
        guard case .failure(let error) = await install.result else {
            Issue.record("the cancelled install went on")
            return
        }
        #expect(
            ((error as? ConstraintError)?.code, store.installedVersion, sandbox.updateFolders.isEmpty) == (
                .cancelled, nil, true
            ))
    }

    // MARK: - A disk that takes no change

    /// A full or read-only disk, simulated at the store's system calls (every change fails with that `errno`): the
    /// tests run as root, which writes through a folder's permissions, and cannot mount a read-only file system.
    /// What they prove is what the store does with the failures; that a real disk fails those calls with those
    /// codes is the system's part.
    static let unwritableDisks: [Int32] = [EROFS, ENOSPC]

    @Test(arguments: unwritableDisks)
    func aStoreOpensOnADiskThatTakesNoChangeAndServesWhatIsInstalled(failure: Int32) async throws {
        let sandbox = try StoreSandbox()
        do {
            // Pending: the next opening counts a launch, which it must write.
            let store = try sandbox.open()
            try await store.install(
                textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)]), verify: acceptEverything)
        }
        let before = sandbox.contents
        let log = DiagnosticLog()
        let store = try sandbox.open(simulatedFailure: failure, diagnostics: log)
        #expect((store.installedVersion, store.isPending, log.all.map(\.code)) == ("2", true, [.storeNotRecorded]))
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 80)
        // A second store over the folder is still refused.
        expectConstraintError { try sandbox.open(simulatedFailure: failure) }

        let reason = String(cString: strerror(failure))
        do {
            try await store.install(
                textUpdate("3", ["Card_iPad.json": cardForPad(height: 90)]), verify: acceptEverything)
            Issue.record("an install on a disk that takes no change was accepted")
        } catch {
            #expect((error.code, error.message.contains(reason)) == (.unwritableStore, true))
        }
        #expect(
            try (store.installedVersion, pad.record(viewId: "title", container: "Card").height, sandbox.contents) == (
                "2", 80, before
            ))
    }

    @Test func aStoreOpensOnAReadOnlyDiskWhereItNeverRanAndStillExcludesASecondOne() throws {
        let sandbox = try StoreSandbox()
        try FileManager.default.createDirectory(at: sandbox.url, withIntermediateDirectories: true)
        let store = try sandbox.open(simulatedFailure: EROFS)
        #expect(
            try (store.installedVersion, store.fileNames()) == (nil, ["Card.json", "Card_iPad.json", "Header.json"]))
        do {
            _ = try sandbox.open(simulatedFailure: EROFS)
            Issue.record("a second store over the same folder opened")
        } catch {
            #expect(error.code == .storeInUse)
        }
        #expect(sandbox.contents.isEmpty)
        withExtendedLifetime(store) {}
    }

    // MARK: - Control characters in messages

    @Test func theStoresErrorsShowControlCharactersAsEscapes() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        struct Hostile: Error, CustomStringConvertible {
            var description: String { "bad\u{1B}[2J\u{85}sig\u{202E}nature\u{7F}\nsecond line" }
        }
        var descriptions: [String] = []
        do {
            try await store.install(textUpdate("2", ["Card\u{85}.json": "{}"]), verify: acceptEverything)
        } catch {
            descriptions.append(error.description)
        }
        do {
            try await store.install(textUpdate("2", ["Card_iPad.json": cardForPad(height: 80)])) { _ in throw Hostile()
            }
        } catch {
            descriptions.append(error.description)
        }
        do {
            try await store.install(textUpdate("2\u{85}", ["Card_iPad.json": cardForPad(height: 80)])) { _ in }
        } catch {
            descriptions.append(error.description)
        }
        // A store whose folder's path holds one.
        let blocked = sandbox.folder.url.appendingPathComponent("Sto\u{85}re\u{202E}")
        try Data().write(to: blocked)
        do {
            _ = try ConstraintStore(directory: blocked, base: sandbox.base)
        } catch {
            descriptions.append(error.description)
        }
        #expect(descriptions.count == 4)
        for description in descriptions {
            #expect(
                !description.unicodeScalars.contains(where: ControlCharacters.isUnsafe),
                "\(description.debugDescription)")
        }
        #expect(
            (
                descriptions.allSatisfy { $0.contains("\\u0085") },
                descriptions[1].contains("bad\\u001B[2J\\u0085sig\\u202Enature\\u007F\\u000Asecond line")
            ) == (true, true))
    }
}

extension ConstraintStoreTests {
    #if os(Linux)
        /// The store's system calls have lines for Apple platforms only (the flush with a barrier); type-checking them
        /// against the stand-in `Darwin` of the watcher's test (Glibc plus Apple's declarations) catches their Swift
        /// mistakes. A Mac must still confirm that `F_BARRIERFSYNC` (85) is what its `<sys/fcntl.h>` says.
        @Test(.longTier, .timeLimit(.minutes(10)))
        func theStoresSystemCallsTypeCheckAgainstAStandInDarwin() async throws {
            let swiftc = try #require(Toolchain.find("swiftc"), "no swiftc on PATH")
            let work = try TemporaryFolder()
            let standIn = try Fixtures.folder("DarwinStandIn").appendingPathComponent("Darwin.swift")
            try await Toolchain.run(
                swiftc,
                [
                    "-emit-module", "-parse-as-library", "-module-name", "Darwin", standIn.path, "-emit-module-path",
                    work.url.appendingPathComponent("Darwin.swiftmodule").path,
                ])
            let sources = Fixtures.bundledConstraints.deletingLastPathComponent()
                .appendingPathComponent("Sources/DeviceConstraints")
            // The two files are `package` (the tool writes through them): they need the package's name.
            try await Toolchain.run(
                swiftc,
                [
                    "-typecheck", "-wmo", "-I", work.url.path, "-module-name", "DeviceConstraints", "-swift-version",
                    "6", "-package-name", PackageCompiler.packageName,
                ]
                    + PackageCompiler.settings
                    + ["Store/StoreFolder.swift", "Files/PosixFile.swift"].map {
                        sources.appendingPathComponent($0).path
                    })
        }
    #endif
}

/// Opens once; every task waiting for it then goes on.
final class Latch: Sendable {
    private let state = ConditionLocked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func open() {
        let waiting = state.withLock { state in
            state.open = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state in
                if !state.open { state.waiting.append(continuation) }
                return state.open
            }
            if ready { continuation.resume() }
        }
    }
}

// MARK: - Who gets an update, and its layout health

extension ConstraintStoreTests {
    /// An update of the fixtures' Card_iPad.json for the installations `conditions` and `rollout` choose.
    static func targeted(
        _ version: String, height: Double = 80, conditions: [String] = [], rollout: UpdateRollout? = nil,
        maximumLayoutProblems: Int = 0
    ) throws -> ConstraintUpdate {
        ConstraintUpdate(
            version: version, files: ["Card_iPad.json": Data(cardForPad(height: height).utf8)],
            conditions: try conditions.map { try UpdateCondition($0) }, rollout: rollout,
            maximumLayoutProblems: maximumLayoutProblems)
    }

    @Test func anUpdateWhoseConditionsDoNotHoldIsNotInstalledAndTheAppLearnsWhichCondition() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        let update = try Self.targeted("2", conditions: ["appVersion>=3.2", "signal.plan=pro"])
        let before = sandbox.contents
        let verified = ConditionLocked(0)
        let assignment = try await store.install(
            update, audience: UpdateAudience(appVersion: "3.1", signals: ["plan": "pro"])
        ) { _ in verified.withLock { $0 += 1 } }
        #expect(
            (
                assignment.arm, assignment.unmetCondition?.description,
                assignment.reason.contains("the app version is 3.1")
            ) == (.conditionsNotMet, "appVersion>=3.2", true))
        #expect((store.installedVersion, sandbox.contents, verified.withLock { $0 }) == (nil, before, 0))
        // The install that takes no audience says so in an error.
        do {
            try await store.install(update, verify: acceptEverything)
            Issue.record("installed")
        } catch {
            #expect((error.code, error.message.contains("appVersion>=3.2")) == (.updateNotAssigned, true))
        }
        let met = try await store.install(
            update, audience: UpdateAudience(appVersion: "3.2", signals: ["plan": "pro"]), verify: acceptEverything)
        #expect((met.arm, store.installedVersion) == (.treatment, "2"))
    }

    @Test func theInstallationIDIsRandomKeptByTheStoreAndTheHoldbackNeverInstalls() async throws {
        let sandbox = try StoreSandbox()
        let id: String
        do {
            let store = try sandbox.open()
            id = store.installationID
            #expect(store.installationID == id)
        }
        let store = try sandbox.open()
        #expect(store.installationID == id)
        #expect(try StoreSandbox().open().installationID != id)
        // An id the app gives wins over the store's: find one in the holdback and one in the rollout.
        let rollout = try UpdateRollout(key: "checkout", percent: "50", holdback: "10")
        let held = try #require(
            (0..<1_000).map { "id-\($0)" }.first {
                rollout.arm(ofBucket: rollout.bucket(installationID: $0)) == .holdback
            })
        let treated = try #require(
            (0..<1_000).map { "id-\($0)" }.first {
                rollout.arm(ofBucket: rollout.bucket(installationID: $0)) == .treatment
            })
        let update = try Self.targeted("2", rollout: rollout)
        let holdback = try await store.install(
            update, audience: UpdateAudience(installationID: held), verify: acceptEverything)
        #expect((holdback.arm, store.installedVersion) == (.holdback, nil))
        let treatment = try await store.install(
            update, audience: UpdateAudience(installationID: treated), verify: acceptEverything)
        #expect(
            (treatment.arm, treatment.bucket, store.installedVersion) == (
                .treatment, rollout.bucket(installationID: treated), "2"
            ))
        // Published again at a greater percentage, the same version: nothing to do.
        let again = try await store.install(
            try Self.targeted("2", rollout: UpdateRollout(key: "checkout", percent: "75", holdback: "10")),
            audience: UpdateAudience(installationID: treated), verify: acceptEverything)
        #expect((again.arm, store.installedVersion) == (.treatment, "2"))
    }

    @Test func theSameRolloutKeyAtALowerPercentageRollsTheUpdateBackOnceVerified() async throws {
        let sandbox = try StoreSandbox()
        let log = DiagnosticLog()
        let store = try sandbox.open(diagnostics: log)
        let audience = UpdateAudience(installationID: "id-kill")
        try await store.install(try Self.targeted("2", height: 70), audience: audience, verify: acceptEverything)
        #expect(try store.confirm(version: "2"))
        let rollout = try UpdateRollout(key: "checkout", percent: "100")
        try await store.install(try Self.targeted("3", rollout: rollout), audience: audience, verify: acceptEverything)
        #expect(store.installedVersion == "3")
        let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
        #expect(try pad.record(viewId: "title", container: "Card").height == 80)

        let killed = try Self.targeted("4", rollout: UpdateRollout(key: "checkout", percent: "0"))
        // A kill switch that verify refuses changes nothing.
        await expectAsyncConstraintError {
            try await store.install(killed, audience: audience) { _ in throw TamperedUpdate() }
        }
        #expect(store.installedVersion == "3")
        let assignment = try await store.install(killed, audience: audience, verify: acceptEverything)
        #expect(
            (
                assignment.arm, store.installedVersion, pad.cachedRecord(viewId: "title", container: "Card")?.height,
                log.all.map(\.code)
            ) == (.notInRollout, "2", 70, [.updateRolledBack]))
        #expect(log.all.first?.message.contains("rollout key \"checkout\"") == true)
        // Another key leaves the installed update alone.
        try await store.install(
            try Self.targeted("5", rollout: UpdateRollout(key: "other", percent: "0")), audience: audience,
            verify: acceptEverything)
        #expect(store.installedVersion == "2")
    }

    @Test func confirmingAVersionConfirmsOnlyThatVersion() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        #expect(try !store.confirm(version: "2"))
        try await store.install(try Self.targeted("2"), verify: acceptEverything)
        // Installed in the background after the screen showed update 2: 3 was never shown.
        try await store.install(try Self.targeted("3", height: 90), verify: acceptEverything)
        #expect(
            try (store.confirm(version: "2"), store.isPending, store.confirm(version: "3"), store.isPending) == (
                false, true, true, false
            ))
    }

    @available(*, deprecated, message: "tests the deprecated confirm()")
    @Test func theDeprecatedConfirmStillConfirmsWhateverIsInstalled() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        try await store.install(try Self.targeted("2"), verify: acceptEverything)
        try store.confirm()
        #expect(!store.isPending)
    }

    @Test(.timeLimit(.minutes(10)))
    func aLookupOfAnUnknownViewInAPendingUpdatesContainerRollsItBackAtOnceAndRefusesIt() async throws {
        let sandbox = try StoreSandbox()
        weak var released: ConstraintStore?
        do {
            let log = DiagnosticLog()
            let store = try sandbox.open(diagnostics: log)
            released = store
            try await store.install(try Self.targeted("2"), verify: acceptEverything)
            let pad = ConstraintInterpreter(source: store, environment: Windows.pad)
            // Header is not the update's: its failures are not counted.
            expectConstraintError { try pad.record(viewId: "missing", container: "Header") }
            #expect(store.layoutProblems.isEmpty)
            expectConstraintError { try pad.record(viewId: "subtitle", container: "Card") }
            await store.waitForLayoutHealthRollback()
            #expect(try (store.installedVersion, pad.record(viewId: "title", container: "Card").height) == (nil, 60))
            let message = try #require(log.all.first { $0.code == .updateRolledBack }?.message)
            #expect(
                (
                    message.contains("update 2 was rolled back at once: 1 layout problem"),
                    message.contains("Card: no view \"subtitle\"")
                ) == (true, true))
        }
        // The rollback's task lets go of the store once it has returned: wait for it, and for the store to let go of
        // its folder, as the next launch would.
        while released != nil { try await Task.sleep(nanoseconds: 1_000_000) }
        // Refused afterwards, at the next launch too, unless the app means it.
        let store = try await sandbox.reopen()
        await expectAsyncConstraintError {
            try await store.install(try Self.targeted("2"), verify: acceptEverything)
        }
        try await store.install(try Self.targeted("2"), allowDowngrade: true, verify: acceptEverything)
        #expect(store.installedVersion == "2")
    }

    @Test(.timeLimit(.minutes(10)))
    func reportedProblemsRollBackOnlyPastTheLimitAndOnlyWhilePending() async throws {
        let sandbox = try StoreSandbox()
        let store = try sandbox.open()
        try await store.install(try Self.targeted("2", maximumLayoutProblems: 2), verify: acceptEverything)
        store.reportLayoutProblem("title is clipped", container: "Card")
        store.reportLayoutProblem("unsatisfiable constraints", container: "Card")
        store.reportLayoutProblem("not the update's", container: "Header")
        await store.waitForLayoutHealthRollback()
        #expect(
            (store.installedVersion, store.layoutProblems) == (
                "2", ["Card: title is clipped", "Card: unsatisfiable constraints"]
            ))
        store.reportLayoutProblem("a third", container: "Card")
        await store.waitForLayoutHealthRollback()
        #expect(store.installedVersion == nil)

        // A confirmed update is not guarded.
        try await store.install(try Self.targeted("3"), verify: acceptEverything)
        #expect(try store.confirm(version: "3"))
        store.reportLayoutProblem("after the confirmation", container: "Card")
        await store.waitForLayoutHealthRollback()
        #expect(store.installedVersion == "3")
    }
}
