// Unsafe reads of the key bytes a caller passes; no storage of its own (the table's is in ByteKeyTable.swift).
//
// Invariants: every load is inside the buffers given: eight-byte unaligned loads only while `i + 8 <= count`, then
// single bytes below `count`; a buffer without a base address is empty and is never read.

import Foundation

/// A fast, non-cryptographic hash of UTF-8 bytes, eight at a time, for ``ByteKeyTable``.
///
/// The keys are view ids and container names from the app's own files, not input an attacker chooses, so
/// a per-process random seed is enough to keep collisions from being repeatable. Like the standard library's
/// `Hasher`, the seed is fixed when the environment variable `SWIFT_DETERMINISTIC_HASHING` is set, so that a
/// run can be repeated exactly; tests may also give a table its own seed.
enum UTF8Hash {
    /// The seed used when `SWIFT_DETERMINISTIC_HASHING` is set.
    static let deterministicSeed: UInt64 = 0x0DE0_1CE5_C0DE_0001

    /// The process's seed. Tables keep a copy, so that a lookup reads no global.
    static let seed = seed(environment: ProcessInfo.processInfo.environment)

    /// The seed for a process with `environment`: ``deterministicSeed`` when `SWIFT_DETERMINISTIC_HASHING` is
    /// set (to anything), else a random one.
    static func seed(environment: [String: String]) -> UInt64 {
        environment["SWIFT_DETERMINISTIC_HASHING"] != nil ? deterministicSeed : (.random(in: .min ... .max) | 1)
    }

    /// The hash of `key` with `seed`.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
        let count = key.count
        var h = seed ^ (UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15)
        guard let base = key.baseAddress else { return mix(h) }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i &+ 8 <= count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            h ^= h &>> 32
            i &+= 8
        }
        if i < count {
            var tail: UInt64 = 0
            if count >= 8 {
                // The last eight bytes in one load, shifted so that only those not hashed yet are left: the same
                // value the loop below builds byte by byte, in a few instructions (most view ids are longer than 8).
                let rest = UInt64(truncatingIfNeeded: count &- i)
                tail = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) &>> (64 &- 8 &* rest)
            } else {
                var shift: UInt64 = 0
                while i < count {
                    tail |= UInt64(base[i]) &<< shift
                    shift &+= 8
                    i &+= 1
                }
            }
            h = (h ^ tail) &* 0xFF51_AFD7_ED55_8CCD
        }
        return mix(h)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h &>> 33
        h = h &* 0xC4CE_B9FE_1A85_EC53
        h ^= h &>> 33
        return h
    }

    /// Whether every byte is ASCII, tested eight bytes at a time.
    @inline(__always)
    static func isASCII(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = key.baseAddress else { return true }
        let count = key.count
        let raw = UnsafeRawPointer(base)
        var combined: UInt64 = 0
        var i = 0
        while i &+ 8 <= count {
            combined |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        if i < count && count >= 8 {
            // The last eight bytes, some of them read already: one load instead of a loop.
            combined |= raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        } else {
            while i < count {
                combined |= UInt64(base[i])
                i &+= 1
            }
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }

    /// Whether two byte strings are equal, compared eight bytes at a time (keys are short: a call to
    /// `memcmp` costs more than the comparison).
    @inline(__always)
    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = a.count
        guard count == b.count else { return false }
        guard let pa = a.baseAddress, let pb = b.baseAddress else { return true }
        let ra = UnsafeRawPointer(pa)
        let rb = UnsafeRawPointer(pb)
        var i = 0
        while i &+ 8 <= count {
            if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            {
                return false
            }
            i &+= 8
        }
        if i < count && count >= 8 {
            // The last eight bytes, some of them compared already: one comparison instead of a loop.
            return ra.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
                == rb.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
        while i < count {
            if pa[i] != pb[i] { return false }
            i &+= 1
        }
        return true
    }
}
