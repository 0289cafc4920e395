// The `preview` command, as its help prints it.

extension CommandSpec {
    /// `preview --devices <names>`.
    package static let devicesOption = Option(
        name: "devices", valueName: "names",
        help: "Comma-separated device names (default: the catalog's classes that fall back to none).")
    /// `preview --output <file>`.
    package static let outputOption = Option(
        name: "output", valueName: "file",
        help: "Write the sheet to this file: .svg, or .html (the SVG in a page) (default: SVG on standard output).")

    /// `preview <container> [<dir>] [--devices <names>] [--catalog <file>] [--output <file>]`.
    package static let preview = CommandSpec(
        name: "preview", abstract: "Draw a container's records on each device as an SVG sheet, side by side.",
        discussion: """
            Each device gets a panel; each view is a box of its width × height, with its margins drawn and \
            labelled. Values a device file sets that differ from the base file (Container.json) are marked \
            with a colour and '*'. A view whose width no file sets stretches between its margins across the \
            device's width. The records are read as 'show' reads them; the tool runs no app code, so this \
            is what the files say, not a solved layout (see LayoutPreview in ConstraintLayout for that). \
            Font sizes and other values that follow the text size are drawn at --text-size (default large).
            """,
        arguments: [containerArgument, folderArgument],
        options: [devicesOption, textSizeOption, catalogOption, outputOption])
}
