import Foundation

/// What ``ConstraintInterpreter/preloadAll()`` says when a source holds `.json` files but not one constraint file
/// (a folder of settings, the wrong folder of a bundle, SwiftPM's `description.json` beside the build products):
/// each file and why it is not a constraint file, with the top-level keys it has against the one it would need, so
/// that a preload of nothing is an error that says why, not an empty success.
enum NoConstraintFiles {
    /// The most files the message describes one by one; the rest are counted.
    static let describedFiles = 5
    /// The most top-level keys the message quotes for one file.
    static let quotedKeys = 3

    /// The error for a source, named `source` (`the folder /path/Settings`), whose `.json` files `roles` says are
    /// not constraint files.
    ///
    /// - Parameters:
    ///   - source: the source as messages name it.
    ///   - roles: the role of each `.json` file of the source; none is ``ConstraintFileName/Role/file(_:)``.
    ///   - contents: reads a file (nil when it cannot), to quote its top-level keys.
    ///   - maximumDepth: the parser's nesting limit, for reading those files.
    static func error(
        source: String, roles: [String: ConstraintFileName.Role], contents: (String) -> Data?, maximumDepth: Int
    ) -> ConstraintError {
        let names = roles.keys.sorted()
        var reasons = names.prefix(describedFiles).map { name in
            "\(name) \(reason(name, roles[name], contents: contents, maximumDepth: maximumDepth))"
        }
        if names.count > describedFiles { reasons.append("and \(names.count - describedFiles) more") }
        let count = names.count == 1 ? "1 .json file" : "\(names.count) .json files"
        return ConstraintError(
            code: .emptyFolder,
            message:
                "no constraint files to preload: \(source) holds \(count) and none is a constraint file: "
                + reasons.joined(separator: "; ")
                + ". A constraint file is named Container.json or Container_Device.json and holds one key, its "
                + "container ({\"Container\": [{\"viewId\": {\"width\": 60}}]}); check that the source names the "
                + "folder of the constraint files and that they were copied into it")
    }

    /// Why the file `name` is not a constraint file: `has the top-level keys "theme", "language"; a constraint
    /// file named settings.json has one, "settings"`.
    private static func reason(
        _ name: String, _ role: ConstraintFileName.Role?, contents: (String) -> Data?, maximumDepth: Int
    ) -> String {
        let stem = ConstraintFileName.stem(ofFile: name) ?? name
        if case .unknownDevice(_, let device)? = role {
            return "is for the device \"\(device.debugDescriptionContent)\", which the catalog does not have"
        }
        if let problem = ConstraintFileName.validateContainer(stem) {
            return "has a name no container can have: \(problem.message)"
        }
        let expected = ConstraintFileName.containerCandidates(ofFile: name).map { "\"\($0.debugDescriptionContent)\"" }
        let wanted =
            "a constraint file named \(name) has one, \(expected.joined(separator: " or "))"
        guard let data = contents(name) else { return "could not be read; \(wanted)" }
        let document: JSONDocument
        do {
            document = try JSONDocument(data: data, maximumDepth: maximumDepth)
        } catch {
            return "is not valid JSON (\(error.message)); \(wanted)"
        }
        let root = document.root
        guard document.kind(root) == .object else {
            return "holds \(kind(document.kind(root))), not an object; \(wanted)"
        }
        let keys = document.members(root).prefix(quotedKeys + 1).map {
            "\"\(document.string($0.key).debugDescriptionContent)\""
        }
        let count = document.count(root)
        let quoted =
            keys.prefix(quotedKeys).joined(separator: ", ")
            + (count > quotedKeys ? " and \(count - quotedKeys) more" : "")
        switch count {
        case 0: return "holds an empty object; \(wanted)"
        case 1: return "has the top-level key \(quoted); \(wanted)"
        default: return "has the top-level keys \(quoted); \(wanted)"
        }
    }

    private static func kind(_ kind: JSONDocument.Kind) -> String {
        switch kind {
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a bool"
        case .null: "null"
        case .object: "an object"
        }
    }
}
