import DeviceConstraints

/// A command that reads a folder of constraint files, and can write itself back as a command line: for the
/// suggestion when the folder given is a file (`try 'device-constraints show Card Constraints --device iPhone6'`).
package protocol FolderCommand: ParsableCommand {
    /// The folder, as typed.
    var directory: String { get set }
    /// The arguments after the tool's name that run these options: the command, its positional arguments, then
    /// the options given, in the order the usage lists them.
    var arguments: [String] { get }
}

extension FolderCommand {
    /// The folder argument of `parsed`, or the tool's default folder.
    static func folder(in parsed: ParsedArguments) -> String {
        parsed[CommandSpec.folderArgument] ?? DeviceConstraintsTool.defaultFolder
    }

    /// The container argument of `parsed`.
    ///
    /// - Throws: ``UsageError`` for a name that cannot name a file (empty, `..`, a path).
    static func container(in parsed: ParsedArguments) throws(UsageError) -> String {
        let container = parsed[CommandSpec.containerArgument] ?? ""
        if let error = ConstraintFileName.validateContainer(container) { throw spec.error(error.message) }
        return container
    }

    /// The command `positionals` and `options` make; `--` goes before the positional arguments when one of them
    /// starts with a dash, so that it is not read as an option.
    static func arguments(positionals: [String], options: [[String]]) -> [String] {
        let options = options.joined()
        guard positionals.contains(where: { $0.hasPrefix("-") }) else {
            return [spec.name] + positionals + options
        }
        return [spec.name] + options + ["--"] + positionals
    }

    /// `--name value` when `value` is given (`--name=value` when the value starts with a dash), else nothing.
    static func option(_ name: String, _ value: String?) -> [String] {
        guard let value else { return [] }
        return value.hasPrefix("-") ? ["--\(name)=\(value)"] : ["--\(name)", value]
    }

    /// `--name` when `isSet`, else nothing.
    static func flag(_ name: String, _ isSet: Bool) -> [String] {
        isSet ? ["--\(name)"] : []
    }

    /// The command line that runs these options, quoted for a shell where needed:
    /// `device-constraints show Card Constraints --device iPhone6`.
    package var commandLine: String {
        ([DeviceConstraintsTool.name] + arguments.map(Self.quoted)).joined(separator: " ")
    }

    /// `word` as it is, when a shell reads it as one word unchanged; else in double quotes, with what a shell would
    /// read inside them escaped.
    private static func quoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "_-./,:=@%+×".unicodeScalars.contains(scalar)
            }
        if plain { return word }
        var quoted = "\""
        for character in word {
            if "\"$`\\".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
