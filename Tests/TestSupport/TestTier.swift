import Foundation
public import Testing

/// The two tiers of the tests. A plain `swift test` runs the quick tier: every test of every source area, with the
/// expensive variants left out or made smaller, so that a fresh clone builds and tests in minutes on two cores.
/// `DEVICE_CONSTRAINTS_LONG_TESTS=1 swift test` runs the long tier too, as CI does: the tests whose job is scale (the
/// linear-time checks, over large inputs), stress (many threads, many rounds) or running the compiler and child
/// processes on fixtures.
///
/// A test only the long tier runs is marked with ``Testing/Trait/longTier``, which says in the skip why; a stress
/// test runs in both tiers with fewer rounds in the quick one, through ``size(quick:long:)``:
///
/// ```swift
/// @Test(.longTier, .timeLimit(.minutes(10)))
/// func aLargeFileReadsInLinearTime() async throws { … }
///
/// static let rounds = TestTier.size(quick: 15, long: 60)
/// ```
public enum TestTier: Sendable {
    /// The environment variable that turns the long tier on when it is `1`.
    public static let variable = "DEVICE_CONSTRAINTS_LONG_TESTS"

    /// Whether the long tier runs: `DEVICE_CONSTRAINTS_LONG_TESTS=1`.
    public static let isLong = ProcessInfo.processInfo.environment[variable] == "1"

    /// `long` in the long tier, `quick` in the quick one: a stress test's rounds, a workload's size, a parameterized
    /// test's arguments.
    public static func size<Value>(quick: Value, long: Value) -> Value {
        isLong ? long : quick
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test (or every test of the suite) only in the long tier (``TestTier``): a check of scale, a stress
    /// test or a run of the compiler or of child processes, which a plain `swift test` skips.
    public static var longTier: Self {
        .enabled(
            if: TestTier.isLong,
            "scale, stress or compiler runs: the long tier, set \(TestTier.variable)=1 (CI does)")
    }
}
