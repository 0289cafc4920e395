/// Rows of text printed in aligned columns, for the tool's tables (`show`, `devices`, `coverage`).
///
/// Columns are as wide as their widest cell of at most ``maximumPaddedWidth`` columns, counted in terminal columns
/// (``DisplayWidth``: a CJK character takes two), and separated by two spaces; a wider cell is not padded, only
/// followed by the two spaces, so that one long cell (a view id of 100,000 characters) does not pad every other line
/// to its width: the output stays linear in the cells. The last cell of a line that is not empty is not padded, so no
/// line ends in spaces.
///
/// ```swift
/// let table = TextTable(header: ["name", "size"], rows: [["iPhone5", "320×568"], ["iPad", "768×1024"]])
/// print(table.rendered)
/// // name     size
/// // iPhone5  320×568
/// // iPad     768×1024
/// ```
package struct TextTable: Sendable, Hashable {
    /// The first line, or nil for a table without one.
    package var header: [String]?
    /// The lines below the header, one cell a column.
    package var rows: [[String]]

    /// The widest cell that sets its column's width; a wider one sticks out of its column.
    package static let maximumPaddedWidth = 48

    /// A table with these rows, under `header`.
    package init(header: [String]? = nil, rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The lines of the table, joined with newlines, without a trailing newline. A control character in a cell is
    /// escaped (``TerminalText/line(_:)``), so that a cell stays on its line and its column.
    package var rendered: String {
        let lines = ((header.map { [$0] } ?? []) + rows).map { $0.map(TerminalText.line) }
        let columnCount = lines.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columnCount)
        for line in lines {
            for (column, cell) in line.enumerated() {
                let width = DisplayWidth.of(cell)
                if width <= Self.maximumPaddedWidth { widths[column] = max(widths[column], width) }
            }
        }
        return lines.map { line in
            var text = ""
            let last = line.lastIndex { !$0.isEmpty } ?? 0
            for (column, cell) in line.enumerated() where column <= last {
                text += cell
                if column < last {
                    text += String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cell)) + 2)
                }
            }
            return text
        }.joined(separator: "\n")
    }
}
