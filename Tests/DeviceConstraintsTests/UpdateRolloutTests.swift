import Foundation
import Testing

@testable import DeviceConstraints

/// Who an update is for: its conditions read and checked against the app's facts, its rollout's buckets and arms,
/// and both carried in the bundle.
struct UpdateRolloutTests {
    // MARK: - Conditions

    struct Case: Sendable, CustomTestStringConvertible {
        let condition: String
        let audience: UpdateAudience
        let holds: Bool
        var testDescription: String { "\(condition) \(holds ? "holds" : "fails")" }
    }

    static let cases: [Case] = [
        Case(condition: "appVersion>=3.2", audience: UpdateAudience(appVersion: "3.10"), holds: true),
        Case(condition: "appVersion>=3.2", audience: UpdateAudience(appVersion: "3.1.9"), holds: false),
        Case(condition: "appVersion<4", audience: UpdateAudience(appVersion: "4.0"), holds: false),
        Case(condition: "appVersion<4", audience: UpdateAudience(appVersion: "3.99.1"), holds: true),
        Case(condition: "appVersion=4", audience: UpdateAudience(appVersion: "4.0.0"), holds: true),
        Case(condition: "appVersion!=4", audience: UpdateAudience(appVersion: "4.0.1"), holds: true),
        Case(condition: "appVersion>3", audience: UpdateAudience(), holds: false),
        Case(condition: "osVersion>=17", audience: UpdateAudience(osVersion: "17.4.1 (21E236)"), holds: true),
        Case(condition: "osVersion<=16.4", audience: UpdateAudience(osVersion: "16.5"), holds: false),
        Case(condition: "os=iOS,iPadOS", audience: UpdateAudience(os: "ipados"), holds: true),
        Case(condition: "os!=macOS", audience: UpdateAudience(os: "macOS"), holds: false),
        Case(condition: "idiom=pad", audience: UpdateAudience(idiom: .phone), holds: false),
        Case(condition: "device=iPhone14Pro", audience: UpdateAudience(device: "iPhone14Pro"), holds: true),
        Case(
            condition: "device=iPhone16", audience: UpdateAudience(device: "iPhone14Pro", model: "iPhone16"),
            holds: true),
        Case(condition: "w600", audience: UpdateAudience(width: 600), holds: true),
        Case(condition: "w600", audience: UpdateAudience(width: 599.5), holds: false),
        Case(condition: "locale=de", audience: UpdateAudience(locale: "de_CH"), holds: true),
        Case(condition: "locale=de-CH", audience: UpdateAudience(locale: "de-AT"), holds: false),
        Case(condition: "locale=de", audience: UpdateAudience(locale: "dea"), holds: false),
        Case(condition: "region=CA", audience: UpdateAudience(region: "ca"), holds: true),
        Case(condition: "signal.plan=pro", audience: UpdateAudience(signals: ["plan": "pro"]), holds: true),
        Case(condition: "signal.plan=pro", audience: UpdateAudience(signals: ["plan": "Pro"]), holds: false),
        Case(condition: "signal.plan!=free", audience: UpdateAudience(), holds: false),
    ]

    @Test(arguments: cases)
    func aConditionHoldsForTheFactsItNames(_ test: Case) throws {
        let condition = try UpdateCondition(test.condition)
        let failure = condition.failure(for: test.audience)
        #expect((failure == nil) == test.holds, "\(failure ?? "holds")")
    }

    static let malformed: [(condition: String, expected: String)] = [
        ("appVerison>=3", "did you mean \"appVersion\"?"),
        ("appVersion>=3.x", "not numbers separated by dots"),
        ("appVersion=>3", "second operator"),
        ("os=Symbian", "not one of iOS, iPadOS"),
        ("idiom=watch", "the idioms are phone, pad"),
        ("device=iPhone_6", "contains \"_\""),
        ("region=Canada", "two letters or three digits"),
        ("locale=deutsch", "language code"),
        ("signal.=pro", "names a signal"),
        ("os>=iOS", "only versions take"),
        ("plan", "has no operator"),
        ("w0", "w<points>"),
        ("os=iOS,", "empty value"),
        ("", "is empty"),
        ("os = iOS", "space"),
    ]

    @Test(arguments: malformed)
    func aMalformedConditionIsAnErrorThatSaysWhatWasExpected(_ test: (condition: String, expected: String)) {
        do {
            _ = try UpdateCondition(test.condition)
            Issue.record("\(test.condition) was read")
        } catch {
            #expect(error.code == .invalidCondition)
            #expect(error.message.contains(test.expected), "\(error.message)")
            #expect(error.message.contains("such as appVersion>=3.2"))
        }
    }

    @Test func theFirstConditionThatFailsIsTheReason() throws {
        let update = try ConstraintUpdate(
            version: "2", files: [:],
            conditions: [UpdateCondition("appVersion>=3.2"), UpdateCondition("signal.plan=pro")], rollout: nil)
        let assignment = update.assignment(
            for: UpdateAudience(appVersion: "3.4", signals: ["plan": "free"]), installationID: "a")
        #expect(
            (assignment.arm, assignment.unmetCondition?.description, assignment.bucket, assignment.reason) == (
                .conditionsNotMet, "signal.plan=pro", nil,
                "the condition signal.plan=pro does not hold: the signal plan is free"
            ))
    }

    // MARK: - Rollouts

    /// The bucket is documented so that a server or an analytics query can compute it: these values were computed
    /// apart from the library, by the formula in UpdateRollout's documentation.
    @Test func theBucketIsTheDocumentedHashOfTheKeyAndTheInstallation() {
        #expect(
            (
                UpdateRollout.bucket(key: "checkout", installationID: "6F1A0C44-0000-4000-8000-000000000001"),
                UpdateRollout.bucket(key: "update", installationID: "device-1"),
                UpdateRollout.bucket(key: "update", installationID: "device-2")
            ) == (1294, 8319, 8063))
    }

    @Test func percentagesHaveAtMostTwoDecimalsAndGoFrom0To100() throws {
        #expect(
            try (
                UpdateRollout.basisPoints("12.5", what: "rollout"), UpdateRollout.basisPoints("0.25", what: "rollout"),
                UpdateRollout.basisPoints("100", what: "rollout")
            ) == (1250, 25, 10_000))
        for bad in ["100.01", "0.125", "-1", "", "5.", ".5", "1e2", "50%", "1000"] {
            #expect(throws: ConstraintError.self, "\(bad)") { try UpdateRollout.basisPoints(bad, what: "rollout") }
        }
        #expect(
            (UpdateRollout.percent(1250), UpdateRollout.percent(25), UpdateRollout.percent(5)) == (
                "12.5", "0.25", "0.05"
            ))
    }

    @Test(.timeLimit(.minutes(10)))
    func overAHundredThousandRandomInstallationsEachArmGetsItsShareWithinHalfAPoint() throws {
        let rollout = try UpdateRollout(key: "checkout", percent: "25", holdback: "5")
        let update = ConstraintUpdate(version: "2", files: [:], conditions: [], rollout: rollout)
        var counts: [UpdateArm: Int] = [:]
        let total = 100_000
        for _ in 0..<total {
            counts[update.assignment(for: UpdateAudience(), installationID: UUID().uuidString).arm, default: 0] += 1
        }
        // 5% held back; 25% of the other 95% get it.
        let asked: [UpdateArm: Double] = [.holdback: 5, .treatment: 23.75, .notInRollout: 71.25]
        for (arm, share) in asked {
            let measured = Double(counts[arm] ?? 0) * 100 / Double(total)
            #expect(abs(measured - share) <= 0.5, "\(arm): \(measured)% for \(share)%")
        }
    }

    @Test func anInstallationInTheRolloutStaysInAsThePercentageGrows() throws {
        let ids = (0..<2_000).map { "installation-\($0)" }
        var previous: Set<String> = []
        var held: Set<String>?
        for percent in ["1", "5", "25", "100"] {
            let rollout = try UpdateRollout(key: "checkout", percent: percent, holdback: "10")
            let treated = Set(ids.filter { rollout.arm(ofBucket: rollout.bucket(installationID: $0)) == .treatment })
            let holdback = Set(ids.filter { rollout.arm(ofBucket: rollout.bucket(installationID: $0)) == .holdback })
            #expect(previous.isSubset(of: treated))
            #expect(held == nil || held == holdback)
            #expect(treated.isDisjoint(with: holdback))
            previous = treated
            held = holdback
        }
        // At 100% every installation outside the holdback has it.
        #expect(previous.count + (held?.count ?? 0) == ids.count)
    }

    // MARK: - The bundle

    @Test func aBundleCarriesItsConditionsRolloutAndLimitBothWays() throws {
        let read = try ConstraintUpdate(data: Fixtures.data("Store/Updates", "rollout.json"))
        #expect(
            read.conditions.map(\.description) == [
                "appVersion>=3.2", "appVersion<4", "os=iOS,iPadOS", "signal.plan=pro",
            ])
        #expect(
            (read.rollout, read.maximumLayoutProblems) == (
                (try UpdateRollout(key: "checkout", percent: "25", holdback: "5")), 2
            ))
        let written = ConstraintUpdate(
            version: read.version, files: read.files, conditions: read.conditions, rollout: read.rollout,
            maximumLayoutProblems: read.maximumLayoutProblems)
        #expect(try ConstraintUpdate(data: written.data()) == read)
        // Without them, the bundle is written as before.
        #expect(!String(decoding: textUpdate("2", [:]).data(), as: UTF8.self).contains("rollout"))
    }

    @Test(arguments: [
        (#""conditions": ["appVersion>>3"]"#, "second operator"),
        (#""conditions": "os=iOS""#, "must be an array"),
        (#""rollout": {"key": "k", "percent": 12.345}"#, "at most two decimals"),
        (#""rollout": {"key": "k", "percent": 101}"#, "from 0 to 100"),
        (#""rollout": {"percent": 5}"#, "must be an object"),
        (#""maxLayoutProblems": -1"#, "whole number"),
    ])
    func aBundleWithAMalformedConditionOrRolloutIsRefusedAtItsPlace(_ test: (member: String, expected: String)) {
        let text = "{\"version\": \"2\", \(test.member), \"files\": []}"
        do {
            _ = try ConstraintUpdate(data: Data(text.utf8))
            Issue.record("read")
        } catch {
            #expect(error.message.contains(test.expected), "\(error.message)")
            #expect(error.line == 1)
            #expect(error.column != nil)
        }
    }
}
