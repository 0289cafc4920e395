import struct Foundation.Data

/// What a ``ConstraintStore`` keeps in `store.json`: the installed update, the one before it, and what the next
/// opening needs to know. The file is replaced whole by one atomic rename (``ConstraintStore`` writes it), so it
/// always holds one state or the next, never a mix; every update folder it does not name is a leftover.
///
/// ```json
/// {"store": 1, "nextFolder": 8, "refused": "15",
///  "current": {"folder": "update-7", "version": "14", "confirmed": false, "launches": 1,
///              "files": {"Card.json": 1024, "Card_iPad.json": 988}},
///  "previous": null}
/// ```
struct StoreRecord: Equatable, Sendable {
    /// One installed update: its folder, its version, and its files with their sizes (an opening checks them).
    struct Update: Equatable, Sendable {
        var folder: String
        var version: String
        /// Whether the app confirmed it (``ConstraintStore/confirm(version:)``).
        var confirmed: Bool
        /// The launches it has been current in without a confirmation, its install's included.
        var launches: Int
        var files: [String: Int]
        /// The key of the update's rollout: an update of the same key that this installation falls out of rolls it
        /// back.
        var rolloutKey: String? = nil
        /// The layout problems one launch may see in its containers while it is pending.
        var maximumLayoutProblems = 0
    }

    /// The format of the file; a store that finds another starts over from the app's files.
    static let format = 1
    /// The largest record a store writes and reads back: an install that would make a larger one is refused before
    /// anything is written (about 120,000 files of 250-byte names, the installed update's and the previous one's
    /// together).
    static let maximumSize = 64 << 20

    /// The update lookups read, or nil for the app's files alone.
    var current: Update?
    /// The update before it, kept for a rollback.
    var previous: Update?
    /// The number of the next update folder (`update-8`): never reused, so that a new folder never meets a file
    /// that a crash left behind.
    var nextFolder = 1
    /// The version the store rolled back by itself: installed again only with `allowDowngrade: true`.
    var refused: String?

    /// The names of the folders the record uses.
    var folders: Set<String> {
        Set([current?.folder, previous?.folder].compactMap { $0 })
    }

    /// The state of a store that never installed anything.
    init() {}

    // MARK: - Reading

    /// Reads a record; nil when `data` is not one (a file damaged, or written by another format).
    init?(data: Data) {
        guard let document = try? JSONDocument(data: data, maximumDepth: 4),
            document.kind(document.root) == .object
        else { return nil }
        var format: Int?
        var sawCurrent = false
        var sawPrevious = false
        for (key, value) in document.members(document.root) {
            switch document.string(key) {
            case "store": format = Self.integer(document, value)
            case "nextFolder":
                guard let next = Self.integer(document, value) else { return nil }
                nextFolder = next
            case "refused":
                guard document.kind(value) == .string || document.kind(value) == .null else { return nil }
                refused = document.kind(value) == .string ? document.string(value) : nil
            case "current":
                guard let update = Self.update(document, value) else { return nil }
                current = update
                sawCurrent = true
            case "previous":
                guard let update = Self.update(document, value) else { return nil }
                previous = update
                sawPrevious = true
            default: return nil
            }
        }
        guard format == Self.format, sawCurrent, sawPrevious, nextFolder > 0 else { return nil }
    }

    /// An update, `.some(nil)` for `null`, nil when the value is neither.
    private static func update(_ document: JSONDocument, _ index: JSONDocument.Index) -> Update?? {
        if document.kind(index) == .null { return .some(nil) }
        guard document.kind(index) == .object else { return nil }
        var folder: String?
        var version: String?
        var confirmed: Bool?
        var launches: Int?
        var files: [String: Int]?
        var rolloutKey: String?
        var maximumLayoutProblems = 0
        for (key, value) in document.members(index) {
            switch (document.string(key), document.kind(value)) {
            case ("folder", .string): folder = document.string(value)
            case ("version", .string): version = document.string(value)
            case ("confirmed", .true): confirmed = true
            case ("confirmed", .false): confirmed = false
            case ("launches", .number): launches = integer(document, value)
            case ("rolloutKey", .string): rolloutKey = document.string(value)
            case ("maxLayoutProblems", .number):
                guard let limit = integer(document, value) else { return nil }
                maximumLayoutProblems = limit
            case ("files", .object):
                var sizes: [String: Int] = [:]
                for (name, size) in document.members(value) {
                    // A name an install would refuse (`../x`) was not written by a store: the record is damaged.
                    let name = document.string(name)
                    guard let size = integer(document, size), ConstraintFileName.nameProblem(name) == nil else {
                        return nil
                    }
                    sizes[name] = size
                }
                files = sizes
            default: return nil
            }
        }
        guard let folder, let version, let confirmed, let launches, let files,
            folder.hasPrefix(ConstraintStore.updateFolderPrefix), !folder.contains("/")
        else { return nil }
        return .some(
            Update(
                folder: folder, version: version, confirmed: confirmed, launches: launches, files: files,
                rolloutKey: rolloutKey, maximumLayoutProblems: maximumLayoutProblems))
    }

    private static func integer(_ document: JSONDocument, _ index: JSONDocument.Index) -> Int? {
        guard document.isInteger(index) else { return nil }
        let number = document.number(index)
        guard number >= 0, number < 1e15 else { return nil }
        return Int(number)
    }

    // MARK: - Writing

    /// The record as `store.json` holds it.
    var data: Data {
        var out: [UInt8] = []
        out += Array("{\"store\": \(Self.format), \"nextFolder\": \(nextFolder), \"refused\": ".utf8)
        if let refused { ConstraintUpdate.appendQuoted(refused, to: &out) } else { out += Array("null".utf8) }
        out += Array(",\n \"current\": ".utf8)
        Self.append(current, to: &out)
        out += Array(",\n \"previous\": ".utf8)
        Self.append(previous, to: &out)
        out += Array("}\n".utf8)
        return Data(out)
    }

    private static func append(_ update: Update?, to out: inout [UInt8]) {
        guard let update else {
            out += Array("null".utf8)
            return
        }
        out += Array("{\"folder\": ".utf8)
        ConstraintUpdate.appendQuoted(update.folder, to: &out)
        out += Array(", \"version\": ".utf8)
        ConstraintUpdate.appendQuoted(update.version, to: &out)
        out += Array(", \"confirmed\": \(update.confirmed), \"launches\": \(update.launches)".utf8)
        if let key = update.rolloutKey {
            out += Array(", \"rolloutKey\": ".utf8)
            ConstraintUpdate.appendQuoted(key, to: &out)
        }
        if update.maximumLayoutProblems > 0 {
            out += Array(", \"maxLayoutProblems\": \(update.maximumLayoutProblems)".utf8)
        }
        out += Array(",\n  \"files\": {".utf8)
        for (index, name) in update.files.keys.sorted().enumerated() {
            if index > 0 { out += Array(", ".utf8) }
            ConstraintUpdate.appendQuoted(name, to: &out)
            out += Array(": \(update.files[name] ?? 0)".utf8)
        }
        out += Array("}}".utf8)
    }
}
