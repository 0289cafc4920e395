import DeviceConstraints
import Foundation

// `device-constraints rollout`: which arm of an update an installation is in, and why, for support.

extension DeviceConstraintsTool {
    /// Reads the bundle, fills the device's class, model, idiom and width in from the catalog, and prints the arm
    /// and the reason: `update 3, installation abc: treatment` then `why: …`.
    func rollout(_ options: RolloutOptions) throws(ToolFailure) -> ToolResult {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: options.update))
        } catch {
            throw ToolFailure(
                code: .unreadableFile, message: "could not read '\(options.update)': \(error.localizedDescription)")
        }
        let update: ConstraintUpdate
        do throws(ConstraintError) {
            update = try ConstraintUpdate(data: data)
        } catch {
            var placed = error
            placed.file = options.update
            throw ToolFailure(placed)
        }
        var audience = options.audience
        if let name = options.device {
            let catalog = try loadCatalog(options.catalog).catalog
            guard let profile = catalog.deviceClass(named: DeviceName(name)) else {
                var message = "unknown device '\(name)'"
                if let near = catalog.suggestion(for: name) { message += "; did you mean '\(near.name)'?" }
                throw ToolFailure(
                    code: .unknownDevice, message: message + " (see '\(Self.name) devices')", exitCode: .usageError,
                    usage: CommandSpec.rollout.usage)
            }
            audience.device = profile.name
            if profile.name.rawValue != name { audience.model = DeviceName(name) }
            audience.idiom = profile.idiom
            audience.width = audience.width ?? profile.width
        }
        let assignment = update.assignment(for: audience, installationID: options.installationID)
        var lines = ["update \(update.version), installation \(options.installationID): \(assignment.arm.rawValue)"]
        lines.append("why: \(assignment.reason)")
        return ToolResult(output: lines.joined(separator: "\n"))
    }
}
