// Shared by every harness in Fuzz/: a finding stops the run with a message; libFuzzer keeps the input.
import Foundation

/// Stops the process (libFuzzer saves the input as a crash) when `condition` is false.
func check(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, _ input: Data) {
    guard !condition() else { return }
    let text = String(decoding: input.prefix(2000), as: UTF8.self)
    FileHandle.standardError.write(Data("\nFUZZ MISMATCH: \(message())\ninput (\(input.count) bytes): \(text)\n".utf8))
    abort()
}

/// A count that diagnostics handlers (which are `@Sendable`) can add to. Harnesses run on one thread.
final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func increment() { value += 1 }
}

/// The first key of the top-level object, read naively (no escapes): the container a fuzzed file most likely names.
func topLevelKey(of data: Data) -> String? {
    let bytes = [UInt8](data.prefix(300))
    guard var i = bytes.firstIndex(of: 0x7B) else { return nil }
    i += 1
    while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    guard i < bytes.count, bytes[i] == 0x22, let end = bytes[(i + 1)...].firstIndex(of: 0x22) else { return nil }
    return String(validating: bytes[(i + 1)..<end], as: UTF8.self)
}
