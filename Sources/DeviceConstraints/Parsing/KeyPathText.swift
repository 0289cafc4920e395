/// Key paths as the diagnostics print them: `Calendar[0].dayButton.width`, `Calendar["odd key"]`.
package enum KeyPathText {
    /// `Calendar[0].dayButton` (the view is element `element` of the container's array) or `Calendar.dayButton`
    /// (`element` nil: the container's value is an object).
    package static func view(_ viewId: String, element: Int?, of container: String) -> String {
        (element.map { Self.element($0, of: container) } ?? segment(container)) + member(viewId)
    }

    /// `Calendar[0]`: an element of the container's array.
    package static func element(_ index: Int, of container: String) -> String {
        "\(segment(container))[\(index)]"
    }

    package static func segment(_ name: String) -> String {
        isPlain(name) ? name : "[\(name.debugDescription)]"
    }

    package static func member(_ name: String) -> String {
        isPlain(name) ? ".\(name)" : "[\(name.debugDescription)]"
    }

    private static func isPlain(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == 0x5F || byte == 0x2D
            }
    }
}
