public import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of files made for one test under the temporary directory, removed when the value is released.
///
/// The file operations of a save are single system calls (`write`, `append`, `overwrite`, `rename`, `remove`), as
/// the watcher tests need (Foundation's writes may go through a temporary file of their own); `write(_:to:)` makes
/// the file's folders first.
///
/// ```swift
/// let folder = try TemporaryFolder(["Card.json": "{}"])
/// try folder.write("Badge.json", "{}")
/// ```
public final class TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL
    private let owned: Bool

    /// A new folder holding `files` (path in the folder → text).
    public init(_ files: [String: String] = [:]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "device-constraints-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        owned = true
        for (name, text) in files { try write(text, to: name) }
    }

    /// An existing folder, left in place when released.
    public init(existing url: URL) {
        self.url = url
        owned = false
    }

    deinit {
        if owned { try? FileManager.default.removeItem(at: url) }
    }

    /// The path of `name` in the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name`, making its folder (through Foundation).
    public func write(_ text: String, to name: String) throws {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// open(O_TRUNC) + write + close: a write in place (or a new file).
    public func write(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_WRONLY | O_CREAT | O_TRUNC)
    }

    /// open(O_APPEND) + write + close.
    public func append(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_WRONLY | O_APPEND)
    }

    /// Writes from the start without truncating.
    public func overwrite(_ name: String, _ text: String) throws {
        try write(name, text, flags: O_WRONLY | O_CREAT)
    }

    private func write(_ name: String, _ text: String, flags: Int32) throws {
        let descriptor = open(path(name), flags, 0o644)
        guard descriptor >= 0 else { throw FileFailure(operation: "open \(name)") }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw FileFailure(operation: "write \(name)") }
    }

    /// One `rename(2)`.
    public func rename(_ name: String, to newName: String) throws {
        guard systemRename(path(name), path(newName)) == 0 else { throw FileFailure(operation: "rename \(name)") }
    }

    /// One `unlink(2)`.
    public func remove(_ name: String) throws {
        guard unlink(path(name)) == 0 else { throw FileFailure(operation: "unlink \(name)") }
    }

    /// A file of `size` bytes that takes no disk space: all zeros, never written.
    public func sparseFile(_ name: String, size: Int) throws {
        #expect(FileManager.default.createFile(atPath: path(name), contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path(name)))
        try handle.truncate(atOffset: UInt64(size))
        try handle.close()
    }

    /// A system call that failed, with what `errno` said.
    public struct FileFailure: Error, CustomStringConvertible, Sendable {
        public var operation: String
        public var code = errno
        public var description: String { "\(operation): \(String(cString: strerror(code)))" }
    }
}

/// The name the tool's tests and the source-limit tests used for ``TemporaryFolder``.
public typealias ScratchFolder = TemporaryFolder

// The C functions, under names the methods of TemporaryFolder do not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemRename(_ old: String, _ new: String) -> Int32 {
    rename(old, new)
}
