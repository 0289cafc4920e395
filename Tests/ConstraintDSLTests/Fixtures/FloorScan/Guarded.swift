// A fixture of DeploymentFloorTests, read by FloorScanner, never compiled: every use here of an API above the
// package's floors is covered (by an availability check, by `#if`, by Foundation), or is not code; none is a finding.
import Foundation

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)
func guardedByAttribute(_ data: [UInt8]) -> String? {
    String(validating: data, as: UTF8.self)
}

@available(iOS 18, macOS 15, tvOS 18, watchOS 11, *)
extension String {
    init?(checking data: [UInt8]) {
        self.init(validating: data, as: UTF8.self)
    }
}

@available(macOS, introduced: 13.0)
@available(iOS, introduced: 16.0)
@available(tvOS, introduced: 16.0)
@available(watchOS, introduced: 9.0)
func guardedByLongForms(_ text: String) -> Int {
    text.ranges(of: "ab").count
}

func guardedByCondition(_ data: [UInt8], _ text: String) {
    if #available(iOS 18, macOS 15, tvOS 18, watchOS 11, *) {
        _ = String(validating: data, as: UTF8.self)
    } else if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) {
        _ = text.split(separator: ", ")
    } else {
        _ = String(decoding: data, as: UTF8.self)
    }
    if #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *), let range = text.firstRange(of: "ab") {
        _ = range
    }
    let values = [1, 2].map { value in
        if #available(iOS 15, macOS 12, tvOS 15, watchOS 8, *) { return value.formatted() }
        return String(value)
    }
    _ = values
}

func guardedByGuard(_ text: String) {
    guard #available(iOS 16, macOS 13, tvOS 16, watchOS 9, *) else { return }
    _ = text.ranges(of: "ab")
    _ = text.split(separator: ", ")
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable final class Model {
    var value = 0

    func track() {
        withObservationTracking {
            _ = value
        } onChange: {
        }
    }
}

#if os(Linux)
    let linuxOnly = Mutex(0)
#endif

#if canImport(UIKit) && !os(watchOS)
    @available(iOS 17, tvOS 17, *)
    func uiKitOnly() {
        withObservationTracking {
        } onChange: {
        }
    }
#elseif canImport(AppKit)
    @available(macOS 14, *)
    func appKitOnly() {
        withObservationTracking {
        } onChange: {
        }
    }
#else
    @available(watchOS 9, *)
    func elsewhere() async throws {
        try await Task.sleep(for: .seconds(1))  // only watchOS builds this branch
    }
#endif

func notCode(_ text: String) {
    // String(validating: data, as: UTF8.self) in a comment
    // swift-format-ignore: NoBlockComments
    let message = /* Regex in a /* nested */ comment, Duration */ "call text.ranges(of: x) or Duration here"
    let raw = #"String(validating: "x") and \(Duration)"#
    let multiline = """
        try await Task.sleep(for: .seconds(1))
        """
    _ = text.contains("ab")  // Foundation is imported: its contains(_:)
    _ = text.split(separator: ",")  // one Character
    _ = text.split(separator: "\n")  // one Character, escaped
    _ = text.split(separator: "\u{301}")  // one Character
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)  // back-deployed to the floors
    _ = "\(text.count) items, \("nested")"
    _ = [message, raw, multiline]
    _ = (stream, continuation, 10 / 2, (4) / 2)
    let animationDuration = 0.3  // an identifier that contains a name is not that name
    _ = animationDuration
}
