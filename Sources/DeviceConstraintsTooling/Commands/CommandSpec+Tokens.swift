// The `import` and `export` commands, as their help prints them.

extension CommandSpec {
    /// `import <file>...`.
    package static let tokenFilesArgument = Argument(
        name: "file",
        help: "Token files: W3C design tokens (a file per mode), a resolver document, or Figma's variables (JSON).",
        isVariadic: true)
    /// `import --output <dir>`, `export --output <dir>`.
    package static let tokensOutputOption = Option(
        name: "output", valueName: "dir", help: "The folder to write the files to (made if missing).")
    /// `import --mode <name>=<file-or-device>`.
    package static let modeOption = Option(
        name: "mode", valueName: "name=file-or-device",
        help:
            "Name the mode of a file (--mode iPhone5=small.json), or the device of a mode (--mode \"iPhone SE=iPhone5\").",
        isRepeatable: true)
    /// `import --base-mode <name>`.
    package static let baseModeOption = Option(
        name: "base-mode", valueName: "name",
        help: "The mode whose values make the base files (Container.json); default: a mode named \"base\", if any.")
    /// `export --format dtcg|figma`.
    package static let formatOption = Option(
        name: "format", valueName: "dtcg|figma",
        help: "W3C design tokens (a file per device and the base), or the body of Figma's POST variables request.")
    /// `export --resolver`.
    package static let resolverFlag = Option(
        name: "resolver",
        help: "With --format dtcg: one resolver document, its \"device\" modifier a context per device.")

    /// `import <file>... --output <dir> [--mode <name>=<file-or-device>] [--base-mode <name>] [--catalog <file>]`.
    package static let importTokens = CommandSpec(
        name: "import", abstract: "Write constraint files from design tokens: W3C tokens (2025.10) or Figma variables.",
        discussion: """
            Groups nest as container, view id, attribute ({"Card": {"title": {"marginLeft": {"$type": \
            "dimension", "$value": {"value": 16, "unit": "px"}}}}}); px are points. Each mode is a device, named \
            by the catalog's classes and models or by --mode; the base mode makes Container.json, and a device's \
            file holds the values that differ. The files are linted before anything is written: on an error \
            nothing is written, and every problem names its token and where the token file gives it. A file \
            whose text would not change is not written again.
            """,
        arguments: [tokenFilesArgument],
        options: [tokensOutputOption, modeOption, baseModeOption, catalogOption],
        optionsUsage: "--output <dir>")

    /// `export [<dir>] --format dtcg|figma --output <dir> [--resolver] [--catalog <file>]`.
    package static let exportTokens = CommandSpec(
        name: "export", abstract: "Write a folder's constraint files as design tokens, or as Figma variables.",
        discussion: """
            dtcg: base.tokens.json and a <device>.tokens.json for every device part with files (or, with \
            --resolver, tokens.resolver.json); figma: figma-variables.json, the body of POST \
            /v1/files/:file_key/variables, a collection whose modes are the base and the devices. Scaled values, \
            text sizes, strings and column rules are kept under $extensions "com.deviceconstraints" (in Figma, as \
            JSON strings), so importing the export gives every value back.
            """,
        arguments: [folderArgument],
        options: [formatOption, tokensOutputOption, resolverFlag, catalogOption],
        optionsUsage: "--format <dtcg|figma> --output <dir>")
}
