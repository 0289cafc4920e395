// A stand-in `CryptoKit` module, for type-checking on Linux (PlatformCompileCheckTests) the signature check the
// updates' documentation shows (an app verifies a downloaded update with its public key). Written from the iPhoneOS
// 18.6 SDK's `CryptoKit.framework/Modules/CryptoKit.swiftmodule/arm64-apple-ios.swiftinterface` (lines 40, 629-648
// and 32-33), with its `@available` (iOS 13 / macOS 10.15: the package's floors). Only what is used is declared; never
// run (the stand-in key accepts every signature).
@_exported import Foundation

@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, macCatalyst 13.0, *)
public enum Curve25519: Sendable {}

@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, macCatalyst 13.0, *)
extension Curve25519 {
    public enum Signing: Sendable {
        public struct PublicKey: Sendable {
            public init<D>(rawRepresentation: D) throws where D: ContiguousBytes {
                self.rawRepresentation = rawRepresentation.withUnsafeBytes { Data($0) }
            }
            public let rawRepresentation: Data
        }
    }
}

@available(iOS 13.0, macOS 10.15, watchOS 6.0, tvOS 13.0, macCatalyst 13.0, *)
extension Curve25519.Signing.PublicKey {
    public func isValidSignature<S, D>(_ signature: S, for data: D) -> Bool where S: DataProtocol, D: DataProtocol {
        true
    }
}
