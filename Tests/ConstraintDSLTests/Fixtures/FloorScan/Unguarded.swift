// A fixture of DeploymentFloorTests, read by FloorScanner, never compiled: the line after each comment
// `// finding: <name>` (names joined by ` & `) must be found as a use of that API above the package's floors,
// and no other line.

func unguarded(_ text: String, _ data: [UInt8]) async throws {
    // finding: String(validating:as:)
    _ = String(validating: data, as: UTF8.self)
    // finding: String(validating:as:)
    _ = "\(String(validating: data, as: UTF8.self) ?? "")"
    // finding: Regex (the type, #/…/# or a /…/ literal argument)
    let pattern = try Regex("a+")
    // finding: firstMatch(of:)/wholeMatch(of:)/prefixMatch(of:)/matches(of:)
    _ = text.firstMatch(of: pattern)
    // finding: firstMatch(of:)/wholeMatch(of:)/prefixMatch(of:)/matches(of:) & Regex (the type, #/…/# or a /…/ literal argument)
    _ = text.wholeMatch(of: #/b+/#)
    // finding: Regex (the type, #/…/# or a /…/ literal argument)
    _ = text.contains(/ab+/)
    // finding: ranges(of:)/firstRange(of:)
    _ = text.ranges(of: "ab")
    // finding: ranges(of:)/firstRange(of:)
    _ = text.firstRange(of: "ab")
    // finding: split(separator:) with a string
    _ = text.split(separator: ", ")
    // finding: split(separator:) with a string
    _ = text.split(separator: "\(text.count)")
    // finding: replacing(_:with:)/trimmingPrefix(_:)
    _ = text.replacing("a", with: "b")
    // finding: replacing(_:with:)/trimmingPrefix(_:)
    _ = text.trimmingPrefix("a")
    // finding: Duration/ContinuousClock/SuspendingClock
    let duration: Duration = .seconds(1)
    // finding: Duration/ContinuousClock/SuspendingClock
    _ = ContinuousClock.now
    // finding: Task.sleep(for:)/sleep(until:)
    try await Task.sleep(for: duration)
    // finding: formatted()
    _ = 3.formatted()
    // finding: URL(filePath:)
    _ = URL(filePath: "/tmp")
    // finding: appending(path:)/appending(component:)/append(path:)
    _ = URL(fileURLWithPath: "/tmp").appending(path: "a")
    // finding: path(percentEncoded:) and URL.homeDirectory/temporaryDirectory/…
    _ = URL(fileURLWithPath: "/tmp").path()
    // finding: path(percentEncoded:) and URL.homeDirectory/temporaryDirectory/…
    _ = URL.temporaryDirectory
    // finding: Mutex/Atomic (Synchronization)
    let lock = Mutex(0)
    // finding: Int128/UInt128/RangeSet
    let big: UInt128 = 1
    // finding: withDiscardingTaskGroup
    await withDiscardingTaskGroup { _ in }
    // finding: os.Logger
    let logger = Logger(subsystem: "DeviceConstraints", category: "lookups")
    // finding: String(unsafeUninitializedCapacity:initializingUTF8With:)
    _ = String(unsafeUninitializedCapacity: 4) { _ in 0 }
    // finding: Date.now/AttributedString
    _ = Date.now
    _ = (lock, big, logger)
}

// finding: Observation (@Observable, ObservationRegistrar, withObservationTracking)
@Observable final class Model {
    var value = 0
}

// A check below the API's version, on some platforms only, or failing, covers nothing.

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
func tooLow(_ data: [UInt8]) {
    // finding: String(validating:as:)
    _ = String(validating: data, as: UTF8.self)
}

func onePlatform(_ data: [UInt8]) {
    if #available(iOS 18, *) {
        // finding: String(validating:as:)
        _ = String(validating: data, as: UTF8.self)
    }
}

func failedCheck(_ data: [UInt8]) {
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
        _ = data.count
    } else {
        // finding: String(validating:as:)
        _ = String(validating: data, as: UTF8.self)
    }
    if #unavailable(iOS 18, macOS 15, tvOS 18, watchOS 11) {
        // finding: String(validating:as:)
        _ = String(validating: data, as: UTF8.self)
    }
    guard #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) else {
        // finding: String(validating:as:)
        _ = String(validating: data, as: UTF8.self)
        return
    }
    _ = String(validating: data, as: UTF8.self)  // after the guard: covered
}

#if canImport(UIKit)
    @available(iOS 17, *)
    func uiKitButNotTVOS() {
        // finding: Observation (@Observable, ObservationRegistrar, withObservationTracking)
        withObservationTracking {
            _ = 0
        } onChange: {
            _ = 1
        }
    }
#endif
