extension DeviceCatalog {
    /// The class `model` is read for: the profile a window of the model's screen resolves to
    /// (``resolve(width:height:idiom:)``), so that a model always lands in a class of this catalog.
    ///
    /// ```swift
    /// DeviceCatalog.standard.deviceClass(of: DeviceModel.named("iPhone16")!).name   // iPhone14Pro
    /// ```
    ///
    /// - Parameter model: a model, usually one of ``DeviceModel/all``.
    /// - Returns: a profile of this catalog.
    public func deviceClass(of model: DeviceModel) -> DeviceProfile {
        if let index = DeviceModel.all.firstIndex(of: model) { return profiles[modelClasses[index]] }
        return resolve(width: model.width, height: model.height, idiom: model.idiom)
    }

    /// The class a name in a file name, a `--device` option or a catalog stands for: the class of that name, else
    /// the class of the model of that name (``DeviceModel/named(_:)``), else nil.
    ///
    /// ```swift
    /// DeviceCatalog.standard.deviceClass(named: "iPhone6")?.name          // iPhone6
    /// DeviceCatalog.standard.deviceClass(named: "iPhone17ProMax")?.name   // iPhone16ProMax
    /// DeviceCatalog.standard.deviceClass(named: "iPadAir13")?.name        // iPadPro12Inch
    /// ```
    ///
    /// - Parameter name: a class or model name.
    public func deviceClass(named name: DeviceName) -> DeviceProfile? {
        if let profile = profile(named: name) { return profile }
        guard let model = DeviceModel.named(name) else { return nil }
        return deviceClass(of: model)
    }

    /// The models read for the class `name`, in ``DeviceModel/all``'s order: every model whose screen resolves to it,
    /// the one named as the class included.
    ///
    /// ```swift
    /// DeviceCatalog.standard.models(of: .iPhone14Pro).map(\.name)   // [iPhone14Pro, iPhone15, iPhone15Pro, iPhone16]
    /// ```
    ///
    /// - Parameter name: a class of this catalog.
    public func models(of name: DeviceName) -> [DeviceModel] {
        guard let index = indexOfProfile(named: name) else { return [] }
        return zip(DeviceModel.all, modelClasses).filter { $0.1 == index }.map(\.0)
    }

    /// The names a file of class `name` may have after the container's underscore, the class's own first, then its
    /// models' (those not named as another class): `[iPhone14Pro, iPhone15, iPhone15Pro, iPhone16]`.
    package func fileDeviceNames(of name: DeviceName) -> [DeviceName] {
        [name] + (modelNamesByClass[name] ?? [])
    }

    /// The nearest class or model name to `name`, within three edits, with the class it stands for when it is a
    /// model: what an unknown name in a file name or a `--device` option is told.
    ///
    /// - Returns: the name, and for a model a note such as `iPhone 16, read for class iPhone14Pro`; nil when no name
    ///   is near.
    package func suggestion(for name: String) -> (name: String, note: String?)? {
        suggestion(nearest: EditDistance.closest(to: name, among: suggestionCandidates, maximum: 3))
    }

    /// The class and model names ``suggestion(for:)`` chooses among, in the order a tie is settled by.
    private var suggestionCandidates: [String] {
        profiles.map(\.name.rawValue) + DeviceModel.all.map(\.name.rawValue)
    }

    /// The class and model names of a catalog prepared once, for a check that asks for the nearest to many names
    /// (lint's dead files): each answer is the one ``suggestion(for:)`` gives. Past ``indexedPast`` names they are
    /// filed (``EditDistance/Index``), so that a name is not compared with every class and model; below, comparing
    /// with each is quicker (about 5 µs for the standard catalog's 92 names, against 40 µs to 0.8 ms for a lookup in
    /// the index, and 19 ms to file them).
    package struct Suggestions: Sendable {
        private let catalog: DeviceCatalog
        private let candidates: EditDistance.Candidates
        private let index: EditDistance.Index?
        /// The most names compared one by one: at about 0.05 µs a name, a dead file then costs at most about
        /// 0.1 ms, however many there are.
        package static let indexedPast = 2_048

        /// Prepares the class and model names of `catalog`.
        package init(_ catalog: DeviceCatalog) {
            self.catalog = catalog
            let names = catalog.suggestionCandidates
            candidates = EditDistance.Candidates(names)
            index = names.count > Self.indexedPast ? EditDistance.Index(names) : nil
        }

        /// What ``DeviceCatalog/suggestion(for:)`` answers for `name`.
        package func suggestion(for name: String) -> (name: String, note: String?)? {
            guard let index else {
                return catalog.suggestion(nearest: EditDistance.closest(to: name, among: candidates, maximum: 3))
            }
            return catalog.suggestion(nearest: index.closest(to: name, maximum: 3))
        }
    }

    /// The suggestion of the class or model name `nearest`, with the class it stands for when it is a model.
    private func suggestion(nearest: String?) -> (name: String, note: String?)? {
        guard let nearest else { return nil }
        let nearestName = DeviceName(nearest)
        guard profile(named: nearestName) == nil, let model = DeviceModel.named(nearestName) else {
            return (nearest, nil)
        }
        return (nearest, "\(model.marketingName), read for class \(deviceClass(of: model).name)")
    }
}
