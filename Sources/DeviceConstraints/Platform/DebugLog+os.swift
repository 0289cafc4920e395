// Apple platforms only. Type-checked on Linux against a stand-in `os` module written from the iOS 18.6 SDK's
// `os.swiftinterface` (PlatformCompileCheckTests); a Mac must still confirm that the reports appear in Xcode's
// console under the subsystem `DeviceConstraints`.
#if canImport(os)
    import Foundation
    import os

    extension DebugLog {
        /// The unified log, subsystem `DeviceConstraints`: `os.Logger` where it exists (iOS 14, macOS 11), `os_log`
        /// below. The text is public: it names files and view ids of the app, never user data.
        static func write(_ severity: ConstraintDiagnostic.Severity, _ text: String) {
            if #available(iOS 14, macOS 11, tvOS 14, watchOS 7, *) {
                let logger = Logger(subsystem: "DeviceConstraints", category: "constraints")
                switch severity {
                case .error: logger.error("\(text, privacy: .public)")
                case .warning: logger.warning("\(text, privacy: .public)")
                case .note: logger.notice("\(text, privacy: .public)")
                }
            } else {
                let log = OSLog(subsystem: "DeviceConstraints", category: "constraints")
                os_log("%{public}@", log: log, type: severity == .note ? .default : .error, text)
            }
        }
    }
#endif
