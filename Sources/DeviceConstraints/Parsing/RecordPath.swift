/// Where a view's record is in its file. It is cheap to make; the key path string is only built when a
/// problem is reported, so a file that reads cleanly builds none.
struct RecordPath {
    let document: JSONDocument
    let container: String
    /// The element of the container's array that holds the view; nil when the container's value is an object.
    let index: Int?
    /// The view id's key on the document's tape.
    let key: Int

    /// `Calendar[0].dayButton` (array form) or `Calendar.dayButton` (object form).
    var string: String {
        KeyPathText.view(document.string(key), element: index, of: container)
    }

    /// The path of one of the record's attributes: `Calendar[0].dayButton.width`.
    func appending(_ attribute: String) -> String {
        string + KeyPathText.member(attribute)
    }
}
