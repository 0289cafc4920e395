// A stand-in for Xcode's PreviewsMacros plugin, which implements SwiftUI's `#Preview` and exists only on a Mac. The
// compiler type-checks a macro's arguments against its declaration (the stand-in SwiftUI's `Preview`, as the SDK
// declares it) before it asks the plugin to expand it: this one expands to nothing, so a `#Preview` type-checks on
// Linux — its name and its view builder — and does nothing else. PlatformCompileCheckTests builds it as a library
// against the toolchain's own SwiftSyntax (lib/swift/host) and passes it with `-load-plugin-library`.
import SwiftSyntax
import SwiftSyntaxMacros

public struct SwiftUIView: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}
