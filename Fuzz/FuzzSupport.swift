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
