import DeviceConstraints
import Foundation

/// Figma's variables as its REST API reads and writes them: the response of `GET /v1/files/:file_key/variables/local`
/// (`meta.variableCollections`, each with its `modes`; `meta.variables`, each with a `name` such as
/// `Card/title/marginLeft`, a `resolvedType` and its `valuesByMode`), and the body of `POST
/// /v1/files/:file_key/variables` (`variableCollections`, `variableModes`, `variables`, `variableModeValues`).
///
/// A variable named with three parts (container/view/attribute) is an attribute; others are there to be aliased
/// (`{"type": "VARIABLE_ALIAS", "id": …}`). A value a Figma variable cannot hold (a scaled value, a column rule) is a
/// `STRING` variable whose description says `deviceconstraints:json`: each mode's value is the JSON a constraint file
/// writes.
enum FigmaVariables {
    /// What a variable's description says when its values are JSON.
    static let jsonMarker = "deviceconstraints:json"

    struct Collection {
        var name: String
        var modes: [(id: String, name: String, at: Int)] = []
        var defaultMode: String?
    }

    struct Variable {
        var id: String
        var name: String
        var collection: String
        var type: String
        var description: String
        var values: [String: Int] = [:]
        var at: Int
    }

    /// A variable in a mode: one step of an alias chain, as `resolve` walks it and remembers where it ends.
    struct Link: Hashable {
        var variable: Int
        var mode: String
    }

    /// Where a link's aliases end: the value and the variable that holds it, or nil when they failed (reported
    /// once, by the first variable that led there).
    typealias Resolution = (value: Int, variable: Int)?

    /// The modes of a Figma export, by mode name across its collections, in the order the modes are listed.
    static func modes(of document: JSONDocument, fileName: String, problems: inout TokenProblems)
        -> [TokenImport.Mode]
    {
        var collections: [String: Collection] = [:]
        var variables: [Variable] = []
        read(document, fileName: fileName, collections: &collections, variables: &variables, problems: &problems)
        var byId: [String: Int] = [:]
        for (index, variable) in variables.enumerated() { byId[variable.id] = index }
        var memo: [Link: Resolution] = [:]

        // Mode names in the order they first appear, and each mode's tree.
        var order: [String] = []
        var trees: [String: TokenTree] = [:]
        var origins: [String: TokenOrigin] = [:]
        // A collection without attributes (primitives, only aliased) gives no modes.
        let withAttributes = Set(
            variables.filter { $0.name.split(separator: "/", omittingEmptySubsequences: false).count == 3 }.map(
                \.collection))
        for (id, collection) in collections.sorted(by: { $0.value.modes.first?.at ?? 0 < $1.value.modes.first?.at ?? 0 }
        )
        where withAttributes.contains(id) {
            for mode in collection.modes where trees[mode.name] == nil {
                order.append(mode.name)
                trees[mode.name] = TokenTree()
                let location = document.location(of: mode.at)
                origins[mode.name] = TokenOrigin(
                    file: fileName, line: location.line, column: location.column, path: mode.name)
            }
        }
        for variable in variables {
            let path = variable.name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            // `Card/title/marginLeft` is an attribute; `Card/title` with JSON values a view's record (`{}`: a view
            // whose every value is the default, as export writes it).
            let isView = path.count == 2 && variable.description.contains(jsonMarker)
            guard path.count == 3 || isView, let collection = collections[variable.collection] else { continue }
            let location = document.location(of: variable.at)
            let origin = TokenOrigin(
                file: fileName, line: location.line, column: location.column, path: path.joined(separator: "."))
            if let bad = path.first(where: { TokenName.problem($0) != nil }), let problem = TokenName.problem(bad) {
                problems.error("the name \"\(bad)\" \(problem)", at: origin)
                continue
            }
            for mode in collection.modes {
                guard let raw = variable.values[mode.id] else { continue }
                guard
                    let resolved = resolve(
                        raw, of: variable, mode: mode.id, variables: variables, byId: byId,
                        collections: collections, document: document, fileName: fileName, memo: &memo,
                        problems: &problems)
                else { continue }
                guard
                    let value = value(
                        resolved.value, of: variables[resolved.variable], document: document,
                        origin: origin, at: raw, fileName: fileName, problems: &problems)
                else { continue }
                let at = document.location(of: raw)
                let placed = TokenOrigin(file: fileName, line: at.line, column: at.column, path: origin.path)
                var members = [(key: String, value: JSONValue)]()
                if isView {
                    guard case .object(let record) = value else {
                        problems.error(
                            "the variable of a view holds its record as a JSON object, such as {}; found \(value.line)",
                            at: placed)
                        continue
                    }
                    members = record
                } else {
                    members = [(path[2], value)]
                }
                // Changed in place in `trees`: a copy taken out and put back copied the mode's view at every
                // variable, so n attributes of one view took time in n squared.
                func place(in tree: inout TokenTree) {
                    let container = tree.addContainer(path[0], origin: origin)
                    let view = tree.addView(path[1], toContainer: container, origin: origin)
                    for member in members {
                        tree.set(member.key, to: member.value, view: view, container: container, origin: placed)
                    }
                }
                place(in: &trees[mode.name, default: TokenTree()])
            }
        }
        return order.map { TokenImport.Mode(name: $0, origin: origins[$0], tree: trees[$0] ?? TokenTree()) }
    }

    /// The value at the end of `raw`'s aliases, and the variable that holds it.
    ///
    /// `memo` keeps where each link (a variable in a mode) walked ends, failures too: a link already walked ends
    /// the walk, so each of n variables of one chain no longer walks the rest of it (time in n squared, and n cubed
    /// with the search of the names walked for a cycle), and a failure is reported once, by the first variable that
    /// leads to it, with the text each variable used to report. A cycle is a link walked again: a variable is read
    /// in its collection's default mode past an alias into another collection, so the same variable in another
    /// mode is another link, which may end at a value.
    private static func resolve(
        _ raw: Int, of variable: Variable, mode: String, variables: [Variable], byId: [String: Int],
        collections: [String: Collection], document: JSONDocument, fileName: String, memo: inout [Link: Resolution],
        problems: inout TokenProblems
    ) -> Resolution {
        var value = raw
        var link = Link(variable: byId[variable.id] ?? 0, mode: mode)
        var chain: [Link] = []
        var onChain: Set<Link> = []
        func end(_ resolution: Resolution) -> Resolution {
            for walked in chain { memo[walked] = resolution }
            return resolution
        }
        while true {
            if let known = memo[link] { return end(known) }
            chain.append(link)
            onChain.insert(link)
            guard let target = aliasTarget(document, value) else { return end((value, link.variable)) }
            let current = link.variable
            guard let next = byId[target] else {
                problems.error(
                    "the alias names the variable \"\(target)\", which the file does not hold",
                    document: document, at: value, file: fileName,
                    path: variable.name.split(separator: "/").map(String.init))
                return end(nil)
            }
            // An alias into another collection reads that collection's default mode, as Figma does.
            var mode = link.mode
            if variables[next].collection != variables[current].collection {
                mode = collections[variables[next].collection]?.defaultMode ?? mode
            }
            let nextLink = Link(variable: next, mode: mode)
            if onChain.contains(nextLink) {
                let names = chain.map { variables[$0.variable].name } + [variables[next].name]
                problems.error(
                    "the aliases form a cycle: \(names.joined(separator: " → ")); make one of them a value",
                    document: document, at: raw, file: fileName,
                    path: variable.name.split(separator: "/").map(String.init))
                return end(nil)
            }
            guard let nextValue = variables[next].values[mode] else {
                problems.error(
                    "the alias names \"\(variables[next].name)\", which has no value in this mode",
                    document: document, at: raw, file: fileName,
                    path: variable.name.split(separator: "/").map(String.init))
                return end(nil)
            }
            link = nextLink
            value = nextValue
        }
    }

    private static func aliasTarget(_ document: JSONDocument, _ value: Int) -> String? {
        guard document.kind(value) == .object else { return nil }
        var isAlias = false
        var id: String?
        for member in document.members(value) {
            if document.stringEquals(member.key, "type"), document.kind(member.value) == .string,
                document.stringEquals(member.value, "VARIABLE_ALIAS")
            {
                isAlias = true
            }
            if document.stringEquals(member.key, "id"), document.kind(member.value) == .string {
                id = document.string(member.value)
            }
        }
        return isAlias ? id : nil
    }

    /// A variable's value as a constraint file writes it.
    private static func value(
        _ index: Int, of variable: Variable, document: JSONDocument, origin: TokenOrigin, at raw: Int,
        fileName: String, problems: inout TokenProblems
    ) -> JSONValue? {
        let path = origin.path.split(separator: ".").map(String.init)
        switch (variable.type, document.kind(index)) {
        case ("FLOAT", .number): return .number(document.number(index))
        case ("BOOLEAN", .true): return .bool(true)
        case ("BOOLEAN", .false): return .bool(false)
        case ("STRING", .string):
            let text = document.string(index)
            guard variable.description.contains(jsonMarker) else { return .string(text) }
            do throws(ConstraintError) {
                let inner = try JSONDocument(bytes: Array(text.utf8))
                return JSONValue(inner, at: inner.root)
            } catch {
                problems.error(
                    "the value is not the JSON its description (\(jsonMarker)) promises: \(error.message)",
                    document: document, at: raw, file: fileName, path: path)
                return nil
            }
        case ("COLOR", _):
            problems.error(
                "a color where a number is needed: \"\(path.last ?? "")\" takes a FLOAT variable",
                document: document, at: raw, file: fileName, path: path)
            return nil
        default:
            problems.error(
                "a \(variable.type) variable's value must be a \(variable.type == "FLOAT" ? "number" : variable.type.lowercased()); found "
                    + DesignTokenSet.describe(document, index),
                document: document, at: raw, file: fileName, path: path)
            return nil
        }
    }

    // MARK: - Reading either shape

    private static func read(
        _ document: JSONDocument, fileName: String, collections: inout [String: Collection],
        variables: inout [Variable], problems: inout TokenProblems
    ) {
        let root = document.root
        let meta = member(document, root, "meta")
        if let meta {
            // GET: objects keyed by id.
            if let list = member(document, meta, "variableCollections"), document.kind(list) == .object {
                for entry in document.members(list) where document.kind(entry.value) == .object {
                    let id = document.string(entry.key)
                    var collection = Collection(
                        name: string(document, entry.value, "name") ?? id,
                        defaultMode: string(document, entry.value, "defaultModeId"))
                    if let modes = member(document, entry.value, "modes"), document.kind(modes) == .array {
                        for mode in document.elements(modes) where document.kind(mode) == .object {
                            guard let modeId = string(document, mode, "modeId"),
                                let name = string(document, mode, "name")
                            else { continue }
                            collection.modes.append((modeId, name, mode))
                        }
                    }
                    collections[id] = collection
                }
            }
            if let list = member(document, meta, "variables"), document.kind(list) == .object {
                for entry in document.members(list) where document.kind(entry.value) == .object {
                    guard var variable = variable(document, entry.value, id: document.string(entry.key)) else {
                        continue
                    }
                    if let values = member(document, entry.value, "valuesByMode"), document.kind(values) == .object {
                        for value in document.members(values) {
                            variable.values[document.string(value.key)] = value.value
                        }
                    }
                    variables.append(variable)
                }
            }
        } else {
            // POST: arrays of actions.
            if let list = member(document, root, "variableCollections"), document.kind(list) == .array {
                for entry in document.elements(list) where document.kind(entry) == .object {
                    guard let id = string(document, entry, "id") else { continue }
                    collections[id] = Collection(
                        name: string(document, entry, "name") ?? id,
                        defaultMode: string(document, entry, "initialModeId"))
                }
            }
            if let list = member(document, root, "variableModes"), document.kind(list) == .array {
                for entry in document.elements(list) where document.kind(entry) == .object {
                    guard let id = string(document, entry, "id"), let name = string(document, entry, "name"),
                        let collection = string(document, entry, "variableCollectionId")
                    else { continue }
                    collections[collection, default: Collection(name: collection)].modes.append((id, name, entry))
                }
            }
            var byId: [String: Int] = [:]
            if let list = member(document, root, "variables"), document.kind(list) == .array {
                for entry in document.elements(list) where document.kind(entry) == .object {
                    guard let id = string(document, entry, "id"), let variable = variable(document, entry, id: id)
                    else { continue }
                    byId[id] = variables.count
                    variables.append(variable)
                }
            }
            if let list = member(document, root, "variableModeValues"), document.kind(list) == .array {
                for entry in document.elements(list) where document.kind(entry) == .object {
                    guard let id = string(document, entry, "variableId"), let index = byId[id],
                        let mode = string(document, entry, "modeId"), let value = member(document, entry, "value")
                    else { continue }
                    variables[index].values[mode] = value
                }
            }
        }
        if collections.isEmpty {
            problems.error(
                "no variable collections: expected the response of GET /v1/files/:file_key/variables/local "
                    + "({\"meta\": {\"variableCollections\": …, \"variables\": …}}) or a POST body",
                document: document, at: root, file: fileName, path: nil)
        }
    }

    private static func variable(_ document: JSONDocument, _ entry: Int, id: String) -> Variable? {
        guard let name = string(document, entry, "name"),
            let collection = string(document, entry, "variableCollectionId"),
            let type = string(document, entry, "resolvedType")
        else { return nil }
        return Variable(
            id: id, name: name, collection: collection, type: type,
            description: string(document, entry, "description") ?? "", at: entry)
    }

    static func member(_ document: JSONDocument, _ object: Int, _ key: String) -> Int? {
        guard document.kind(object) == .object else { return nil }
        return document.members(object).first { document.stringEquals($0.key, key) }?.value
    }

    static func string(_ document: JSONDocument, _ object: Int, _ key: String) -> String? {
        guard let value = member(document, object, key), document.kind(value) == .string else { return nil }
        return document.string(value)
    }
}
