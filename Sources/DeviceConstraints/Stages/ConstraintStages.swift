/// The two stages of a load that sit behind the published lookups: parsed files (by file, device-free) and
/// merged containers (by container and the names of the files a chain reads), each memoized, so that a device switch re-merges from
/// parsed files and reads no file it has read before, and a resize reads and merges nothing.
///
/// Each container's entries belong to one generation, the one its loads started in: ``invalidate(_:)`` starts a
/// new generation with nothing stored, and a load of an older generation can neither read nor store, so a load
/// that began before an invalidation cannot feed its stale files to a later load. A read of a file or a parse never happens under
/// the lock: callers look up, work outside, then store.
final class ConstraintStages: Sendable {
    /// A file as the first stage keeps it: parsed, or known to be absent.
    enum File: Sendable {
        case parsed(ParsedFile)
        case absent
    }

    /// What is stored for one container, all of it read in `generation`: a new generation starts empty.
    ///
    /// A container has a few files (one per device class it is drawn for, and the base file) and a merge per
    /// class it was loaded for, so they are kept in small arrays searched in order: cheaper than a dictionary
    /// each, whose storage and string hashing a load would pay for every container.
    private struct ContainerStages {
        var generation: UInt64
        var files: [(name: String, file: File)] = []
        var merged: [(chain: [String], merged: MergedContainer)] = []

        func file(_ name: String) -> File? {
            files.first { $0.name == name }?.file
        }

        func merged(along chain: [String]) -> MergedContainer? {
            merged.first { $0.chain == chain }?.merged
        }
    }

    private struct State {
        var containers: [String: ContainerStages] = [:]
        /// The last generation handed out; generations only grow, across all containers.
        var lastGeneration: UInt64 = 0
        /// For a ``ChangingSource``: the revision whose changed files have been forgotten, so that every file held
        /// is that revision's. A load pinned to another revision (a change made and not yet applied, or applied
        /// since it pinned) neither uses nor stores what is held: it would merge two versions.
        var appliedRevision: UInt64?

        /// The current generation of `container`, the next one when nothing is stored for it yet.
        mutating func generation(of container: String) -> UInt64 {
            if let existing = containers[container] { return existing.generation }
            lastGeneration += 1
            containers[container] = ContainerStages(generation: lastGeneration)
            return lastGeneration
        }
    }

    private let state = ConditionLocked(State())

    /// The current generation of `container`.
    func generation(of container: String) -> UInt64 {
        state.withLock { $0.generation(of: container) }
    }

    /// The current generation of each of `containers`, in order, in one lock (a preload's batch, a batch's
    /// publication).
    func generations(of containers: [String]) -> [UInt64] {
        state.withLock { state in containers.map { state.generation(of: $0) } }
    }

    /// One load of `container` along `chain` (the names of the files it reads, in the order it reads them) in
    /// `generation`.
    struct Load {
        let container: String
        let chain: [String]
        let generation: UInt64
    }

    /// What the stages hold for each of `loads`, in order, all pinned to `revision`: the merge, if it was made, else
    /// the files read so far. One lock for all of them (a preload's worker asks for a few containers at a time); the
    /// caller works out which files it needs only when there is no merge (a device switch back to a class finds its
    /// merges and names no file).
    func lookup(_ loads: [Load], revision: UInt64?) -> [Lookup] {
        guard !loads.isEmpty else { return [] }
        return state.withLock { state in
            loads.map { load in
                guard let stages = state.containers[load.container], stages.generation == load.generation,
                    revision == state.appliedRevision
                else {
                    return .files(StoredFiles(files: []))
                }
                if let merged = stages.merged(along: load.chain) { return .merged(merged) }
                return .files(StoredFiles(files: stages.files))
            }
        }
    }

    /// What ``lookup(_:revision:)`` found for one load.
    enum Lookup {
        case merged(MergedContainer)
        case files(StoredFiles)
    }

    /// The files of a container read in one generation, as a lookup found them.
    ///
    /// A container has a few files, found by comparing names in order; one whose files qualify thousands of widths
    /// has as many, and its names are then hashed once, so that a load that asks for each of them stays linear.
    struct StoredFiles {
        fileprivate let files: [(name: String, file: File)]
        /// Each file's position by name, when there are more than `few`.
        private let positions: [String: Int]?
        fileprivate static let few = 16

        fileprivate init(files: [(name: String, file: File)]) {
            self.files = files
            positions =
                files.count > Self.few
                ? Dictionary(files.indices.map { (files[$0].name, $0) }, uniquingKeysWith: { first, _ in first }) : nil
        }

        /// The file `name`, if it was read (parsed, or found absent).
        func file(_ name: String) -> File? {
            if let positions { return positions[name].map { files[$0].file } }
            return files.first { $0.name == name }?.file
        }
    }

    /// What one load read (`files`) and merged, to store.
    struct Outcome {
        let load: Load
        let files: [(name: String, file: File)]
        let merged: MergedContainer
    }

    /// Stores what loads pinned to `revision` read and merged, all in one lock; a load whose container has moved on
    /// (an invalidation came meanwhile) is ignored. What another load of the same generation stored first is kept.
    func store(_ outcomes: [Outcome], revision: UInt64?) {
        guard !outcomes.isEmpty else { return }
        state.withLock { state in
            guard revision == state.appliedRevision else { return }
            for outcome in outcomes {
                guard let index = state.containers.index(forKey: outcome.load.container),
                    state.containers.values[index].generation == outcome.load.generation
                else { continue }
                // Changed in place, through the index: no second hash, no copy of the arrays. A file is stored once:
                // among a few, found by comparing names; among many, by hashing each name once (linear in them).
                if state.containers.values[index].files.count + outcome.files.count <= StoredFiles.few {
                    // Room for them at once: appending to an empty array allocates, and each growth allocates again.
                    state.containers.values[index].files.reserveCapacity(
                        state.containers.values[index].files.count + outcome.files.count)
                    for (name, file) in outcome.files where state.containers.values[index].file(name) == nil {
                        state.containers.values[index].files.append((name, file))
                    }
                } else {
                    var names = Set(state.containers.values[index].files.map(\.name))
                    for (name, file) in outcome.files where names.insert(name).inserted {
                        state.containers.values[index].files.append((name, file))
                    }
                }
                if state.containers.values[index].merged(along: outcome.load.chain) == nil {
                    state.containers.values[index].merged.append((outcome.load.chain, outcome.merged))
                }
            }
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

    /// Forgets the stored files `names` of `container` and the merges that read them, starting the container's next
    /// generation only for what depended on them: the other files stay parsed (what a hot reload of edited files
    /// needs). One pass over the stored files, however many changed (one pass per changed file made a reload of
    /// thousands of a container's width files take time in the square of their number).
    ///
    /// - Returns: the container's new generation.
    @discardableResult
    func invalidate(files names: Set<String>, of container: String) -> UInt64 {
        state.withLock { state in
            state.lastGeneration += 1
            let generation = state.lastGeneration
            var stages = ContainerStages(generation: generation)
            if let old = state.containers[container] {
                // The other files are kept for the new generation; every merge is redone.
                stages.files = old.files.filter { !names.contains($0.name) }
            }
            state.containers[container] = stages
            return generation
        }
    }

    /// Records that the stages hold files of `revision` of a ``ChangingSource`` only (nil: a source without
    /// revisions): its changed files have been forgotten.
    func applied(revision: UInt64?) {
        state.withLock { $0.appliedRevision = revision }
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
