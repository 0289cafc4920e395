/// A count and its noun, in the plural unless the count is one: `1 file`, `7 files`, `0 errors`.
package func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
