public import Foundation

/// The folder of this target's constraint files, as copied into its resources.
public var layoutFolder: URL? {
    Bundle.module.url(forResource: "Layout", withExtension: nil)
}
