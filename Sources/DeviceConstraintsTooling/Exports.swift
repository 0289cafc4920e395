// `Linter`, `LintReport` and the typed view ids live in DeviceConstraintsLint, which the build plugin's tool builds
// alone; an app that imports DeviceConstraintsTooling sees them as before.
@_exported public import DeviceConstraintsLint
