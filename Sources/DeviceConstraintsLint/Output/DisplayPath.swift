/// How the tool prints the path of a file in a folder: from the folder as the user typed it, so that a
/// diagnostic's path opens from where the command ran (`Constraints/Card_iPhone6.json:4:18: error: …`).
package enum DisplayPath {
    /// `file` in `directory` as typed: `("Constraints/", "Card.json")` → `Constraints/Card.json`,
    /// `(".", "Card.json")` → `Card.json`, `("/path/to/c", "Card.json")` → `/path/to/c/Card.json`.
    package static func join(_ directory: String, _ file: String) -> String {
        var folder = Substring(directory)
        while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
        switch folder {
        case "", ".": return file
        case "/": return "/" + file
        default: return "\(folder)/\(file)"
        }
    }
}
