extension CompiledTable {
    /// The index that ends each section (format 3), so that one view's record can be read where it lies, with
    /// nothing else of the section decoded: where each pool string, each view and each adaptive value begins, and
    /// an open-addressing table of the view ids.
    ///
    /// ```
    /// u32 strings, u32 views, u32 adaptive values
    /// u32 × strings          where each string of the pool begins (its length), from the section's start
    /// u32 × views            where each view begins (its id)
    /// u32 × adaptive values  where each adaptive value begins (its view's entry)
    /// u32 slots (0 for no views, else the power of two ≥ 2 × views), then each slot: 0 empty, else view + 1, in a
    ///                        u16 below 65,535 views, else in a u32
    /// u8                     1 when every view id is ASCII, else 0
    /// u32                    where the index begins: the section's last four bytes
    /// ```
    ///
    /// A view id's slot is its hash (``UTF8Hash`` with ``seed``, fixed, so the same files give the same bytes)
    /// masked to the slot count, or the next free one after it. A section read whole checks every entry of its index
    /// against what it read; a view read in place checks every byte it reads.
    enum SectionIndex {
        /// The hash seed of every table's slots.
        static let seed: UInt64 = 0x0DC7_AB1E_5EC7_0003

        /// The slots for `count` views: none for none, else the power of two at least twice as many (at most
        /// half full, so a probe ends soon).
        static func slotCount(forViews count: Int) -> Int {
            guard count > 0 else { return 0 }
            var slots = 2
            while slots < 2 * count { slots *= 2 }
            return slots
        }

        /// The bytes of a slot: 2 for fewer than 65,535 views (a view's number + 1 fits), else 4.
        static func slotWidth(forViews count: Int) -> Int {
            count < 0xFFFF ? 2 : 4
        }

        /// The slot a key's probe starts at.
        @inline(__always)
        static func home(of key: UnsafeBufferPointer<UInt8>, slotCount: Int) -> Int {
            Int(truncatingIfNeeded: UTF8Hash.hash(key, seed: seed)) & (slotCount - 1)
        }

        /// The most slots ``CompiledTable/view(_:inFile:)`` probes for one id: past them the whole file answers
        /// (it is read once, into a table with a random seed). Ids that share a run of thousands of slots can be
        /// made on purpose, since the hash seed is fixed; one probe per slot of such a run made each lookup take time
        /// in the number of views. Runs of files of ordinary ids, however large, stay far shorter.
        static let longestProbe = 128

        /// The slots of `viewIds` (distinct), written in the order of the views: each view in the first free slot
        /// from its id's home on, as a lookup probes. The free slot is found through links to the next slot that may
        /// be free, shortened as they are followed, so that ids made to share one run still take about linear time
        /// (stepping over the run slot by slot took time in its length squared).
        static func slots(for viewIds: [String]) -> [UInt32] {
            var slots = [UInt32](repeating: 0, count: slotCount(forViews: viewIds.count))
            let mask = slots.count - 1
            // `next[s] == s` for a free slot; a taken slot links to a later slot that may be free. At most half
            // the slots are taken, so every chain of links ends at a free slot.
            var next = Array(0..<slots.count)
            func free(from slot: Int) -> Int {
                var end = slot
                while next[end] != end { end = next[end] }
                var step = slot
                while next[step] != end {
                    let following = next[step]
                    next[step] = end
                    step = following
                }
                return end
            }
            for (view, viewId) in viewIds.enumerated() {
                var id = viewId
                let slot = free(from: id.withUTF8 { home(of: $0, slotCount: slots.count) })
                slots[slot] = UInt32(view + 1)
                next[slot] = (slot + 1) & mask
            }
            return slots
        }

        /// Where the parts of one section's index lie, from the section's start.
        struct Layout {
            var start = 0
            var poolCount = 0
            var viewCount = 0
            var adaptiveCount = 0
            var slotCount = 0
            var viewIdsAreASCII = true

            var poolOffsets: Int { start + 12 }
            func viewOffset(_ view: Int) -> Int { poolOffsets + 4 * (poolCount + view) }
            func adaptiveOffset(_ value: Int) -> Int { poolOffsets + 4 * (poolCount + viewCount + value) }
            var slotWidth: Int { SectionIndex.slotWidth(forViews: viewCount) }
            func slot(_ slot: Int) -> Int {
                poolOffsets + 4 * (poolCount + viewCount + adaptiveCount + 1) + slotWidth * slot
            }
        }
    }

    /// What a section's index says of one view id.
    enum ViewSearch: Equatable {
        /// The file's view at this entry.
        case found(Int)
        /// The file has no such view.
        case absent
        /// No view has the same bytes, but an id outside ASCII may still be an equal string: read the file whole.
        case undecided
    }

    /// One view of a file, read in place.
    enum ViewInPlace: Equatable {
        /// The view's record and its window- or text-dependent values (each with entry 0).
        case found(ConstraintRecord, adaptiveValues: [AdaptiveAttribute])
        /// The file has no such view.
        case absent
        /// Only reading the file whole can tell (an id outside ASCII).
        case undecided
    }
}
