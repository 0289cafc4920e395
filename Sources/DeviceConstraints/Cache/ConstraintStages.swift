/// The two stages of a load that sit behind the published lookups: parsed files (by file, device-free) and
/// merged containers (by container and lookup chain), each memoized, so that a device switch re-merges from
/// parsed files and reads no file it has read before, and a resize reads and merges nothing.
///
/// Every entry carries the generation of its container at the time its load started: ``invalidate(_:)``
/// starts a new generation, and an entry of an older one is never returned, so a load that began before an
/// invalidation cannot feed its stale files to a later load. A read of a file or a parse never happens under
/// the lock: callers look up, work outside, then store.
final class ConstraintStages: Sendable {
    /// A file as the first stage keeps it: parsed, or known to be absent.
    enum File: Sendable {
        case parsed(ParsedFile)
        case absent
    }

    private struct Tagged<Value> {
        var generation: UInt64
        var value: Value
    }

    private struct ContainerStages {
        var generation: UInt64
        var files: [String: Tagged<File>] = [:]
        var merged: [[DeviceName]: Tagged<MergedContainer>] = [:]
    }

    private struct State {
        var containers: [String: ContainerStages] = [:]
        /// The last generation handed out; generations only grow, across all containers.
        var lastGeneration: UInt64 = 0
    }

    private let state = ConditionLocked(State())

    /// The current generation of `container`.
    func generation(of container: String) -> UInt64 {
        state.withLock { state in
            if let existing = state.containers[container] { return existing.generation }
            state.lastGeneration += 1
            state.containers[container] = ContainerStages(generation: state.lastGeneration)
            return state.lastGeneration
        }
    }

    /// The stored file `name` of `container`, if it was read in `generation`.
    func file(_ name: String, of container: String, generation: UInt64) -> File? {
        state.withLock { state in
            guard let entry = state.containers[container]?.files[name], entry.generation == generation else {
                return nil
            }
            return entry.value
        }
    }

    /// Stores a file read in `generation`; ignored when the container has moved on.
    func store(_ file: File, named name: String, of container: String, generation: UInt64) {
        state.withLock { state in
            guard state.containers[container]?.generation == generation else { return }
            state.containers[container]?.files[name] = Tagged(generation: generation, value: file)
        }
    }

    /// The stored merge of `container` along `chain`, if it was made in `generation`.
    func merged(_ container: String, along chain: [DeviceName], generation: UInt64) -> MergedContainer? {
        state.withLock { state in
            guard let entry = state.containers[container]?.merged[chain], entry.generation == generation else {
                return nil
            }
            return entry.value
        }
    }

    /// Stores a merge made in `generation`; ignored when the container has moved on.
    func store(_ merged: MergedContainer, of container: String, along chain: [DeviceName], generation: UInt64) {
        state.withLock { state in
            guard state.containers[container]?.generation == generation else { return }
            state.containers[container]?.merged[chain] = Tagged(generation: generation, value: merged)
        }
    }

    /// Forgets what is stored for `container` and starts its next generation.
    ///
    /// - Returns: the new generation.
    @discardableResult
    func invalidate(_ container: String) -> UInt64 {
        state.withLock { state in
            state.lastGeneration += 1
            state.containers[container] = ContainerStages(generation: state.lastGeneration)
            return state.lastGeneration
        }
    }

    /// Forgets one stored file of `container` and the merges that read it, starting the container's next
    /// generation only for what depended on it: the other files stay parsed (what a hot reload of one edited
    /// file needs).
    ///
    /// - Returns: the container's new generation.
    @discardableResult
    func invalidate(file name: String, of container: String) -> UInt64 {
        state.withLock { state in
            state.lastGeneration += 1
            let generation = state.lastGeneration
            var stages = ContainerStages(generation: generation)
            if let old = state.containers[container] {
                // Keep the other files, re-tagged for the new generation; every merge is redone.
                for (other, entry) in old.files where other != name && entry.generation == old.generation {
                    stages.files[other] = Tagged(generation: generation, value: entry.value)
                }
            }
            state.containers[container] = stages
            return generation
        }
    }

    /// Forgets everything.
    func invalidateAll() {
        state.withLock { state in
            // Every container moves to a new generation, so that loads under way cannot store.
            state.containers = [:]
        }
    }

    /// The containers that have anything stored.
    var containers: [String] {
        state.withLock { Array($0.containers.keys) }
    }
}
