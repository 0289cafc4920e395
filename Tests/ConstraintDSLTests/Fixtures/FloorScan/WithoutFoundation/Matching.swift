// A fixture of DeploymentFloorTests, compiled with Trimming.swift as one module: this file calls `contains(_:)` on
// two strings without importing Foundation, which a Mac at the floors rejects (the standard library's is macOS 13).
func mentions(_ text: String, _ word: String) -> Bool {
    text.contains(word)
}
