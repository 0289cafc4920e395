public import Foundation

/// Reads one constraint file into a ``ContainerConstraints``, checking everything a file can get wrong.
///
/// The format is the original design's: the top-level key is the container and must match the file name;
/// its value is an array of one-key objects (view id → record), or one object mapping view ids to records.
///
/// ```swift
/// let parser = ConstraintFileParser()
/// let file = try parser.parse(data, fileName: "Calendar_iPhone6.json") { warning in print(warning) }
/// ```
///
/// The parser knows nothing of devices: it checks the top-level key against the file name (the whole
/// stem, or the part before the last underscore) and leaves the device to its caller.
public struct ConstraintFileParser: Sendable {
    /// Bounds on what the parser accepts, so that a broken or hostile file cannot exhaust memory or stack.
    public struct Limits: Sendable, Hashable {
        /// The largest file accepted, in bytes. Default: 8 MiB, a hundred times a large real file.
        public var maximumFileSize: Int
        /// The deepest nesting of arrays and objects accepted. A constraint file needs 5; default: 32.
        public var maximumDepth: Int
        /// The most warnings reported for one file; past it, one last warning (code
        /// ``ConstraintDiagnostic/Code/tooManyWarnings``) says how many more there were. Default: 100.
        public var maximumWarningsPerFile: Int

        /// Limits with the given bounds.
        public init(maximumFileSize: Int = 8 << 20, maximumDepth: Int = 32, maximumWarningsPerFile: Int = 100) {
            self.maximumFileSize = maximumFileSize
            self.maximumDepth = maximumDepth
            self.maximumWarningsPerFile = maximumWarningsPerFile
        }

        /// 8 MiB, 32 levels, 100 warnings per file.
        public static let `default` = Limits()
    }

    /// The bounds this parser enforces.
    public var limits: Limits

    /// Whether plain files are read by ``FastFileReader``; tests turn it off to check that the general reader
    /// gives the same records.
    var readsPlainFilesFast = true

    /// The top-level key beside the container's that states the width a file was drawn for.
    static let designWidthKey = "designWidth"

    /// A parser that enforces `limits`.
    public init(limits: Limits = .default) {
        self.limits = limits
    }

    /// Parses one constraint file.
    ///
    /// - Parameters:
    ///   - data: the file's bytes (UTF-8 JSON).
    ///   - fileName: the file's name, used to check the top-level key and to place errors.
    ///   - container: the container the file must hold; when nil, the top-level key must equal the file
    ///     name's stem or the part of it before the last underscore.
    ///   - diagnostics: receives warnings (a misspelt attribute name, a key given twice), at most
    ///     ``Limits/maximumWarningsPerFile`` of them, after the file is read.
    /// - Returns: the file's records, not merged with any other file. A scaled value reads as its number at the
    ///   design width; a column rule is not a record attribute (the interpreter evaluates both per window).
    /// - Throws: ``ConstraintError`` with code `.fileTooLarge`, `.malformedJSON`, `.nestingTooDeep`,
    ///   `.invalidFormat` or `.duplicateView`, placed at the file, line, column and key path.
    public func parse(
        _ data: Data, fileName: String, container: String? = nil,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) throws(ConstraintError) -> ContainerConstraints {
        let warnings = diagnostics.map { _ in WarningCollector(limit: limits.maximumWarningsPerFile, fileName: fileName)
        }
        defer { warnings?.deliver(to: diagnostics) }
        let read = try read(data, fileName: fileName, container: container, warnings: warnings, recovered: nil)
        return ContainerConstraints(
            container: read.container, fileName: fileName, table: read.views.build(files: [fileName]),
            viewOffsets: read.viewOffsets, designWidth: read.designWidth)
    }

    /// Parses one constraint file like ``parse(_:fileName:container:diagnostics:)``, but goes on after an
    /// error that spoils one view or one attribute (a wrong type, a record that is not an object, a view id
    /// given twice), so that a linter can report every such error of a file in one run.
    ///
    /// - Returns: the records that could be read (a spoilt attribute is left out; a spoilt record is
    ///   empty; a repeated view id keeps its first record), or nil when the file could not be read at all
    ///   (too large, malformed JSON, wrong top-level shape or key); and every error, in document order.
    package func parseCollectingErrors(
        _ data: Data, fileName: String, container: String? = nil,
        diagnostics: ConstraintDiagnosticHandler? = nil
    ) -> (file: ContainerConstraints?, errors: [ConstraintError]) {
        let recovered = RecoveredErrors()
        let warnings = diagnostics.map { _ in WarningCollector(limit: limits.maximumWarningsPerFile, fileName: fileName)
        }
        defer { warnings?.deliver(to: diagnostics) }
        do throws(ConstraintError) {
            let read = try read(
                data, fileName: fileName, container: container, warnings: warnings, recovered: recovered)
            let file = ContainerConstraints(
                container: read.container, fileName: fileName, table: read.views.build(files: [fileName]),
                viewOffsets: read.viewOffsets, designWidth: read.designWidth)
            return (file, recovered.errors)
        } catch {
            return (nil, recovered.errors + [error])
        }
    }

    /// Reads one file of `container` into a table of its own: the parsed-file stage of a load, which knows
    /// nothing of devices.
    ///
    /// - Parameter collectingWarnings: whether to collect warnings (someone listens for them); they come back in
    ///   the result, for the caller to deliver once the load is published and no lock is held.
    func parsedFile(
        _ data: Data, fileName: String, container: String, collectingWarnings: Bool
    ) throws(ConstraintError) -> ParsedFile {
        let warnings =
            collectingWarnings ? WarningCollector(limit: limits.maximumWarningsPerFile, fileName: fileName) : nil
        let read = try read(
            data, fileName: fileName, container: container, warnings: warnings, recovered: nil, offsets: false)
        return ParsedFile(
            fileName: fileName, table: read.views.build(files: [fileName]), warnings: warnings?.all ?? [])
    }

    /// Reads one file: a plain file in one pass (``FastFileReader``), any other through a ``JSONDocument`` and
    /// the general reader, which reports every problem. The file's scaled values are marked with the design width
    /// it states, if any.
    private func read(
        _ data: Data, fileName: String, container: String?, warnings: WarningCollector?,
        recovered: RecoveredErrors?, offsets: Bool = true
    ) throws(ConstraintError) -> (
        container: String, viewOffsets: [Int], views: ViewTable.Builder, designWidth: Double?
    ) {
        var read = try readViews(
            data, fileName: fileName, container: container, warnings: warnings, recovered: recovered, offsets: offsets)
        if let designWidth = read.designWidth {
            for i in read.views.adaptiveValues.indices { read.views.adaptiveValues[i].designWidth = designWidth }
        }
        return read
    }

    private func readViews(
        _ data: Data, fileName: String, container: String?, warnings: WarningCollector?,
        recovered: RecoveredErrors?, offsets: Bool
    ) throws(ConstraintError) -> (
        container: String, viewOffsets: [Int], views: ViewTable.Builder, designWidth: Double?
    ) {
        guard data.count <= limits.maximumFileSize else {
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(data.count) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: fileName)
        }
        // The one-pass reader reads files that nest 5 deep (a scaled value in a record in an array); under a lower
        // limit the general reader reports the nesting.
        if readsPlainFilesFast, limits.maximumDepth >= 5 {
            let plain = data.withUnsafeBytes { bytes in
                if let container {
                    FastFileReader.read(
                        bytes, containers: CollectionOfOne(container), warnings: warnings, offsets: offsets)
                } else {
                    FastFileReader.read(
                        bytes, containers: ConstraintFileName.containerCandidates(ofFile: fileName), warnings: warnings,
                        offsets: offsets)
                }
            }
            if let plain { return plain }
        }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, maximumDepth: limits.maximumDepth)
        } catch {
            throw error.inFile(fileName)
        }
        let reader = GeneralFileReader(document: document, fileName: fileName, warnings: warnings, recovered: recovered)
        var views = ViewTable.Builder()
        let read = try reader.read(expectedContainer: container, into: &views)
        return (read.container, read.viewOffsets, views, read.designWidth)
    }
}
