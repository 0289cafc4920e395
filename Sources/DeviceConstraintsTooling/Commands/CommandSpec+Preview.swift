// The `preview` command, as its help prints it.

extension CommandSpec {
    /// `preview --devices <names>`.
    package static let devicesOption = Option(
        name: "devices", valueName: "names",
        help: "Comma-separated device names (default: every device with a file of its own; the catalog's classes "
            + "that fall back to none when no device has one).")
    /// `preview --all`.
    package static let allDevicesFlag = Option(
        name: "all", help: "Draw every device class of the catalog, with a file of its own or not.")
    /// `preview --output <file>`.
    package static let outputOption = Option(
        name: "output", valueName: "file",
        help: "Write the sheet to this file: .svg, or .html (the SVG in a page) (default: SVG on standard output).")

    /// `preview --html <file>`.
    package static let galleryOption = Option(
        name: "html", valueName: "file",
        help: "Write a gallery to this file: one self-contained HTML page of every device side by side, a device "
            + "and a text size to pick, and where each value came from (file:line:column).")

    /// `preview <container> [<dir>] [--devices <names> | --all] [--text-size <size>] [--catalog <file>]
    /// [--output <file>] [--html <file>] [--watch]`.
    package static let preview = CommandSpec(
        name: "preview", abstract: "Draw a container's records on each device as an SVG sheet, side by side.",
        discussion: """
            Each device gets a panel; each view is a box of its width × height, with its margins drawn and \
            labelled. Values a device file sets that differ from the base file (Container.json) are marked \
            with a colour and '*'. A view whose width no file sets stretches between its margins across the \
            device's width. The records are read as 'show' reads them; the tool runs no app code, so this \
            is what the files say, not a solved layout (see LayoutPreview in ConstraintLayout for that). \
            Font sizes and other values that follow the text size are drawn at --text-size (default large). \
            --html writes a gallery page holding a sheet per device and text size; with --watch the files are \
            written again after every change to the folder, and an open gallery reloads itself.
            """,
        arguments: [containerArgument, folderArgument],
        options: [devicesOption, allDevicesFlag, textSizeOption, catalogOption, outputOption, galleryOption, watchFlag])
}
