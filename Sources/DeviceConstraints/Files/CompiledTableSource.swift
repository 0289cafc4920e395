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
/// ``tableError`` says why; a file whose section is refused when a load first reads it is read from `fallback`
/// instead, from then on, and ``tableError`` says why too. A file reported changed (a reload of the interpreter's
/// files, as hot reload makes) is read from `fallback` from then on: the edited JSON overrides the table's copy.
public final class CompiledTableSource: ConstraintSource, CustomStringConvertible, @unchecked Sendable {
    // @unchecked: `table` and `fallback` are immutable; `overridden`, `refused` and `tableListing` are behind their
    // locks.
    /// The table, or nil when it could not be opened.
    public let table: CompiledTable?
    /// The JSON files.
    public let fallback: any ConstraintSource
    /// The files read from `fallback` even though the table holds them; nil for every file.
    private let overridden = ConditionLocked<Set<String>?>([])
    /// Why the table could not be opened, or the first section refused since, with the files refused.
    private let refused: ConditionLocked<(error: ConstraintError?, files: Set<String>)>
    /// The table's file names as a listing, made once.
    private let tableListing = ConditionLocked<FileListing?>(nil)
    /// `fallback`'s file names, listed once: the first time a load asks for a file the table lacks.
    private let fallbackNames = ConditionLocked<Set<String>?>(nil)

    /// Why the table, or one of its files, is not used: it could not be opened, or a file's section was refused
    /// when a load read it (that file is read from ``fallback``). The first such error; nil while there is none.
    public var tableError: ConstraintError? {
        refused.withLock { $0.error }
    }

    /// A source that reads records from `table` and files from `fallback`.
    public init(table: CompiledTable?, fallback: any ConstraintSource) {
        self.table = table
        refused = ConditionLocked((nil, []))
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
            refused = ConditionLocked((nil, []))
            return
        }
        do throws(ConstraintError) {
            table = try CompiledTable(contentsOf: url)
            refused = ConditionLocked((nil, []))
        } catch {
            table = nil
            refused = ConditionLocked((error, []))
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

    /// The table's copy of the file `name` of `container`, read from its section now, or nil when the load is to
    /// read the JSON file: no table, a file the table lacks or holds for another container, a file changed since,
    /// or one whose section is refused (remembered, and ``tableError`` says why).
    func parsedFile(named name: String, container: String) -> ParsedFile? {
        reading(name, of: container) { table throws(ConstraintError) in try table.parsedFile(named: name) }
    }

    /// The view `viewId` of the table's copy of the file `name` of `container`, read where it lies
    /// (``CompiledTable/view(_:inFile:)``), or nil when a load would read the JSON file, as for
    /// ``parsedFile(named:container:)``.
    func view(_ viewId: String, inFile name: String, container: String) -> CompiledTable.ViewInPlace? {
        reading(name, of: container) { table throws(ConstraintError) in try table.view(viewId, inFile: name) }
    }

    /// Adds the view ids of the table's copy of the file `name` of `container` to `views`
    /// (``CompiledTable/addViewIds(ofFile:to:)``); false when a load would read the JSON file, as for
    /// ``parsedFile(named:container:)`` (`views` may then hold some of the file's ids).
    func addViewIds(ofFile name: String, container: String, to views: inout ViewTable.Builder) -> Bool {
        reading(name, of: container) { table throws(ConstraintError) in try table.addViewIds(ofFile: name, to: &views) }
            != nil
    }

    /// Whether the table is to give the file `name` of `container` (it holds it for that container, the file has
    /// not changed since, its section has not been refused); nothing of the section is read.
    func holds(_ name: String, of container: String) -> Bool {
        reading(name, of: container) { _ throws(ConstraintError) in () } != nil
    }

    /// What `read` gives of the table, when the table is to give the file `name` of `container`; nil otherwise, or
    /// when `read` refuses the file's section (remembered, and ``tableError`` says why).
    private func reading<Value>(
        _ name: String, of container: String, _ read: (CompiledTable) throws(ConstraintError) -> Value?
    ) -> Value? {
        guard let table, table.container(ofFile: name) == container,
            overridden.withLock({ $0?.contains(name) == false }),
            refused.withLock({ !$0.files.contains(name) })
        else { return nil }
        do throws(ConstraintError) {
            return try read(table)
        } catch {
            refused.withLock { refused in
                refused.files.insert(name)
                if refused.error == nil { refused.error = error }
            }
            return nil
        }
    }

    /// The listing a load uses: the table's file names while no file has changed since it was compiled (listing
    /// `fallback`, a folder of a bundle, would cost a directory read), nil otherwise (the JSON files are listed).
    func listing() -> FileListing? {
        guard let table, overridden.withLock({ $0?.isEmpty == true }) else { return nil }
        if let listing = tableListing.withLock({ $0 }) { return listing }
        let listing = FileListing(names: table.fileNames)
        tableListing.withLock { $0 = listing }
        return listing
    }

    /// Whether the file `name` is in neither the table nor `fallback`: a load asks for each class's own file and the
    /// base file even when the listing lacks them, and while the table is in use (no file has changed since it was
    /// compiled) `fallback` is listed once for them, instead of read for each at every load. False when `fallback`
    /// cannot be listed, or a file has changed (the JSON files are read as they are).
    func lacks(_ name: String) -> Bool {
        guard let table, table.container(ofFile: name) == nil, overridden.withLock({ $0?.isEmpty == true }) else {
            return false
        }
        if let names = fallbackNames.withLock({ $0 }) { return !names.contains(name) }
        guard let listed = try? fallback.fileNames() else { return false }
        let names = Set(listed)
        fallbackNames.withLock { $0 = names }
        return !names.contains(name)
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
