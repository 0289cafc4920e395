package import DeviceConstraints

/// Turns the modes of a token set (one per device, and the base) into constraint files, and says where each value of
/// each file came from.
///
/// A device's file holds only what it must: a value that is the base's and every other device's too is left to the
/// base file. A value that differs anywhere is kept in every device's file that gives it, so that no device's lookup
/// chain finds a different value than its mode gave, whichever classes it falls back to.
///
/// ```swift
/// var problems = TokenProblems()
/// let files = TokenImport(catalog: .standard).files(
///     modes: [base, iPhone5], baseMode: "base", problems: &problems)
/// files["Card_iPhone5.json"]?.text   // {"Card": [{"title": {"marginLeft": 12.0}}]}
/// ```
package struct TokenImport: Sendable {
    /// One mode of the tokens: the values it gives, and the device (or base) it is for.
    package struct Mode: Sendable {
        /// The mode's name: a file's name, a Figma mode's, a resolver context's.
        package var name: String
        /// Where the mode is named, for a mode that maps to no device.
        package var origin: TokenOrigin?
        /// Its values.
        package var tree: TokenTree

        package init(name: String, origin: TokenOrigin?, tree: TokenTree) {
            self.name = name
            self.origin = origin
            self.tree = tree
        }
    }

    /// A constraint file to write: its text, and the token each key path of it came from.
    package struct File: Sendable {
        package var text: String
        /// The token of each key path (`Card[0].title.width`).
        package var origins: [String: TokenOrigin]
        /// The token of each line that starts a view or an attribute, in line order.
        package var lines: [(line: Int, origin: TokenOrigin)] = []
    }

    package var catalog: DeviceCatalog
    /// Mode names given on the command line (`--mode "iPhone SE=iPhone5"`): mode → device part.
    package var devices: [String: String]

    package init(catalog: DeviceCatalog, devices: [String: String] = [:]) {
        self.catalog = catalog
        self.devices = devices
    }

    // MARK: - Modes to devices

    /// The device part of a file name (`iPhone5`, `iPad-landscape`, `w600`) that mode `name` is for, or nil: the
    /// device given for it on the command line, else the mode's own name when it is a class, a model or a qualifier,
    /// else the class or model whose name or marketing name it is when spaces and case are left out
    /// (`iPhone SE (3rd generation)`, `iphone 6 plus`).
    package func devicePart(forMode name: String) -> String? {
        if let given = devices[name] { return isDevicePart(given) ? given : nil }
        if isDevicePart(name) { return name }
        let key = Self.folded(name)
        if let profile = catalog.profiles.first(where: { Self.folded($0.name.rawValue) == key }) {
            return profile.name.rawValue
        }
        if let model = DeviceModel.all.first(where: {
            Self.folded($0.name.rawValue) == key || Self.folded($0.marketingName) == key
        }) {
            return model.name.rawValue
        }
        return nil
    }

    /// Whether `text` is the device part of a constraint file's name for this catalog.
    func isDevicePart(_ text: String) -> Bool {
        DeviceName.validate(text, what: "device name") == nil
            && DevicePart(parsing: text, isDevice: { catalog.deviceClass(named: $0) != nil }) != nil
    }

    /// A name without case, spaces and punctuation: `iPhone SE (3rd generation)` → `iphonese3rdgeneration`.
    static func folded(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
    }

    /// The names a mode that maps to nothing might have meant.
    func suggestion(forMode name: String) -> String? {
        let candidates = catalog.profiles.map(\.name.rawValue) + DeviceModel.all.map(\.name.rawValue)
        return ToolCommand.closest(to: String(name.filter { $0 != " " }), among: candidates)
    }

    // MARK: - Files

    /// The constraint files the modes make: `Container.json` from the base mode, `Container_Device.json` from each
    /// other mode, each holding what it must (see the type's discussion). A mode that maps to no device, or a
    /// container or view name that cannot be one, is a problem, and leaves its files out.
    package func files(modes: [Mode], baseMode: String?, problems: inout TokenProblems) -> [String: File] {
        let base = modes.first { $0.name == baseMode }?.tree
        if let baseMode, base == nil {
            problems.error(
                "--base-mode \"\(baseMode)\" names no mode of the tokens; the modes are "
                    + modes.map { "\"\($0.name)\"" }.joined(separator: ", "),
                file: nil, path: nil)
        }
        var parts: [(mode: Mode, part: String)] = []
        var seenParts: [String: String] = [:]
        for mode in modes where mode.name != baseMode {
            guard let part = devicePart(forMode: mode.name) else {
                var message = "the mode \"\(mode.name)\" maps to no device of the catalog"
                if let given = devices[mode.name] { message += " (--mode gives \"\(given)\", which is none)" }
                if let suggestion = suggestion(forMode: mode.name) { message += "; did you mean \"\(suggestion)\"?" }
                message += "; name the device with --mode \"\(mode.name)=<device>\", or give it as --base-mode"
                if let origin = mode.origin {
                    problems.error(message, at: origin)
                } else {
                    problems.error(message, file: nil, path: nil)
                }
                continue
            }
            if let other = seenParts[part] {
                problems.error(
                    "the modes \"\(other)\" and \"\(mode.name)\" both map to \(part); map each device once",
                    file: mode.origin?.file, line: mode.origin?.line, column: mode.origin?.column, path: nil)
                continue
            }
            seenParts[part] = mode.name
            parts.append((mode, part))
        }
        let varies = Self.varyingValues(base: base, modes: parts.map(\.mode.tree))
        var files: [String: File] = [:]
        if let base {
            for container in base.containers {
                guard checkNames(container, problems: &problems) else { continue }
                files[container.name + ".json"] = Self.file(container, keep: { _, _ in true }, base: nil)
            }
        }
        for (mode, part) in parts {
            for container in mode.tree.containers {
                guard checkNames(container, problems: &problems) else { continue }
                let baseContainer = base?.container(container.name)
                let file = Self.file(
                    container,
                    keep: { view, attribute in
                        varies.contains(Self.key(container.name, view, attribute.name))
                            || baseContainer?.view(view)?.attribute(attribute.name) == nil
                    }, base: baseContainer)
                if let file { files["\(container.name)_\(part).json"] = file }
            }
        }
        return files.compactMapValues { $0 }
    }

    /// Whether a container's name and its views' ids can be written; a problem for each that cannot.
    private func checkNames(_ container: TokenTree.Container, problems: inout TokenProblems) -> Bool {
        var fine = true
        if let error = ConstraintFileName.validateContainer(container.name) {
            fine = false
            let message = "the container \"\(container.name)\" cannot name a constraint file: \(error.message)"
            if let origin = container.origin {
                problems.error(message, at: origin)
            } else {
                problems.error(message, file: nil, path: container.name)
            }
        }
        for view in container.views {
            guard let problem = TokenName.problem(view.id) else { continue }
            fine = false
            let message = "the view id \"\(view.id)\" \(problem)"
            if let origin = view.origin {
                problems.error(message, at: origin)
            } else {
                problems.error(message, file: nil, path: view.id)
            }
        }
        return fine
    }

    private static func key(_ container: String, _ view: String, _ attribute: String) -> [String] {
        [container, view, attribute]
    }

    /// The values that are not the same in the base and every mode that gives them.
    private static func varyingValues(base: TokenTree?, modes: [TokenTree]) -> Set<[String]> {
        var varies: Set<[String]> = []
        for tree in modes {
            for container in tree.containers {
                let baseContainer = base?.container(container.name)
                for view in container.views {
                    let baseView = baseContainer?.view(view.id)
                    for attribute in view.attributes
                    where baseView?.attribute(attribute.name)?.value != attribute.value {
                        varies.insert(key(container.name, view.id, attribute.name))
                    }
                }
            }
        }
        return varies
    }

    /// A container's file, with the attributes `keep` keeps; nil when it keeps no view (a view with no attributes
    /// is kept when the base lacks it, as the only way to give a device a view of its own with no values).
    private static func file(
        _ container: TokenTree.Container, keep: (String, TokenTree.Attribute) -> Bool, base: TokenTree.Container?
    ) -> File? {
        var origins: [String: TokenOrigin] = [:]
        var views: [JSONValue] = []
        for view in container.views {
            let kept = view.attributes.filter { keep(view.id, $0) }
            guard !kept.isEmpty || (view.attributes.isEmpty && base?.view(view.id) == nil) else { continue }
            let path = KeyPathText.element(views.count, of: container.name) + KeyPathText.member(view.id)
            if let origin = view.origin { origins[path] = origin }
            for attribute in kept {
                if let origin = attribute.origin { origins[path + KeyPathText.member(attribute.name)] = origin }
            }
            views.append(.object([(view.id, .object(kept.map { ($0.name, $0.value) }))]))
        }
        guard !views.isEmpty else { return nil }
        var members: [(key: String, value: JSONValue)] = [(container.name, .array(views))]
        if let width = container.designWidth {
            members.append((TokenTree.designWidthKey, .number(width)))
        }
        var file = File(text: JSONValue.object(members).rendered + "\n", origins: origins)
        file.lines = lines(of: file)
        return file
    }

    /// The line each view id and attribute name of `file` is on, with its token: read back from the text, so that it
    /// is exact however values span lines.
    private static func lines(of file: File) -> [(line: Int, origin: TokenOrigin)] {
        guard let document = try? JSONDocument(bytes: Array(file.text.utf8)),
            let container = document.members(document.root).first(where: { _ in true })
        else { return [] }
        let name = document.string(container.key)
        var lines: [(line: Int, origin: TokenOrigin)] = []
        for (index, element) in document.elements(container.value).enumerated() {
            guard let view = document.members(element).first(where: { _ in true }) else { continue }
            let path = KeyPathText.element(index, of: name) + KeyPathText.member(document.string(view.key))
            if let origin = file.origins[path] { lines.append((document.location(of: view.key).line, origin)) }
            for attribute in document.members(view.value) {
                if let origin = file.origins[path + KeyPathText.member(document.string(attribute.key))] {
                    lines.append((document.location(of: attribute.key).line, origin))
                }
            }
        }
        return lines
    }

    // MARK: - Placing lint's findings

    /// `diagnostic`, about a file these files hold, placed at the token it came from: the longest key path of the
    /// file that begins the diagnostic's.
    static func placed(_ diagnostic: ConstraintDiagnostic, file: File, fileName: String) -> ConstraintDiagnostic {
        var placed = diagnostic
        placed.message = diagnostic.message + " (in the constraint file \(fileName) it would write)"
        var found: TokenOrigin?
        var path = diagnostic.keyPath ?? ""
        while found == nil, !path.isEmpty {
            found = file.origins[path]
            guard let cut = path.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            path = String(path[..<cut])
        }
        // Without a key path: the last view or attribute that starts on or before the diagnostic's line.
        if found == nil, let line = diagnostic.line {
            found = file.lines.last { $0.line <= line }?.origin
        }
        guard let origin = found else { return placed }
        placed.file = origin.file
        placed.line = origin.line
        placed.column = origin.column
        placed.keyPath = origin.path
        return placed
    }
}
