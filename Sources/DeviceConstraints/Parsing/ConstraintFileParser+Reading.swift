import Foundation

extension ConstraintFileParser {
    /// The contents of the file `name`, nil when the source has no such file.
    ///
    /// - Throws: ``ConstraintError`` `.unreadableFile` when the source cannot read it, `.folderNotFound` or
    ///   `.emptyFolder` when the source's folder is the reason it has no such file.
    func readFile(_ name: String, from source: any ConstraintSource) throws(ConstraintError) -> Data? {
        do {
            return try source.data(forFile: name, maximumSize: limits.maximumFileSize)
        } catch let error as ConstraintSourceError where error.code == .fileTooLarge {
            let size = error.sizeIsExact ? "\(error.size)" : "more than \(error.maximumSize)"
            throw ConstraintError(
                code: .fileTooLarge,
                message:
                    "file is \(size) bytes, over the limit of \(limits.maximumFileSize) bytes; split the container or raise ConstraintFileParser.Limits.maximumFileSize",
                file: name)
        } catch let error as ConstraintSourceError where error.code == .folderNotFound || error.code == .emptyFolder {
            // About the folder, not this file.
            throw ConstraintError(code: .init(rawValue: error.code.rawValue), message: "\(error)")
        } catch {
            throw ConstraintError(code: .unreadableFile, message: "could not read the file: \(error)", file: name)
        }
    }
}
