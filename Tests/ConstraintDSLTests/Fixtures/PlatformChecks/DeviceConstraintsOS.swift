// Compiled with DeviceConstraints' Platform/ files and the stand-in os: fails if the unified-log writer was left out
// by its `#if canImport(os)`.
func probeUnifiedLog() {
    DebugLog.write(.warning, "Card_iPhone6.json:3:5: warning: unknown attribute 'witdh'")
}
