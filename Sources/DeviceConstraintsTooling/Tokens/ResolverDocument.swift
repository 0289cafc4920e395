import DeviceConstraints

/// A resolver document of the Design Tokens Resolver Module (2025.10) whose `device` modifier gives a context per
/// device: `sets` in `resolutionOrder` make the base mode, each context of `modifiers.device` a device's mode. Sources
/// are written inline (a `$ref` to another file is not followed: export writes them inline).
enum ResolverDocument {
    /// The modifier whose contexts are the devices.
    static let modifier = "device"
    /// The mode name of the sets: the base.
    static let baseMode = "base"

    static func modes(of document: JSONDocument, fileName: String, problems: inout TokenProblems)
        -> [TokenImport.Mode]
    {
        let root = document.root
        var modes: [TokenImport.Mode] = []
        func origin(_ at: Int, _ name: String) -> TokenOrigin {
            let location = document.location(of: at)
            return TokenOrigin(file: fileName, line: location.line, column: location.column, path: name)
        }
        func sources(_ list: Int) -> [Int] {
            guard document.kind(list) == .array else { return [] }
            var found: [Int] = []
            for source in document.elements(list) {
                if FigmaVariables.member(document, source, "$ref") != nil {
                    problems.error(
                        "a source that is a \"$ref\" is not read; write its tokens inline (as 'export --resolver' does)",
                        document: document, at: source, file: fileName, path: nil)
                    continue
                }
                if document.kind(source) == .object { found.append(source) }
            }
            return found
        }
        // The base: every set's sources, in order.
        var baseSources: [Int] = []
        if let sets = FigmaVariables.member(document, root, "sets"), document.kind(sets) == .object {
            for set in document.members(sets) {
                if let list = FigmaVariables.member(document, set.value, "sources") {
                    baseSources += sources(list)
                }
            }
        }
        // The base sources, read once; each context's sources are read over them and taken away again (the base's
        // problems are reported with each context's, as when each context read the base itself).
        var baseSet = DesignTokenSet()
        var baseProblems = TokenProblems()
        for source in baseSources { baseSet.add(document, root: source, fileName: fileName, problems: &baseProblems) }
        for diagnostic in baseProblems.diagnostics { problems.append(diagnostic) }
        if !baseSources.isEmpty {
            var tree = TokenTree()
            for index in baseSources.indices { merge(baseSet.tree(ofSource: index, problems: &problems), into: &tree) }
            modes.append(TokenImport.Mode(name: baseMode, origin: origin(root, baseMode), tree: tree))
        }
        guard let modifiers = FigmaVariables.member(document, root, "modifiers"),
            let device = FigmaVariables.member(document, modifiers, modifier),
            let contexts = FigmaVariables.member(document, device, "contexts"), document.kind(contexts) == .object
        else {
            problems.error(
                "the resolver document has no \"modifiers\" → \"\(modifier)\" → \"contexts\": a context per device",
                document: document, at: root, file: fileName, path: nil)
            return modes
        }
        for context in document.members(contexts) {
            let name = document.string(context.key)
            for diagnostic in baseProblems.diagnostics { problems.append(diagnostic) }
            let checkpoint = baseSet.checkpoint()
            let own = sources(context.value)
            for source in own { baseSet.add(document, root: source, fileName: fileName, problems: &problems) }
            var tree = TokenTree()
            for index in own.indices {
                merge(baseSet.tree(ofSource: baseSources.count + index, problems: &problems), into: &tree)
            }
            baseSet.rollBack(to: checkpoint)
            modes.append(TokenImport.Mode(name: name, origin: origin(context.key, name), tree: tree))
        }
        return modes
    }

    /// `tree`'s values added to `into`, a later value of a name replacing an earlier one.
    static func merge(_ tree: TokenTree, into target: inout TokenTree) {
        for container in tree.containers {
            let c = target.addContainer(container.name, origin: container.origin)
            if let width = container.designWidth { target.setDesignWidth(width, ofContainer: c) }
            for view in container.views {
                let v = target.addView(view.id, toContainer: c, origin: view.origin)
                for attribute in view.attributes {
                    target.set(attribute.name, to: attribute.value, view: v, container: c, origin: attribute.origin)
                }
            }
        }
    }
}
