import DeviceConstraints

/// Text made safe to print on a terminal: every control character is shown as an escape, never sent.
///
/// File names, view ids, `imageName` and extension values come from files anyone can write, and a terminal obeys
/// what they hold: `"t\u001b[2J"` clears the screen, `ESC ] 0 ; … BEL` sets the window's title, U+202E shows the rest
/// of a line backwards. Everything the tool prints goes through ``escaped(_:)`` in one place, ``ToolResult`` (and
/// the plugin's tool through ``GenerateCommand/Outcome``), so that no command, present or future, can print one.
///
/// ```swift
/// TerminalText.escaped("t\u{1B}[2J\n")   // "t\\u001B[2J\n": the line feed stays, it ends a line
/// TerminalText.line("two\nlines")        // "two\\u000Alines": one line of a table or a diagnostic
/// ```
///
/// The rule and the escaping are DeviceConstraints' ``ControlCharacters``, which the store's errors use too.
///
/// The escape is JSON's, `\u` and four hexadecimal digits: the way a constraint file writes the character, and
/// inside a JSON string the same character, so `--json` output escaped here is still valid JSON with the same
/// strings.
package enum TerminalText {
    /// Whether a terminal may act on `scalar` rather than show it: a C0 control (U+0000–U+001F), DEL (U+007F), a C1
    /// control (U+0080–U+009F, U+009B is a second way to start an escape sequence), or a bidirectional control
    /// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), which reorders what follows it on the line.
    package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        ControlCharacters.isUnsafe(scalar)
    }

    /// `text` with every character ``isUnsafe(_:)`` escaped but the line feed, which ends a line.
    package static func escaped(_ text: String) -> String {
        ControlCharacters.escaped(text)
    }

    /// `text` as one line: every character ``isUnsafe(_:)`` escaped, the line feed too. For what must stay on its
    /// line, whatever it holds: a cell of a table, a diagnostic of lint's list.
    package static func line(_ text: String) -> String {
        ControlCharacters.line(text)
    }
}
