public import Foundation

/// Constraint files whose records come from a ``CompiledTable`` when it holds the file, and from the JSON files of
/// another source otherwise.
///
/// ```swift
/// let json = BundleSource(.main, subdirectory: "Constraints")
/// let url = Bundle.main.url(forResource: "Constraints", withExtension: "dctable")
/// let source = CompiledTableSource(tableAt: url, fallback: json)
/// let interpreter = ConstraintInterpreter(source: source, device: device)
/// ```
///
/// The JSON files stay the source of truth: the names come from `fallback`, every reader other than a load (lint,
/// `show`, provenance) reads their bytes, and a load reads a file from the table only when the table holds it for
/// the container asked. A table that cannot be opened (missing, corrupt, of another version) is not used, and
/// ``tableError`` says why. A file reported changed (a reload of the interpreter's files, as hot reload makes) is read
/// from `fallback` from then on: the edited JSON overrides the table's copy.
public final class CompiledTableSource: ConstraintSource, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `table`, `tableError` and `fallback` are immutable; `overridden` is behind its lock.
    /// The table, or nil when it could not be opened.
    public let table: CompiledTable?
    /// Why the table is not used, when it could not be opened.
    public let tableError: ConstraintError?
    /// The JSON files.
    public let fallback: any ConstraintSource
    /// The files read from `fallback` even though the table holds them; nil for every file.
    private let overridden = ConditionLocked<Set<String>?>([])

    /// A source that reads records from `table` and files from `fallback`.
    public init(table: CompiledTable?, fallback: any ConstraintSource) {
        self.table = table
        tableError = nil
        self.fallback = fallback
    }

    /// A source that maps the table at `url` (validated once, here) and reads the JSON files of `fallback` when
    /// there is no table or it is refused.
    ///
    /// - Parameters:
    ///   - url: the table, or nil for none (as `Bundle.url(forResource:withExtension:)` gives when it is missing).
    ///   - fallback: the JSON files the table was compiled from.
    public init(tableAt url: URL?, fallback: any ConstraintSource) {
        self.fallback = fallback
        guard let url else {
            table = nil
            tableError = nil
            return
        }
        do throws(ConstraintError) {
            table = try CompiledTable(contentsOf: url)
            tableError = nil
        } catch {
            table = nil
            tableError = error
        }
    }

    /// The bytes of `fallback`'s file `name`.
    public func data(forFile name: String) throws -> Data? {
        try fallback.data(forFile: name)
    }

    /// The bytes of `fallback`'s file `name`, if it has at most `maximumSize` bytes.
    public func data(forFile name: String, maximumSize: Int) throws -> Data? {
        try fallback.data(forFile: name, maximumSize: maximumSize)
    }

    /// `fallback`'s file names.
    public func fileNames() throws -> [String] {
        try fallback.fileNames()
    }

    /// `fallback`'s description.
    public var description: String {
        String(describing: fallback)
    }

    /// The table's copy of the file `name` of `container`, or nil when the load is to read the JSON file: no table,
    /// a file the table lacks or holds for another container, or a file changed since.
    func parsedFile(named name: String, container: String) -> ParsedFile? {
        guard let table, table.file(named: name)?.container == container,
            overridden.withLock({ $0?.contains(name) == false })
        else { return nil }
        return table.parsedFile(named: name)
    }

    /// Reads `names` (every file, when nil) from `fallback` from now on.
    func override(_ names: Set<String>?) {
        overridden.withLock { overridden in
            guard let names, let current = overridden else {
                overridden = nil
                return
            }
            overridden = current.union(names)
        }
    }
}
