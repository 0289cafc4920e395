import DeviceConstraints
import Foundation

// Reading the modes: design tokens files (a file per mode), a resolver document, or Figma's variables.

extension TokenImport {
    /// A token file as given: the name to print, and its bytes.
    package struct InputFile: Sendable {
        package var name: String
        package var bytes: [UInt8]

        package init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// The mode a design tokens file is, by its name: `tokens/iPhone5.tokens.json` is `iPhone5`.
    package static func modeName(ofFile path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".json", ".tokens"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        return name
    }

    /// What kind of token file `document` is.
    enum Format {
        case designTokens
        case resolver
        case figma
    }

    static func format(of document: JSONDocument) -> Format {
        let root = document.root
        guard document.kind(root) == .object else { return .designTokens }
        var keys: Set<String> = []
        for member in document.members(root) { keys.insert(document.string(member.key)) }
        if keys.contains("resolutionOrder") { return .resolver }
        if keys.contains("meta") || (keys.contains("variables") && keys.contains("variableCollections")) {
            return .figma
        }
        return .designTokens
    }

    /// The modes of `files`: each design tokens file is a mode (named by `modeOfFile`, else by the file's name), and
    /// a resolver document or a Figma export gives its own modes. The base mode's tokens can be aliased from every
    /// other mode's file.
    package static func modes(
        of files: [InputFile], modeOfFile: [String: String], baseMode: String?, problems: inout TokenProblems
    ) -> [Mode] {
        var documents: [(file: InputFile, document: JSONDocument, mode: String)] = []
        var modes: [Mode] = []
        for file in files {
            let document: JSONDocument
            do throws(ConstraintError) {
                document = try JSONDocument(bytes: file.bytes)
            } catch {
                problems.error(error.message, file: file.name, line: error.line, column: error.column, path: nil)
                continue
            }
            switch format(of: document) {
            case .designTokens:
                documents.append((file, document, modeOfFile[file.name] ?? modeName(ofFile: file.name)))
            case .figma:
                modes += FigmaVariables.modes(of: document, fileName: file.name, problems: &problems)
            case .resolver:
                modes += ResolverDocument.modes(of: document, fileName: file.name, problems: &problems)
            }
        }
        let base = documents.first { $0.mode == (baseMode ?? TokenExport.baseMode) }
        // The base file's tokens, read once; each other mode's file is read over them and taken away again (its
        // problems are reported with each mode's, as when each mode read the base itself).
        var baseSet = DesignTokenSet()
        var baseProblems = TokenProblems()
        if let base { baseSet.add(base.document, fileName: base.file.name, problems: &baseProblems) }
        for (file, document, mode) in documents {
            let tree: TokenTree
            if let base, base.mode != mode {
                for diagnostic in baseProblems.diagnostics { problems.append(diagnostic) }
                let checkpoint = baseSet.checkpoint()
                baseSet.add(document, fileName: file.name, problems: &problems)
                tree = baseSet.tree(ofSource: 1, problems: &problems)
                baseSet.rollBack(to: checkpoint)
            } else {
                var set = DesignTokenSet()
                set.add(document, fileName: file.name, problems: &problems)
                tree = set.tree(ofSource: 0, problems: &problems)
            }
            modes.append(
                Mode(name: mode, origin: TokenOrigin(file: file.name, line: 1, column: 1, path: ""), tree: tree))
        }
        return modes
    }
}
