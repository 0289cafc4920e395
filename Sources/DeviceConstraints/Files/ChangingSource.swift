/// A source whose files can change under the interpreters that read it, as a `ConstraintStore`'s do when an
/// update is installed or rolled back: it lends each load a view of one version of its files, and tells its
/// readers which files changed.
///
/// An interpreter made with such a source (or sharing files with one that was) registers for the changes when it
/// is created. Each change enters at the parsed-file stage, as a hot reload does: the changed files are forgotten,
/// and only the loaded containers that read one of them are read again, each published whole.
///
/// Why a load reads through ``pinned()``: a load that read one file before a change and another after it would
/// merge a container from two versions. Pinned, it reads one version; if that version was replaced meanwhile, the
/// change has moved the container to a new generation and the load does not publish.
///
/// Why versions are numbered: between a change and its announcement, the parsed-file stage still holds files of the
/// version before. A load pinned to the new version must not merge them with what it reads, so the stage uses the
/// files it holds only for the version whose changes it has applied (``ConstraintStages``).
protocol ChangingSource: ConstraintSource {
    /// The files current now, for one load, even if they change while it reads, and their version.
    func pinned() -> PinnedFiles

    /// Calls `handler` with the names of the files that changed (added, replaced or removed) and the version they
    /// changed to, after each change is in place and before the call that made it returns, until the observation is
    /// cancelled or released. Changes are announced one at a time, in the order they were made.
    func onFilesChanged(_ handler: @escaping @Sendable (Set<String>, _ revision: UInt64) -> Void)
        -> ConstraintObservation

    /// A lookup of `container` that failed with `error` in an interpreter reading the source: a layout problem, for
    /// a source that counts them.
    func lookupFailed(_ error: ConstraintError, container: String)
}

extension ChangingSource {
    /// Counts nothing.
    func lookupFailed(_ error: ConstraintError, container: String) {}
}

/// One version of a ``ChangingSource``'s files, lent to one load.
struct PinnedFiles: Sendable {
    /// Reads the files of this version.
    let source: any ConstraintSource
    /// Which version: greater for every later change of the files.
    let revision: UInt64
}
