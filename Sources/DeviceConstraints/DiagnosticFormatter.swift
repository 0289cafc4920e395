enum DiagnosticFormatter {
    static func format(
        severity: String, file: String?, line: Int?, column: Int?, message: String, keyPath: String?
    ) -> String {
        var text = ""
        if let file {
            text += file
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            }
            text += ": "
        }
        text += "\(severity): \(message)"
        if let keyPath, !keyPath.isEmpty { text += " at \(keyPath)" }
        return text
    }
}
