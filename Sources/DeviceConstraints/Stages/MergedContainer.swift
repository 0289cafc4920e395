/// One container merged along one lookup chain: the middle stage of a load, between the parsed files and the
/// records resolved for a window.
///
/// Plain numbers are merged once here and pass through resolution untouched; only the attributes that depend on
/// the window or on the text size (scaled values, column rules, text-scaled values, font sizes) are evaluated per
/// environment, so a container without them resolves to this very table, and a resize or a text-size change
/// re-resolves only containers that have them. Font sizes and `{"size": n}` values are the file's numbers at the
/// default text size (`.large`), so there too a container with nothing else resolves to this table.
///
/// A class, not a struct: a load hands its merge from the merging to the stages, the cache and the flight's
/// followers, and each copy of a struct of three references counted all three (a reference count is an atomic
/// operation, a preload's workers do thousands).
final class MergedContainer: Sendable {
    /// The merged records; a scaled value holds its number at the design width, a text-scaled value and a font
    /// size their number at `.large`, until resolved.
    let table: ViewTable
    /// The window- or text-dependent attributes that won the merge, by entry of ``table``, each with the device of
    /// the file that gave it (nil for the base file); plain font sizes are in ``bodyFonts`` instead.
    let adaptiveValues: [AdaptiveAttribute]
    /// The entries whose `fontSize` is a plain number: it follows the text size relative to `body`.
    let bodyFonts: [Int]
    /// Whether resolving at `.large` may differ from ``table``: a value that follows the width, a column rule, or
    /// a text-scaled value whose bounds move its number.
    private let resolvesAtLarge: Bool

    /// Whether resolving for another window of the same class, or another text size, can change a record: always,
    /// for an unread container, whose records are not known.
    let isAdaptive: Bool
    /// Whether resolving for another window of the same class, at the same text size and display scale, can change
    /// a record: a value follows the window (a scaled value, a column rule, a text-scaled value that scales with the
    /// width too), or the container is unread. Stored, as ``isAdaptive`` is, so that a resize asks every loaded
    /// container without touching a reference count.
    private let followsTheWindow: Bool

    /// Whether this container resolves for `new` to the records it resolves to for `old`, two windows of one class:
    /// when neither the text size nor the display scale changed, font sizes and values that follow the text size
    /// alone resolve as they did, and only values that follow the window (scaled values, column rules, text-scaled
    /// values that scale with the width too) can change. Never, for an unread container.
    func resolvesAlike(for new: LayoutEnvironment, as old: LayoutEnvironment) -> Bool {
        guard isAdaptive else { return true }
        return !followsTheWindow && new.textSize == old.textSize && new.displayScale == old.displayScale
    }

    /// The stand-in for a container preloaded from a compiled table: its unread table
    /// (``ViewTable/unread(_:files:)``), which every window resolves to an unread copy of its own.
    init(unread table: ViewTable) {
        self.table = table
        adaptiveValues = []
        bodyFonts = []
        resolvesAtLarge = true
        isAdaptive = true
        followsTheWindow = true
    }

    /// Merges a container's files, most specific first, each with the device it is for (nil for the base file):
    /// every record takes each attribute from the first file that sets it, and so does each dependent attribute
    /// (a plain number in an earlier file beats a scaled one in a later file, and the other way round).
    init(files: [(file: ParsedFile, device: DeviceName?)]) {
        let tables = files.map(\.file.table)
        let table = ViewTable.merged(tables)
        self.table = table
        var fixedFonts: Set<Int> = []
        var adaptiveValues: [AdaptiveAttribute] = []
        if files.contains(where: { !$0.file.table.adaptiveValues.isEmpty }) {
            struct Claim: Hashable {
                let entry: Int
                let name: String
            }
            var claimed: Set<Claim> = []
            let earlier = EarlierSettings(tables)
            for (position, (file, device)) in files.enumerated() {
                for adaptive in file.table.adaptiveValues {
                    let viewId = file.table.viewId(at: adaptive.entry)
                    guard let entry = table.index(of: viewId) else { continue }
                    let claim = Claim(entry: entry, name: adaptive.name)
                    guard !claimed.contains(claim) else { continue }
                    // A more specific file that sets the attribute as a plain value wins over this one.
                    claimed.insert(claim)
                    if earlier.set(adaptive.name, of: viewId, before: position) { continue }
                    if adaptive.name == ConstraintAttribute.fontSize.rawValue { fixedFonts.insert(entry) }
                    if case .fixed = adaptive.value { continue }
                    adaptiveValues.append(
                        AdaptiveAttribute(
                            entry: entry, name: adaptive.name, value: adaptive.value, device: device,
                            designWidth: adaptive.designWidth))
                }
            }
        }
        self.adaptiveValues = adaptiveValues
        // Every other font size follows body (`fixedFonts` holds the fonts written as objects, fixed or not).
        let fonts = table.entries(setting: .fontSize)
        let bodyFonts = fixedFonts.isEmpty ? fonts : fonts.filter { !fixedFonts.contains($0) }
        self.bodyFonts = bodyFonts
        resolvesAtLarge = adaptiveValues.contains { adaptive in
            if case .text(let text) = adaptive.value { !text.isFileNumberAtLarge } else { true }
        }
        isAdaptive = !adaptiveValues.isEmpty || !bodyFonts.isEmpty || table.unread != nil
        followsTheWindow =
            table.unread != nil
            || adaptiveValues.contains { adaptive in
                if case .text(let text) = adaptive.value { text.followsWidth } else { true }
            }
    }

    /// Whether a file before a given one sets an attribute of a view: the merge asks it of each dependent attribute,
    /// once, to know whether a more specific file shadows it.
    ///
    /// Up to ``ViewTable/mergedInOnePassAtMost`` files, the earlier files are asked one by one; past that, the
    /// answers come from an index made once, of the first file to set each attribute of each view that has a
    /// dependent attribute anywhere: a view that each of thousands of files gives another scaled extension would
    /// otherwise ask every earlier file for each (quadratic).
    private struct EarlierSettings {
        private struct Setting: Hashable {
            let viewId: String
            let name: String
        }

        private let tables: [ViewTable]
        /// The first position that sets each attribute of each view with a dependent attribute; nil when the files
        /// are few enough to be asked one by one.
        private let firstPositions: [Setting: Int]?

        init(_ tables: [ViewTable]) {
            self.tables = tables
            guard tables.count > ViewTable.mergedInOnePassAtMost else {
                firstPositions = nil
                return
            }
            var dependentViews: Set<String> = []
            for table in tables {
                for adaptive in table.adaptiveValues { dependentViews.insert(table.viewId(at: adaptive.entry)) }
            }
            var firstPositions: [Setting: Int] = [:]
            for (position, table) in tables.enumerated() {
                for entry in 0..<table.count {
                    let viewId = table.viewId(at: entry)
                    guard dependentViews.contains(viewId) else { continue }
                    for name in table.record(at: entry).attributeNames {
                        let setting = Setting(viewId: viewId, name: name)
                        if firstPositions[setting] == nil { firstPositions[setting] = position }
                    }
                }
            }
            self.firstPositions = firstPositions
        }

        /// Whether a table before `position` sets `name` in the record of `viewId`.
        func set(_ name: String, of viewId: String, before position: Int) -> Bool {
            guard let firstPositions else {
                return tables[..<position].contains { $0.record(viewId)?.contains(name) ?? false }
            }
            return firstPositions[Setting(viewId: viewId, name: name)].map { $0 < position } ?? false
        }
    }

    /// The records for `environment`: scaled values evaluated against the design width their file states, else
    /// that of the class whose file gave them (the resolved `device`'s for the base file), column rules evaluated
    /// at the window's width, text-scaled values and font sizes at its text size. The merged table itself when
    /// nothing depends on the environment.
    func resolved(for environment: LayoutEnvironment, device: DeviceProfile, catalog: DeviceCatalog) -> ViewTable {
        if table.unread != nil { return table.unreadCopy() }
        guard resolvesAtLarge || (environment.textSize != .large && isAdaptive) else { return table }
        return table.changingRecords { records in
            var extensionNumbers: [Int: [(name: String, value: Double)]] = [:]
            func designWidth(of adaptive: AdaptiveAttribute) -> Double {
                adaptive.designWidth ?? adaptive.device.flatMap { catalog.profile(named: $0)?.designWidth }
                    ?? device.designWidth
            }
            func set(_ value: Double, of adaptive: AdaptiveAttribute) {
                if let known = ConstraintAttribute(rawValue: adaptive.name) {
                    records[adaptive.entry].set(known, number: value)
                } else {
                    extensionNumbers[adaptive.entry, default: []].append((adaptive.name, value))
                }
            }
            for adaptive in adaptiveValues {
                switch adaptive.value {
                case .columns(let rule):
                    records[adaptive.entry].set(columnLayout: rule.layout(for: environment))
                case .scaled(let scaled):
                    set(
                        scaled.resolved(
                            width: environment.width, designWidth: designWidth(of: adaptive),
                            displayScale: environment.displayScale),
                        of: adaptive)
                case .text(let text):
                    set(text.resolved(for: environment, designWidth: designWidth(of: adaptive)), of: adaptive)
                case .fixed:
                    break
                }
            }
            for entry in bodyFonts { Self.resolveBodyFont(of: &records[entry], for: environment) }
            for (entry, updates) in extensionNumbers { records[entry].setExtensionNumbers(updates) }
        }
    }

    /// Resolves a plain font size (a record's `fontSize` set as a number) for `environment`'s text size: it follows
    /// `body`, so it is the file's number at `.large` and Apple's scale of body elsewhere. A record without one is
    /// left as it is.
    static func resolveBodyFont(of record: inout ConstraintRecord, for environment: LayoutEnvironment) {
        guard environment.textSize != .large, let size = record.fontSize else { return }
        record.set(
            .fontSize, number: TextScaledValue(size, relativeTo: .body).resolved(for: environment, designWidth: 0))
    }
}
