/// The errors a reader went on after; a class so that the reader's non-mutating methods can add to it.
final class RecoveredErrors {
    var errors: [ConstraintError] = []
}
