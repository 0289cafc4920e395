import DeviceConstraints

/// W3C design tokens (Format Module 2025.10) read from one or more sources, with their aliases resolved.
///
/// A source is a document's root object, or an object inside a document (a resolver document's inline set). Tokens
/// of later sources override those of earlier ones of the same path, for aliases: a device's mode file, read after
/// the base file, may alias a base token. ``tree(ofSource:problems:)`` turns one source's tokens into the values of
/// constraint files: groups nest as container → view id → attribute.
///
/// ```json
/// {"Card": {"title": {"marginLeft": {"$type": "dimension", "$value": {"value": 16, "unit": "px"}}}}}
/// ```
struct DesignTokenSet {
    /// Our key under `$extensions`: scaled values and text sizes on a token, strings, bools and column rules on a
    /// view's group, a design width on a container's group.
    static let extensionKey = "com.deviceconstraints"
    /// Points per `rem`: the root font size of the web, which the 2025.10 format leaves to the platform.
    static let pointsPerRem = 16.0

    struct Source {
        var document: JSONDocument
        var root: Int
        var fileName: String
    }

    /// A token: a JSON object with `$value`.
    struct Token {
        var source: Int
        var path: [String]
        /// The `$type` it gives or inherits from its groups.
        var type: String?
        var value: Int
        var extensions: Int?
        var key: Int
    }

    /// A group's `$extensions` member of our key.
    struct GroupExtension {
        var source: Int
        var path: [String]
        var value: Int
    }

    private(set) var sources: [Source] = []
    private(set) var tokens: [Token] = []
    private(set) var groups: [GroupExtension] = []
    /// Views whose group holds no token and no group (`"title": {}`): a record of defaults, which a constraint file
    /// keeps as `{"title": {}}` and export writes so.
    private(set) var emptyViews: [(source: Int, path: [String], key: Int)] = []
    private var byPath: [String: Int] = [:]
    /// The token each alias ends at, once resolved: linear however the aliases chain.
    private var resolved: [Int: Int] = [:]
    /// The tokens whose aliases end at no token or in a cycle, once reported: each chain is walked, and its failure
    /// reported, once, however many of its tokens are asked for.
    private var failed: Set<Int> = []
    /// Where each source's tokens, group extensions and empty views start in ``tokens``, ``groups`` and
    /// ``emptyViews``: ``add(_:root:fileName:problems:)`` appends a source's as one run, so that
    /// ``tree(ofSource:problems:)`` reads its own and not every source's.
    private var starts: [Starts] = []
    private struct Starts {
        var tokens: Int
        var groups: Int
        var emptyViews: Int
    }
    /// The paths that sources added since ``checkpoint()`` gave to ``byPath``, each with the token it named
    /// before; nil when there is no checkpoint.
    private var replacedPaths: [(path: String, token: Int?)]?

    init() {}

    // MARK: - Modes over one base

    /// What ``rollBack(to:)`` returns the set to.
    struct Checkpoint {
        fileprivate let sources: Int
    }

    /// Marks the set as it is, so that a mode's sources can be added over the base's and then taken away with
    /// ``rollBack(to:)``: each mode of a token import reads the base once, not a copy of it per mode (copying the
    /// base for each of many modes took time in the product of their numbers). Forgets the aliases resolved so
    /// far, and those that failed, since the mode's tokens may change where they end (and a mode reports its own).
    mutating func checkpoint() -> Checkpoint {
        resolved = [:]
        failed = []
        replacedPaths = []
        return Checkpoint(sources: sources.count)
    }

    /// Takes away every source added since `checkpoint` and the aliases resolved since: the set is as it was then,
    /// in time in what was added and resolved.
    mutating func rollBack(to checkpoint: Checkpoint) {
        let kept = checkpoint.sources
        if kept < sources.count {
            let start = starts[kept]
            tokens.removeSubrange(start.tokens...)
            groups.removeSubrange(start.groups...)
            emptyViews.removeSubrange(start.emptyViews...)
            sources.removeSubrange(kept...)
            starts.removeSubrange(kept...)
        }
        for (path, token) in (replacedPaths ?? []).reversed() { byPath[path] = token }
        replacedPaths = nil
        resolved = [:]
        failed = []
    }

    /// The runs of source `index` in ``tokens``, ``groups`` and ``emptyViews``.
    private func runs(ofSource index: Int) -> (tokens: Range<Int>, groups: Range<Int>, emptyViews: Range<Int>) {
        let start = starts[index]
        let end =
            index + 1 < starts.count
            ? starts[index + 1] : Starts(tokens: tokens.count, groups: groups.count, emptyViews: emptyViews.count)
        return (start.tokens..<end.tokens, start.groups..<end.groups, start.emptyViews..<end.emptyViews)
    }

    /// Adds the tokens of the object at `root` of `document`, read from `fileName`.
    mutating func add(_ document: JSONDocument, root: Int? = nil, fileName: String, problems: inout TokenProblems) {
        let source = sources.count
        let root = root ?? document.root
        sources.append(Source(document: document, root: root, fileName: fileName))
        starts.append(Starts(tokens: tokens.count, groups: groups.count, emptyViews: emptyViews.count))
        guard document.kind(root) == .object else {
            problems.error(
                "a design tokens file is a JSON object of groups and tokens; found \(Self.describe(document, root))",
                document: document, at: root, file: fileName, path: nil)
            return
        }
        // Depth-first without recursion: each group with its path and the type its tokens inherit.
        var stack: [(object: Int, path: [String], type: String?)] = [(root, [], nil)]
        while let (object, path, inherited) = stack.popLast() {
            var type = inherited
            for member in document.members(object) where document.stringEquals(member.key, "$type") {
                if document.kind(member.value) == .string { type = document.string(member.value) }
            }
            var children: [(object: Int, path: [String], type: String?)] = []
            for member in document.members(object) {
                let name = document.string(member.key)
                if name.hasPrefix("$") {
                    if name == "$extensions", let ours = Self.ours(document, member.value) {
                        groups.append(GroupExtension(source: source, path: path, value: ours))
                    }
                    continue
                }
                let childPath = path + [name]
                if let problem = TokenName.problem(name) {
                    problems.error(
                        "the name \"\(name)\" \(problem)", document: document, at: member.key, file: fileName,
                        path: childPath)
                    continue
                }
                guard document.kind(member.value) == .object else {
                    problems.error(
                        "\"\(name)\" must be a token (an object with \"$value\") or a group (an object); found "
                            + Self.describe(document, member.value),
                        document: document, at: member.value, file: fileName, path: childPath)
                    continue
                }
                var value: Int?
                var ownType: String?
                var extensions: Int?
                for field in document.members(member.value) {
                    if document.stringEquals(field.key, "$value") { value = field.value }
                    if document.stringEquals(field.key, "$type"), document.kind(field.value) == .string {
                        ownType = document.string(field.value)
                    }
                    if document.stringEquals(field.key, "$extensions") {
                        extensions = Self.ours(document, field.value)
                    }
                }
                if let value {
                    let joined = childPath.joined(separator: ".")
                    let replaced = byPath.updateValue(tokens.count, forKey: joined)
                    replacedPaths?.append((joined, replaced))
                    tokens.append(
                        Token(
                            source: source, path: childPath, type: ownType ?? type, value: value,
                            extensions: extensions, key: member.key))
                } else {
                    if childPath.count == 2,
                        !document.members(member.value).contains(where: { !document.string($0.key).hasPrefix("$") })
                    {
                        emptyViews.append((source, childPath, member.key))
                    }
                    children.append((member.value, childPath, type))
                }
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    /// The object under our key of an `$extensions` object, if it has one.
    private static func ours(_ document: JSONDocument, _ extensions: Int) -> Int? {
        guard document.kind(extensions) == .object else { return nil }
        return document.members(extensions).first { document.stringEquals($0.key, extensionKey) }?.value
    }

    // MARK: - Aliases

    /// The path an alias names (`{Card.title.marginLeft}` → `Card.title.marginLeft`), or nil for any other value.
    static func aliasPath(_ document: JSONDocument, _ value: Int) -> String? {
        guard document.kind(value) == .string else { return nil }
        let text = document.string(value)
        guard text.count > 2, text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.contains("{"), !inner.contains("}") else { return nil }
        return String(inner)
    }

    /// The token whose value `token`'s value is, following aliases; nil for an alias to nothing or a cycle.
    ///
    /// Each failure is reported once, where it is: an alias to nothing at that alias, a cycle at its first token
    /// reached, named whole. A token whose aliases lead to a failure already reported reports nothing more (each
    /// token of a chain of n reporting it again took time in n squared, and a cycle's n tokens each naming it text
    /// in n squared).
    mutating func resolve(_ token: Int, problems: inout TokenProblems) -> Int? {
        var chain: [Int] = []
        var onChain: [Int: Int] = [:]
        var current = token
        var end: Int?
        while true {
            if let known = resolved[current] {
                end = known
                break
            }
            if failed.contains(current) {
                failed.formUnion(chain)
                return nil
            }
            let entry = tokens[current]
            let document = sources[entry.source].document
            guard let target = Self.aliasPath(document, entry.value) else {
                end = current
                break
            }
            if let start = onChain[current] {
                let names = (chain[start...] + [current]).map { tokens[$0].path.joined(separator: ".") }
                report(chain[start], problems: &problems) {
                    "the aliases form a cycle: \(names.joined(separator: " → ")); make one of them a value"
                }
                failed.formUnion(chain)
                return nil
            }
            onChain[current] = chain.count
            chain.append(current)
            guard let next = byPath[target] else {
                let source = sources[entry.source]
                problems.error(
                    "the alias {\(target)} names no token; check the path (names joined by dots)",
                    document: source.document, at: entry.value, file: source.fileName,
                    path: entry.path)
                failed.formUnion(chain)
                return nil
            }
            current = next
        }
        guard let end else { return nil }
        for link in chain { resolved[link] = end }
        return end
    }

    private func report(_ token: Int, problems: inout TokenProblems, _ message: () -> String) {
        let entry = tokens[token]
        let source = sources[entry.source]
        problems.error(message(), document: source.document, at: entry.value, file: source.fileName, path: entry.path)
    }

    // MARK: - Values

    /// The constraint-file values of source `index`: each token three names deep (container, view, attribute) is an
    /// attribute; tokens at other depths are only there to be aliased.
    mutating func tree(ofSource index: Int, problems: inout TokenProblems) -> TokenTree {
        var tree = TokenTree()
        let source = sources[index]
        let document = source.document
        func origin(_ at: Int, _ path: [String]) -> TokenOrigin {
            let location = document.location(of: at)
            return TokenOrigin(
                file: source.fileName, line: location.line, column: location.column,
                path: path.joined(separator: "."))
        }
        let own = runs(ofSource: index)
        for group in groups[own.groups] {
            guard group.path.count == 1 || group.path.count == 2 else { continue }
            let container = tree.addContainer(group.path[0], origin: origin(group.value, group.path))
            let value = JSONValue(document, at: group.value)
            guard case .object(let members) = value else {
                problems.error(
                    "\"$extensions\" → \"\(Self.extensionKey)\" must be an object; found "
                        + Self.describe(document, group.value),
                    document: document, at: group.value, file: source.fileName, path: group.path)
                continue
            }
            if group.path.count == 1 {
                for member in members {
                    guard member.key == TokenTree.designWidthKey, let width = member.value.numberValue else {
                        problems.error(
                            "a container's \"\(Self.extensionKey)\" holds only \"designWidth\": a number of points; "
                                + "found \"\(member.key)\"",
                            document: document, at: group.value, file: source.fileName, path: group.path)
                        continue
                    }
                    tree.setDesignWidth(width, ofContainer: container)
                }
                continue
            }
            let view = tree.addView(group.path[1], toContainer: container, origin: origin(group.value, group.path))
            for member in members {
                tree.set(
                    member.key, to: member.value, view: view, container: container,
                    origin: origin(group.value, group.path + [member.key]))
            }
        }
        // Empty views, each in its place among the tokens' views (keys are in document order).
        var empty = emptyViews[own.emptyViews]
        for token in own.tokens where tokens[token].path.count == 3 {
            let entry = tokens[token]
            let path = entry.path
            while let view = empty.first, view.key < entry.key {
                empty.removeFirst()
                let container = tree.addContainer(view.path[0], origin: origin(view.key, [view.path[0]]))
                _ = tree.addView(view.path[1], toContainer: container, origin: origin(view.key, view.path))
            }
            guard let number = number(of: token, problems: &problems) else { continue }
            var value = JSONValue.number(number)
            if let extensions = entry.extensions {
                let extra = JSONValue(document, at: extensions)
                guard case .object(var members) = extra else {
                    problems.error(
                        "\"$extensions\" → \"\(Self.extensionKey)\" must be an object such as {\"scaled\": 16, \"min\": 12}; "
                            + "found \(Self.describe(document, extensions))",
                        document: document, at: extensions, file: source.fileName, path: path)
                    continue
                }
                // The token's value is the number; the extension says how it follows the window and the text size.
                if let form = members.firstIndex(where: { ["scaled", "size", "fixed"].contains($0.key) }) {
                    members[form].value = .number(number)
                }
                value = .object(members)
            }
            let container = tree.addContainer(path[0], origin: origin(entry.key, [path[0]]))
            let view = tree.addView(path[1], toContainer: container, origin: origin(entry.key, Array(path[0...1])))
            tree.set(path[2], to: value, view: view, container: container, origin: origin(entry.value, path))
        }
        for view in empty {
            let container = tree.addContainer(view.path[0], origin: origin(view.key, [view.path[0]]))
            _ = tree.addView(view.path[1], toContainer: container, origin: origin(view.key, view.path))
        }
        return tree
    }

    /// The number a token's value is, in points: a `dimension` in `px` (or `rem`, 16 points each) or a `number`,
    /// through its aliases.
    private mutating func number(of token: Int, problems: inout TokenProblems) -> Double? {
        guard let end = resolve(token, problems: &problems) else { return nil }
        let entry = tokens[end]
        let document = sources[entry.source].document
        let type = tokens[token].type ?? entry.type
        let value = entry.value
        let attribute = tokens[token].path.last ?? ""
        let needed =
            "\"\(attribute)\" takes a dimension ({\"value\": 16, \"unit\": \"px\"}) or a number"
        switch (type, document.kind(value)) {
        case ("number", .number), (nil, .number):
            return document.number(value)
        case ("dimension", .object), (nil, .object):
            var number: Double?
            var unit: String?
            for member in document.members(value) {
                if document.stringEquals(member.key, "value"), document.kind(member.value) == .number {
                    number = document.number(member.value)
                }
                if document.stringEquals(member.key, "unit"), document.kind(member.value) == .string {
                    unit = document.string(member.value)
                }
            }
            guard let number, let unit else {
                report(token, problems: &problems) {
                    "a dimension is an object {\"value\": 16, \"unit\": \"px\"}; found "
                        + Self.describe(document, value)
                }
                return nil
            }
            switch unit {
            case "px": return number
            case "rem": return number * Self.pointsPerRem
            default:
                report(token, problems: &problems) {
                    "the unit \"\(unit)\" is not one the design tokens format defines for a dimension; write \"px\" "
                        + "(a point on iOS) or \"rem\" (\(Int(Self.pointsPerRem)) points)"
                }
                return nil
            }
        case ("dimension", _):
            report(token, problems: &problems) {
                "a dimension is an object {\"value\": 16, \"unit\": \"px\"} (the 2025.10 format); found "
                    + Self.describe(document, value)
            }
            return nil
        case (let type?, _) where type != "number":
            report(token, problems: &problems) { "a \(type) where a number is needed: \(needed)" }
            return nil
        default:
            report(token, problems: &problems) { "\(needed); found \(Self.describe(document, value))" }
            return nil
        }
    }

    /// `string ("#ff0000")`, `an object`, as errors name what they found.
    static func describe(_ document: JSONDocument, _ value: Int) -> String {
        switch document.kind(value) {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string (\(abbreviated(document.rawText(value))))"
        case .number: "a number (\(document.rawText(value)))"
        case .true, .false: "a bool (\(document.rawText(value)))"
        case .null: "null"
        }
    }

    static func abbreviated(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }
}
