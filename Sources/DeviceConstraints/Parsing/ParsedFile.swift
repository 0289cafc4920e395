/// One file as the parsed-file stage keeps it: its records (scaled values at their design-width number, window-
/// dependent attributes listed in the table's `adaptiveValues`) and the warnings found while reading it.
struct ParsedFile: Sendable {
    let fileName: String
    let table: ViewTable
    let warnings: [ConstraintDiagnostic]
}
