// The check the updates' documentation shows, against the stand-in CryptoKit: an app verifies that a downloaded update
// was signed by its own key before it hands the files to the store.
import CryptoKit
import Foundation

/// Whether `signature` is the app's signature of `archive`.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, *)
func isSignedByTheApp(_ archive: Data, signature: Data, publicKey: Data) -> Bool {
    guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
    return key.isValidSignature(signature, for: archive)
}
