// Unsafe reads and writes of a ByteKeyTable's slots, through the pointer the table passes; the storage and every
// other pointer into it are in ByteKeyTable.swift.
//
// Invariants the table keeps: `slots` points at `mask + 1` initialized words, a power of two of them; at least one
// is empty (0), so a probe ends; an entry number plus one fits in the low 32 bits. Every index is masked by `mask`.

/// The slots of ``ByteKeyTable``: linear probing over a power-of-two array of words, each 0 when empty, else the
/// high half of the key's hash beside the entry number plus one, so that most slots that are not the key are
/// passed over without reading its bytes.
enum HashSlots {
    private static let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000

    /// The entry whose key `matches` tells, among the slots `hash` probes; nil at the first empty slot.
    @inline(__always)
    static func find(
        in slots: UnsafePointer<UInt64>, mask: Int, hash: UInt64, matches: (Int) -> Bool
    ) -> Int? {
        let tag = hash & tagMask
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let value = slots[slot]
            if value == 0 { return nil }
            if value & tagMask == tag {
                let entry = Int(truncatingIfNeeded: value & ~tagMask) &- 1
                if matches(entry) { return entry }
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Puts `entry` in the first empty slot `hash` probes; there must be one.
    @inline(__always)
    static func insert(_ entry: Int, hash: UInt64, in slots: UnsafeMutablePointer<UInt64>, mask: Int) {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot &+ 1) & mask }
        slots[slot] = (hash & tagMask) | UInt64(entry + 1)
    }
}
