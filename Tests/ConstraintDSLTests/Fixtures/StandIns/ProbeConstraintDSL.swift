// Compiled into ConstraintDSL with a stand-in UIKit or AppKit: fails if the Auto Layout adapter was left out by its
// `#if`.
import DeviceConstraints

@MainActor
func probeAutoLayoutAdapter(_ group: ConstraintGroup, _ interpreter: ConstraintInterpreter) throws(ConstraintError) {
    let active = try group.activate(using: interpreter)
    _ = try group.updateConstants(of: active, using: interpreter)
    _ = try group.updateConstants(of: active, for: interpreter.environment)
    _ = try group.updateConstants(of: active, for: interpreter.device)
    _ = try group.activate(for: interpreter.device)
}
