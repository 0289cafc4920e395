import Foundation

/// An API of the standard library, Foundation or the OS newer than the package's floors (iOS 13, macOS 10.15,
/// tvOS 13, watchOS 6), as ``FloorScanner`` finds it in source text. Each entry's availability was read in the
/// iPhoneOS 18.6 SDK's Swift interfaces (`readIn`: the file, the line, and the attribute as written there), the same
/// SDK the real-SDK check type-checks against; the macOS, tvOS and watchOS versions are the ones those attributes
/// list beside iOS.
struct NewerAPI: Sendable, CustomStringConvertible {
    /// What the finding calls it: `String(validating:as:)`.
    var name: String
    /// A regular expression over blanked code (``BlankedSource``) that finds a use; nil for an API that text cannot
    /// tell from an older one of the same name, found by a type-check instead (`checkedBy`).
    var pattern: String?
    /// The versions that have it.
    var availability: Availability
    /// Where the availability was read: `Swift.swiftinterface:20998 @available(macOS 15.0, iOS 18.0, …)`.
    var readIn: String
    /// What to do instead, ending the finding's message.
    var instead: String
    /// `@backDeployed` to the floors, or emitted into the client: usable anywhere, listed to say why it is allowed.
    var isBackDeployed = false
    /// The test that finds it, when text cannot.
    var checkedBy: String?
    /// A further test of a match (the string literal a pattern ends at has more than one character).
    var accepts: (@Sendable (BlankedSource, NSRange) -> Bool)?

    var description: String { name }

    /// `macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0`: the stringProcessing release's versions.
    private static let stringProcessing = Availability(
        iOS: OSVersion(major: 16), macOS: OSVersion(major: 13), tvOS: OSVersion(major: 16),
        watchOS: OSVersion(major: 9))
    /// `macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0`.
    private static let swift6 = Availability(
        iOS: OSVersion(major: 18), macOS: OSVersion(major: 15), tvOS: OSVersion(major: 18),
        watchOS: OSVersion(major: 11))
    /// `macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0`.
    private static let observation = Availability(
        iOS: OSVersion(major: 17), macOS: OSVersion(major: 14), tvOS: OSVersion(major: 17),
        watchOS: OSVersion(major: 10))
    /// `macOS 12, iOS 15, tvOS 15, watchOS 8`.
    private static let formatStyle = Availability(
        iOS: OSVersion(major: 15), macOS: OSVersion(major: 12), tvOS: OSVersion(major: 15),
        watchOS: OSVersion(major: 8))
    /// `macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0`.
    private static let swift53 = Availability(
        iOS: OSVersion(major: 14), macOS: OSVersion(major: 11), tvOS: OSVersion(major: 14),
        watchOS: OSVersion(major: 7))

    private static let sdk = "iPhoneOS18.6.sdk/usr/lib/swift/"
    private static let swift = sdk + "Swift.swiftmodule/arm64-apple-ios.swiftinterface"
    private static let stringProcessingInterface = sdk + "_StringProcessing.swiftmodule/arm64-apple-ios.swiftinterface"
    private static let concurrency = sdk + "_Concurrency.swiftmodule/arm64-apple-ios.swiftinterface"
    private static let synchronization = sdk + "Synchronization.swiftmodule/arm64-apple-ios.swiftinterface"
    private static let observationInterface = sdk + "Observation.swiftmodule/arm64-apple-ios.swiftinterface"
    private static let os = sdk + "os.swiftmodule/arm64-apple-ios.swiftinterface"
    private static let foundation =
        "iPhoneOS18.6.sdk/System/Library/Frameworks/Foundation.framework/Modules/Foundation.swiftmodule/"
        + "arm64-apple-ios.swiftinterface"

    /// The table the scanner uses.
    static let all: [NewerAPI] = [
        NewerAPI(
            name: "String(validating:as:)", pattern: #"\b(String|Substring)\s*(\.\s*init\s*)?\(\s*validating\s*:"#,
            availability: swift6,
            readIn: swift + ":20998 @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)",
            instead: "validate with `transcode` and decode with `String(decoding:as:)`, as ConstraintFileName does"),
        NewerAPI(
            name: "Regex (the type, #/…/# or a /…/ literal argument)",
            pattern: #"\bRegex\b|#/|[(,:]\s*/(?![/*=\s])"#, availability: stringProcessing,
            readIn: stringProcessingInterface + ":218 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "match the bytes by hand (the package's readers do)"),
        NewerAPI(
            name: "firstMatch(of:)/wholeMatch(of:)/prefixMatch(of:)/matches(of:)",
            pattern: #"\.\s*(firstMatch|wholeMatch|prefixMatch|matches)\s*\(\s*of\s*:"#,
            availability: stringProcessing,
            readIn: stringProcessingInterface + ":101 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "match the bytes by hand"),
        NewerAPI(
            name: "ranges(of:)/firstRange(of:)", pattern: #"\.\s*(ranges|firstRange)\s*\(\s*of\s*:"#,
            availability: stringProcessing,
            readIn: stringProcessingInterface + ":21 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "use Foundation's `range(of:)` (import Foundation) or search the UTF-8 view"),
        NewerAPI(
            name: "split(separator:) with a string", pattern: #"\.\s*split\s*\(\s*separator\s*:\s*""#,
            availability: stringProcessing,
            readIn: stringProcessingInterface + ":57 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "split at a Character (`split(separator: \",\")` of one character) or use Foundation's "
                + "`components(separatedBy:)`",
            accepts: endsAtStringOfSeveralCharacters),
        NewerAPI(
            name: "replacing(_:with:)/trimmingPrefix(_:)",
            pattern: #"\.\s*replacing\s*\((?!\s*[A-Za-z_][A-Za-z0-9_]*\s*:)|\.\s*trimmingPrefix\s*\("#,
            availability: stringProcessing,
            readIn: stringProcessingInterface + ":41 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "use Foundation's `replacingOccurrences(of:with:)` or `dropFirst(_:)` after `hasPrefix(_:)`"),
        // `names.contains(name)` is an array's (at the floors) or a string's (macOS 13 without Foundation): the types
        // tell, not the text.
        NewerAPI(
            name: "contains(_:) with a string, without Foundation", pattern: nil, availability: stringProcessing,
            readIn: stringProcessingInterface + ":11 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "import Foundation in this file (its `contains(_:)` on strings has no such floor)",
            checkedBy: "DeploymentFloorTests.eachModuleTypeChecksWithoutTheImplicitStringProcessingImport"),
        NewerAPI(
            name: "Duration/ContinuousClock/SuspendingClock",
            pattern: #"\b(Duration|ContinuousClock|SuspendingClock|InstantProtocol|DurationProtocol)\b"#,
            availability: stringProcessing,
            readIn: swift + ":27393 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *) (Duration); "
                + concurrency + ":4713 (ContinuousClock)",
            instead: "count nanoseconds in a UInt64 (DispatchTime.now().uptimeNanoseconds) or inject a clock"),
        NewerAPI(
            name: "Task.sleep(for:)/sleep(until:)", pattern: #"\bsleep\s*\(\s*(for|until)\s*:"#,
            availability: stringProcessing,
            readIn: concurrency + ":4844 @available(macOS 13.0, iOS 16.0, watchOS 9.0, tvOS 16.0, *)",
            instead: "use `Task.sleep(nanoseconds:)`"),
        NewerAPI(
            name: "formatted()", pattern: #"\.\s*formatted\s*\("#, availability: formatStyle,
            readIn: foundation + ":1033 @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *) (Date; "
                + "numbers :1295; Duration's is iOS 16)",
            instead: "format by hand or with a Formatter (NumberFormatter, DateFormatter)"),
        NewerAPI(
            name: "URL(filePath:)", pattern: #"\bURL\s*\(\s*filePath\s*:"#, availability: stringProcessing,
            readIn: foundation + ":14943 @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)",
            instead: "use `URL(fileURLWithPath:)`"),
        NewerAPI(
            name: "appending(path:)/appending(component:)/append(path:)",
            pattern: #"\.\s*(appending|append)\s*\(\s*(path|component|components)\s*:"#,
            availability: stringProcessing,
            readIn: foundation + ":14945 @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)",
            instead: "use `appendingPathComponent(_:)`"),
        NewerAPI(
            name: "path(percentEncoded:) and URL.homeDirectory/temporaryDirectory/…",
            pattern:
                #"\.\s*path\s*\(\s*(percentEncoded\s*:[^)]*)?\)|\bURL\s*\.\s*(homeDirectory|temporaryDirectory|documentsDirectory|cachesDirectory|applicationSupportDirectory|currentDirectory)\b"#,
            availability: stringProcessing,
            readIn: foundation + ":14839 @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) (path(); "
                + "homeDirectory :14965)",
            instead: "use `.path` and `FileManager.default`'s folders"),
        NewerAPI(
            name: "Mutex/Atomic (Synchronization)", pattern: #"\b(Mutex|Atomic|AtomicLazyReference|WordPair)\b"#,
            availability: swift6,
            readIn: synchronization
                + ":1026 @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)",
            instead: "use the package's locks (Locks/Locks.swift)"),
        NewerAPI(
            name: "Int128/UInt128/RangeSet", pattern: #"\b(Int128|UInt128|RangeSet)\b"#, availability: swift6,
            readIn: swift + ":28499 @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) "
                + "(UInt128; RangeSet :17348)",
            instead: "use two 64-bit integers, or an array of ranges"),
        NewerAPI(
            name: "withDiscardingTaskGroup", pattern: #"\bwith(Throwing)?DiscardingTaskGroup\b"#,
            availability: observation,
            readIn: concurrency + ":4068 @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)",
            instead: "use `withTaskGroup` and drain its results"),
        NewerAPI(
            name: "Observation (@Observable, ObservationRegistrar, withObservationTracking)",
            pattern:
                #"\b(Observable|ObservationRegistrar|withObservationTracking|ObservationIgnored|ObservationTracked)\b"#,
            availability: observation,
            readIn: observationInterface + ":15 @available(macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0, *)",
            instead: "mark the type `@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)`"),
        NewerAPI(
            name: "os.Logger", pattern: #"\bLogger\s*\(|\bOSAllocatedUnfairLock\b"#, availability: swift53,
            readIn: os + ":2064 @available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *) (Logger; "
                + "OSAllocatedUnfairLock is iOS 16)",
            instead: "fall back to `os_log` (iOS 10) below iOS 14"),
        NewerAPI(
            name: "String(unsafeUninitializedCapacity:initializingUTF8With:)",
            pattern: #"\bString\s*\(\s*unsafeUninitializedCapacity\s*:"#, availability: swift53,
            readIn: swift + ":21050 @available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)",
            instead: "decode a buffer with `String(decoding:as:)`"),
        NewerAPI(
            name: "Date.now/AttributedString", pattern: #"\bDate\s*\.\s*now\b|\bAttributedString\b"#,
            availability: formatStyle,
            readIn: foundation + ":15444 @available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) (Date.now; "
                + "AttributedString :5830)",
            instead: "use `Date()` and NSAttributedString"),
        NewerAPI(
            name: "AsyncStream.makeStream(of:bufferingPolicy:)", pattern: #"\bmakeStream\s*\("#,
            availability: .floors,
            readIn: concurrency + ":4596 @available(macOS 10.15, iOS 13.0, watchOS 6.0, tvOS 13.0, *) "
                + "@backDeployed(before: macOS 14.0, iOS 17.0, watchOS 10.0, tvOS 17.0): back-deployed, so usable "
                + "at the floors",
            instead: "", isBackDeployed: true),
    ]
}

/// Whether the string literal a match ends at (the pattern ends at its opening quote) has more than one character,
/// so that it is a `String`, not a `Character`.
@Sendable private func endsAtStringOfSeveralCharacters(_ source: BlankedSource, _ match: NSRange) -> Bool {
    guard let literal = source.literals[match.location + match.length - 1] else { return false }
    return literal.interpolated || characterCount(ofLiteral: literal.text) > 1
}

/// The characters a literal's text stands for: `\n` and `\u{301}` are one each.
private func characterCount(ofLiteral text: String) -> Int {
    var decoded = ""
    var characters = Array(text)
    var index = 0
    while index < characters.count {
        if characters[index] == "\\", index + 1 < characters.count {
            if characters[index + 1] == "u", let close = characters[index...].firstIndex(of: "}") {
                let hex = String(characters[(index + 3)..<close])
                decoded.unicodeScalars.append(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "?")
                index = close + 1
            } else {
                decoded.append("x")
                index += 2
            }
        } else {
            decoded.append(characters[index])
            index += 1
        }
    }
    characters = []
    return decoded.count
}
