// Compiled with ConstraintDSL's Platform/ files and a stand-in UIKit or AppKit: fails if the Auto Layout adapter was
// left out by its `#if`, or no longer reads as apps use it.
import DeviceConstraints

@MainActor
func probeAutoLayoutAdapter(_ group: ConstraintGroup, _ interpreter: ConstraintInterpreter) throws(ConstraintError) {
    let active = try group.activate(using: interpreter)
    _ = try group.updateConstants(of: active, using: interpreter)
    _ = try group.updateConstants(of: active, for: interpreter.environment)
    _ = try group.updateConstants(of: active, for: interpreter.device)
    _ = try group.activate(for: interpreter.device)
}
