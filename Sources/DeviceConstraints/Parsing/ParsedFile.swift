/// One file as the parsed-file stage keeps it: its records (scaled values at their design-width number, window-
/// dependent attributes listed in the table's `adaptiveValues`) and the warnings found while reading it.
///
/// A class, not a struct, for ``MergedContainer``'s reason: a load passes each file it reads to the stages and to the
/// merge, and a struct's copies counted each of its references.
final class ParsedFile: Sendable {
    let fileName: String
    let table: ViewTable
    let warnings: [ConstraintDiagnostic]

    init(fileName: String, table: ViewTable, warnings: [ConstraintDiagnostic]) {
        self.fileName = fileName
        self.table = table
        self.warnings = warnings
    }
}
