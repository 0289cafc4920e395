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
protocol ChangingSource: ConstraintSource {
    /// A source that reads the files current now, for one load, even if they change while it reads.
    func pinned() -> any ConstraintSource

    /// Calls `handler` with the names of the files that changed (added, replaced or removed), after each change is
    /// in place and before the call that made it returns, until the observation is cancelled or released.
    func onFilesChanged(_ handler: @escaping @Sendable (Set<String>) -> Void) -> ConstraintObservation
}
