extension PreviewSheet {
    /// `text` escaped as the sheet escapes every name, for a page that holds sheets (the tool's gallery): the XML
    /// special characters as entities (`&lt;`, `&amp;`, `&quot;`, `&apos;`), safe in HTML text and in a quoted
    /// attribute; control characters replaced or written as character references.
    ///
    /// ```swift
    /// PreviewSheet.escaped(#"<script>"a" & 'b'"#)   // &lt;script&gt;&quot;a&quot; &amp; &apos;b&apos;
    /// ```
    package static func escaped(_ text: String) -> String {
        SVGWriter.escape(text)
    }
}
