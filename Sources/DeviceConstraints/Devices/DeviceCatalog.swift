public import Foundation

/// The device classes an app designs for, and how a window size maps to one of them.
///
/// A catalog is a validated list of ``DeviceProfile``s: names are unique and valid, every fallback names a device
/// of the catalog, fallbacks never form a cycle, and sizes are positive, finite and given in portrait. Most apps
/// use ``standard``; a catalog can also be built in code or loaded from a JSON file:
///
/// ```swift
/// let catalog = DeviceCatalog.standard
/// let device = catalog.resolve(width: 393, height: 852)        // iPhone14Pro
/// let chain = catalog.lookupChain(for: device)                  // [iPhone14Pro, iPhone6]
///
/// let custom = try DeviceCatalog([
///     DeviceProfile(name: "Small", idiom: .phone, width: 320, height: 568),
///     DeviceProfile(name: "Large", idiom: .phone, width: 414, height: 896, fallbacks: ["Small"]),
/// ])
/// ```
public struct DeviceCatalog: Sendable, Hashable {
    /// The profiles, in the order they were given.
    public let profiles: [DeviceProfile]
    /// The position of each profile in ``profiles``.
    private let indexByName: [DeviceName: Int]
    /// The position in ``profiles`` of the class of each model of ``DeviceModel/all``, in its order.
    let modelClasses: [Int]
    /// The names of the models read for each class, in ``DeviceModel/all``'s order, leaving out models named as a
    /// class of the catalog (such a name is that class's own).
    let modelNamesByClass: [DeviceName: [DeviceName]]
    /// Attribute names of the app's own that lie within two edits of a standard attribute (`"hieght"`, `"with"`),
    /// declared so that lint takes them as meant.
    ///
    /// `device-constraints lint` (and the build plugin) reports such a name as an error, since a misspelt `height`
    /// leaves the height at 0 on every device; a name declared here is kept as an extension attribute without a
    /// word. Names far from every standard attribute (`"accentColor"`) need no declaration. In a catalog file:
    /// `{"devices": [...], "extensionAttributes": ["with"]}`.
    public let extensionAttributes: Set<String>

    /// Creates a catalog from profiles that are known to be valid (``standard``), without checking them.
    ///
    /// A test checks that `try DeviceCatalog(profiles)` accepts every list passed here.
    init(uncheckedProfiles profiles: [DeviceProfile], extensionAttributes: Set<String> = []) {
        self.profiles = profiles
        self.extensionAttributes = extensionAttributes
        var indexByName: [DeviceName: Int] = [:]
        for (index, profile) in profiles.enumerated() where indexByName[profile.name] == nil {
            indexByName[profile.name] = index
        }
        self.indexByName = indexByName
        let modelClasses = DeviceModel.all.map { model in
            Self.resolvedIndex(width: model.width, height: model.height, idiom: model.idiom, in: profiles)
        }
        var modelNamesByClass: [DeviceName: [DeviceName]] = [:]
        for (model, index) in zip(DeviceModel.all, modelClasses) where indexByName[model.name] == nil {
            modelNamesByClass[profiles[index].name, default: []].append(model.name)
        }
        self.modelClasses = modelClasses
        self.modelNamesByClass = modelNamesByClass
    }

    /// Creates a catalog from a list of profiles, checking that it is consistent.
    ///
    /// ```swift
    /// let catalog = try DeviceCatalog([
    ///     DeviceProfile(name: "Phone", idiom: .phone, width: 375, height: 667),
    ///     DeviceProfile(name: "Tablet", idiom: .pad, width: 768, height: 1024, fallbacks: ["Phone"]),
    /// ])
    /// ```
    ///
    /// - Parameters:
    ///   - profiles: The profiles, in the order used to break ties in ``resolve(width:height:idiom:)``.
    ///   - extensionAttributes: Attribute names of the app's own that lint would otherwise take for a misspelt
    ///     standard attribute (``extensionAttributes``).
    /// - Throws: ``ConstraintError`` with code ``ConstraintError/Code/invalidCatalog`` if the list is empty, a
    ///   name appears twice, a fallback names a device that is not in the list, fallbacks form a cycle
    ///   (the message shows it: `a → b → a`), a size is not positive and finite or is wider than tall, or an
    ///   extension attribute is empty or is a standard attribute's own name; with code
    ///   ``ConstraintError/Code/invalidName`` if a name is not a valid device name (see ``DeviceName``). The
    ///   message names the device.
    public init(_ profiles: [DeviceProfile], extensionAttributes: Set<String> = []) throws(ConstraintError) {
        if let error = Self.validationError(in: profiles, keyPathPrefix: nil) { throw error }
        if let error = Self.extensionAttributeError(in: extensionAttributes.sorted(), keyPath: { _ in nil }) {
            throw error
        }
        self.init(uncheckedProfiles: profiles, extensionAttributes: extensionAttributes)
    }

    /// Loads a catalog from a JSON document.
    ///
    /// The document is an object with the key `devices`, an array of devices (`fallbacks` may be left out), and
    /// optionally `extensionAttributes`, an array of names (``extensionAttributes``):
    ///
    /// ```json
    /// { "devices": [
    ///     { "name": "iPhone5", "idiom": "phone", "width": 320, "height": 568, "fallbacks": [] },
    ///     { "name": "iPhoneSE4", "idiom": "phone", "width": 390, "height": 844, "fallbacks": ["iPhone5"] } ] }
    /// ```
    ///
    /// ```swift
    /// let catalog = try DeviceCatalog(json: Data(contentsOf: url))
    /// ```
    ///
    /// - Parameter json: The UTF-8 encoded document.
    /// - Throws: ``ConstraintError`` with code ``ConstraintError/Code/malformedJSON`` if the document is not
    ///   valid JSON; ``ConstraintError/Code/invalidFormat`` if a key is missing, unknown or has a value of the
    ///   wrong type, with a ``ConstraintError/keyPath`` such as `devices[3].width` and a message saying what was
    ///   expected and what was found; and the errors of ``init(_:extensionAttributes:)``, with the key path of the offending entry.
    /// - Parameter fileName: The file the document came from, to place errors (`devices.json:4:17: error: …`).
    public init(json: Data, fileName: String? = nil) throws(ConstraintError) {
        let reader = try CatalogReader(json, fileName: fileName)
        let profiles = try reader.profiles()
        if let error = Self.validationError(in: profiles, keyPathPrefix: "devices") {
            throw reader.located(error)
        }
        let extensionAttributes = try reader.extensionAttributes()
        if let error = Self.extensionAttributeError(
            in: extensionAttributes.map(\.name), keyPath: { "extensionAttributes[\($0)]" })
        {
            let place = extensionAttributes.first { "extensionAttributes[\($0.index)]" == error.keyPath }
            var error = error
            error.file = fileName
            error.line = place?.line
            error.column = place?.column
            throw error
        }
        self.init(uncheckedProfiles: profiles, extensionAttributes: Set(extensionAttributes.map(\.name)))
    }

    /// Where `keyPath` (`devices[3]`, `devices[3].fallbacks`) is in a catalog document, to place a diagnostic
    /// about a catalog that loaded; nil when the document has no such place.
    package static func location(of keyPath: String, inJSON json: Data) -> (line: Int, column: Int)? {
        (try? CatalogReader(json, fileName: nil))?.location(of: keyPath)
    }

    /// Where the value of `key` (`fallbacks`) is in each device of a catalog document, in the order of the
    /// devices, nil for a device without it: to place a diagnostic for every device of a catalog that loaded, reading
    /// the document once rather than once per device.
    package static func locations(ofDeviceKey key: String, inJSON json: Data) -> [(line: Int, column: Int)?] {
        (try? CatalogReader(json, fileName: nil))?.locations(ofDeviceKey: key) ?? []
    }

    /// The profile with this name, or `nil` if the catalog has none.
    ///
    /// ```swift
    /// DeviceCatalog.standard.profile(named: .iPhone6)?.width   // 375
    /// ```
    ///
    /// - Parameter name: The device name.
    public func profile(named name: DeviceName) -> DeviceProfile? {
        indexByName[name].map { profiles[$0] }
    }

    /// The position of the profile named `name` in ``profiles``.
    func indexOfProfile(named name: DeviceName) -> Int? {
        indexByName[name]
    }

    // MARK: - Equality

    /// Two catalogs are equal if they have the same profiles in the same order and the same extension attributes.
    public static func == (lhs: DeviceCatalog, rhs: DeviceCatalog) -> Bool {
        lhs.profiles == rhs.profiles && lhs.extensionAttributes == rhs.extensionAttributes
    }

    /// Hashes the profiles and the extension attributes.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(profiles)
        hasher.combine(extensionAttributes)
    }
}
