package import DeviceConstraints

/// Writes constraint files as tokens: W3C design tokens (Format Module 2025.10), a file per device part and one for
/// the base, or one resolver document with a `device` modifier; or the body of Figma's `POST
/// /v1/files/:file_key/variables`, a collection whose modes are the base and the devices.
///
/// Plain numbers become `dimension` tokens in `px` (margins, sizes, font sizes) or `number` tokens; what only
/// constraint files have is kept under `$extensions` → `com.deviceconstraints`: a scaled or text-sized value on its
/// token (its `$value` the number, the extension how it follows the window or the text size), strings, bools and
/// column rules on the view's group, a design width on the container's group.
package struct TokenExport: Sendable {
    /// The mode of the base files.
    package static let baseMode = "base"
    /// Attributes written as `dimension` tokens; every other number is a `number` token.
    static let dimensions: Set<String> = [
        "marginLeft", "marginRight", "marginTop", "marginBottom", "width", "height", "fontSize",
    ]

    /// The values of each file part: `base`, then each device part in file-name order.
    package var modes: [(name: String, tree: TokenTree)]
    package var catalog: DeviceCatalog

    /// Reads the constraint files `files` (file name → bytes) of a folder that lint passed.
    package init(files: [String: [UInt8]], catalog: DeviceCatalog, problems: inout TokenProblems) {
        self.catalog = catalog
        let roles = ConstraintFileName.roles(of: Array(files.keys), knownDevices: Set(catalog.profiles.map(\.name)))
        var trees: [String: TokenTree] = [:]
        for name in files.keys.sorted() {
            guard case .file(let file)? = roles[name], let bytes = files[name] else { continue }
            let part = file.device?.rawValue ?? Self.baseMode
            guard let document = try? JSONDocument(bytes: bytes) else { continue }
            var tree = trees[part] ?? TokenTree()
            Self.read(document, fileName: name, into: &tree, problems: &problems)
            trees[part] = tree
        }
        let parts = trees.keys.filter { $0 != Self.baseMode }.sorted()
        modes =
            (trees[Self.baseMode].map { [(Self.baseMode, $0)] } ?? [])
            + parts.compactMap { part in trees[part].map { (part, $0) } }
    }

    /// Adds a constraint file's container to `tree`; names no token can have are problems.
    private static func read(
        _ document: JSONDocument, fileName: String, into tree: inout TokenTree, problems: inout TokenProblems
    ) {
        let root = document.root
        guard document.kind(root) == .object else { return }
        for member in document.members(root) {
            let name = document.string(member.key)
            if name == TokenTree.designWidthKey, document.count(root) > 1 { continue }
            if let problem = TokenName.problem(name) {
                problems.error(
                    "the container \"\(name)\" \(problem)", document: document, at: member.key, file: fileName,
                    path: [name])
                continue
            }
            let container = tree.addContainer(name, origin: nil)
            if let width = FigmaVariables.member(document, root, TokenTree.designWidthKey), document.count(root) > 1,
                document.kind(width) == .number
            {
                tree.setDesignWidth(document.number(width), ofContainer: container)
            }
            var entries: [(key: Int, value: Int)] = []
            if document.kind(member.value) == .array {
                for element in document.elements(member.value) where document.kind(element) == .object {
                    entries += Array(document.members(element))
                }
            } else if document.kind(member.value) == .object {
                entries = Array(document.members(member.value))
            }
            for entry in entries {
                let id = document.string(entry.key)
                if let problem = TokenName.problem(id) {
                    problems.error(
                        "the view id \"\(id)\" cannot be a token's name: it \(problem)", document: document,
                        at: entry.key, file: fileName, path: [name, id])
                    continue
                }
                let view = tree.addView(id, toContainer: container, origin: nil)
                guard document.kind(entry.value) == .object else { continue }
                for attribute in document.members(entry.value) {
                    let key = document.string(attribute.key)
                    if let problem = TokenName.problem(key) {
                        problems.error(
                            "the attribute \"\(key)\" cannot be a token's name: it \(problem)", document: document,
                            at: attribute.key, file: fileName, path: [name, id, key])
                        continue
                    }
                    tree.set(
                        key, to: JSONValue(document, at: attribute.value), view: view, container: container, origin: nil
                    )
                }
            }
        }
    }

    // MARK: - Design tokens

    /// A mode's values as a design tokens document.
    package static func designTokens(_ tree: TokenTree) -> JSONValue {
        var containers: [(key: String, value: JSONValue)] = []
        for container in tree.containers {
            var members: [(key: String, value: JSONValue)] = []
            if let width = container.designWidth {
                members.append(("$extensions", ours(.object([(TokenTree.designWidthKey, .number(width))]))))
            }
            for view in container.views {
                var tokens: [(key: String, value: JSONValue)] = []
                var extras: [(key: String, value: JSONValue)] = []
                for attribute in view.attributes {
                    if let token = token(attribute) {
                        tokens.append((attribute.name, token))
                    } else {
                        extras.append((attribute.name, attribute.value))
                    }
                }
                if !extras.isEmpty { tokens.insert(("$extensions", ours(.object(extras))), at: 0) }
                members.append((view.id, .object(tokens)))
            }
            containers.append((container.name, .object(members)))
        }
        return .object(containers)
    }

    private static func ours(_ value: JSONValue) -> JSONValue {
        .object([(DesignTokenSet.extensionKey, value)])
    }

    /// The token of an attribute whose value is a number, or a number that follows the window or the text size; nil
    /// for any other value (it goes to the group's `$extensions`).
    private static func token(_ attribute: TokenTree.Attribute) -> JSONValue? {
        let number: Double
        var extensions: JSONValue?
        if let plain = attribute.value.numberValue {
            number = plain
        } else if case .object(let members) = attribute.value, attribute.name != "columns",
            let form = members.first(where: { ["scaled", "size", "fixed"].contains($0.key) }),
            let base = form.value.numberValue
        {
            number = base
            extensions = ours(attribute.value)
        } else {
            return nil
        }
        var token: [(key: String, value: JSONValue)]
        if dimensions.contains(attribute.name) {
            token = [
                ("$type", .string("dimension")),
                ("$value", .object([("value", .number(number)), ("unit", .string("px"))])),
            ]
        } else {
            token = [("$type", .string("number")), ("$value", .number(number))]
        }
        if let extensions { token.append(("$extensions", extensions)) }
        return .object(token)
    }

    /// The files of `export --format dtcg`: `base.tokens.json` and `<device>.tokens.json`.
    package var designTokenFiles: [(name: String, value: JSONValue)] {
        modes.map { ("\($0.name).tokens.json", Self.designTokens($0.tree)) }
    }

    /// The resolver document of `export --resolver`: the base as a set, each device a context of the `device`
    /// modifier, every source inline.
    package var resolverDocument: JSONValue {
        let base = modes.first { $0.name == Self.baseMode }
        let contexts = modes.filter { $0.name != Self.baseMode }.map { mode in
            (key: mode.name, value: JSONValue.array([Self.designTokens(mode.tree)]))
        }
        var members: [(key: String, value: JSONValue)] = [
            ("name", .string("DeviceConstraints")), ("version", .string("2025.10")),
        ]
        var order: [JSONValue] = []
        if let base {
            members.append(
                ("sets", .object([(Self.baseMode, .object([("sources", .array([Self.designTokens(base.tree)]))]))])))
            order.append(.object([("$ref", .string("#/sets/\(Self.baseMode)"))]))
        }
        members.append(
            ("modifiers", .object([(ResolverDocument.modifier, .object([("contexts", .object(contexts))]))])))
        order.append(.object([("$ref", .string("#/modifiers/\(ResolverDocument.modifier)"))]))
        members.append(("resolutionOrder", .array(order)))
        return .object(members)
    }

    // MARK: - Figma

    /// The body of `POST /v1/files/:file_key/variables`: one collection whose modes are the base and the device
    /// parts, a variable per attribute (`Card/title/marginLeft`), and its value in each mode: the mode's own, else
    /// what that device reads through its lookup chain, so that Figma shows each mode whole.
    package var figmaBody: JSONValue {
        let collection = "deviceconstraints"
        func modeId(_ index: Int) -> String { "mode\(index)" }
        var variableModes: [JSONValue] = []
        for (index, mode) in modes.enumerated() {
            variableModes.append(
                .object([
                    ("action", .string(index == 0 ? "UPDATE" : "CREATE")), ("id", .string(modeId(index))),
                    ("name", .string(mode.name)), ("variableCollectionId", .string(collection)),
                ]))
        }
        // Every attribute, in the order first met, base first; and a view whose record is all defaults in a mode
        // (`{"header": {}}`) as a variable of the view (`Card/header`) whose value is that record as JSON, `{}`.
        var names: [[String]] = []
        var positions: [[String]: Int] = [:]
        for mode in modes {
            for container in mode.tree.containers {
                for view in container.views {
                    if view.attributes.isEmpty, positions[[container.name, view.id]] == nil {
                        positions[[container.name, view.id]] = names.count
                        names.append([container.name, view.id])
                    }
                    for attribute in view.attributes where positions[[container.name, view.id, attribute.name]] == nil {
                        positions[[container.name, view.id, attribute.name]] = names.count
                        names.append([container.name, view.id, attribute.name])
                    }
                }
            }
        }
        let valuesByName = valuesByMode(of: names.count, at: positions)
        var variables: [JSONValue] = []
        var values: [JSONValue] = []
        for (index, name) in names.enumerated() {
            let id = "var\(index)"
            var byMode = valuesByName[index]
            let type: String
            var description = ""
            if byMode.allSatisfy({ $0.value.numberValue != nil }) {
                type = "FLOAT"
            } else if byMode.allSatisfy({ if case .string = $0.value { true } else { false } }) {
                type = "STRING"
            } else if byMode.allSatisfy({ if case .bool = $0.value { true } else { false } }) {
                type = "BOOLEAN"
            } else {
                type = "STRING"
                description = FigmaVariables.jsonMarker
                byMode = byMode.map { ($0.mode, .string($0.value.line)) }
            }
            var variable: [(key: String, value: JSONValue)] = [
                ("action", .string("CREATE")), ("id", .string(id)), ("name", .string(name.joined(separator: "/"))),
                ("variableCollectionId", .string(collection)), ("resolvedType", .string(type)),
            ]
            if !description.isEmpty { variable.append(("description", .string(description))) }
            variables.append(.object(variable))
            for (mode, value) in byMode {
                let written = type == "FLOAT" ? JSONValue.number(value.numberValue ?? 0) : value
                values.append(
                    .object([("variableId", .string(id)), ("modeId", .string(modeId(mode))), ("value", written)]))
            }
        }
        return .object([
            (
                "variableCollections",
                .array([
                    .object([
                        ("action", .string("CREATE")), ("id", .string(collection)),
                        ("name", .string("DeviceConstraints")), ("initialModeId", .string(modeId(0))),
                    ])
                ])
            ),
            ("variableModes", .array(variableModes)),
            ("variables", .array(variables)),
            ("variableModeValues", .array(values)),
        ])
    }

    /// For each of `count` variables, its value in each mode that has one, in the order of the modes: the value of
    /// the first mode along that mode's chain that gives it (for a view's name, `{}` from the first mode that gives
    /// the view no attribute).
    ///
    /// Each mode walks the trees of its chain once, in order, and keeps the first value of each name, so that the
    /// time follows the values written rather than variables times modes (a thousand width files, each a mode with
    /// an attribute of its own, were asked for every variable in every mode). A tree holds each container, view and
    /// attribute once, so the first met along the chain is the one a lookup by name finds.
    ///
    /// - Parameter positions: each variable's name (container, view, and attribute unless the name is a view's),
    ///   with its position among the variables.
    private func valuesByMode(of count: Int, at positions: [[String]: Int]) -> [[(mode: Int, value: JSONValue)]] {
        var modeIndex: [String: Int] = [:]
        for (index, mode) in modes.enumerated() where modeIndex[mode.name] == nil { modeIndex[mode.name] = index }
        var byName = [[(mode: Int, value: JSONValue)]](repeating: [], count: count)
        for (mode, part) in modes.enumerated() {
            var given: Set<Int> = []
            for read in chain(of: part.name, modeIndex: modeIndex) {
                for container in modes[read].tree.containers {
                    for view in container.views {
                        if view.attributes.isEmpty, let name = positions[[container.name, view.id]],
                            given.insert(name).inserted
                        {
                            byName[name].append((mode, .object([])))
                        }
                        for attribute in view.attributes {
                            guard let name = positions[[container.name, view.id, attribute.name]],
                                given.insert(name).inserted
                            else { continue }
                            byName[name].append((mode, attribute.value))
                        }
                    }
                }
            }
        }
        return byName
    }

    /// The modes a device part reads, in order: itself, the classes its device falls back to that have modes, the
    /// base.
    ///
    /// - Parameter modeIndex: the position of each mode by name, made once for every part rather than searched for
    ///   each name of each part's chain.
    private func chain(of part: String, modeIndex: [String: Int]) -> [Int] {
        var names = [part]
        if let parsed = DevicePart(parsing: part, isDevice: { catalog.deviceClass(named: $0) != nil }),
            let device = parsed.device
        {
            names += catalog.lookupChain(for: device).map(\.rawValue)
        }
        names.append(Self.baseMode)
        var chain: [Int] = []
        var inChain: Set<Int> = []
        for name in names {
            if let index = modeIndex[name], inChain.insert(index).inserted { chain.append(index) }
        }
        return chain
    }
}
