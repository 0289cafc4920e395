import struct Foundation.Data

/// One installed update as the store reads it: its folder, open, and the names and sizes of its files.
///
/// Immutable: an install makes a new layer in a new folder, so a layer read by a load that began before an install
/// keeps reading the version that load began with. The store deletes a layer's folder only once no load holds the
/// layer (it keeps a weak reference to each one it retired).
final class UpdateLayer: Sendable {
    /// What `store.json` says of the update.
    let update: StoreRecord.Update
    /// Its folder, open.
    let folder: StoreFolder

    init(_ update: StoreRecord.Update, folder: StoreFolder) {
        self.update = update
        self.folder = folder
    }

    /// Opens the layer `update` names in `store`, checking that every file is there, a regular file (not a link) of
    /// the size recorded; nil when the folder or a file is missing, replaced or damaged.
    static func open(_ update: StoreRecord.Update, in store: StoreFolder) -> UpdateLayer? {
        guard let folder = try? store.folder(update.folder) else { return nil }
        for (name, size) in update.files where folder.entry(name) != .file(size: size) {
            return nil
        }
        return UpdateLayer(update, folder: folder)
    }

    var version: String { update.version }

    /// Whether the update carries the file `name`.
    func holds(_ name: String) -> Bool {
        update.files[name] != nil
    }

    /// The update's file `name`, which it holds.
    ///
    /// - Throws: ``ConstraintSourceError`` `.fileTooLarge`; `.notAFile` for a file that became a link; a
    ///   ``ReadFailure`` for a file that disappeared from the store's folder or a failed system call.
    func read(_ name: String, maximumSize: Int?) throws -> Data {
        let path = "\(folder.path)/\(name)"
        let data: Data?
        do {
            data = try folder.read(name, maximumSize: maximumSize)
        } catch {
            throw SourceFileName.error(for: error, file: name, path: path, maximumSize: maximumSize ?? 0)
        }
        guard let data else {
            throw ReadFailure(
                message:
                    "\(path): the installed update \(version)'s file is missing from the store's folder; the store "
                    + "goes back to a complete version when it is opened next")
        }
        return data
    }
}

/// The files of one version of a store: an update's files over the app's own (``ConstraintStore/base``). What
/// ``ConstraintStore/pinned()`` lends a load, so that every file of one load comes from one version.
struct LayeredSource: ConstraintSource {
    /// The update, or nil for the app's files alone.
    let layer: UpdateLayer?
    /// The app's files.
    let base: any ConstraintSource

    func data(forFile name: String) throws -> Data? {
        try read(name, maximumSize: nil)
    }

    func data(forFile name: String, maximumSize: Int) throws -> Data? {
        try read(name, maximumSize: max(0, maximumSize))
    }

    func fileNames() throws -> [String] {
        let names = try base.fileNames()
        guard let layer else { return names }
        return Set(names).union(layer.update.files.keys).sorted()
    }

    private func read(_ name: String, maximumSize: Int?) throws -> Data? {
        try SourceFileName.check(name)
        if let layer, layer.holds(name) { return try layer.read(name, maximumSize: maximumSize) }
        if let maximumSize { return try base.data(forFile: name, maximumSize: maximumSize) }
        return try base.data(forFile: name)
    }
}
