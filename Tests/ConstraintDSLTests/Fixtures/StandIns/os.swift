// A stand-in `os` module, for type-checking the package's unified-log code on Linux (PlatformCompileCheckTests:
// Sources/DeviceConstraints/Platform/DebugLog+os.swift). Written from the iPhoneOS 18.6 SDK's
// `usr/lib/swift/os.swiftmodule/arm64-apple-ios.swiftinterface` (the line each was read at is named above it) and, for
// `OSLog` and `OSLogType`, from `usr/include/os/log.h` as swiftlang/swift's `apinotes/os.apinotes` names them. Only what
// the package uses is declared, with the SDK's `@available`: `Logger` and `OSLogMessage` are iOS 14 / macOS 11, above
// the package's floors, so code must fall back to `os_log` below them. Never run.
@_exported import Foundation

/// `os_log_t` (log.h), `OSLog` in Swift.
open class OSLog: NSObject, @unchecked Sendable {
    /// os.swiftinterface:659.
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public convenience init(subsystem: String, category: String) { self.init() }

    public static let `default` = OSLog()
}

/// `os_log_type_t` (log.h), `OSLogType` in Swift.
public struct OSLogType: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
}

/// os.swiftinterface:641.
extension OSLogType {
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let `default` = OSLogType(rawValue: 0x00)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let info = OSLogType(rawValue: 0x01)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let debug = OSLogType(rawValue: 0x02)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let error = OSLogType(rawValue: 0x10)
    @available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
    public static let fault = OSLogType(rawValue: 0x11)
}

/// os.swiftinterface:639.
@available(macOS 10.12, iOS 10.0, watchOS 3.0, tvOS 10.0, *)
public func os_log(
    _ message: StaticString, dso: UnsafeRawPointer? = #dsohandle, log: OSLog = .default, type: OSLogType = .default,
    _ args: any CVarArg...
) {}

/// os.swiftinterface:983.
@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
@frozen public struct OSLogPrivacy {
    let isPublic: Bool
    public static var `public`: OSLogPrivacy { OSLogPrivacy(isPublic: true) }
    public static var `private`: OSLogPrivacy { OSLogPrivacy(isPublic: false) }
    public static var auto: OSLogPrivacy { OSLogPrivacy(isPublic: false) }
}

/// os.swiftinterface:2232.
@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
@frozen public struct OSLogStringAlignment {
    public static var none: OSLogStringAlignment { OSLogStringAlignment() }
}

/// os.swiftinterface:1725, 2243.
@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
@frozen public struct OSLogInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(
        _ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none,
        privacy: OSLogPrivacy = .auto
    ) {}
}

/// os.swiftinterface:1818.
@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
@frozen public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
    public let interpolation: OSLogInterpolation
    public init(stringInterpolation: OSLogInterpolation) { interpolation = stringInterpolation }
    public init(stringLiteral value: String) {
        interpolation = OSLogInterpolation(literalCapacity: 0, interpolationCount: 0)
    }
}

/// os.swiftinterface:2064.
@available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
public struct Logger: @unchecked Sendable {
    public init(subsystem: String, category: String) {}
    public func debug(_ message: OSLogMessage) {}
    public func info(_ message: OSLogMessage) {}
    public func notice(_ message: OSLogMessage) {}
    public func warning(_ message: OSLogMessage) {}
    public func error(_ message: OSLogMessage) {}
    public func fault(_ message: OSLogMessage) {}
}
