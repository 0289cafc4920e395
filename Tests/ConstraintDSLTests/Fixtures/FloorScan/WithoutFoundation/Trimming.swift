// A fixture of DeploymentFloorTests: the module's other file imports Foundation, as most of the package's do.
import Foundation

func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
}
