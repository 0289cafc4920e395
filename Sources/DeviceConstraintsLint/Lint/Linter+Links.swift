import DeviceConstraints
import Foundation

// What lint says of a symbolic link in the folder that it cannot read through.

extension Linter {
    /// Why `source` read nothing for `name`, which it listed: a symbolic link that leads to no file, or round in a
    /// loop; else the file was deleted after the folder was listed.
    func missingFileMessage(_ name: String, in source: any ConstraintSource) -> String {
        // A name listed with U+FFFD that cannot be opened had bytes that are not UTF-8: the listing replaced them.
        if name.unicodeScalars.contains("\u{FFFD}") {
            return "the file name is not valid UTF-8, so it cannot be opened by the name it is listed with; rename "
                + "the file with a UTF-8 name"
        }
        let disappeared = "the file disappeared while it was linted; run lint again"
        guard let folder = (source as? DirectorySource)?.directory else { return disappeared }
        var path = folder.appendingPathComponent(name).path
        var visited = [path]
        // Follows the links one by one, so that the message names where they lead.
        while let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            let directory = (path as NSString).deletingLastPathComponent
            path =
                ((target.hasPrefix("/") ? target : (directory as NSString).appendingPathComponent(target))
                as NSString).standardizingPath
            if visited.contains(path) || visited.count > 32 {
                let names = (visited + [path]).map { Self.displayName($0, in: folder) }
                return "a symbolic link loop: \(names.joined(separator: " → ")) never reaches a file; make the link "
                    + "point to a constraint file, or replace it with the file"
            }
            visited.append(path)
        }
        guard visited.count > 1 else { return disappeared }
        guard !FileManager.default.fileExists(atPath: path) else { return disappeared }
        let between = visited.dropFirst().dropLast().map { Self.displayName($0, in: folder) }
        let through = between.isEmpty ? "" : " (through \(between.joined(separator: ", ")))"
        return "a broken symbolic link: it points to \(Self.displayName(path, in: folder))\(through), which does not "
            + "exist; make the link point to an existing file, or remove it"
    }

    /// What lint says of a symbolic link `name` that leads out of the folder, which a ``DirectorySource`` does not
    /// follow: for a command-line user, who cannot make the source follow it, the advice is to copy the file in.
    func linkOutOfFolderMessage(_ name: String, in source: any ConstraintSource, error: any Error) -> String {
        guard commandLineAdvice, let folder = (source as? DirectorySource)?.directory else {
            return "could not read the file: \(error)"
        }
        let link = folder.appendingPathComponent(name).path
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: link)).map { target in
            target.hasPrefix("/")
                ? target
                : (((link as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
                    as NSString).standardizingPath
        }
        return "a symbolic link to \(target ?? "a file") outside the folder, which \(Linter.toolName) does "
            + "not follow: replace the link with a copy of the file (remove the link, then copy the file into the "
            + "folder as \(name))"
    }

    /// `path` relative to `folder` when it is in it (`Card.json`), else as it is.
    private static func displayName(_ path: String, in folder: URL) -> String {
        let prefix = (folder.path as NSString).standardizingPath + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
