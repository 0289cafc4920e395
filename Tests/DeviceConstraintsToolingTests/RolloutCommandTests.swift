import DeviceConstraints
import DeviceConstraintsTooling
import Foundation
import Testing

/// `device-constraints rollout`: the arm an installation is in for an update, and why, for support.
struct RolloutCommandTests {
    private let tool = DeviceConstraintsTool()

    /// The bundle of Fixtures/Rollout: appVersion>=3.2, device=iPad,iPhone16, signal.plan=pro; 25% of key
    /// "checkout", 5% held back.
    private func run(_ arguments: [String]) throws -> ToolResult {
        let update = try Fixtures.folder("Rollout").appendingPathComponent("update.json").path
        return tool.run(try ToolCommand(parsing: ["rollout", update] + arguments))
    }

    @Test func theArmAndTheBucketAreTheLibrarysForTheSameFacts() throws {
        // Bucket 1294 of key "checkout": 25% of the 95% outside the holdback is 2375 buckets.
        let result = try run([
            "--installation-id", "6F1A0C44-0000-4000-8000-000000000001", "--app-version", "3.4", "--device",
            "iPhone16", "--signal", "plan=pro",
        ])
        #expect(result.exitCode == .success, "\(result.errorOutput)")
        #expect(
            result.output == """
                update 5, installation 6F1A0C44-0000-4000-8000-000000000001: treatment
                why: its 3 conditions hold; bucket 1294 is under the 2375 buckets of 25% of key "checkout", 5% held back

                """)
    }

    @Test func theFirstConditionThatFailsIsNamedWithTheFactThatFailedIt() throws {
        let old = try run(["--installation-id", "a", "--app-version", "3.1.9", "--device", "iPad"])
        #expect(
            old.output.hasSuffix(
                "conditionsNotMet\nwhy: the condition appVersion>=3.2 does not hold: the app version is 3.1.9\n"))
        let phone = try run(["--installation-id", "a", "--app-version", "3.2", "--device", "iPhone6"])
        #expect(
            phone.output.hasSuffix("why: the condition device=iPad,iPhone16 does not hold: the device is iPhone6\n"))
        let noSignal = try run(["--installation-id", "a", "--app-version", "3.2", "--device", "iPad"])
        #expect(noSignal.output.hasSuffix("the app gave no signal plan\n"))
    }

    @Test func anInstallationIDIsRequiredAndAnUnknownDeviceIsAUsageError() throws {
        #expect(throws: UsageError.self) { try ToolCommand(parsing: ["rollout", "update.json"]) }
        #expect(throws: UsageError.self) {
            try ToolCommand(parsing: ["rollout", "update.json", "--installation-id", "a", "--signal", "plan"])
        }
        let result = try run(["--installation-id", "a", "--device", "iPhone17ProMx"])
        #expect(
            (
                result.exitCode,
                result.errorOutput.contains("unknown device 'iPhone17ProMx'; did you mean 'iPhone17ProMax'?")
            )
                == (.usageError, true), "\(result.errorOutput)")
    }
}
