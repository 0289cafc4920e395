package import DeviceConstraints
import Foundation

extension ConstraintDiagnostic.Code {
    /// A view id or container the generator cannot turn into a Swift name.
    package static let invalidSwiftName = Self(rawValue: "invalidSwiftName")
    /// Two view ids of a container, or two containers, that become the same Swift name.
    package static let duplicateSwiftName = Self(rawValue: "duplicateSwiftName")
}

/// Lints a folder of constraint files and, when it is clean, writes the Swift source of typed view ids: one
/// namespace, a type per container, a ``ViewID`` constant per view id. What the build-tool plugin runs.
///
/// ```swift
/// let result = ViewIDGenerator().generate(DirectorySource(folder), directory: "Constraints")
/// print(result.report.text)         // the lint diagnostics and naming errors, as `device-constraints lint`
/// if let source = result.source {   // nil when there are errors
///     try source.write(to: output, atomically: true, encoding: .utf8)
/// }
/// ```
///
/// The names follow ``SwiftName``'s rules. An id that cannot become a name, or two ids of a container (or two
/// containers) that become one, is an error at the file and line of the id, naming the other's.
package struct ViewIDGenerator: Sendable {
    /// What the generated source looks like.
    package struct Options: Sendable, Hashable {
        /// The namespace: an enum holding a type per container.
        package var namespace: String
        /// Whether the generated declarations are `public` (for a library target) or internal.
        package var isPublic: Bool
        /// Whether a prefix of words that all ids of a container share is dropped (see
        /// ``SwiftName/memberNames(for:droppingSharedPrefix:)``).
        package var dropsSharedPrefix: Bool

        /// Options with these values; the defaults are the plugin's.
        package init(namespace: String = "ConstraintIDs", isPublic: Bool = false, dropsSharedPrefix: Bool = true) {
            self.namespace = namespace
            self.isPublic = isPublic
            self.dropsSharedPrefix = dropsSharedPrefix
        }
    }

    /// What a run found and made.
    package struct Result: Sendable, Hashable {
        /// The lint diagnostics and the naming errors, sorted as lint sorts them.
        package var report: LintReport
        /// The Swift source, or nil when the report has errors.
        package var source: String?
    }

    /// The linter, with the catalog the files are written for.
    package var linter: Linter
    /// What the generated source looks like.
    package var options: Options

    /// A generator for files written for the devices of `catalog`.
    package init(catalog: DeviceCatalog = .standard, options: Options = Options()) {
        self.linter = Linter(catalog: catalog)
        self.options = options
    }

    /// Lints every `.json` file of `source` and, when no file has an error, names its containers and view ids
    /// and writes the source. Naming runs on a clean folder only, so a broken file reports its own errors
    /// instead of a cascade of naming errors.
    ///
    /// - Parameters:
    ///   - source: the folder of constraint files.
    ///   - directory: the folder as diagnostics should print it (`directory/file`).
    package func generate(_ source: any ConstraintSource, directory: String) -> Result {
        let lint = linter.lint(source, directory: directory)
        let namespaceProblem =
            SwiftName.keywords.contains(options.namespace)
            ? "is a keyword" : SwiftName.typeProblem(with: options.namespace)
        if let problem = namespaceProblem {
            let diagnostic = ConstraintDiagnostic(
                severity: .error, code: .invalidSwiftName,
                message: "the namespace \"\(options.namespace)\" cannot be a Swift type name: it \(problem)")
            return Result(report: LintReport(diagnostics: [diagnostic] + lint.diagnostics, fileCount: lint.fileCount))
        }
        guard lint.errorCount == 0 else { return Result(report: lint, source: nil) }

        let containers: [ContainerViews]
        do throws(ConstraintError) {
            containers = try collect(source, directory: directory)
        } catch {
            // The linter just read these files without an error; only a file changed in between gets here.
            let diagnostic = ConstraintDiagnostic(error, at: DisplayPath.join(directory, error.file ?? ""))
            return Result(report: LintReport(diagnostics: lint.diagnostics + [diagnostic], fileCount: lint.fileCount))
        }
        let (named, naming) = name(containers)
        let report = LintReport(
            diagnostics: (lint.diagnostics + naming).sorted(by: ConstraintDiagnostic.lintOrder),
            fileCount: lint.fileCount)
        guard report.errorCount == 0 else { return Result(report: report, source: nil) }
        let folder = URL(fileURLWithPath: directory).lastPathComponent
        let text = ViewIDSource(options: options, folder: folder, fileCount: lint.fileCount, containers: named).text
        return Result(report: report, source: text)
    }

    // MARK: - Reading the ids

    /// Where a view id is defined: a file, the device it is for (nil for the base file), and the place of
    /// the id's key.
    struct Definition: Hashable {
        var path: String
        var fileName: String
        var device: DeviceName?
        var line: Int
        var column: Int

        var location: String { "\(path):\(line):\(column)" }
    }

    /// A container's view ids, each with its definitions in file order, ids in order of first appearance.
    struct ContainerViews {
        var container: String
        var firstFile: Definition
        var viewIds: [String] = []
        var definitions: [String: [Definition]] = [:]
    }

    private func collect(_ source: any ConstraintSource, directory: String) throws(ConstraintError)
        -> [ContainerViews]
    {
        let knownDevices = Set(linter.catalog.profiles.map(\.name))
        let names: [String]
        do {
            names = try source.fileNames().filter(ConstraintFileName.hasSuffix).sorted()
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not list the files: \(error)")
        }
        var byContainer: [String: ContainerViews] = [:]
        for name in names {
            let data: Data?
            do {
                data = try source.data(forFile: name)
            } catch {
                throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
            }
            guard let data, let fileName = ConstraintFileName(parsing: name, knownDevices: knownDevices) else {
                throw ConstraintError(code: .unreadableFile, message: "the file changed while it was read", file: name)
            }
            let contents = try linter.parser.parse(
                data, fileName: name, container: fileName.device == nil ? nil : fileName.container)
            let bytes = [UInt8](data)
            let path = DisplayPath.join(directory, name)
            let top = bytes.firstIndex(of: UInt8(ascii: "\"")).map { JSONDocument.location(ofOffset: $0, in: bytes) }
            var views =
                byContainer[contents.container]
                ?? ContainerViews(
                    container: contents.container,
                    firstFile: Definition(
                        path: path, fileName: name, device: fileName.device, line: top?.line ?? 1,
                        column: top?.column ?? 1))
            for (index, viewId) in contents.viewIds.enumerated() {
                let place = JSONDocument.location(ofOffset: contents.viewOffsets[index], in: bytes)
                let definition = Definition(
                    path: path, fileName: name, device: fileName.device, line: place.line, column: place.column)
                if views.definitions[viewId] == nil { views.viewIds.append(viewId) }
                views.definitions[viewId, default: []].append(definition)
            }
            byContainer[contents.container] = views
        }
        return byContainer.values.sorted { $0.container < $1.container }
    }

    // MARK: - Naming

    /// A container with its type name and its views with their member names, sorted by name.
    struct NamedContainer {
        var views: ContainerViews
        var typeName: String
        var members: [(name: String, viewId: String)]
    }

    private func name(_ containers: [ContainerViews]) -> ([NamedContainer], [ConstraintDiagnostic]) {
        var diagnostics: [ConstraintDiagnostic] = []
        var named: [NamedContainer] = []
        var typeOwners: [String: ContainerViews] = [:]
        for views in containers {
            let typeName = SwiftName.upperCamelCase(SwiftName.words(of: views.container))
            let qualified = "\(options.namespace).\(typeName)"
            if let problem = SwiftName.typeProblem(with: typeName) {
                diagnostics.append(
                    error(
                        at: views.firstFile,
                        "container \"\(views.container)\" cannot become a Swift type name: "
                            + (typeName.isEmpty ? "it has no letters or digits" : "\"\(typeName)\" \(problem)")
                            + "; rename the container (its files and their top-level key)"))
                continue
            }
            if let owner = typeOwners[typeName] {
                diagnostics.append(
                    error(
                        at: views.firstFile, code: .duplicateSwiftName,
                        "containers \"\(owner.container)\" and \"\(views.container)\" both become \(qualified); "
                            + "rename one of them (the other is at \(owner.firstFile.location))"))
                continue
            }
            typeOwners[typeName] = views

            let names = SwiftName.memberNames(for: views.viewIds, droppingSharedPrefix: options.dropsSharedPrefix)
            var owners: [String: String] = [:]
            var members: [(name: String, viewId: String)] = []
            for (viewId, name) in zip(views.viewIds, names) {
                let place = views.definitions[viewId]?.first ?? views.firstFile
                if let problem = SwiftName.memberProblem(with: name) {
                    diagnostics.append(
                        error(
                            at: place,
                            "view id \"\(viewId)\" cannot become a Swift name in \(qualified): "
                                + (name.isEmpty ? "it has no letters or digits" : "\"\(name)\" \(problem)")
                                + "; rename the view id so that it starts with a letter"))
                } else if let owner = owners[name] {
                    let other = views.definitions[owner]?.first ?? views.firstFile
                    diagnostics.append(
                        error(
                            at: place, code: .duplicateSwiftName,
                            "view ids \"\(owner)\" and \"\(viewId)\" both become \(qualified).\(name); "
                                + "rename one of them (the other is at \(other.location))"))
                } else {
                    owners[name] = viewId
                    members.append((name, viewId))
                }
            }
            members.sort { $0.name < $1.name }
            named.append(NamedContainer(views: views, typeName: typeName, members: members))
        }
        return (named, diagnostics)
    }

    private func error(
        at definition: Definition, code: ConstraintDiagnostic.Code = .invalidSwiftName, _ message: String
    ) -> ConstraintDiagnostic {
        ConstraintDiagnostic(
            severity: .error, code: code, message: message, file: definition.path, line: definition.line,
            column: definition.column)
    }
}
